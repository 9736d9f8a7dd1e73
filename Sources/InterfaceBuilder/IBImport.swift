import ConstraintModel
import Geometry
import LabJSON
import Margins
import Scenario
import ViewTree

/// What an Interface Builder document holds for the lab: one scenario per top-level view or
/// scene, the frames IB stored (its own engine's answer at the design size), and every element the lab
/// does not model, with a reason — nothing is dropped silently.
public struct IBImport: Sendable {
    public enum Kind: String, Sendable { case xib, storyboard }
    public enum Platform: String, Sendable { case iOS, macOS }

    public var file: String
    public var kind: Kind
    public var platform: Platform
    /// `useAutolayout="YES"`: IB laid the document out with constraints (else with masks only).
    public var usesAutoLayout: Bool
    /// The `<device id=…>` (or simulated metrics) the document was drawn for.
    public var designDevice: String?
    /// The lab's preset for that device, when there is one (`Sources/Environment/devices.json`).
    public var devicePreset: String?
    public var scenes: [IBScene]
    /// Elements not modelled, per file, with the reason.
    public var skipped: [IBSkip]
}

/// One top-level view or scene as a scenario.
public struct IBScene: Sendable {
    /// `scene <id> <title>` (storyboards), `view <id>` (xibs), `cell <id>` (table and collection cells).
    public var name: String
    /// The root's IB id (the scenario calls it `superview`).
    public var rootID: String
    /// What a build of the document lays out: placeholder constraints removed, Xcode's build-time
    /// pins added.
    public var scenario: Scenario
    /// The frames IB stored, by view id, in the parent's coordinates.
    public var storedFrames: [String: Rect]
    /// Views IB marks `misplaced="YES"`: their stored frames are not where the constraints put them.
    public var misplaced: Set<String>
    /// What the root gets at the design size: the safe area (device and simulated bars) when the scene
    /// uses it, and for a view controller's view the system minimum margins.
    public var rootInsets: RootInsets
    /// Views arranged by a stack view.
    public var stackArranged: [String] = []
    /// Constraints of this scene the importer could not take (baselines, unsupported guides, …).
    public var skippedConstraints = 0
    /// Views named by a constraint the importer could not take.
    public var skippedConstraintViews: Set<String> = []
    /// Each view's IB element name (`label`, `button`, `view`, …).
    public var elements: [String: String] = [:]
    /// Views IB marks `ambiguous="YES"`.
    public var ibAmbiguous: Set<String> = []
    /// Views Xcode pins at their stored frames at build time (`fixedFrame="YES"`, no constraints):
    /// their frames are inputs.
    public var pinned: Set<String> = []
    /// Views whose intrinsic size was read from their stored frame (text-driven content the lab cannot
    /// measure without Apple's fonts).
    public var sizeFromStoredFrame: Set<String> = []
    /// IB's placeholder constraints (`placeholder="YES"`): removed at build time, so not in the
    /// scenario, but they shaped IB's stored frames, so `check-ib` applies them.
    public var placeholderConstraints: [LayoutConstraint] = []
    /// Conflicts are broken as Interface Builder's canvas breaks them (`FittedRule.canvasBreaksGenerated`).
    public var breaksAsCanvas = false
}

/// An element the lab does not model, and why.
public struct IBSkip: Hashable, Sendable, CustomStringConvertible {
    public var element: String
    public var id: String?
    public var reason: String
    public var location: SourceLocation

    public var description: String {
        "\(location.line):\(location.column): <\(element)\(id.map { " id=\"\($0)\"" } ?? "")>: \(reason)"
    }
}

/// A document the importer cannot read: malformed XML (with line and column) or an unsupported
/// format, named.
public struct IBImportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case malformedXML(String)
        case unsupported(String)
        case notADocument(String)
    }

    public var file: String
    public var location: SourceLocation
    public var problem: Problem

    public init(file: String, location: SourceLocation, problem: Problem) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    public var description: String {
        let at = location == .none ? "\(file):" : "\(file):\(location.line):\(location.column):"
        switch problem {
        case .malformedXML(let m): return "\(at) malformed XML: \(m)"
        case .unsupported(let f): return "\(at) unsupported: \(f)"
        case .notADocument(let m): return "\(at) not an Interface Builder document: \(m)"
        }
    }

    /// The unsupported feature's name, for tallies.
    public var unsupportedFeature: String? { if case .unsupported(let f) = problem { f } else { nil } }
}
