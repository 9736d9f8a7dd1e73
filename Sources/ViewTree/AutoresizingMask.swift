import Geometry

/// A UIViewAutoresizing bitmask. The bits are UIKit's; each axis has three parts in the
/// order (min margin, size, max margin).
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
    public static let flexibleWidth = AutoresizingMask(rawValue: 2)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
    public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)

    public static let none: AutoresizingMask = []
    /// The largest valid raw value: all six bits.
    public static let maxRawValue = 63

    /// UIKit's names, in bit order, as scenario files spell them.
    public static let uikitNames: [(name: String, mask: AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// Which of an axis's three parts are flexible.
    public func parts(on axis: Axis) -> FlexibleParts {
        let bits = axis == .horizontal ? rawValue & 7 : (rawValue >> 3) & 7
        return FlexibleParts(min: bits & 1 != 0, size: bits & 2 != 0, max: bits & 4 != 0)
    }

    /// Apple's debug notation, e.g. `h=&-& v=--&`. An axis with no flexible part prints
    /// as `--&`, as Apple's logs do: a fixed view behaves as if its max margin absorbed the change.
    public var notation: String {
        (0...Self.maxRawValue).contains(rawValue) ? Self.notations[rawValue] : Self.spell(self)
    }

    /// All 64 notations, built once: the results writer prints one per stored divergence.
    static let notations: [String] = (0...maxRawValue).map { spell(AutoresizingMask(rawValue: $0)) }

    static func spell(_ m: AutoresizingMask) -> String {
        "h=\(m.parts(on: .horizontal).notation) v=\(m.parts(on: .vertical).notation)"
    }

    /// Reads Apple's notation: `h=XYZ v=XYZ` with `&` (flexible) or `-` (fixed) for each part. `--&`
    /// is read literally as "max margin flexible"; use `---` (or an integer) for a mask of none.
    public init?(notation: String) {
        let words = notation.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, words[0].hasPrefix("h="), words[1].hasPrefix("v=") else { return nil }
        var raw = 0
        for (shift, word) in [(0, words[0]), (3, words[1])] {
            let chars = Array(word.dropFirst(2))
            guard chars.count == 3 else { return nil }
            for (i, c) in chars.enumerated() {
                switch c {
                case "&": raw |= 1 << (shift + i)
                case "-": break
                default: return nil
                }
            }
        }
        self.init(rawValue: raw)
    }
}

/// The flexible parts of one axis of a mask.
public struct FlexibleParts: Hashable, Sendable {
    public var min: Bool
    public var size: Bool
    public var max: Bool

    public init(min: Bool, size: Bool, max: Bool) {
        self.min = min
        self.size = size
        self.max = max
    }

    public var count: Int { (min ? 1 : 0) + (size ? 1 : 0) + (max ? 1 : 0) }
    public var isEmpty: Bool { !min && !size && !max }

    /// `&` or `-` per part; no flexible part prints as `--&` (Apple's rendering of a fixed axis).
    public var notation: String {
        if isEmpty { return "--&" }
        return (min ? "&" : "-") + (size ? "&" : "-") + (max ? "&" : "-")
    }
}
