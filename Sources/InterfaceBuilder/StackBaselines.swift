import ConstraintModel
import LabXML
import ViewTree

/// A stack view's baselines are its arranged views' (Apple: "When you make a constraint to a view's
/// firstBaseline attribute, Auto Layout uses the baseline of the view returned by
/// forFirstBaselineLayout"; UIStackView and NSStackView return their arranged views): its first
/// baseline is its first visible arranged view's, its last baseline its last one's, through nested
/// stacks. Constraints naming a stack's baseline are rewritten to name that view's.
struct StackBaselines {
    /// Per stack id: its first and last visible arranged views.
    var ends: [String: (first: String, last: String)] = [:]

    init(stacks: [(id: String, element: XMLElement)], tree: ViewTree, platform: IBImport.Platform) {
        for (id, e) in stacks {
            let shown: [String]
            if platform == .macOS {
                let detaches = e["detachesHiddenViews"] == "YES"
                shown = NSStackViewConstraints.arranged(e, tree: tree).filter { !(detaches && $0.hidden) }.map(\.id)
            } else {
                shown = (e.child("subviews")?.children ?? []).filter { $0["hidden"] != "YES" }.compactMap { $0["id"] }
            }
            if let first = shown.first, let last = shown.last { ends[id] = (first, last) }
        }
    }

    /// The view whose baseline stands for `item`'s: itself, or its stack's end view, recursively.
    func view(_ item: String, last: Bool) -> String {
        var v = item
        var steps = 0
        while let e = ends[v], steps < 64 {
            v = last ? e.last : e.first
            steps += 1
        }
        return v
    }

    func rewrite(_ c: LayoutConstraint) -> LayoutConstraint {
        guard !ends.isEmpty else { return c }
        var c = c
        if c.attr1.isBaseline { c.item1 = view(c.item1, last: c.attr1 == .lastBaseline) }
        if let a2 = c.attr2, a2.isBaseline, let item2 = c.item2 { c.item2 = view(item2, last: a2 == .lastBaseline) }
        return c
    }
}
