import ViewTree

/// WinObjC's `UIView` autoresizing (microsoft/WinObjC `Frameworks/UIKit/UIView.mm`, `doResize` and
/// `adjustSubviews`). Everything is 32-bit `Float` (CGFloat is float there), `a*N/T` evaluated as
/// `(a*N)/T`. Per mask, with P the old parent length, D the change, T the flexible sum, N = T + D:
///
/// - L: `pos += D`; W: `size += D`; R and none: nothing;
/// - L+W: `pos, size` scaled by N/T; if T == 0, `pos += size` and D is dropped;
/// - L+R: `pos = pos*N/T`; if T == 0, `pos = N/2` (centred);
/// - W+R: size scaled (using `pos` in the formula, as WinObjC does); if the max margin ≤ 0 or size == 0,
///   `size = P + D − pos`;
/// - L+W+R: scaled by N/T; if T == 0, `pos = size = (P + D)/3`.
///
/// Then the frame (standardised first, and with the carried error added back) has negative sizes
/// clamped to 0, and every field is `floorf`ed; the error carried is `unfloored − floored`, taken
/// **after** the clamp (so in [0, 1)). Whole points whatever the screen scale: WinObjC has no scale
/// handling here. A mask of none is skipped.
enum WinObjCRule: ResizingRule {
    static func resize(_ r: AxisResize) -> AxisOutcome {
        if r.maskIsNone {
            return AxisOutcome(
                origin: r.origin, length: r.length, originError: r.originError, lengthError: r.lengthError)
        }
        var notes: ResizeNotes = []
        var pos = Float(r.origin)
        var size = Float(r.length)
        if size < 0 {  // CGRectStandardize
            notes.insert(.standardized)
            pos += size
            size = -size
        }
        // The lab's convention is error = rounded − unrounded; WinObjC stores unrounded − rounded and
        // adds it, which is the same thing.
        if r.originError != 0 || r.lengthError != 0 { notes.insert(.carriedError) }
        pos -= Float(r.originError)
        size -= Float(r.lengthError)
        let P = Float(r.oldSuperLength)
        let D = Float(r.newSuperLength) - Float(r.oldSuperLength)
        (pos, size) = split(pos, size, P: P, D: D, parts: r.parts, notes: &notes)
        // The same formulas in Double: where flooring their result gives another frame, Float32 decided it.
        var ignored: ResizeNotes = []
        var (dPos, dSize) = (r.origin, r.length)
        if dSize < 0 {
            dPos += dSize
            dSize = -dSize
        }
        (dPos, dSize) = split(
            dPos - r.originError, dSize - r.lengthError, P: r.oldSuperLength,
            D: r.newSuperLength - r.oldSuperLength, parts: r.parts, notes: &ignored)
        if Double(pos.rounded(.down)) != dPos.rounded(.down)
            || Double(max(0, size).rounded(.down)) != max(0, dSize).rounded(.down)
        {
            notes.insert(.float32)
        }
        if size < 0 {
            notes.insert(.clamped)
            size = 0
        }
        let floorPos = pos.rounded(.down)
        let floorSize = size.rounded(.down)
        if floorPos != pos || floorSize != size { notes.insert(.rounded) }
        if !floorPos.isFinite || !floorSize.isFinite { notes.insert(.nonFinite) }
        // setFrame:'s half-point snap (floor(2f + 0.5)/2) leaves whole numbers as they are.
        return AxisOutcome(
            origin: Double(floorPos), length: Double(floorSize),
            originError: Double(floorPos - pos), lengthError: Double(floorSize - size), notes: notes)
    }

    /// The per-mask formulas, in whichever precision WinObjC's are compared with (Float is theirs).
    static func split<F: BinaryFloatingPoint>(
        _ pos: F, _ size: F, P: F, D: F, parts p: FlexibleParts,
        notes: inout ResizeNotes
    ) -> (F, F) {
        var pos = pos
        var size = size
        /// A flexible sum within Float32 rounding of zero (noted, not treated differently).
        func nearZero(_ T: F) -> Bool { T > 0 && T <= F(1e-5) * max(1, abs(P)) }
        switch (p.min, p.size, p.max) {
        case (true, false, false): pos += D
        case (false, true, false): size += D
        case (true, true, false):
            let T = pos + size
            let N = T + D
            if T == 0 {
                if D != 0 { notes.formUnion([.nonPositiveFlexibleSum, .fallback]) }
                pos += size
            } else {
                if T < 0 || nearZero(T) { notes.insert(.nonPositiveFlexibleSum) }
                let np = pos * N / T
                size = (pos + size) * N / T - np
                pos = np
            }
        case (true, false, true):
            let T = pos + (P - (pos + size))
            let N = T + D
            if T == 0 {
                if D != 0 { notes.formUnion([.nonPositiveFlexibleSum, .fallback]) }
                pos = N / 2
            } else {
                if T < 0 || nearZero(T) { notes.insert(.nonPositiveFlexibleSum) }
                pos = pos * N / T
            }
        case (false, true, true):
            let last = P - (pos + size)
            let T = size + last
            let N = T + D
            if last <= 0 || size == 0 {
                if D != 0 { notes.insert(.fallback) }
                if T <= 0 && D != 0 { notes.insert(.nonPositiveFlexibleSum) }
                size = P + D - pos
            } else {
                if nearZero(T) { notes.insert(.nonPositiveFlexibleSum) }
                let np = pos * N / T
                size = (pos + size) * N / T - np
            }
        case (true, true, true):
            let last = P - (pos + size)
            let T = pos + size + last
            let N = T + D
            if T == 0 {
                if D != 0 { notes.formUnion([.nonPositiveFlexibleSum, .fallback]) }
                pos = (P + D) / 3
                size = (P + D) / 3
            } else {
                if T < 0 || nearZero(T) { notes.insert(.nonPositiveFlexibleSum) }
                let np = pos * N / T
                size = (pos + size) * N / T - np
                pos = np
            }
        default: break  // R only: nothing moves
        }
        return (pos, size)
    }
}
