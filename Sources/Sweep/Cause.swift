/// Why two backends' frames for a view differ, as recorded with each divergence. Causes
/// come from events that actually happened to the view or one of its ancestors on the path so far
/// (an ancestor's clamp moves its subviews too), never from the mask alone.
public struct Causes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

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
    /// A margin or guide that a constraint reads includes the safe area.
    public static let safeArea = Causes(rawValue: 1 << 14)
    /// A margin that preserving the superview's margins raised.
    public static let preservedMargins = Causes(rawValue: 1 << 15)
    /// Margins moved with the frames and layout took more than one pass (or never settled).
    public static let marginFeedback = Causes(rawValue: 1 << 16)
    /// The two sides' roots differ because of the environment's bars (the in-call bar moves and
    /// shrinks a springs-era root; under Auto Layout it grows the safe area instead).
    public static let bars = Causes(rawValue: 1 << 17)
    /// The view is placed by hand-written constraints (or does not translate its mask), which a
    /// springs backend cannot see.
    public static let handWritten = Causes(rawValue: 1 << 18)
    /// A view's content hugging held it at, or gave way beyond, its intrinsic size.
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

    // Between two Auto Layout engines (the lab's and a live one) no event explains a
    // difference: both solve the same constraints. These classify a divergence by what the view's
    // constraints (or its ancestors') have in common instead (`EngineTraits`), so a query or the
    // report can tell the classes of disagreement apart.
    /// A constraint of the view reads `top` or `bottom` (the vertical edges).
    public static let verticalEdges = Causes(rawValue: 1 << 25)
    /// The view is nested below a subview of the root and is placed by constraints.
    public static let nested = Causes(rawValue: 1 << 26)
    /// Two or more optional constraints (priority below 1000) compete on the view's same axis.
    public static let competingPriorities = Causes(rawValue: 1 << 27)
    /// A constraint of the view is an inequality.
    public static let inequality = Causes(rawValue: 1 << 28)
    /// A hand-written constraint of the view has a multiplier other than 1.
    public static let multiplier = Causes(rawValue: 1 << 29)
    /// A constraint of the view reads `centerX` or `centerY`.
    public static let centre = Causes(rawValue: 1 << 30)
    /// The frames differ by less than 1e-3 point: single-precision arithmetic on one side.
    public static let float32Noise = Causes(rawValue: 1 << 31)
    /// The view translates an autoresizing mask of 0 (no flexible part): under Apple's rules it
    /// keeps its frame through four fixed constraints.
    public static let emptyMask = Causes(rawValue: 1 << 32)
    /// The view translates a mask with a flexible size and a flexible margin in one axis (`&&-`,
    /// `-&&`, `&&&`): the forms whose translation the engines write differently.
    public static let flexibleSizeAndMargin = Causes(rawValue: 1 << 33)
    /// The view has an intrinsic content size, held by content hugging and compression resistance.
    public static let contentSize = Causes(rawValue: 1 << 34)
    /// A side's frame differs from a fresh solve of its own constraints at that step (`--verify-solver`):
    /// the row's `a` is the frame the side laid out, `b` the fresh solve's. A fault of the lab's solver.
    public static let solverDrift = Causes(rawValue: 1 << 35)
    /// The external engine itself gives the other side's frame for this view and step when only its
    /// heap layout changes (the unit re-run with `heap_variants` descriptions, which the engine
    /// ignores): its answer here follows the addresses of its objects, as GNUstep's solver does where
    /// it iterates hash tables.
    public static let heapOrder = Causes(rawValue: 1 << 36)
    /// The emulation of GNUstep master gives another frame for this view and step when it visits
    /// its hash tables in another order (GNUstep's order follows its heap): the answer is not
    /// determined by the unit, though no heap layout tried gave the emulation's.
    public static let orderDependent = Causes(rawValue: 1 << 37)

    /// Stable names: these are what `results.db` stores and queries group by.
    public static let names: [(Causes, String)] = [
        (.nonPositiveFlexibleSum, "zero-or-negative-flexible-sum"), (.clamp, "clamp"), (.rounding, "rounding"),
        (.carriedError, "carried-error"), (.equalSplit, "equal-split"), (.centreForm, "centre-form"),
        (.float32Multiplier, "float32-multiplier"), (.retranslation, "re-translation"),
        (.degenerateTranslation, "degenerate-translation"), (.conflict, "conflict"), (.ambiguity, "ambiguity"),
        (.solverTolerance, "solver-tolerance"), (.nonFinite, "non-finite"), (.fallback, "policy-fallback"),
        (.safeArea, "safe-area"), (.preservedMargins, "preserved-margins"), (.marginFeedback, "margin-feedback"),
        (.bars, "bars"),
        (.handWritten, "hand-written-constraints"), (.hugging, "hugging"), (.compression, "compression"),
        (.priorityTie, "priority-tie"), (.idiomaticRule, "idiomatic-rule"),
        (.float32Arithmetic, "float32-arithmetic"), (.standardisedNegativeSize, "standardised-negative-size"),
        (.verticalEdges, "vertical-edges"), (.nested, "nested"), (.competingPriorities, "competing-priorities"),
        (.inequality, "inequality"), (.multiplier, "multiplier"), (.centre, "centre"), (.float32Noise, "float32-noise"),
        (.emptyMask, "empty-mask"), (.flexibleSizeAndMargin, "flexible-size-and-margin"),
        (.contentSize, "content-size"), (.solverDrift, "solver-drift"), (.heapOrder, "heap-order"),
        (.orderDependent, "order-dependent"),
    ]

    /// What a divergence with no known cause is recorded as: the lab's most interesting output.
    public static let unexplainedName = "unexplained"

    public var nameList: [String] {
        let list = Self.names.filter { contains($0.0) }.map(\.1)
        return list.isEmpty ? [Self.unexplainedName] : list
    }
}
