import ConflictLog

/// What a log does not print that can make constraints it lists conflict in Apple's engine though
/// the lab, reading the list alone, finds they can all hold. Named for such a log only.
public enum LogOmission: String, CaseIterable, Hashable, Sendable {
    /// The paste joins a list and a recovery line of two runs: the recovery line names the constraint
    /// under other addresses.
    case twoRuns = "two-runs"
    /// Where a first or last baseline lies: the lab puts it at the top or the bottom of its view.
    case baselineOffsets = "baseline-offsets"
    /// Constants rounded in printing (`%g`, six significant digits): the list holds only exactly.
    case rounding
    /// Layout margins, which the lab takes as 8.
    case layoutMargins = "layout-margins"
    /// Superviews the log does not name: a position is relative to one, or the listed constraints'
    /// views fall into groups that only views or constraints the log does not print join.
    case superviews

    /// What `a`'s log omits that could make its list conflict; empty when its list cannot hold.
    public static func of(_ a: ConflictAnalysis) -> [LogOmission] {
        guard !a.isUnsatisfiable else { return [] }
        let constraints = a.log.constraints
        let attributes = constraints.flatMap { [$0.firstAttribute] + ($0.secondAttribute.map { [$0] } ?? []) }
        var out: [LogOmission] = []
        let twoRuns = a.log.brokenMatch == .otherRun
        if twoRuns { out.append(.twoRuns) }
        if attributes.contains(where: { $0.lowercased().contains("baseline") }) { out.append(.baselineOffsets) }
        if a.holdsOnlyExactly { out.append(.rounding) }
        if attributes.contains(where: { $0.hasSuffix("Margin") || $0.hasSuffix("WithinMargins") }) {
            out.append(.layoutMargins)
        }
        let used = Set(a.system.memberItems.flatMap { [$0.first] + ($0.second.map { [$0] } ?? []) })
        if used.contains(where: { a.system.views[$0].isPlaceholder }) || (!twoRuns && groupsOfViews(a.system) > 1) {
            out.append(.superviews)
        }
        return out
    }

    /// How many groups the listed constraints' views fall into, two views in one group when a
    /// constraint relates them.
    static func groupsOfViews(_ system: LogSystem) -> Int {
        var root = Array(system.views.indices)
        func find(_ v: Int) -> Int {
            var v = v
            while root[v] != v { (root[v], v) = (root[root[v]], root[v]) }
            return v
        }
        for items in system.memberItems {
            if let s = items.second { root[find(items.first)] = find(s) }
        }
        return Set(system.memberItems.map { find($0.first) }).count
    }

    /// In words, for the explanation.
    public var words: String {
        switch self {
        case .twoRuns: "the list and the recovery line come from two runs (other objects, other addresses)"
        case .baselineOffsets: "where the baselines lie in their views (the lab puts them at the top and bottom)"
        case .rounding: "constants rounded in printing (six significant digits): the list holds only exactly"
        case .layoutMargins: "layout margins other than the 8 the lab takes"
        case .superviews: "superviews the log does not name (a position relative to one, views only they join)"
        }
    }
}
