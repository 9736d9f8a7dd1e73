import ViewTree

/// Apple's documented rule: the change Δ is shared among the flexible parts in proportion to their
/// current sizes (the larger part gets more); the max margin takes what is left. When the flexible
/// parts sum to zero or less there is no proportion, and the implementations that handle it at all
/// (GNUstep, libs-gui master) split Δ equally; the lab's `documented` policy does the same and notes it.
enum ProportionalSplit {
    /// Returns the new (origin, length) and the notes. `sum ≤ 0` → equal split.
    static func apply(
        origin L: Double, length W: Double, maxMargin R: Double, parts: FlexibleParts,
        delta: Double
    ) -> (origin: Double, length: Double, notes: ResizeNotes) {
        guard !parts.isEmpty else { return (L, W, []) }
        // GNUstep's summation order (size, min margin, max margin) and `(Δ/sum)·part` below: the
        // order of floating-point operations decides the last bit, and the lab matches it.
        var sum = 0.0
        if parts.size { sum += W }
        if parts.min { sum += L }
        if parts.max { sum += R }
        var origin = L
        var length = W
        if sum <= 0 {
            let share = delta / Double(parts.count)
            if parts.min { origin += share }
            if parts.size { length += share }
            return (origin, length, delta == 0 ? [] : [.nonPositiveFlexibleSum, .equalSplit])
        }
        let perPoint = delta / sum
        if parts.min { origin += perPoint * L }
        if parts.size { length += perPoint * W }
        let magnitude = abs(L) + abs(W) + abs(R)
        return (origin, length, delta != 0 && isRoundingNoise(sum, magnitude) ? [.nonPositiveFlexibleSum] : [])
    }

    /// A positive flexible sum within floating-point rounding of zero (at most 1e-9 of the parts it
    /// came from, e.g. 125.00000000000001 − 125 − 0): zero in exact arithmetic, so the proportions
    /// computed from it are noise. The policies still compute what their arithmetic says; the step is
    /// noted as a zero flexible sum so a divergence it causes is not left unexplained.
    static func isRoundingNoise(_ sum: Double, _ magnitude: Double) -> Bool {
        sum > 0 && sum <= 1e-9 * Swift.max(1, magnitude)
    }
}

/// The proportional rule, unrounded. Negative sizes are kept: Apple documents no clamp.
enum DocumentedRule: ResizingRule {
    static func resize(_ r: AxisResize) -> AxisOutcome {
        let split = ProportionalSplit.apply(
            origin: r.origin, length: r.length, maxMargin: r.maxMargin, parts: r.parts,
            delta: r.newSuperLength - r.oldSuperLength)
        var notes = split.notes
        if !split.origin.isFinite || !split.length.isFinite { notes.insert(.nonFinite) }
        return AxisOutcome(origin: split.origin, length: split.length, notes: notes)
    }
}
