import ConstraintModel
import Geometry
import Translation
import ViewTree

/// `+[NSAutoresizingMaskLayoutConstraint constraintsWithAutoresizingMask:subitem:frame:superitem:bounds:]`
/// (libs-gui master), and Apple's translation for each deviation switched off.
extension WindowModel {
    func maskConstraints(
        _ view: Int, frame f: Rect, mask: AutoresizingMask, superview s: Int, bounds b: Rect
    )
        -> [EngineConstraint]
    {
        // GNUstep returns no constraint for NSViewNotSizable; Apple fixes the frame.
        if mask.isEmpty && deviations.contains(.emptyMask) { return [] }
        guard deviations.contains(.maskForms) else { return labAppKit(view, frame: f, mask: mask, superview: s) }
        let x = position(
            view, s, origin: f.x, length: f.width, boundsOrigin: b.x, boundsLength: b.width,
            min: mask.contains(.flexibleLeftMargin), max: mask.contains(.flexibleRightMargin),
            horizontal: true)
        let y = position(
            view, s, origin: f.y, length: f.height, boundsOrigin: b.y, boundsLength: b.height,
            min: mask.contains(.flexibleTopMargin), max: mask.contains(.flexibleBottomMargin),
            horizontal: false)
        let width: EngineConstraint =
            mask.contains(.flexibleWidth)
            ? EngineConstraint(s, .width, .equal, view, .maxX, constant: ((f.width + f.x) - (b.x + b.width)) * -1)
            : EngineConstraint(view, .width, constant: f.width)
        let height: EngineConstraint =
            mask.contains(.flexibleHeight)
            ? EngineConstraint(s, .height, .equal, view, .maxY, constant: (f.height + f.y - (b.y + b.height)) * -1)
            : EngineConstraint(view, .height, constant: f.height)
        // "The order of constraints was determined from MacOS behaviour."
        let bothX = mask.contains(.flexibleLeftMargin) && mask.contains(.flexibleRightMargin)
        let bothY = mask.contains(.flexibleTopMargin) && mask.contains(.flexibleBottomMargin)
        return (bothX ? [width, x] : [x, width]) + (bothY ? [height, y] : [y, height])
    }

    /// `_xConstraintForAutoresizingMask:…` (and `_y…`). With both margins flexible the position is a
    /// ratio of the superview's size, `(x − bx)/(W − w)`, which is 0/0 or ±∞ when the view is as wide
    /// as its superview (`Deviation.degenerateRatio`; switched off, the position is held).
    private func position(
        _ view: Int, _ s: Int, origin: Double, length: Double, boundsOrigin: Double,
        boundsLength: Double, min: Bool, max: Bool, horizontal: Bool
    ) -> EngineConstraint {
        let minAttr: EngineAttribute = horizontal ? .minX : .minY
        let maxAttr: EngineAttribute = horizontal ? .maxX : .maxY
        let sizeAttr: EngineAttribute = horizontal ? .width : .height
        if min && max {
            let room = boundsLength - length
            let x = origin - boundsOrigin
            if room != 0 || deviations.contains(.degenerateRatio) {
                let ratio = x / room
                return EngineConstraint(
                    view, minAttr, .equal, s, sizeAttr, multiplier: ratio,
                    constant: ratio * length * -1)
            }
            return EngineConstraint(view, minAttr, constant: origin - boundsOrigin)
        }
        if min {
            let constant =
                horizontal
                ? (length + origin - boundsLength - boundsOrigin) * -1
                : ((length + origin) - (boundsLength + boundsOrigin)) * -1
            return EngineConstraint(s, sizeAttr, .equal, view, maxAttr, constant: constant)
        }
        return EngineConstraint(view, minAttr, constant: origin - boundsOrigin)
    }

    /// Apple's translation as the lab's `appkit` policy writes it (`MaskTranslation`): the same four
    /// constraints for the shared forms, the proportional split for a flexible size with a flexible
    /// margin, multipliers stored as Float32, and a mask with no room held in place — unless
    /// `Deviation.degenerateRatio` is on, when an axis with both margins flexible and no room gets
    /// GNUstep's ratio, 0/0, as the form it shares with GNUstep's translation.
    private func labAppKit(_ view: Int, frame: Rect, mask: AutoresizingMask, superview s: Int) -> [EngineConstraint] {
        let made = MaskTranslation.translate(
            viewID: "", frame: frame, mask: mask, superviewSize: views[s].frame.size, policy: .appkit)
        let bounds = Rect(x: 0, y: 0, width: views[s].frame.width, height: views[s].frame.height)
        func axis(_ pair: (MaskConstraint, MaskConstraint), horizontal: Bool) -> [EngineConstraint] {
            let letters = horizontal ? "LR" : "TB"
            if deviations.contains(.degenerateRatio),
                made.degenerate.contains(where: { ($0.axis == .horizontal) == horizontal && $0.parts == letters })
            {
                let size: EngineAttribute = horizontal ? .width : .height
                return [
                    EngineConstraint(view, size, constant: horizontal ? frame.width : frame.height),
                    position(
                        view, s, origin: horizontal ? frame.x : frame.y,
                        length: horizontal ? frame.width : frame.height,
                        boundsOrigin: horizontal ? bounds.x : bounds.y,
                        boundsLength: horizontal ? bounds.width : bounds.height, min: true, max: true,
                        horizontal: horizontal),
                ]
            }
            return [engine(pair.0, view, s), engine(pair.1, view, s)]
        }
        return axis(made.x, horizontal: true) + axis(made.y, horizontal: false)
    }

    private func engine(_ c: MaskConstraint, _ view: Int, _ s: Int) -> EngineConstraint {
        let a1 = Self.engineAttribute(c.attr1)
        guard let attr2 = c.attr2 else { return EngineConstraint(view, a1, constant: c.constant) }
        let a2 = Self.engineAttribute(attr2)
        return c.superviewFirst
            ? EngineConstraint(s, a1, .equal, view, a2, multiplier: c.multiplier, constant: c.constant)
            : EngineConstraint(view, a1, .equal, s, a2, multiplier: c.multiplier, constant: c.constant)
    }

    static func engineAttribute(_ a: LayoutAttribute) -> EngineAttribute {
        switch a {
        case .minX: .minX
        case .maxX: .maxX
        case .minY: .minY
        case .maxY: .maxY
        case .width: .width
        case .height: .height
        default: preconditionFailure("a translated mask names \(a)")
        }
    }
}
