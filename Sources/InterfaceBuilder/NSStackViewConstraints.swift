import ConstraintModel
import Geometry
import LabXML
import ViewTree

/// The constraints an NSStackView installs for its views (AppKit's NSStackView reference),
/// named after the ones AppKit logs (`NSStackView.Edge.Top`, `NSStackView.Stack.Min` are seen in
/// public logs; the others follow their pattern). Priorities are required unless noted. The lab's
/// model:
///
/// * `edgeInsets` pad the views from the stack's edges. Along the axis the first view sits at the
///   leading (top) inset and the last one's end at the trailing (bottom) inset, except in gravity
///   areas (below); across it, every edge stays inside the insets (`NSStackView.Edge.*`, `>=`,
///   required) and the alignment edge (or centre, or baseline) lines up at `alignmentPriority`.
/// * Hugging: the stack minimizes its size at its `…StackHuggingPriority` (`NSStackView.Hugging`,
///   `huggingPriority(for:)`: "the priority for the stack view to minimize its size to fit its
///   contained views as closely as possible").
/// * Between neighbours: the view's custom spacing after it when it has one (IB writes FLT_MAX for
///   "none"), else `spacing` (default 8) (`NSStackView.Spacing`).
/// * `distribution`: `fill`, `fillEqually`, `fillProportionally`, `equalSpacing` and `equalCentering`
///   as UIStackView's (`StackViewConstraints`); `gravityAreas` (the default, and the form of stacks
///   saved with `beginningViews`, `middleViews`, `endViews`): leading views packed from the start,
///   trailing views from the end, centre views centred on the stack, at least `spacing` between
///   areas (`NSStackView.Stack.Min`).
/// * `detachesHiddenViews`: a hidden view is detached — it takes no space and no spacing (its size is
///   0 along the axis, `NSStackView.Detached`). Without it, a hidden view keeps its place.
/// * Visibility priorities detach views that do not fit, lowest first; at a document's design size
///   every view fits, so they are read and recorded but change nothing there.
enum NSStackViewConstraints {
    /// NSStackView.h on `alignment`: "The alignment constraints are established at a priority of
    /// NSLayoutPriorityDefaultLow and are overridable for individual views using external
    /// constraints." Interface Builder's default stack hugging, 249.99998, stays just below it.
    static let alignmentPriority = LayoutPriority.defaultLow

    struct Arranged {
        var id: String
        var gravity: Int  // 0 leading, 1 centre, 2 trailing
        var hidden: Bool
        var customSpacing: Double?
    }

    static func arranged(_ e: XMLElement, tree: ViewTree) -> [Arranged] {
        let spacings = (e.child("customSpacing")?.children("real") ?? []).map { SceneBuilder.number($0["value"]) }
        var out: [Arranged] = []
        let areas = ["beginningViews", "middleViews", "endViews"].map { e.child($0)?.children ?? [] }
        let gravity = areas.contains { !$0.isEmpty }
        let lists: [(Int, [XMLElement])] =
            gravity ? Array(areas.enumerated()) : [(0, e.child("subviews")?.children ?? [])]
        for (g, list) in lists {
            for v in list {
                guard let id = v["id"], tree.index(of: id) != nil else { continue }
                let k = out.count
                let custom = k < spacings.count ? spacings[k].flatMap { $0 < 1e30 ? $0 : nil } : nil
                out.append(Arranged(id: id, gravity: g, hidden: v["hidden"] == "YES", customSpacing: custom))
            }
        }
        return out
    }

    static func make(stack: String, element e: XMLElement, tree: inout ViewTree) -> [LayoutConstraint] {
        let vertical = e["orientation"] == "vertical"
        let all = arranged(e, tree: tree)
        guard !all.isEmpty else { return [] }
        let gravityAreas = (e["distribution"] ?? "gravityAreas") == "gravityAreas"
        let distribution = gravityAreas ? "gravityAreas" : (e["distribution"] ?? "fill")
        let alignment = e["alignment"] ?? (vertical ? "centerX" : "centerY")
        let spacing = SceneBuilder.number(e["spacing"]) ?? 8
        let detaches = e["detachesHiddenViews"] == "YES"
        let i = e.child("edgeInsets", key: "edgeInsets")
        let inset = EdgeInsets(
            top: SceneBuilder.number(i?["top"]) ?? 0, left: SceneBuilder.number(i?["left"]) ?? 0,
            bottom: SceneBuilder.number(i?["bottom"]) ?? 0, right: SceneBuilder.number(i?["right"]) ?? 0)
        var views = tree.views
        for a in all { views[tree.index(of: a.id)!].translatesMask = false }

        let (start, end, size, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            vertical ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        let (crossStart, crossEnd, crossSize, crossCenter):
            (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
                vertical ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        let (startInset, endInset) = vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
        let (crossStartInset, crossEndInset) = vertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
        var out: [LayoutConstraint] = []
        func add(_ c: LayoutConstraint, _ name: String) {
            var c = c
            c.identifier = name
            if name == "NSStackView.Alignment" { c.priority = alignmentPriority }
            out.append(c)
        }
        let shown = all.filter { !(detaches && $0.hidden) }
        for h in all where detaches && h.hidden {
            add(LayoutConstraint(h.id, size, .equal, constant: 0), "NSStackView.Detached")
        }
        func gap(after a: Arranged) -> Double { a.customSpacing ?? spacing }

        if gravityAreas {
            let groups = (0...2).map { g in shown.filter { $0.gravity == g } }
            for group in groups {
                for (a, b) in zip(group, group.dropFirst()) {
                    add(
                        LayoutConstraint(b.id, start, .equal, a.id, end, constant: gap(after: a)), "NSStackView.Spacing"
                    )
                }
            }
            if let first = groups[0].first {
                add(
                    LayoutConstraint(first.id, start, .equal, stack, start, constant: startInset),
                    "NSStackView.Edge.Leading")
            }
            if let last = groups[2].last {
                add(LayoutConstraint(stack, end, .equal, last.id, end, constant: endInset), "NSStackView.Edge.Trailing")
            }
            if let first = groups[1].first, let last = groups[1].last {
                // The centre group's middle on the stack's: a guide spanning the group.
                let guide = "\(stack).center"
                views.append(
                    View(
                        id: guide, parentID: stack == ViewTree.superviewID ? nil : stack, frame: .zero,
                        translatesMask: false))
                add(LayoutConstraint(guide, start, .equal, first.id, start), "NSStackView.Gravity.Center")
                add(LayoutConstraint(guide, end, .equal, last.id, end), "NSStackView.Gravity.Center")
                add(LayoutConstraint(guide, center, .equal, stack, center), "NSStackView.Gravity.Center")
                add(LayoutConstraint(guide, crossSize, .equal, constant: 0), "NSStackView.Gravity.Center")
                add(LayoutConstraint(guide, crossStart, .equal, stack, crossStart), "NSStackView.Gravity.Center")
            }
            // At least the spacing between areas, and the views inside the insets.
            let order = groups.flatMap { $0 }
            for (a, b) in zip(order, order.dropFirst()) where a.gravity != b.gravity {
                add(
                    LayoutConstraint(b.id, start, .greaterThanOrEqual, a.id, end, constant: gap(after: a)),
                    "NSStackView.Stack.Min")
            }
            if let first = order.first, first.gravity != 0 {
                add(
                    LayoutConstraint(first.id, start, .greaterThanOrEqual, stack, start, constant: startInset),
                    "NSStackView.Edge.Leading")
            }
            if let last = order.last, last.gravity != 2 {
                add(
                    LayoutConstraint(stack, end, .greaterThanOrEqual, last.id, end, constant: endInset),
                    "NSStackView.Edge.Trailing")
            }
            let hugging =
                SceneBuilder.number(e[vertical ? "verticalStackHuggingPriority" : "horizontalStackHuggingPriority"])
                ?? 250
            add(
                LayoutConstraint(stack, size, .equal, constant: 0, priority: min(999, max(1, hugging))),
                "NSStackView.Hugging")
        } else {
            if let first = shown.first, let last = shown.last {
                add(
                    LayoutConstraint(first.id, start, .equal, stack, start, constant: startInset),
                    "NSStackView.Edge.Leading")
                add(LayoutConstraint(stack, end, .equal, last.id, end, constant: endInset), "NSStackView.Edge.Trailing")
            }
            for (a, b) in zip(shown, shown.dropFirst()) {
                let relation: LayoutRelation =
                    ["equalSpacing", "equalCentering"].contains(distribution) ? .greaterThanOrEqual : .equal
                add(LayoutConstraint(b.id, start, relation, a.id, end, constant: gap(after: a)), "NSStackView.Spacing")
            }
            out += StackViewConstraints.distribute(
                shown.map(\.id), distribution: distribution, stack: stack, vertical: vertical,
                views: &views, tree: tree, prefix: "NSStackView.Distribution")
        }
        // Across the axis: the alignment, the views inside the insets, the stack hugging its views.
        for a in all {
            let v = a.id
            switch alignment {
            case "centerX", "centerY":
                add(
                    LayoutConstraint(
                        v, crossCenter, .equal, stack, crossCenter, constant: (crossStartInset - crossEndInset) / 2),
                    "NSStackView.Alignment")
            case "leading", "top", "left":
                add(
                    LayoutConstraint(v, crossStart, .equal, stack, crossStart, constant: crossStartInset),
                    "NSStackView.Alignment")
            case "trailing", "bottom", "right":
                add(
                    LayoutConstraint(stack, crossEnd, .equal, v, crossEnd, constant: crossEndInset),
                    "NSStackView.Alignment")
            case "firstBaseline", "lastBaseline", "baseline":
                let line: LayoutAttribute = alignment == "firstBaseline" ? .firstBaseline : .lastBaseline
                if v != all.first?.id, let first = all.first {
                    add(LayoutConstraint(v, line, .equal, first.id, line), "NSStackView.Alignment")
                }
            default:  // width / height: fill across
                add(
                    LayoutConstraint(v, crossStart, .equal, stack, crossStart, constant: crossStartInset),
                    "NSStackView.Alignment")
                add(
                    LayoutConstraint(stack, crossEnd, .equal, v, crossEnd, constant: crossEndInset),
                    "NSStackView.Alignment")
            }
            add(
                LayoutConstraint(v, crossStart, .greaterThanOrEqual, stack, crossStart, constant: crossStartInset),
                vertical ? "NSStackView.Edge.Leading" : "NSStackView.Edge.Top")
            add(
                LayoutConstraint(stack, crossEnd, .greaterThanOrEqual, v, crossEnd, constant: crossEndInset),
                vertical ? "NSStackView.Edge.Trailing" : "NSStackView.Edge.Bottom")
        }
        // Across the axis the stack minimizes its size at its hugging priority, as along it; the
        // required edge constraints keep every view inside. A view with no size of its own (a scroll
        // view in a leading-aligned column) is then left free by AppKit's constraints; IB draws it
        // across the stack, which the weakest hold of its edges to the stack's reproduces.
        let crossHugging =
            SceneBuilder.number(e[vertical ? "horizontalStackHuggingPriority" : "verticalStackHuggingPriority"]) ?? 250
        add(
            LayoutConstraint(stack, crossSize, .equal, constant: 0, priority: min(999, max(1, crossHugging))),
            "NSStackView.Hugging")
        for a in all {
            add(
                LayoutConstraint(a.id, crossStart, .equal, stack, crossStart, constant: crossStartInset, priority: 1),
                "NSStackView.Hugging")
            add(
                LayoutConstraint(stack, crossEnd, .equal, a.id, crossEnd, constant: crossEndInset, priority: 1),
                "NSStackView.Hugging")
        }
        if let rebuilt = try? ViewTree(
            superviewSize: tree.superviewSize, views: views, layoutDirection: tree.layoutDirection, root: tree.root)
        {
            tree = rebuilt
        }
        return out
    }
}
