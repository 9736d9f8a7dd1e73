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
///   contained views as closely as possible"). Along the axis of `equalSpacing` and `equalCentering`,
///   whose gaps are only at least the spacing, each gap keeps to the spacing at that priority: the
///   stack fits its views without pulling on their own sizes (a hold of the stack's length to 0 would
///   fight text fields hugging at the same 250, and agrees with fewer stored frames).
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
        let all = arranged(e, tree: tree)
        guard !all.isEmpty else { return [] }
        var b = Builder(stack: stack, element: e, tree: tree)
        for a in all { b.views[tree.index(of: a.id)!].translatesMask = false }
        let shown = all.filter { !(b.detaches && $0.hidden) }
        for h in all where b.detaches && h.hidden {
            b.add(LayoutConstraint(h.id, b.size, .equal, constant: 0), "NSStackView.Detached")
        }
        if b.distribution == "gravityAreas" {
            b.gravityAreas(shown)
        } else {
            b.distributed(shown, tree: tree)
        }
        b.acrossTheAxis(all)
        if let rebuilt = try? ViewTree(
            superviewSize: tree.superviewSize, views: b.views, layoutDirection: tree.layoutDirection, root: tree.root)
        {
            tree = rebuilt
        }
        return b.out
    }

    /// One stack's attributes, read once, and the constraints and guide views made for it.
    struct Builder {
        let stack: String
        let vertical: Bool
        let distribution: String
        let alignment: String
        let spacing: Double
        let detaches: Bool
        let hugging: (along: Double, across: Double)
        let (start, end, size, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute)
        let (crossStart, crossEnd, crossSize, crossCenter):
            (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute)
        let (startInset, endInset, crossStartInset, crossEndInset): (Double, Double, Double, Double)
        var views: [View]
        var out: [LayoutConstraint] = []

        init(stack: String, element e: XMLElement, tree: ViewTree) {
            self.stack = stack
            let attributes = StackAttributes(e, platform: .macOS)
            vertical = attributes.vertical
            distribution = e["distribution"] ?? "gravityAreas"
            alignment = attributes.alignment
            spacing = SceneBuilder.number(e["spacing"]) ?? 8
            detaches = e["detachesHiddenViews"] == "YES"
            let horizontalHugging = SceneBuilder.number(e["horizontalStackHuggingPriority"]) ?? 250
            let verticalHugging = SceneBuilder.number(e["verticalStackHuggingPriority"]) ?? 250
            hugging = vertical ? (verticalHugging, horizontalHugging) : (horizontalHugging, verticalHugging)
            let i = e.child("edgeInsets", key: "edgeInsets")
            let (top, left, bottom, right) = (
                SceneBuilder.number(i?["top"]) ?? 0, SceneBuilder.number(i?["left"]) ?? 0,
                SceneBuilder.number(i?["bottom"]) ?? 0, SceneBuilder.number(i?["right"]) ?? 0
            )
            (start, end, size, center) =
                vertical ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
            (crossStart, crossEnd, crossSize, crossCenter) =
                vertical ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
            (startInset, endInset, crossStartInset, crossEndInset) =
                vertical ? (top, bottom, left, right) : (left, right, top, bottom)
            views = tree.views
        }

        mutating func add(_ c: LayoutConstraint, _ name: String) {
            var c = c
            c.identifier = name
            out.append(c)
        }

        func gap(after a: Arranged) -> Double { a.customSpacing ?? spacing }

        /// A stack hugging priority as a constraint can take it (IB writes 249.99998 for the default).
        static func optional(_ priority: Double) -> Double { min(999, max(1, priority)) }

        /// The stack's size held to 0 at a hugging priority.
        mutating func hug(_ attribute: LayoutAttribute, at priority: Double) {
            add(
                LayoutConstraint(stack, attribute, .equal, constant: 0, priority: Self.optional(priority)),
                "NSStackView.Hugging")
        }

        /// Gravity areas: leading views packed from the start, trailing ones from the end, centre ones
        /// centred on a guide spanning them, at least the spacing between areas.
        mutating func gravityAreas(_ shown: [Arranged]) {
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
            hug(size, at: hugging.along)
        }

        /// `fill`, `fillEqually`, `fillProportionally`, `equalSpacing`, `equalCentering`: the ends on
        /// the insets, the spacing between neighbours, and UIStackView's distribution.
        mutating func distributed(_ shown: [Arranged], tree: ViewTree) {
            if let first = shown.first, let last = shown.last {
                add(
                    LayoutConstraint(first.id, start, .equal, stack, start, constant: startInset),
                    "NSStackView.Edge.Leading")
                add(LayoutConstraint(stack, end, .equal, last.id, end, constant: endInset), "NSStackView.Edge.Trailing")
            }
            let relation: LayoutRelation =
                ["equalSpacing", "equalCentering"].contains(distribution) ? .greaterThanOrEqual : .equal
            for (a, b) in zip(shown, shown.dropFirst()) {
                add(LayoutConstraint(b.id, start, relation, a.id, end, constant: gap(after: a)), "NSStackView.Spacing")
                if relation == .greaterThanOrEqual {
                    add(
                        LayoutConstraint(
                            b.id, start, .equal, a.id, end, constant: gap(after: a),
                            priority: Self.optional(hugging.along)),
                        "NSStackView.Hugging")
                }
            }
            out += StackViewConstraints.distribute(
                shown.map(\.id), distribution: distribution, stack: stack, vertical: vertical,
                views: &views, tree: tree, prefix: "NSStackView.Distribution")
        }

        /// Across the axis: the alignment at DefaultLow, every edge inside the insets, and the stack
        /// minimizing its size at its hugging priority. A view with no size of its own (a scroll view in
        /// a leading-aligned column) is then left free by AppKit's constraints; IB draws it across the
        /// stack, which the weakest hold of its edges to the stack's reproduces.
        mutating func acrossTheAxis(_ all: [Arranged]) {
            for a in all {
                align(a.id, first: all.first?.id)
                add(
                    LayoutConstraint(
                        a.id, crossStart, .greaterThanOrEqual, stack, crossStart, constant: crossStartInset),
                    vertical ? "NSStackView.Edge.Leading" : "NSStackView.Edge.Top")
                add(
                    LayoutConstraint(stack, crossEnd, .greaterThanOrEqual, a.id, crossEnd, constant: crossEndInset),
                    vertical ? "NSStackView.Edge.Trailing" : "NSStackView.Edge.Bottom")
            }
            hug(crossSize, at: hugging.across)
            for a in all {
                add(
                    LayoutConstraint(
                        a.id, crossStart, .equal, stack, crossStart, constant: crossStartInset, priority: 1),
                    "NSStackView.Hugging")
                add(
                    LayoutConstraint(stack, crossEnd, .equal, a.id, crossEnd, constant: crossEndInset, priority: 1),
                    "NSStackView.Hugging")
            }
        }

        /// The alignment edge, centre or baseline (baselines line up with the first view's); `width`
        /// and `height` alignments fill the stack across.
        mutating func align(_ v: String, first: String?) {
            let p = alignmentPriority
            let leading = LayoutConstraint(
                v, crossStart, .equal, stack, crossStart, constant: crossStartInset, priority: p)
            let trailing = LayoutConstraint(stack, crossEnd, .equal, v, crossEnd, constant: crossEndInset, priority: p)
            switch alignment {
            case "centerX", "centerY":
                let offset = (crossStartInset - crossEndInset) / 2
                add(
                    LayoutConstraint(v, crossCenter, .equal, stack, crossCenter, constant: offset, priority: p),
                    "NSStackView.Alignment")
            case "leading", "top", "left": add(leading, "NSStackView.Alignment")
            case "trailing", "bottom", "right": add(trailing, "NSStackView.Alignment")
            case "firstBaseline", "lastBaseline", "baseline":
                let line: LayoutAttribute = alignment == "firstBaseline" ? .firstBaseline : .lastBaseline
                if let first, v != first {
                    add(LayoutConstraint(v, line, .equal, first, line, priority: p), "NSStackView.Alignment")
                }
            default:
                add(leading, "NSStackView.Alignment")
                add(trailing, "NSStackView.Alignment")
            }
        }
    }
}
