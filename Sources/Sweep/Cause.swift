/// Why two backends' frames for a view differ (DESIGN 3.3), as recorded with each divergence. Causes
/// come from events that actually happened to the view or one of its ancestors on the path so far
/// (an ancestor's clamp moves its subviews too), never from the mask alone.
public struct Causes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let nonPositiveFlexibleSum = Causes(rawValue: 1 << 0)
    public static let clamp = Causes(rawValue: 1 << 1)
    public static let rounding = Causes(rawValue: 1 << 2)
    public static let carriedError = Causes(rawValue: 1 << 3)
    public static let equalSplit = Causes(rawValue: 1 << 4)
    public static let centreForm = Causes(rawValue: 1 << 5)
    public static let float32Multiplier = Causes(rawValue: 1 << 6)
    public static let retranslation = Causes(rawValue: 1 << 7)
    public static let degenerateTranslation = Causes(rawValue: 1 << 8)
    public static let conflict = Causes(rawValue: 1 << 9)
    public static let ambiguity = Causes(rawValue: 1 << 10)
    public static let solverTolerance = Causes(rawValue: 1 << 11)
    public static let nonFinite = Causes(rawValue: 1 << 12)
    public static let fallback = Causes(rawValue: 1 << 13)
    /// A margin or guide that a constraint reads includes the safe area (DESIGN 5).
    public static let safeArea = Causes(rawValue: 1 << 14)
    /// A margin that preserving the superview's margins raised.
    public static let preservedMargins = Causes(rawValue: 1 << 15)
    /// Margins moved with the frames and layout took more than one pass (or never settled).
    public static let marginFeedback = Causes(rawValue: 1 << 16)
    /// The two sides' roots differ because of the environment's bars (the in-call bar moves and
    /// shrinks a springs-era root; under Auto Layout it grows the safe area instead; DESIGN 9).
    public static let bars = Causes(rawValue: 1 << 17)
    /// The view is placed by hand-written constraints (or does not translate its mask), which a
    /// springs backend cannot see.
    public static let handWritten = Causes(rawValue: 1 << 18)
    /// A view's content hugging held it at, or gave way beyond, its intrinsic size (DESIGN 4).
    public static let hugging = Causes(rawValue: 1 << 19)
    /// A view was squeezed below its intrinsic size: its compression resistance gave way.
    public static let compression = Causes(rawValue: 1 << 20)
    /// Equal content priorities left the view's size undetermined (a tie the solver could break
    /// either way).
    public static let priorityTie = Causes(rawValue: 1 << 21)
    /// The migration study's idiomatic constraints replace the mask's proportional split with a
    /// centred or proportionally sized view (or leading/trailing edges that flip in right-to-left).
    public static let idiomaticRule = Causes(rawValue: 1 << 22)
    /// A springs policy computing in Float32 (WinObjC) floored to another frame than Double would.
    public static let float32Arithmetic = Causes(rawValue: 1 << 23)
    /// A negative size was standardised (origin moved, size made positive) instead of kept or clamped.
    public static let standardisedNegativeSize = Causes(rawValue: 1 << 24)

    /// Stable names: these are what `results.db` stores and queries group by.
    public static let names: [(Causes, String)] = [
        (.nonPositiveFlexibleSum, "zero-or-negative-flexible-sum"), (.clamp, "clamp"), (.rounding, "rounding"),
        (.carriedError, "carried-error"), (.equalSplit, "equal-split"), (.centreForm, "centre-form"),
        (.float32Multiplier, "float32-multiplier"), (.retranslation, "re-translation"),
        (.degenerateTranslation, "degenerate-translation"), (.conflict, "conflict"), (.ambiguity, "ambiguity"),
        (.solverTolerance, "solver-tolerance"), (.nonFinite, "non-finite"), (.fallback, "policy-fallback"),
        (.safeArea, "safe-area"), (.preservedMargins, "preserved-margins"), (.marginFeedback, "margin-feedback"), (.bars, "bars"),
        (.handWritten, "hand-written-constraints"), (.hugging, "hugging"), (.compression, "compression"),
        (.priorityTie, "priority-tie"), (.idiomaticRule, "idiomatic-rule"),
        (.float32Arithmetic, "float32-arithmetic"), (.standardisedNegativeSize, "standardised-negative-size"),
    ]

    /// What a divergence with no known cause is recorded as: the lab's most interesting output.
    public static let unexplainedName = "unexplained"

    public var nameList: [String] {
        let list = Self.names.filter { contains($0.0) }.map(\.1)
        return list.isEmpty ? [Self.unexplainedName] : list
    }
}
