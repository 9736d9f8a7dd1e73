import ConstraintModel
import ViewTree

/// One constraint of a translated mask, without its names: `view.attr1 == multiplier ·
/// superview.attr2 + constant` (no `attr2`: `view.attr1 == constant`), or with `superviewFirst`
/// AppKit's `superview.attr1 == view.attr2 + constant`. Its items are always the view and its
/// superview, so a translation needs no strings, and a plain value the Auto Layout backend compiles
/// straight into its solver's batch; the `LayoutConstraint` Apple's log prints is made on request
/// (`named`), for conflict reports and `explain` (making, copying and destroying a named
/// constraint per mask was an eighth of building a tree).
public struct MaskConstraint: Hashable, Sendable {
    public var attr1: LayoutAttribute
    public var attr2: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    public var superviewFirst: Bool
    /// The multiplier was stored through a 32-bit float and lost precision (AppKit's translation).
    public var multiplierWasRounded: Bool

    /// `view.attr == c`.
    static func fixed(_ attr: LayoutAttribute, _ c: Double) -> MaskConstraint {
        MaskConstraint(
            attr1: attr, attr2: nil, multiplier: 1, constant: c, superviewFirst: false, multiplierWasRounded: false)
    }

    /// `view.attr == m·superview.attr2 + c`.
    static func scaled(_ attr: LayoutAttribute, _ m: Double, _ attr2: LayoutAttribute, _ c: Double) -> MaskConstraint {
        MaskConstraint(
            attr1: attr, attr2: attr2, multiplier: m, constant: c, superviewFirst: false, multiplierWasRounded: false)
    }

    /// The constraint as Apple's log names it: `view` and `superview` are the items' ids, and the
    /// origin carries the mask's notation (`h=-&- v=--&`).
    public func named(view: String, superview: String, mask: AutoresizingMask) -> LayoutConstraint {
        let (item1, item2) = superviewFirst ? (superview, view) : (view, superview)
        var c = LayoutConstraint(
            item1, attr1, .equal, attr2 == nil ? nil : item2, attr2, multiplier: multiplier, constant: constant,
            origin: .autoresizingMask(mask))
        c.multiplierWasRounded = multiplierWasRounded
        return c
    }
}

/// A view's translated mask: two constraints per axis, x then y (every form makes two), and what the
/// translation met.
public struct MaskConstraints: Sendable {
    public var x: (MaskConstraint, MaskConstraint)
    public var y: (MaskConstraint, MaskConstraint)
    /// The axes whose form divided by zero (held fixed instead); `viewID` and `maskNotation` filled.
    public var degenerate: [DegenerateTranslation] = []
    /// The forms this translation used that springs and struts do not share.
    public var forms: TranslationForms = []

    /// The four constraints in installation order.
    public var all: [MaskConstraint] { [x.0, x.1, y.0, y.1] }
}
