/// One way GNUstep master's Auto Layout departs from Apple's documented behaviour, traced to its
/// source (Engines/appkit/NOTES.md; `DeviationNotes` cites file, method and Apple's documentation).
/// Each is a switch of the emulation: on, the emulation does what GNUstep does; off, what Apple
/// documents. All on is `autolayout/gnustep-master`.
public enum Deviation: String, CaseIterable, Sendable, Comparable {
    /// `top` is the engine's maxY and `bottom` its minY, in flipped views too; the Visual Format
    /// parser negates vertical constants to match.
    case yUp = "y-up"
    /// Constraints relate each view's variables as they are, though `-layout` reads them as the
    /// frame in the view's own superview: nested views are compared as if in one coordinate space.
    case sharedCoordinates = "shared-coordinates"
    /// A priority is a linear weight of the objective (three at 250 outweigh one at 500).
    case priorityWeights = "priority-weights"
    /// The intrinsic size is a variable held at strength 750, so hugging and compression resistance
    /// above 750 act as 750.
    case contentCap = "content-cap-750"
    /// Every tableau coefficient and every solved value goes through a 32-bit float.
    case float32
    /// A mask of 0 (NSViewNotSizable) translates into no constraint at all.
    case emptyMask = "empty-mask"
    /// `-layout` gives every subview the engine does not track the zero rectangle.
    case untrackedZero = "untracked-zero"
    /// Autoresizing (with libs-gui master's floor rounding) still runs under Auto Layout, and a view
    /// whose superview is not laid out keeps the frame it gave.
    case springs
    /// `-setFrame:` (and `-initWithFrame:`) clamp a negative width or height to 0.
    case clamp
    /// Leading and trailing are left and right whatever the layout direction.
    case leadingIsLeft = "leading-left"
    /// A constant changed after installation is never seen by the engine.
    case ignoredChanges = "ignored-changes"
    /// A required constraint that cannot be satisfied raises instead of being broken.
    case conflictRaises = "conflict-raises"
    /// A mask with both margins flexible and no room divides by zero (a NaN or infinite multiplier).
    case degenerateRatio = "degenerate-ratio"
    /// GNUstep's own translation of a flexible size with a flexible margin (`&&-`, `-&&`, `&&&`).
    case maskForms = "mask-forms"

    public static func < (a: Deviation, b: Deviation) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    public static var names: [String] { allCases.map(\.rawValue) }
}

/// A set of deviations switched on.
public struct GNUstepDeviations: Hashable, Sendable, CustomStringConvertible {
    public private(set) var members: Set<Deviation>

    public init(_ members: some Sequence<Deviation>) { self.members = Set(members) }

    /// GNUstep master: every deviation.
    public static let all = GNUstepDeviations(Deviation.allCases)
    /// Apple's documented behaviour: none.
    public static let none = GNUstepDeviations([])

    public func contains(_ d: Deviation) -> Bool { members.contains(d) }
    public func removing(_ d: Deviation) -> GNUstepDeviations { GNUstepDeviations(members.subtracting([d])) }
    public func adding(_ d: Deviation) -> GNUstepDeviations { GNUstepDeviations(members.union([d])) }
    public var sorted: [Deviation] { members.sorted() }
    public var isEmpty: Bool { members.isEmpty }

    /// `y-up,float32` (switches in `Deviation.allCases` order).
    public var description: String { sorted.map(\.rawValue).joined(separator: ",") }

    /// A comma-separated list of switch names; nil if any is unknown or the list is empty.
    public init?(names: String) {
        var set: Set<Deviation> = []
        for name in names.split(separator: ",", omittingEmptySubsequences: false) {
            guard let d = Deviation(rawValue: String(name)) else { return nil }
            set.insert(d)
        }
        guard !set.isEmpty else { return nil }
        members = set
    }
}
