/// Constraint strengths, as in kiwi (`kiwi/strength.h`): a strength is a `Double` weight of a
/// constraint's error in the objective; `required` (and anything clipped to it) is a hard constraint.
public enum Strength {
    /// kiwi's `create(a, b, c, w) = clamp(a·w)·1e6 + clamp(b·w)·1e3 + clamp(c·w)`, each part clamped
    /// to `0...1000`: three decimal "levels" so that one unit of a higher level outweighs up to 1000
    /// units of the level below.
    @inlinable
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ w: Double = 1) -> Double {
        @inline(__always) func clamp(_ x: Double) -> Double { Swift.max(0, Swift.min(1000, x)) }
        return clamp(a * w) * 1_000_000 + clamp(b * w) * 1_000 + clamp(c * w)
    }

    /// 1,001,001,000 — hard constraint.
    public static let required = create(1000, 1000, 1000)
    /// 1,000,000
    public static let strong = create(1, 0, 0)
    /// 1,000
    public static let medium = create(0, 1, 0)
    /// 1
    public static let weak = create(0, 0, 1)

    /// Clip to `0...required` (kiwi: `strength::clip`).
    @inlinable
    public static func clip(_ value: Double) -> Double { Swift.max(0, Swift.min(required, value)) }

    // MARK: Auto Layout priorities

    /// The static mapping of an Auto Layout priority (1…1000) to a strength.
    ///
    /// `1000` → `required`; `p` in `1..<1000` → `10^(9·(p−1)/998)`, i.e. 1 (p = 1) to 1e9 (p = 999),
    /// strictly increasing, always below `required`. UIKit's named levels land at: fittingSize 50 ≈ 2.8,
    /// low 250 ≈ 176, high 750 ≈ 5.7e6, 999 = 1e9.
    ///
    /// **Limits.** Weighted-sum Cassowary cannot give true lexicographic priorities with finite
    /// weights. Adjacent priorities differ by a factor of only `10^(9/998) ≈ 1.021`, so this mapping
    /// guarantees "higher wins" only when one higher-priority violation is traded against lower-priority
    /// violations of at most about the same total size (one constraint against one, same coefficients).
    /// Several lower constraints together can outweigh one higher constraint. When a system needs
    /// levels that dominate each other, use `PriorityLadder`, which spends the same range on only
    /// the priorities a system actually uses. Values outside 1…1000 are clamped.
    public static func priority(_ p: Double) -> Double {
        let p = Swift.max(1, Swift.min(1000, p))
        if p >= 1000 { return required }
        return pow10(9 * (p - 1) / 998)
    }

    /// 10^x without Foundation (exp/log are not in the standard library).
    @usableFromInline
    static func pow10(_ x: Double) -> Double {
        // 10^x = 10^int · 10^frac, the fraction by a short series of 2^(frac·log2 10) halvings.
        var intPart = x.rounded(.down)
        var result = 1.0
        while intPart > 0 {
            result *= 10
            intPart -= 1
        }
        while intPart < 0 {
            result /= 10
            intPart += 1
        }
        let frac = x - x.rounded(.down)  // in [0, 1)
        // e^(frac·ln 10) by Taylor series; frac·ln 10 < 2.31 so 30 terms reach full precision.
        let y = frac * 2.302585092994046
        var term = 1.0
        var sum = 1.0
        for n in 1...30 {
            term *= y / Double(n)
            sum += term
        }
        return result * sum
    }
}

/// A rank-based mapping of the Auto Layout priorities used by one system to strengths that keep each
/// used level above all the levels below it.
///
/// The distinct non-required priorities `p₁ < p₂ < … < p_k` used by a system get strengths
/// `B^0, B^1, …, B^(k−1)` with `B = min(1000, 10^(9/(k−1)))`: the whole ladder stays within
/// kiwi's range `1…1e9` (below `required`, and narrow enough that objective coefficients keep their
/// precision against kiwi's 1e-8 tolerance). Priority 1000 stays `required`.
///
/// **Guarantee and limits.** Level `i+1` outweighs level `i` lexicographically as long as one unit of
/// its violation is not traded against `B` or more units of total lower-level violation (counting
/// coefficients): with up to 4 distinct levels `B = 1000` (kiwi's own separation of strong/medium/weak),
/// so a level dominates fewer than 1000 equally-scaled lower constraints combined; with 10 levels
/// `B = 10`; with `k` levels in general `B = 10^(9/(k−1))`. A system that uses many distinct
/// priorities *and* trades one high constraint against many low ones can still see the many win.
/// Priorities not in the ladder fall back to `Strength.priority(_:)`.
public struct PriorityLadder: Sendable {
    public let levels: [Double]
    public let base: Double
    /// The strength of the lowest level; the ladder spans `lowest … highest`.
    public let lowest: Double
    public let highest: Double

    /// `lowest` and `highest` bound the ladder (kiwi's `1…1e9` by default). A caller that also uses
    /// strengths above the ladder (an edit variable that must dominate every priority) or that
    /// compares reduced costs against a noise floor narrows it.
    public init<S: Sequence>(priorities: S, lowest: Double = 1, highest: Double = 1e9) where S.Element == Double {
        self.init(priorities: Array(priorities), lowest: lowest, highest: highest)
    }

    /// The same for an array (not generic, so a caller in another module runs specialised code: the
    /// generic version was 2% of building an Auto Layout tree).
    public init(priorities: [Double], lowest: Double = 1, highest: Double = 1e9) {
        var distinct = Set<Double>(minimumCapacity: priorities.count)
        for p in priorities {
            let clamped = Swift.max(1, Swift.min(1000, p))
            if clamped < 1000 { distinct.insert(clamped) }
        }
        levels = distinct.sorted()
        self.lowest = lowest
        self.highest = highest
        let k = levels.count
        let decades = Self.log10(highest / lowest)
        base = k <= 1 ? 1000 : Swift.min(1000, Strength.pow10(decades / Double(k - 1)))
    }

    /// The strength of priority `p` in this ladder.
    public func strength(_ p: Double) -> Double {
        let p = Swift.max(1, Swift.min(1000, p))
        if p >= 1000 { return Strength.required }
        guard let rank = levels.firstIndex(of: p) else { return Strength.priority(p) }
        var s = lowest
        for _ in 0..<rank { s *= base }
        return Swift.min(s, highest)
    }

    /// log10 of a positive number, to the precision the ladder needs (no Foundation).
    static func log10(_ x: Double) -> Double {
        var x = x
        var n = 0.0
        while x >= 10 {
            x /= 10
            n += 1
        }
        while x < 1 {
            x *= 10
            n -= 1
        }
        // A power of ten (the backend's ladder spans 100…1e8) is exact already; the bisection below
        // would return the same n after 60 rounds of the series — per engine built, in a sweep.
        if x == 1 { return n }
        // x in [1, 10): bisection on 10^f = x.
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if Strength.pow10(mid) < x { lo = mid } else { hi = mid }
        }
        return n + lo
    }
}
