import AutoLayout
import ConflictLog
import ConstraintModel
import Geometry
import Scenario
import ViewTree

extension ConflictAnalysis {
    /// The views where the rebuilt system puts them once the conflict is resolved as Apple resolved it
    /// (the broken constraint lowered above every settable priority; the lab's pick when the log names
    /// none): absolute rectangles; what the log leaves free is drawn at a nominal size (120 × 44), 8
    /// inside its superview.
    public var resolvedRects: [Rect] {
        let required = system.members.indices.filter { system.members[$0].priority >= 1000 }
        var breaking: [Int: Double] = [:]
        if let b = appleBroke ?? labBreaks { breaking[b] = ConflictAnalysis.brokenStrength }
        let values =
            system.solve(required, breaking: breaking, nominal: true)
            ?? system.solve(required, lowered: Set(required), nominal: true)
            ?? Array(repeating: 0, count: 4 * system.views.count)
        return system.views.indices.map { v in
            Rect(x: values[4 * v], y: values[4 * v + 1], width: values[4 * v + 2], height: values[4 * v + 3])
        }
    }

    /// Apple lowers a broken constraint "to an internal value that is not required but that is higher
    /// priority than anything you can externally specify" (Cocoa Auto Layout Release Notes).
    static let brokenStrength = 5e8

    /// The log's system as a scenario file (`layoutlab log --scenario`), so `layout`, `explain` and
    /// `render` work on it: each item a view (ids as the log names them, `UILabel:0x7f…`) under its
    /// inferred superview, at the resolved rectangles, none translating a mask; each listed
    /// constraint in the lab's terms (an autoresizing constraint's unary position made relative to its
    /// superview, its id beginning `NSAutoresizingMaskLayoutConstraint` so the breaking rule protects
    /// it), and every view's width and height at least 0 (Apple's engine's rule, which the lab's backend
    /// leaves to the scenario; `LayoutLab-system`, never broken). Returns the constraints the scenario
    /// format cannot hold, with the reason.
    public func scenario() -> (scenario: Scenario, left: [String]) {
        // The views, then the superviews the hierarchy gives siblings without naming them: each a plain
        // view around its subviews, its frame fixed by its (empty) mask.
        let parent = hierarchy.parent
        var rects = resolvedRects
        var ids = system.views.map(\.item.identity)
        for u in system.views.count..<parent.count {
            let members = parent.indices.filter { parent[$0] == u }
            let (x0, y0) = (members.map { rects[$0].minX }.min()!, members.map { rects[$0].minY }.min()!)
            let (x1, y1) = (members.map { rects[$0].maxX }.max()!, members.map { rects[$0].maxY }.max()!)
            rects.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            ids.append("superview of " + members.map { ids[$0] }.joined(separator: " and "))
        }
        // Parents before children.
        var order: [Int] = []
        var placed = Set<Int>()
        func place(_ v: Int) {
            guard !placed.contains(v) else { return }
            placed.insert(v)
            if let p = parent[v] { place(p) }
            order.append(v)
        }
        for v in parent.indices { place(v) }
        var minX = 0.0
        var minY = 0.0
        var maxX = 0.0
        var maxY = 0.0
        for r in rects {
            minX = min(minX, r.minX)
            minY = min(minY, r.minY)
            maxX = max(maxX, r.maxX)
            maxY = max(maxY, r.maxY)
        }
        let views: [View] = order.map { v in
            let r = rects[v]
            let origin = parent[v].map { rects[$0].origin } ?? Point(x: minX, y: minY)
            return View(
                id: ids[v], parentID: parent[v].map { ids[$0] },
                frame: Rect(x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height),
                translatesMask: v >= system.views.count)
        }
        var constraints: [LayoutConstraint] = []
        var left: [String] = []
        let known = Set(ids + [ViewTree.superviewID])
        for (k, m) in members.enumerated() {
            guard let c = layoutConstraint(m.constraint, ids: ids) else {
                left.append("\(m.constraint.text): not expressible in a scenario file")
                continue
            }
            if let rule = c.validate(knownItems: known) {
                left.append("\(m.constraint.text): \(rule.description)")
                continue
            }
            _ = k
            constraints.append(c)
        }
        // Apple's engine keeps sizes non-negative; the lab's backend does not, so the scenario says it.
        for id in ids.prefix(system.views.count) {
            for a in [LayoutAttribute.width, .height] {
                constraints.append(
                    LayoutConstraint(id, a, .greaterThanOrEqual, constant: 0, identifier: BreakingRule.systemIdentifier)
                )
            }
        }
        let size = Size(width: max(1, maxX - minX), height: max(1, maxY - minY))
        let tree: ViewTree
        do {
            tree = try ViewTree(superviewSize: size, views: views)
        } catch {
            tree = try! ViewTree(superviewSize: size, views: [])
            left.append("the views: \(error)")
        }
        let about = "Rebuilt by layoutlab log from the conflict log at lines \(log.firstLine)–\(log.lastLine)."
        return (Scenario(tree: tree, constraints: constraints, description: about), left)
    }

    /// A logged constraint in the lab's model, items named by `ids` (the system's views).
    func layoutConstraint(_ c: LoggedConstraint, ids: [String]) -> LayoutConstraint? {
        func id(_ x: LoggedItem, other: LoggedItem?) -> String? {
            if x.className == "|", let o = other,
                let child = system.views.firstIndex(where: { $0.item.identity == o.identity }),
                let p = system.views[child].parent
            {
                return ids[p]
            }
            return system.views.first { $0.item.identity == x.identity }.map(\.item.identity)
        }
        func attribute(_ name: String) -> LayoutAttribute? {
            switch name {
            case "minX": .left
            case "maxX": .right
            case "midX": .centerX
            case "minY": .top
            case "maxY": .bottom
            case "midY": .centerY
            default: LayoutAttribute(name: name)
            }
        }
        guard let item1 = id(c.first, other: c.second), let a1 = attribute(c.firstAttribute) else { return nil }
        let relation = LayoutRelation(rawValue: c.relation) ?? .equal
        var identifier = c.identifier ?? c.address ?? c.libraryTag
        if c.isAutoresizing { identifier = "NSAutoresizingMaskLayoutConstraint \(c.mask ?? "") \(c.address ?? "")" }
        if let second = c.second, let name2 = c.secondAttribute {
            guard let item2 = id(second, other: c.first), let a2 = attribute(name2) else { return nil }
            return LayoutConstraint(
                item1, a1, relation, item2, a2, multiplier: c.multiplier, constant: c.constant, priority: c.priority,
                identifier: identifier)
        }
        if a1.isSize {
            return LayoutConstraint(
                item1, a1, relation, constant: c.constant, priority: c.priority, identifier: identifier)
        }
        // A position equal to a constant is relative to the view's superview.
        guard let v = system.views.firstIndex(where: { $0.item.identity == item1 }), let p = system.views[v].parent
        else {
            return nil
        }
        let edge: LayoutAttribute = a1.axis == .horizontal ? .left : .top
        return LayoutConstraint(
            item1, a1, relation, ids[p], edge, constant: c.constant, priority: c.priority, identifier: identifier)
    }
}

extension ConflictAnalysis {
    /// Where to draw each conflicting constraint (`layoutlab log --svg`): per edge or size it binds, a
    /// segment along that edge (or across that size) of the resolved rectangle, with the member's number.
    public var conflictMarks: [(from: Point, to: Point, member: Int)] {
        let rects = resolvedRects
        var out: [(Point, Point, Int)] = []
        for k in conflicting.sorted() {
            let c = members[k].constraint
            var pairs = [(c.first, c.firstAttribute, c.second)]
            if let s = c.second, let a = c.secondAttribute { pairs.append((s, a, c.first)) }
            for (item, attribute, other) in pairs {
                var index = system.views.firstIndex { $0.item.identity == item.identity }
                if item.className == "|", let o = other {
                    index = system.views.firstIndex { $0.item.identity == o.identity }.flatMap {
                        system.views[$0].parent
                    }
                }
                guard let v = index else { continue }
                let r = rects[v]
                let m = system.margin
                let name = attribute.prefix { $0 != "{" }
                // Sizes are drawn across the view, each constraint a little further in, so they stay apart.
                let lane = 6 + 8 * Double(k % 6)
                func vertical(_ x: Double) { out.append((Point(x: x, y: r.minY), Point(x: x, y: r.maxY), k)) }
                func horizontal(_ y: Double) { out.append((Point(x: r.minX, y: y), Point(x: r.maxX, y: y), k)) }
                switch name {
                case "left", "leading", "minX": vertical(r.minX)
                case "right", "trailing", "maxX": vertical(r.maxX)
                case "centerX", "midX", "centerXWithinMargins": vertical(r.minX + r.width / 2)
                case "leftMargin", "leadingMargin": vertical(r.minX + m)
                case "rightMargin", "trailingMargin": vertical(r.maxX - m)
                case "top", "minY", "firstBaseline": horizontal(r.minY)
                case "bottom", "maxY", "lastBaseline", "baseline": horizontal(r.maxY)
                case "centerY", "midY", "centerYWithinMargins": horizontal(r.minY + r.height / 2)
                case "topMargin": horizontal(r.minY + m)
                case "bottomMargin": horizontal(r.maxY - m)
                case "width": horizontal(r.minY + min(lane, r.height))
                case "height", "contentHeight": vertical(r.minX + min(lane, r.width))
                default: continue
                }
            }
        }
        return out
    }
}
