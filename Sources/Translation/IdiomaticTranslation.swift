import ConstraintModel
import Geometry
import ViewTree

/// The constraints a careful engineer would write instead of an autoresizing mask when migrating a
/// screen to Auto Layout (the migration study, `experiments/ib-migration.yaml`). One documented rule
/// per axis and part set, with `L, W, R, S` the min margin, size, max margin and superview length of the stored frame:
///
/// | parts | position | size |
/// |---|---|---|
/// | none, R | `leading == superview.leading + L` | `width == W` |
/// | L | `trailing == superview.trailing − R` | `width == W` |
/// | W | `leading == superview.leading + L` | `trailing == superview.trailing − R` |
/// | L+R | `centerX == superview.centerX + (L + W/2 − S/2)` | `width == W` |
/// | L+W | `trailing == superview.trailing − R` | `width == W/S · superview.width` |
/// | W+R | `leading == superview.leading + L` | `width == W/S · superview.width` |
/// | L+W+R | `centerX == (L + W/2)/(S/2) · superview.centerX` | `width == W/S · superview.width` |
///
/// Vertically the same with top, bottom, centerY and height. Horizontal rules use leading and
/// trailing, as Interface Builder does by default — so they flip in right-to-left, where masks do
/// not. Where the rule differs from the mask's proportional split (a centred view keeps its offset,
/// a proportional size ignores the margins) the difference is the migration's, recorded as the cause
/// `idiomatic-rule`.
extension MaskTranslation {
    static func idiomatic(
        _ a: MaskTranslation.AxisInput
    ) throws(DegenerateTranslation) -> (MaskConstraint, MaskConstraint) {
        let (L, W, R, S) = (a.L, a.W, a.R, a.S)
        let horizontal = a.axis == .horizontal
        let lead: LayoutAttribute = horizontal ? .leading : .top
        let trail: LayoutAttribute = horizontal ? .trailing : .bottom
        let size = a.sizeAttr
        let center = a.centerAttr
        func edge(_ attr: LayoutAttribute, _ c: Double) -> MaskConstraint { a.scaled(attr, 1, attr, c) }
        switch (a.parts.min, a.parts.size, a.parts.max) {
        case (false, false, _):
            return (edge(lead, L), a.fixed(size, W))
        case (true, false, false):
            return (edge(trail, -R), a.fixed(size, W))
        case (false, true, false):
            return (edge(lead, L), edge(trail, -R))
        case (true, false, true):
            return (edge(center, L + W / 2 - S / 2), a.fixed(size, W))
        case (true, true, false):
            return (edge(trail, -R), a.scaled(size, W / (try a.nonZero(S, "S")), size, 0))
        case (false, true, true):
            return (edge(lead, L), a.scaled(size, W / (try a.nonZero(S, "S")), size, 0))
        case (true, true, true):
            let half = try a.nonZero(S / 2, "S")
            return (a.scaled(center, (L + W / 2) / half, center, 0), a.scaled(size, W / S, size, 0))
        }
    }

    /// Whether the rule for these parts differs from springs and struts' proportional split.
    static func idiomaticDiffers(_ p: FlexibleParts) -> Bool { p.count >= 2 }
}
