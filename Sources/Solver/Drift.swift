// The tableau's coefficients measured against the constraints, to rebuild it when rounding has grown.
//
// `Refactor.swift` rebuilds on an estimate of how much pivots magnified rounding, but the estimate
// sees only the pivot row's scaling. Rounding also grows where a substitution's sum cancels (a cell
// that is the difference of two terms a hundred times its size keeps their error) and where removal
// pivots on a basic dummy's row, whose coefficients are such differences: a churn's coefficients
// went from 1e-16 to 3e-9 of their size in fifty steps while the estimate stayed under its limit.
// So when pivots have magnified at all, the solver measures before the next read: every non-basic
// symbol at a fixed pseudo-random value in [1, 2), the basic symbols evaluated through their rows,
// and each constraint's row `expression + Σ tag·symbol`, which is 0 in exact arithmetic, compared
// with the magnitude of its terms. Constants are left out: `refineValues` corrects what they carry.

extension SolverCore {
    /// How far the tableau's coefficients are from the constraints', relative to the terms' magnitude:
    /// the largest |Σ terms| / Σ |terms| over the live constraints at a pseudo-random point, each
    /// term's magnitude that of the sums its value was evaluated through (as the consistency check's).
    @usableFromInline
    mutating func coefficientDrift() -> Double {
        ensureOrder()
        // Each symbol's value at the point and the magnitude of the sums that made it: a definition
        // whose parts cancel makes a small value of large terms, and its rounding is theirs.
        var value = [Double](repeating: 0, count: kinds.count)
        var magnitude = [Double](repeating: 0, count: kinds.count)
        for s in value.indices where rowOf[s] < 0 {
            value[s] = Self.probeValue(s)
            magnitude[s] = value[s]
        }
        for r in rows.indices where rows[r].basic >= 0 && kinds[Int(rows[r].basic)] != .external {
            (value[Int(rows[r].basic)], magnitude[Int(rows[r].basic)]) = rowSum(Int32(r), value, magnitude)
        }
        for x in order { (value[Int(x)], magnitude[Int(x)]) = rowSum(rowOf[Int(x)], value, magnitude) }
        var drift = 0.0
        for entry in residuals.entries where entry.slot >= 0 {
            var sum = entry.markerCoefficient * value[Int(entry.marker)]
            var scale = abs(entry.markerCoefficient) * magnitude[Int(entry.marker)]
            if entry.other >= 0 {
                sum += entry.otherCoefficient * value[Int(entry.other)]
                scale += abs(entry.otherCoefficient) * magnitude[Int(entry.other)]
            }
            for k in Int(entry.start)..<Int(entry.end) {
                let s = Int(residuals.symbols[k])
                sum += residuals.coefficients[k] * value[s]
                scale += abs(residuals.coefficients[k]) * magnitude[s]
            }
            if scale > 0 { drift = Swift.max(drift, abs(sum) / scale) }
        }
        return drift
    }

    /// Σ coefficient × value over row `r`'s cells (its constant left out), and Σ |coefficient| ×
    /// magnitude.
    func rowSum(_ r: Int32, _ value: [Double], _ magnitude: [Double]) -> (Double, Double) {
        var v = 0.0
        var m = 0.0
        for k in 0..<cellCount(r) {
            let cell = cellAt(r, k)
            v += cell.coef * value[Int(cell.sym)]
            m += abs(cell.coef) * magnitude[Int(cell.sym)]
        }
        return (v, m)
    }

    /// A fixed value in [1, 2) for symbol `s` (splitmix64 of its id): the same point every time, so
    /// the measurement and with it the solver's decisions are deterministic.
    static func probeValue(_ s: Int) -> Double {
        var z = UInt64(s) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return 1 + Double(z >> 11) / Double(1 << 53)
    }
}
