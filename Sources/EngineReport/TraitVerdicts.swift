/// For each cause a divergence between GNUstep master's Auto Layout and the lab's can carry: what
/// Apple documents for it, and which side is wrong (Engines/appkit/NOTES.md holds the GNUstep
/// source each finding was traced to). Keyed by the cause names `results.db` stores.
public struct TraitVerdict: Sendable {
    public var cause: String
    /// What the class is, in a line.
    public var meaning: String
    /// Apple's documented behaviour, with where it is documented.
    public var apple: String
    /// Which side is wrong, and where.
    public var verdict: String
    /// Which side the verdict blames; `neither` for a trait that only comes with others.
    public var wrong: Side

    public enum Side: String, Sendable {
        case gnustep = "GNUstep"
        case undecided
        case neither
    }
}

public enum TraitVerdicts {
    /// In the order a class is named by: the most specific finding first.
    public static let all: [TraitVerdict] = [
        TraitVerdict(
            cause: "empty-mask", meaning: "a view that translates an autoresizing mask of 0 (no flexible part)",
            apple: "`translatesAutoresizingMaskIntoConstraints`: \"the view's autoresizing mask is translated into "
                + "constraints that fully specify the view's position\"; a mask of 0 keeps the frame fixed.",
            verdict: "GNUstep: `+[NSAutoresizingMaskLayoutConstraint constraintsWithAutoresizingMask:…]` returns "
                + "no constraint for `NSViewNotSizable`, and `-[NSView layout]` then sets every untracked view's "
                + "frame to `NSZeroRect`.", wrong: .gnustep),
        TraitVerdict(
            cause: "flexible-size-and-margin",
            meaning: "a translated mask with a flexible size and a flexible margin on one axis (`&&-`, `-&&`, `&&&`)",
            apple: "`autoresizingMask`: the superview's size change is shared among the flexible parts of an axis; "
                + "the translated constraints must give the frames autoresizing gives.",
            verdict: "GNUstep: its translation writes the size and the flexible margin as the same equation "
                + "(`superview.width == v.maxX + R`), so `&&-` is underdetermined (width 0), `-&&` keeps the right "
                + "margin fixed, `&&&` builds its ratio from the old width. The lab agrees with springs.",
            wrong: .gnustep),
        TraitVerdict(
            cause: "degenerate-translation",
            meaning: "the tree holds a mask with both margins flexible and no room (`&-&` as wide as its superview)",
            apple: "`autoresizingMask`: with no room, the flexible margins share a change of 0; the view keeps its "
                + "place (the lab translates it as fixed constraints).",
            verdict: "GNUstep: the ratio (x − bx)/(W − w) is 0/0, the constraint gets a NaN multiplier, and the "
                + "solver either raises \"Cannot satisfy the required constraints\" or gives NaN or zero frames "
                + "to other views of the window.", wrong: .gnustep),
        TraitVerdict(
            cause: "non-finite", meaning: "a frame with a NaN or infinite edge",
            apple: "Frames are finite; a constraint with a non-finite multiplier or constant raises when made.",
            verdict: "GNUstep: a NaN multiplier (see degenerate-translation) is accepted and reaches the frames.",
            wrong: .gnustep),
        TraitVerdict(
            cause: "vertical-edges", meaning: "a constraint reading `top` or `bottom` (in a flipped view)",
            apple: "`NSLayoutAttributeTop`: \"the top of the object's alignment rectangle\"; Auto Layout Guide, "
                + "Anatomy of a Constraint: edges are the view's visual edges, in flipped views too.",
            verdict: "GNUstep: `top` is the engine's `maxY` and `bottom` its `minY` in every view "
                + "(`addInternalTopConstraintForView:`), so in a flipped superview `top` is the visual bottom.",
            wrong: .gnustep),
        TraitVerdict(
            cause: "nested", meaning: "a view below a subview of the root, placed by constraints",
            apple: "Constraints relate alignment rectangles whatever the views' depth; each frame is in its "
                + "superview's coordinates (`-[NSView frame]`).",
            verdict: "GNUstep: hand-written constraints share one coordinate space, but `-layout` sets each "
                + "subview's frame from its variables as if they were parent-relative: from depth 2 on the "
                + "parent's origin is added twice.", wrong: .gnustep),
        TraitVerdict(
            cause: "competing-priorities", meaning: "two or more optional constraints on the view's axis",
            apple: "Auto Layout Guide, Constraint Priorities: the engine satisfies constraints in priority "
                + "order, higher before lower; a lower priority never outweighs a higher one.",
            verdict: "GNUstep: `GSCSStrength` is the priority number itself and the objective is "
                + "Σ priority × error, so three constraints at 250 outweigh one at 500.", wrong: .gnustep),
        TraitVerdict(
            cause: "content-size", meaning: "an intrinsic content size held by hugging and compression resistance",
            apple: "`contentCompressionResistancePriority(for:)` and `contentHuggingPriority(for:)` are "
                + "priorities like any other: 751 beats 750.",
            verdict: "GNUstep: the intrinsic size is an edit variable of strength 750, so any compression "
                + "resistance or hugging above 750 acts as 750 (`addSupportingIntrinsicSizeConstraintsToView:`).",
            wrong: .gnustep),
        TraitVerdict(
            cause: "clamp", meaning: "one side's size is negative, the other's 0",
            apple: "Not documented for Auto Layout; the engine's solution can be negative, and UIKit keeps a "
                + "negative frame size as set.",
            verdict: "Undecided: GNUstep's `-setFrame:` clamps a negative size to 0 (with a warning); the lab "
                + "keeps the solver's value. Needs Apple's engine (the macOS build) to settle.", wrong: .undecided),
        TraitVerdict(
            cause: "rounding",
            meaning: "one side's frame sits on whole points (of its superview, of the window, or of the window's "
                + "y-up coordinates) and the other's, less than a point away, does not",
            apple:
                "Under Auto Layout a view's frame is the engine's alignment rectangle; `-resizeSubviewsWithOldSize:` "
                + "(autoresizing) does not run for views whose constraints place them.",
            verdict: "GNUstep: `-setFrameSize:` still runs the springs before the engine (libs-gui master's "
                + "`-resizeWithOldSuperviewSize:` floors each edge in the window's base coordinates), and `-layout` "
                + "only resets views whose engine rectangle changed, so a view the resize did not move in the "
                + "engine keeps its rounded springs frame.", wrong: .gnustep),
        TraitVerdict(
            cause: "float32-noise", meaning: "frames that differ by less than 1e-3 point",
            apple: "`NSLayoutConstraint.multiplier` and `constant` are `CGFloat`, a double on 64-bit systems.",
            verdict: "GNUstep: every tableau coefficient goes through `-floatValue` "
                + "(`-[GSCSLinearExpression coefficientForTerm:]`), so frames carry single-precision error.",
            wrong: .gnustep),
        TraitVerdict(
            cause: "inequality", meaning: "an inequality among the view's constraints",
            apple: "Inequalities hold exactly when required, as close as possible when optional.",
            verdict: "Seen only together with the traits above; no class of its own.", wrong: .neither),
        TraitVerdict(
            cause: "multiplier", meaning: "a hand-written multiplier other than 1",
            apple: "The multiplier is a double.",
            verdict: "Seen only together with the traits above; no class of its own.", wrong: .neither),
        TraitVerdict(
            cause: "centre", meaning: "a `centerX` or `centerY` constraint",
            apple: "Centres are the alignment rectangle's centre.",
            verdict: "Seen only together with the traits above; no class of its own.", wrong: .neither),
    ]

    /// The verdicts of a class's causes, in the order of `all` (lab-side events have none).
    public static func verdicts(for causes: [String]) -> [TraitVerdict] {
        all.filter { causes.contains($0.cause) }
    }
}
