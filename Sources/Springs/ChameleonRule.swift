/// Chameleon's `UIView -_superviewSizeDidChangeFrom:to:` (BigZaphod/Chameleon `UIKit/Classes/UIView.m`).
/// An if/else chain on the mask; only the fields a branch names are rounded, with C's `floorf`, which
/// rounds the Double to a 32-bit Float before flooring. No guard against zero denominators (a zero
/// flexible sum gives a non-finite frame), no pixel scale (whole points whatever the screen), no error
/// carried. L+R moves by Δ/2 — an equal split, not proportional. A mask of none is skipped.
///
/// PureSwift/Cacao is a port that floors in Double; the lab emulates Chameleon itself.
enum ChameleonRule: ResizingRule {
    /// C `floorf(double)`: convert to Float (to nearest), floor, widen back.
    static func floorf(_ v: Double) -> Double { Double(Float(v).rounded(.down)) }

    static func resize(_ r: AxisResize) -> AxisOutcome {
        if r.maskIsNone { return AxisOutcome(origin: r.origin, length: r.length) }
        let S = r.oldSuperLength
        let D = r.newSuperLength - r.oldSuperLength
        let p = r.parts
        var x = r.origin
        var w = r.length
        var notes: ResizeNotes = []
        var rawX = x
        var rawW = w  // unrounded, to note what floorf changed
        func proportional(_ denominator: Double) {
            if denominator <= 0 || ProportionalSplit.isRoundingNoise(denominator, abs(S) + abs(x) + abs(w)) {
                notes.insert(.nonPositiveFlexibleSum)
            }
        }
        if p.min && p.size && p.max {
            proportional(S)
            rawX = x + (x / S) * D
            rawW = w + (w / S) * D
            x = floorf(rawX)
            w = floorf(rawW)
        } else if p.min && p.size {
            let t = x + w
            proportional(t)
            rawX = x + (x / t) * D
            rawW = w + (w / t) * D
            x = floorf(rawX)
            w = floorf(rawW)
        } else if p.max && p.size {
            proportional(S - x)
            rawW = w + (w / (S - x)) * D
            w = floorf(rawW)
        } else if p.max && p.min {
            if D != 0 { notes.insert(.equalSplit) }
            rawX = x + D / 2
            x = floorf(rawX)
        } else if p.size {
            rawW = w + D
            w = floorf(rawW)
        } else if p.min {
            rawX = x + D
            x = floorf(rawX)
        } else if p.max {
            x = floorf(x)
        }
        if x != rawX || w != rawW { notes.insert(.rounded) }
        if !x.isFinite || !w.isFinite { notes.insert(.nonFinite) }
        return AxisOutcome(origin: x, length: w, notes: notes)
    }
}
