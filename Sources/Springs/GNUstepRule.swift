import ViewTree

/// GNUstep's `-resizeWithOldSuperviewSize:`, step by step as GNUstep's source does it (a model of these
/// steps reproduces GNUstep gui 0.29 on hundreds of random cases):
///
/// 1. start from the current frame minus the rounding error carried from the last resize;
/// 2. split Δ proportionally among the flexible parts, or equally if they sum to ≤ 0;
/// 3. round on the pixel grid (the policy's rule, on `v·scale`, divided back);
/// 4. set the rounded frame, a negative size becoming 0 (the lost length never comes back);
/// 5. carry `rounded − unrounded`, taken before the clamp, to the next resize.
///
/// A view whose mask is none is skipped entirely: no move, no rounding, no error.
enum GNUstepSteps {
    typealias Rounding = (_ origin: Double, _ length: Double) -> (origin: Double, length: Double)

    static func resize(_ r: AxisResize, rounding: Rounding) -> AxisOutcome {
        if r.maskIsNone {
            return AxisOutcome(
                origin: r.origin, length: r.length, originError: r.originError, lengthError: r.lengthError)
        }
        var notes: ResizeNotes = []
        if r.originError != 0 || r.lengthError != 0 { notes.insert(.carriedError) }
        let x = r.origin - r.originError
        let w = r.length - r.lengthError
        let split = ProportionalSplit.apply(
            origin: x, length: w, maxMargin: r.oldSuperLength - x - w, parts: r.parts,
            delta: r.newSuperLength - r.oldSuperLength)
        notes.formUnion(split.notes)
        let s = r.scale
        let offset = r.baseOffset * s
        let rounded = rounding(split.origin * s + offset, split.length * s)
        let x2 = (rounded.origin - offset) / s
        let w2 = rounded.length / s
        if x2 != split.origin || w2 != split.length { notes.insert(.rounded) }
        if w2 < 0 { notes.insert(.clamped) }
        if !x2.isFinite || !w2.isFinite { notes.insert(.nonFinite) }
        return AxisOutcome(
            origin: x2, length: max(0, w2), originError: x2 - split.origin, lengthError: w2 - split.length,
            notes: notes)
    }
}

/// GNUstep gui 0.29: the superview's `centerScanRect:` rounds the origin half up and corrects the
/// width by half the origin's rounding: `x' = floor(x + 0.5)`, `w' = floor(w + (x − x')/2 + 0.5)`.
///
/// It rounds in the coordinates of its `_matrixToWindow` (`AxisResize.baseOffset`: without a window,
/// the frame origins summed from the top-level view down), so a nested view's last bit depends on
/// where its ancestors stand. In a flipped superview — every superview of the lab is one — the
/// origin's y rounds half *down* (`GSRoundTowardsNegativeInfinity`: `y' = ⌈y − 0.5⌉`), and the height
/// is taken as its absolute value (`if (height < 0) height = -height`) before the same correction:
/// `h' = floor(|h| + (y − y')/2 + 0.5)`. Checked against real NSViews of Debian's GNUstep gui 0.29
/// (experiments/gnustep-live.yaml, 10,000 units, zero divergences); rounding y like x, or in the
/// superview's own coordinates, disagreed on 46% and 0.2% of the view-steps.
enum GNUstepRule: ResizingRule {
    static var clampsNegativeSuperviewSize: Bool { true }
    /// Live GNUstep 0.29 re-autoresizes (and so re-rounds) a view's subviews when its frame moves,
    /// not only when its size changes (without it: 14,156 divergences on gnustep-live.yaml).
    static var resizesSubviewsWhenMoved: Bool { true }

    static func resize(_ r: AxisResize) -> AxisOutcome {
        GNUstepSteps.resize(r) { x, w in
            if r.isVertical {
                let y2 = -((-x + 0.5).rounded(.down))
                return (y2, (abs(w) + (x - y2) / 2 + 0.5).rounded(.down))
            }
            let x2 = (x + 0.5).rounded(.down)
            return (x2, (w + (x - x2) / 2 + 0.5).rounded(.down))
        }
    }
}

/// libs-gui master ("checked against AppKit"): both edges floored on the grid, with a 1e-6 allowance
/// so values a hair below an integer stay put: `x' = floor(x + 1e-6)`, `w' = floor(x + w + 1e-6) − x'`.
enum AppKitRule: ResizingRule {
    static var clampsNegativeSuperviewSize: Bool { true }
    /// The same `setFrame:` as GNUstep 0.29 (libs-gui master).
    static var resizesSubviewsWhenMoved: Bool { true }

    static func resize(_ r: AxisResize) -> AxisOutcome {
        GNUstepSteps.resize(r) { x, w in
            let x2 = (x + 1e-6).rounded(.down)
            return (x2, (x + w + 1e-6).rounded(.down) - x2)
        }
    }
}
