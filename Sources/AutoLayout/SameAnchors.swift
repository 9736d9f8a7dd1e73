/// Constraints on the same two anchors that differ in what they ask: which of them asks more.
///
/// Where two members of a conflict tie the same anchors (`button.bottom == gradient.bottom − 24` and
/// `… − 32`; a width of 40 and one of 24; `view.top == guide.bottom + 10` and `+ 30`), Apple's logs
/// break the one that asks more of the deeper item: the greater constant as that item reads it, the
/// larger size. `RuleStep.Feature.asksMore` lets a breaking rule read it; `Tools/breaking-rules.py`
/// offers it to the search only when asked (`--offer=asks_more`): on the corpus alone it decides two
/// logs, one each way (docs/conflict-logs.md has the measurements).
extension BreakingRule {
    /// What a constraint asks of its anchors: `first.firstAttribute relation multiplier ×
    /// second.secondAttribute + constant`, items numbered by the caller (views of a log or a tree).
    public struct Demand: Hashable, Sendable {
        public var first: Int
        public var firstAttribute: String
        public var second: Int?
        public var secondAttribute: String?
        /// `==`, `>=` or `<=`.
        public var relation: String
        public var multiplier: Double
        public var constant: Double

        public init(
            first: Int, firstAttribute: String, second: Int?, secondAttribute: String?, relation: String,
            multiplier: Double, constant: Double
        ) {
            self.first = first
            self.firstAttribute = firstAttribute
            self.second = second
            self.secondAttribute = secondAttribute
            self.relation = relation
            self.multiplier = multiplier
            self.constant = constant
        }

        struct Anchor: Hashable {
            var item: Int
            var attribute: String
        }

        var left: Anchor { Anchor(item: first, attribute: firstAttribute) }
        var right: Anchor? { second.map { Anchor(item: $0, attribute: secondAttribute ?? "") } }

        /// What it asks of `subject` (one of its anchors) relative to the other: the constant and the
        /// relation as `subject` reads them; nil where the multiplier is not 1 or it holds `subject` at
        /// most (`<=`), which asks for no more.
        func asked(of subject: Anchor) -> Double? {
            guard multiplier == 1 else { return nil }
            let flipped = subject != left
            let relation = flipped ? (relation == ">=" ? "<=" : relation == "<=" ? ">=" : relation) : relation
            guard relation != "<=" else { return nil }
            return flipped ? -constant : constant
        }
    }

    /// `candidates` with `asksMore` set where another member ties the same two anchors (either way
    /// round) and asks less of the deeper item (of the first-listed member's first item where their
    /// depths tie). `demands` is parallel to `candidates`, nil where a member is not a plain demand.
    public static func markingAsksMore(_ candidates: [Candidate], demands: [Demand?]) -> [Candidate] {
        var out = candidates
        for i in candidates.indices {
            guard let di = demands[i] else { continue }
            for j in candidates.indices where j != i {
                guard let dj = demands[j], Set([dj.left, dj.right]) == Set([di.left, di.right]) else { continue }
                let (k, dk) = i < j ? (i, di) : (j, dj)
                let c = candidates[k]
                let subject = (c.secondItemDepth > c.firstItemDepth ? dk.right : nil) ?? dk.left
                if let a = di.asked(of: subject), let b = dj.asked(of: subject), a > b {
                    out[i].asksMore = true
                }
            }
        }
        return out
    }
}
