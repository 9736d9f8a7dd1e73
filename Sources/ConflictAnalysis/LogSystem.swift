import ConflictLog
import Foundation
import Solver

/// A conflict log's constraints rebuilt as a linear system. Every item a constraint names
/// becomes a rectangle (x, y, width, height in one coordinate space; layout guides too), superviews
/// are inferred where the log shows them (`'|'` names; the superview an autoresizing constraint's
/// unary position is relative to), and the engine's own rule that sizes are never negative is added
/// (Apple reports `UIView.width == - 16` alone as unsatisfiable). What the log does not print is
/// assumed: layout margins of 8 on every edge, baselines at the top (first) and bottom (last).
public struct LogSystem: Sendable {
    public struct View: Hashable, Sendable {
        public var item: LoggedItem
        /// Inferred from the log: `'|'` names, an autoresizing position's superview.
        public var parent: Int?
        /// Not named by the log itself: the unseen superview of a view whose `'|'` it does not name.
        public var isPlaceholder: Bool
        /// A short name for explanations (`label`, `contentView`, `imageView 'Logo'`).
        public var name: String
    }

    /// A constraint as `Σ coefficient × variable + constant  (== | >= | <=)  0`. Variables are
    /// `4 × view + {0: x, 1: y, 2: width, 3: height}`.
    public struct Linear: Hashable, Sendable {
        public var terms: [Int: Double]
        public var constant: Double
        public var relation: String
        public var priority: Double
        /// What printing the constant with `%g` may have rounded away.
        public var printingPrecision: Double = 0
    }

    /// The views a listed constraint's items resolve to (`'|'` to the other item's superview; a unary
    /// position's second item is the superview it is relative to).
    public struct Items: Hashable, Sendable {
        public var first: Int
        public var second: Int?
    }

    public var views: [View]
    /// The listed constraints, in the log's order.
    public var members: [Linear]
    /// Per member, the views its items resolve to.
    public var memberItems: [Items]
    /// Per view, `width >= 0` and `height >= 0` (the engine's, not the log's).
    public var nonNegativeSizes: [Linear]
    /// The margin every view is assumed to have.
    public var margin: Double

    static let x = 0, y = 1, width = 2, height = 3

    public init(_ log: ConflictLog, margin: Double = 8) throws(LogSystemError) {
        self.margin = margin
        var builder = Builder()
        builder.inferParents(log.constraints)
        var members: [Linear] = []
        var items: [Items] = []
        for c in log.constraints {
            let (linear, item) = try builder.compile(c, margin: margin)
            members.append(linear)
            items.append(item)
        }
        views = builder.views
        self.members = members
        memberItems = items
        nonNegativeSizes = views.indices.flatMap { v in
            [Self.width, Self.height].map {
                Linear(terms: [4 * v + $0: 1], constant: 0, relation: ">=", priority: 1000)
            }
        }
        Self.nameViews(&views)
    }

    // MARK: Solving

    /// Whether the listed constraints `members` (indices), with sizes kept non-negative, can all hold
    /// at their priorities (only required ones can fail); `lowered` are taken at 999.
    public func isSatisfiable(_ chosen: [Int], lowered: Set<Int> = []) -> Bool {
        solve(chosen, lowered: lowered) != nil
    }

    /// Whether the chosen members hold with every required inequality tightened by what printing its
    /// constant may have rounded away (`printingPrecision`): false when they hold only with no slack
    /// at all, where a value printed as `48` but stored as 48.00001 conflicts.
    public func holdsWithSlack(_ chosen: [Int]) -> Bool {
        var tightened = self
        for k in chosen where members[k].relation != "==" {
            // `Σ + constant >= 0` made harder: the constant lowered (raised for `<=`).
            let d = members[k].printingPrecision
            tightened.members[k].constant += members[k].relation == ">=" ? -d : d
        }
        return tightened.isSatisfiable(chosen)
    }

    /// Half a unit in the sixth significant digit of `c`, what `%g` keeps of a logged constant (0 for
    /// 0, which `%g` prints only when it is).
    static func printingPrecision(_ c: Double) -> Double {
        guard c != 0, c.isFinite else { return 0 }
        return 0.5 * pow(10, (log10(abs(c))).rounded(.down) - 5)
    }

    /// A solution of the chosen members (their variables' values), or nil when unsatisfiable.
    /// `pull` moves one view's weak preference elsewhere (to tell free variables from fixed ones).
    /// `nominal` pulls free sizes towards 120 × 44 and free positions 8 inside the superview (for a
    /// picture or a scenario), instead of towards 0.
    public func solve(
        _ chosen: [Int], lowered: Set<Int> = [], breaking: [Int: Double] = [:], pull: Int? = nil, nominal: Bool = false
    ) -> [Double]? {
        let solver = Solver()
        let variables = (0..<(4 * views.count)).map { Variable("v\($0)") }
        func constraint(_ l: Linear, strength: Double) -> Constraint {
            var e = Expression(constant: l.constant)
            for (v, c) in l.terms.sorted(by: { $0.key < $1.key }) { e.terms.append(Term(variables[v], c)) }
            let op: RelationalOperator =
                l.relation == "==" ? .equal : (l.relation == ">=" ? .greaterOrEqual : .lessOrEqual)
            return Constraint(e, op, strength: strength)
        }
        do {
            for l in nonNegativeSizes { try solver.addConstraint(constraint(l, strength: Strength.required)) }
            for k in chosen {
                let l = members[k]
                let strength: Double
                if let s = breaking[k] {
                    strength = s
                } else if lowered.contains(k) || l.priority < 1000 {
                    strength = Strength.priority(lowered.contains(k) ? 999 : l.priority)
                } else {
                    strength = Strength.required
                }
                try solver.addConstraint(constraint(l, strength: strength))
            }
        } catch {
            return nil
        }
        // Weakly at the origin, so free positions read as 0 rather than anything.
        for (k, v) in variables.enumerated() {
            let view = k / 4
            let part = k % 4
            var e = Expression([Term(v)], constant: pull == view ? -997.0 : 0)
            if nominal {
                if part >= 2 {
                    e.constant = part == 2 ? -120 : -44
                } else if let p = views[view].parent {
                    e = Expression([Term(v), Term(variables[4 * p + part], -1)], constant: -8)
                }
            }
            // A weak pull cannot conflict with a required constraint; none is refused.
            _ = try? solver.addConstraint(Constraint(e, .equal, strength: 1e-3))
        }
        solver.updateVariables()
        return variables.map(\.value)
    }

    /// How far a solution misses member `k` (0 when it holds).
    public func miss(_ k: Int, in values: [Double]) -> Double {
        let l = members[k]
        var v = l.constant
        for (i, c) in l.terms { v += c * values[i] }
        switch l.relation {
        case ">=": return max(0, -v)
        case "<=": return max(0, v)
        default: return abs(v)
        }
    }

    /// The minimal sets of listed constraints that cannot hold together (each drops to satisfiable
    /// when any one member goes), up to `limit` of them: a hitting-set search over one set found by
    /// deletion filtering at a time (Reiter), so every minimal set is found when there are few.
    public func minimalConflicts(limit: Int = 12) -> [[Int]] {
        let all = Array(members.indices).filter { members[$0].priority >= 1000 }
        var found: [[Int]] = []
        var seen = Set<[Int]>()
        var queue: [[Int]] = [[]]  // sets of removed members
        var explored = Set<[Int]>()
        while let removed = queue.first, found.count < limit, explored.count < 400 {
            queue.removeFirst()
            guard explored.insert(removed.sorted()).inserted else { continue }
            let pool = all.filter { !removed.contains($0) }
            guard !isSatisfiable(pool) else { continue }
            let core = shrink(pool)
            if seen.insert(core).inserted { found.append(core) }
            for k in core { queue.append(removed + [k]) }
        }
        return found.sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// Deletion filtering: drop each member whose absence keeps the set unsatisfiable.
    func shrink(_ set: [Int]) -> [Int] {
        var members = set
        var i = 0
        while i < members.count {
            var trial = members
            trial.remove(at: i)
            if !isSatisfiable(trial) { members = trial } else { i += 1 }
        }
        return members
    }

    /// Whether the engine's non-negative sizes take part in conflict `set` (it is satisfiable once sizes
    /// may go negative): which sizes, by view.
    public func negativeSizes(in set: [Int]) -> [Int] {
        var copy = self
        copy.nonNegativeSizes = []
        guard copy.isSatisfiable(set) else { return [] }
        let involved = Set(set.flatMap { members[$0].terms.keys.map { $0 / 4 } })
        return views.indices.filter { involved.contains($0) }
    }

    // MARK: Names

    /// A logged class without its module or Swift mangling (`MyApp.TitleLabel`, `_TtC5MyApp10TitleLabel`
    /// → `TitleLabel`).
    static func innermostClass(_ c: String) -> String {
        let s = Substring(c.split(separator: ".").last ?? Substring(c))
        if s.hasPrefix("_Tt"), let last = demangledClass(s) { return last }
        return String(s)
    }

    /// The innermost class of a Swift-mangled class name (`_TtCC5UIKit19NavigationButtonBar15ItemWrapperView`
    /// → `ItemWrapperView`): length-prefixed identifiers after `_Tt` and the `C`s of nesting.
    static func demangledClass(_ s: Substring) -> String? {
        var rest = s.dropFirst(3)
        while rest.first == "C" || rest.first == "V" || rest.first == "O" { rest = rest.dropFirst() }
        var last: String?
        while let d = rest.first, d.isNumber {
            let digits = rest.prefix { $0.isNumber }
            guard let n = Int(digits), n > 0 else { return last }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= n else { return last }
            last = String(rest.prefix(n))
            rest = rest.dropFirst(n)
        }
        return last
    }

    /// Short names: the class without its module and `UI`/`NS`/`_` prefix, lower camel case, with a
    /// label's text or, among views of one class, the address's end to tell them apart.
    static func nameViews(_ views: inout [View]) {
        func base(_ c: String) -> String {
            var s = Substring(innermostClass(c))
            while s.first == "_" { s = s.dropFirst() }
            for p in ["UI", "NS"] where s.hasPrefix(p) && s.count > p.count { s = s.dropFirst(p.count) }
            if s.hasSuffix("ContentView") && s.hasPrefix("TableViewCell") || s.hasPrefix("CollectionViewCell") {
                s = "contentView"
            }
            return s.prefix(1).lowercased() + s.dropFirst()
        }
        var counts: [String: Int] = [:]
        for v in views { counts[base(v.item.className), default: 0] += 1 }
        for i in views.indices {
            let v = views[i]
            var name = base(v.item.className)
            if v.item.isLayoutGuide, let label = v.item.label, label.hasPrefix("UIView"), label.hasSuffix("Guide") {
                // 'UIViewSafeAreaLayoutGuide' → safeAreaLayoutGuide: the guide's property name.
                let property = label.dropFirst("UIView".count)
                views[i].name = property.prefix(1).lowercased() + property.dropFirst()
                continue
            }
            if let raw = v.item.label, !raw.isEmpty {
                let label = raw.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
                name += " '\(label.count > 24 ? String(label.prefix(21)) + "..." : label)'"
            } else if counts[name]! > 1 {
                name += " …" + String((v.item.address ?? v.item.name ?? "\(i)").suffix(4))
            }
            if v.isPlaceholder, let child = views.firstIndex(where: { $0.parent == i }) {
                name = "superview of \(views[child].item.identity)"
            }
            views[i].name = name
        }
    }
}

public struct LogSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(line):\(column): \(message)" }
}

/// Builds the views and linear forms of one log.
private struct Builder {
    var views: [LogSystem.View] = []
    var index: [String: Int] = [:]

    mutating func view(_ x: LoggedItem, placeholder: Bool = false) -> Int {
        if let k = index[x.identity] {
            if views[k].item.label == nil, x.label != nil { views[k].item.label = x.label }
            return k
        }
        views.append(LogSystem.View(item: x, parent: nil, isPlaceholder: placeholder, name: x.className))
        index[x.identity] = views.count - 1
        return views.count - 1
    }

    /// The superview of `child`: named, else a placeholder shared by every mention of that child.
    mutating func parent(of child: Int) -> Int {
        if let p = views[child].parent { return p }
        let p = view(
            LoggedItem(className: "UIView", name: "superview of \(views[child].item.identity)"), placeholder: true)
        views[child].parent = p
        return p
    }

    mutating func inferParents(_ list: [LoggedConstraint]) {
        // A view tied to another's layout margins sits inside it (a cell's label and its content view):
        // the other is its superview, unless the log names one.
        for c in list {
            guard let second = c.second, let a2 = c.secondAttribute, c.superview == nil else { continue }
            let (inner, outer) =
                a2.hasSuffix("Margin")
                ? (c.first, second) : (c.firstAttribute.hasSuffix("Margin") ? (second, c.first) : (c.first, c.first))
            guard inner.identity != outer.identity else { continue }
            let i = view(inner)
            if views[i].parent == nil { views[i].parent = view(outer) }
        }
        for c in list {
            guard let sup = c.superview else { continue }
            let s = view(sup)
            switch c.form {
            case .leadingPin: views[view(c.first)].parent = s
            case .trailingPin: if let x = c.second { views[view(x)].parent = s }
            case .spacing, .size, .equation:
                if c.first.identity != sup.identity { views[view(c.first)].parent = s }
            }
        }
    }

    mutating func compile(
        _ c: LoggedConstraint, margin: Double
    ) throws(LogSystemError)
        -> (LogSystem.Linear, LogSystem.Items)
    {
        func fail(_ m: String) -> LogSystemError { LogSystemError(line: c.line, column: c.column, message: m) }
        var terms: [Int: Double] = [:]
        var constant = -c.constant
        // The superview placeholder `'|'` stands for X's superview.
        func resolved(_ x: LoggedItem, other: LoggedItem?) -> Int {
            if x.className == "|", let o = other { return parent(of: view(o)) }
            return view(x)
        }
        let first = resolved(c.first, other: c.second)
        var item2: Int?
        try add(&terms, &constant, first, c.firstAttribute, 1, margin, fail)
        if let second = c.second, let a2 = c.secondAttribute {
            let s = resolved(second, other: c.first)
            item2 = s
            try add(&terms, &constant, s, a2, -c.multiplier, margin, fail)
        } else if !LogSystem.isSize(c.firstAttribute) {
            // A position equal to a constant: relative to the view's superview (an autoresizing
            // constraint's frame, `UIImageView.midX == + 14.5`).
            let p = parent(of: first)
            item2 = p
            try add(&terms, &constant, p, LogSystem.isHorizontal(c.firstAttribute) ? "minX" : "minY", -1, margin, fail)
        }
        let linear = LogSystem.Linear(
            terms: terms.filter { $0.value != 0 }, constant: constant, relation: c.relation, priority: c.priority,
            printingPrecision: LogSystem.printingPrecision(c.constant))
        return (linear, LogSystem.Items(first: first, second: item2))
    }

    /// Adds `coefficient × view.attribute` to a linear form.
    mutating func add(
        _ terms: inout [Int: Double], _ constant: inout Double, _ v: Int, _ attribute: String, _ coefficient: Double,
        _ m: Double, _ fail: (String) -> LogSystemError
    ) throws(LogSystemError) {
        var v = v
        var name = attribute
        if let brace = name.firstIndex(of: "{") {
            // contentHeight{id: 28}: the scroll view's content, a rectangle of its own.
            name = String(name[..<brace])
            let owner = views[v].item
            v = view(LoggedItem(className: "content", name: "of \(owner.identity)"))
            name = name == "contentWidth" ? "width" : "height"
        }
        guard let place = LogSystem.placements[name] else {
            throw fail("the attribute \(attribute) is not one the lab knows")
        }
        let (origin, size) = place.horizontal ? (LogSystem.x, LogSystem.width) : (LogSystem.y, LogSystem.height)
        if place.isSize {
            terms[4 * v + size, default: 0] += coefficient
            return
        }
        terms[4 * v + origin, default: 0] += coefficient
        if place.fraction != 0 { terms[4 * v + size, default: 0] += coefficient * place.fraction }
        constant += coefficient * place.margin * m
    }
}
