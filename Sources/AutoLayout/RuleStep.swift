/// One step of `BreakingRule`: a feature of each candidate and which end of it is broken first. The
/// features are what a log shows of a constraint, each one the engine's mechanics or UIKit's
/// documented behaviour could turn on: whether it is UIKit's own bookkeeping, where it sits in the
/// view hierarchy (UIKit's delegate compares the items' places), its Visual Format shape (Apple's
/// `_constraintType`), its relation and constant, whether the engine was adding it when it failed
/// (listed last), whether it takes part in a set that cannot hold.
public struct RuleStep: Hashable, Sendable, CustomStringConvertible {
    public enum Feature: String, Hashable, Sendable, CaseIterable {
        /// 1 for UIKit's or AppKit's bookkeeping, else 0.
        case bookkeeping
        case ownerDepth = "owner_depth"
        case firstItemDepth = "first_item_depth"
        case secondItemDepth = "second_item_depth"
        /// 1 for a leading or top inset to the superview (`|-(c)-[X]`).
        case leadingPin = "leading_pin"
        /// 1 for an edge against another view's opposite edge.
        case spacing
        /// 1 for a size against a constant alone.
        case unarySize = "unary_size"
        /// 1 for `==`.
        case equality
        /// 1 for a multiplier other than 1.
        case ratio
        /// The constant's magnitude.
        case constant
        /// 1 when another member ties the same anchors and asks less of the deeper item
        /// (`BreakingRule.markingAsksMore`).
        case asksMore = "asks_more"
        /// 1 for the constraint listed last: the one the engine was adding when it failed, where the
        /// engine lists the row's other members first (a container adds a cell's encapsulated size
        /// last, and the logs list it last).
        case listedLast = "listed_last"
        /// 1 when it belongs to a set of the list that cannot hold (breaking it can resolve the
        /// conflict), 0 when the list holds without it being broken.
        case inConflict = "in_conflict"

        public func value(_ c: BreakingRule.Candidate, index: Int, count: Int) -> Double {
            switch self {
            case .bookkeeping: c.isProtected ? 1 : 0
            case .ownerDepth: Double(c.ownerDepth)
            case .firstItemDepth: Double(c.firstItemDepth)
            case .secondItemDepth: Double(c.secondItemDepth)
            case .leadingPin: c.isLeadingPin ? 1 : 0
            case .spacing: c.isSpacing ? 1 : 0
            case .unarySize: c.isUnarySize ? 1 : 0
            case .equality: c.isEquality ? 1 : 0
            case .ratio: c.multiplier != 1 ? 1 : 0
            case .constant: abs(c.constant)
            case .asksMore: c.asksMore ? 1 : 0
            case .listedLast: index == count - 1 ? 1 : 0
            case .inConflict: c.inConflict ? 1 : 0
            }
        }
    }

    /// Which end of the feature is broken first.
    public enum End: String, Hashable, Sendable {
        case greatest, least
    }

    public var feature: Feature
    public var end: End

    public init(_ feature: Feature, _ end: End = .greatest) {
        self.feature = feature
        self.end = end
    }

    /// The step's key: the greatest is broken first.
    public func key(_ c: BreakingRule.Candidate, index: Int, count: Int) -> Double {
        let v = feature.value(c, index: index, count: count)
        return end == .greatest ? v : -v
    }

    /// As `Tools/breaking-rules.py` names it: `owner_depth+` breaks the greatest first, `bookkeeping-`
    /// the least.
    public var description: String { feature.rawValue + (end == .greatest ? "+" : "-") }

    /// Reads `description`'s form back.
    public init?(_ name: String) {
        guard let sign = name.last, sign == "+" || sign == "-", let f = Feature(rawValue: String(name.dropLast()))
        else { return nil }
        self.init(f, sign == "+" ? .greatest : .least)
    }
}
