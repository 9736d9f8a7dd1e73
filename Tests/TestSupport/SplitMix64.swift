/// SplitMix64: a deterministic generator driven by a property test's seed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Prints a property test's inputs as a case starts: a crash, which Swift Testing cannot attribute
/// to a case, then leaves in the log the seed and sizes that reproduce it.
public func announce(_ inputs: Any..., test: String = #function) {
    print("\(test) case: \(inputs.map { "\($0)" }.joined(separator: " "))")
}
