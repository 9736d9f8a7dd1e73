/// SplitMix64 (Steele, Lea, Flood 2014): a tiny generator whose output depends only on its seed, on
/// every platform and in every Swift version, which is what makes "same file and seed, same results"
/// hold. `SystemRandomNumberGenerator` and Swift's unspecified algorithms are never used in a sweep.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for one item of a seeded family (e.g. tree 17 of generator 2), independent of the
    /// order in which items are made.
    public init(seed: UInt64, _ path: UInt64...) {
        var s = SplitMix(seed: seed)
        for p in path { s = SplitMix(seed: s.next() ^ (p &* 0x9E37_79B9_7F4A_7C15)) }
        self = s
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in the closed range (integers).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability p.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}
