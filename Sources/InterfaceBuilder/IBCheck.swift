import AutoLayout
import Geometry
import Margins
import ViewTree

/// Interface Builder as an oracle (issue 10): IB stored the frames Apple's engine computed at the
/// design size, so solving each imported scene there and comparing frames checks the lab's solver,
/// translation, margins and importer against Apple's on real layouts.
public struct IBCheck: Sendable {
    public struct Disagreement: Sendable {
        public var view: String
        public var stored: Rect
        public var solved: Rect
        /// Why, as far as the lab can tell (`IBCheck.Class`).
        public var reason: Reason
    }

    /// The classes of disagreement the README explains.
    public enum Reason: String, Sendable, CaseIterable {
        /// The scene's required constraints conflict at the design size; the lab breaks the newest,
        /// Apple's engine another (its choice is undocumented).
        case conflict
        /// The view, an ancestor or a sibling it is placed against sizes itself from content whose
        /// size the importer estimates (the stored frame, IB's placeholder).
        case contentSize = "content-size"
        /// The view is laid out by a stack view, whose constraints the lab reconstructs (DESIGN 10).
        case stackView = "stack-view"
        /// The scene has constraints the importer skipped (baselines, unsupported guides, size-class
        /// variations), so the lab solves a different system.
        case skippedConstraints = "skipped-constraints"
        /// macOS: AppKit places a control's alignment rectangle, not its frame (a push button's frame
        /// reaches 6 points beyond it on each side); the lab does not model alignment-rect insets.
        case alignmentRect = "alignment-rect"
        case other
    }

    public var file: String
    /// Views compared or excluded (the roots are not counted).
    public var views = 0
    public var agree = 0
    public var disagree = 0
    /// Views IB marks `misplaced` (excluded and counted).
    public var misplaced = 0
    /// Views not compared: in a document laid out with masks only, or left ambiguous by the
    /// constraints the lab imports (their frames are not determined, so any answer is arbitrary).
    public var skipped = 0
    public var disagreements: [Disagreement] = []

    /// Frames within this many points on every edge agree (IB stores frames rounded to the pixel grid
    /// of the design device, and writes decimals short).
    public static let tolerance = 0.5

    public init(file: String) { self.file = file }

    /// A scene solved at its design size: every view's frame (parent coordinates), the views the
    /// constraints leave ambiguous, and whether required constraints conflicted.
    public static func solve(_ scene: IBScene) -> (frames: [String: Rect], ambiguous: Set<String>, conflicted: Bool) {
        let tree = scene.scenario.tree
        let engine = AutoLayoutEngine(tree: tree, constraints: scene.scenario.constraints, configuration: AutoLayoutConfiguration(),
                                      root: scene.rootInsets)
        let step = engine.resize(to: tree.superviewSize, root: scene.rootInsets)
        var frames: [String: Rect] = [:]
        for v in step.tree.views { frames[v.id] = v.frame }
        return (frames, Set(step.ambiguous), !step.conflicts.isEmpty)
    }

    public static func check(_ doc: IBImport) -> IBCheck {
        var result = IBCheck(file: doc.file)
        for scene in doc.scenes {
            let tree = scene.scenario.tree
            let counted = tree.views.filter { scene.storedFrames[$0.id] != nil }
            result.views += counted.count
            guard doc.usesAutoLayout else {
                result.skipped += counted.count
                continue
            }
            let (frames, ambiguous, hasConflict) = solve(scene)
            let inStack = Set(scene.stackArranged)
            let hasSkips = scene.skippedConstraints > 0
            let contentSized = Set(tree.views.filter { $0.intrinsicContentSize != .none }.map(\.id))
            for v in counted {
                guard let stored = scene.storedFrames[v.id] else { continue }
                if scene.misplaced.contains(v.id) { result.misplaced += 1; continue }
                if ambiguous.contains(v.id) { result.skipped += 1; continue }
                let solved = frames[v.id]!
                if solved.maxEdgeDifference(to: stored) <= tolerance {
                    result.agree += 1
                } else {
                    result.disagree += 1
                    var chain: [String] = [v.id]
                    var p = v.parentID
                    while let id = p, let i = tree.index(of: id) { chain.append(id); p = tree.views[i].parentID }
                    let reason: Reason = hasConflict ? .conflict
                        : doc.platform == .macOS && !contentSized.isEmpty && solved.maxEdgeDifference(to: stored) <= 12 ? .alignmentRect
                        : chain.contains(where: inStack.contains) ? .stackView
                        : hasSkips ? .skippedConstraints
                        : !contentSized.isEmpty ? .contentSize : .other
                    result.disagreements.append(Disagreement(view: v.id, stored: stored, solved: solved, reason: reason))
                }
            }
        }
        return result
    }
}
