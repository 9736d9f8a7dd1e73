/// Where a churn's choices come from: a seeded generator (the tests) or a fuzzer's bytes.
public protocol ChurnSource {
    /// A choice in `0..<count` (`count` ≥ 1), or nil when the source is spent.
    mutating func draw(_ count: Int) -> Int?
}

/// Choices from SplitMix64, never spent: the same seed gives the same churn on every platform.
public struct SeededChurnSource: ChurnSource {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func draw(_ count: Int) -> Int? {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(count))
    }
}

/// Choices read from bytes, one byte per choice under 256 and two above, spent at the end: a
/// fuzzer's input is a churn, and its mutations are nearby churns.
public struct ByteChurnSource: ChurnSource {
    let bytes: [UInt8]
    var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public mutating func draw(_ count: Int) -> Int? {
        let width = count <= 256 ? 1 : 2
        guard position + width <= bytes.count else { return nil }
        var v = 0
        for k in 0..<width { v = v << 8 | Int(bytes[position + k]) }
        position += width
        return v % count
    }
}
