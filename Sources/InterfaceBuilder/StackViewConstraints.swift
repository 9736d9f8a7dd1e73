import ConstraintModel
import Geometry
import LabXML
import ViewTree

/// The constraints a stack view installs for its arranged subviews, named as Apple's
/// logs name them (`UISV-canvas-connection`, `UISV-spacing`, …). Priorities are required unless
/// noted; the lab's choices where Apple's are not in public logs:
///
/// * along the axis: the first arranged view's leading (top) edge and the last one's trailing (bottom)
///   edge on the stack's edges (its margins with `layoutMarginsRelativeArrangement`);
///   `fill` puts `spacing` between neighbours; `fillEqually` adds equal sizes; `fillProportionally`
///   sizes in proportion to intrinsic sizes (at 999, so a missing intrinsic size cannot conflict);
///   `equalSpacing` keeps gaps at least `spacing` and equal, `equalCentering` keeps centre distances
///   equal, both through gap guides that are added to the tree as views `<stack>.gap<i>` (UIKit adds
///   layout guides), and both pull the stack's length to 0 at priority 49 (`UISV-canvas-fit`);
/// * across the axis: `fill` pins both edges; `leading`/`top`, `center`, `trailing`/`bottom` pin one
///   edge or the centre and keep the view inside (`UISV-canvas-fit`), with a size of 0 at priority 25
///   (`UISV-ambiguity-suppression`, as logged) so views without an intrinsic size do not stay
///   ambiguous; first or last baselines line up with the first view's, every view inside the stack;
/// * a hidden arranged view collapses to 0 along the axis (`UISV-hiding`) and keeps its place in the
///   spacing chain, half the spacing on each side between shown views, none at the ends.
///
/// Arranged views stop translating their masks, as UIStackView sets them.
enum StackViewConstraints {
    static func make(
        stack: String, element e: XMLElement, tree: inout ViewTree, platform: IBImport.Platform,
        skip: (XMLElement, String) -> Void
    ) -> [LayoutConstraint] {
        if platform == .macOS { return NSStackViewConstraints.make(stack: stack, element: e, tree: &tree) }
        let attributes = StackAttributes(e, platform: platform)
        let vertical = attributes.vertical
        let distribution = e["distribution"] ?? "fill"
        var alignment = attributes.alignment
        // `spacingType="standard"` is `UIStackView.spacingUseSystem`: the standard spacing between
        // siblings (8 points, the `-` of the visual format language) in place of a number.
        let spacing = SceneBuilder.number(e["spacing"]) ?? (e["spacingType"] == "standard" ? 8 : 0)
        // IB writes no `layoutMarginsRelativeArrangement`: a stack view it gives layout margins
        // arranges its views inside them (as the stored frames of the corpus's stacks with margins show:
        // their first views sit at the margin in 31 of 33 where a margin is not zero).
        let margins =
            e["layoutMarginsRelativeArrangement"] == "YES" || e.child("edgeInsets", key: "layoutMargins") != nil
            || e.child("directionalEdgeInsets", key: "directionalLayoutMargins") != nil
        let arrangedElements = e.child("subviews")?.children ?? []
        if alignment.hasSuffix("aseline") && vertical {
            skip(
                e,
                "baseline alignment in a vertical stack: not a layout UIKit allows; the views align their leading edges"
            )
            alignment = "leading"
        }
        let ids = arrangedElements.compactMap { $0["id"] }.filter { tree.index(of: $0) != nil }
        let hidden = Set(arrangedElements.filter { $0["hidden"] == "YES" }.compactMap { $0["id"] })
        guard !ids.isEmpty else { return [] }
        var views = tree.views
        for id in ids { views[tree.index(of: id)!].translatesMask = false }
        if distribution == "fill" {
            breakTiesByIndex(
                ids.filter { !hidden.contains($0) }, axis: vertical ? .vertical : .horizontal, views: &views, tree: tree
            )
        }

        let size: LayoutAttribute = vertical ? .height : .width
        let shown = ids.filter { !hidden.contains($0) }
        let looseGaps = ["equalSpacing", "equalCentering"].contains(distribution)
        var out = axisChain(
            ids, hidden: hidden, stack: stack, vertical: vertical, margins: margins, spacing: spacing,
            looseGaps: looseGaps)
        out += distribute(
            shown, distribution: distribution, stack: stack, vertical: vertical, views: &views, tree: tree,
            prefix: "UISV")
        if looseGaps && !shown.isEmpty {
            // Gaps that are only at least the spacing leave the stack's length free when nothing outside
            // sets it: UIKit then fits the stack to its views, a pull of its length to zero just below
            // the spanning fit (`UISV-canvas-fit` at priority 49, as the Arranged re-implementation of
            // UIStackView, which mirrors UIKit's constraints, adds it for these two distributions).
            out.append(named(LayoutConstraint(stack, size, .equal, constant: 0, priority: 49), "UISV-canvas-fit"))
        }
        if alignment != "fill" {
            // Without `fill`, a stack view fits its cross size to its largest arranged view (Apple:
            // the stack "encompasses" its widest view): a weak pull to zero against canvas-fit.
            let crossSize: LayoutAttribute = vertical ? .width : .height
            out.append(
                named(LayoutConstraint(stack, crossSize, .equal, constant: 0, priority: 51), "UISV-spanning-fit"))
        }
        out += crossAxis(ids, alignment: alignment, stack: stack, vertical: vertical, margins: margins)
        if let rebuilt = try? ViewTree(
            superviewSize: tree.superviewSize, views: views, layoutDirection: tree.layoutDirection, root: tree.root)
        {
            tree = rebuilt
        }
        return out
    }

    /// A constraint with the identifier Apple's logs give it.
    static func named(_ c: LayoutConstraint, _ name: String) -> LayoutConstraint {
        var c = c
        c.identifier = name
        return c
    }

    /// Along the axis: hidden views collapsed (`UISV-hiding`), the first and last shown views on the
    /// stack's edges (`UISV-canvas-connection`) and the spacing between neighbours (`UISV-spacing`).
    /// Hidden views stay in the spacing chain, as the Arranged re-implementation mirrors UIKit: none
    /// before the first shown view or after the last, and half the spacing on each side of a hidden
    /// view between two shown ones, so a hidden view sits, collapsed, where its place in the stack is.
    /// Only at least the spacing apart in `equalSpacing` and `equalCentering` (`looseGaps`).
    static func axisChain(
        _ ids: [String], hidden: Set<String>, stack: String, vertical: Bool, margins: Bool, spacing: Double,
        looseGaps: Bool
    ) -> [LayoutConstraint] {
        let (start, end, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
        let shown = ids.filter { !hidden.contains($0) }
        var out = hidden.map { named(LayoutConstraint($0, size, .equal, constant: 0), "UISV-hiding") }
        if let first = shown.first, let last = shown.last {
            out.append(
                named(
                    LayoutConstraint(first, start, .equal, stack, margins ? start.margin : start),
                    "UISV-canvas-connection"))
            out.append(
                named(LayoutConstraint(stack, margins ? end.margin : end, .equal, last, end), "UISV-canvas-connection"))
        }
        for (a, b) in zip(ids, ids.dropFirst()) {
            let halves = Double([a, b].filter(hidden.contains).count)
            let gap = b == shown.first || a == shown.last ? 0 : spacing - spacing / 2 * halves
            out.append(
                named(
                    LayoutConstraint(b, start, looseGaps ? .greaterThanOrEqual : .equal, a, end, constant: gap),
                    "UISV-spacing"))
        }
        return out
    }

    /// Across the axis, per arranged view: `fill` pins both edges; `leading`/`top`, `center`,
    /// `trailing`/`bottom` pin one edge or the centre and keep the view inside (`UISV-canvas-fit`),
    /// with a size of 0 at priority 25 (`UISV-ambiguity-suppression`, as logged); first or last
    /// baselines line up with the first view's, every view inside the stack.
    static func crossAxis(
        _ ids: [String], alignment: String, stack: String, vertical: Bool, margins: Bool
    ) -> [LayoutConstraint] {
        let (crossStart, crossEnd, crossSize, crossCenter):
            (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
                vertical ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        let stackStart = margins ? crossStart.margin : crossStart
        let stackEnd = margins ? crossEnd.margin : crossEnd
        var out: [LayoutConstraint] = []
        func add(_ c: LayoutConstraint, _ name: String) { out.append(named(c, name)) }
        for v in ids {
            switch alignment {
            case "fill":
                add(LayoutConstraint(v, crossStart, .equal, stack, stackStart), "UISV-alignment")
                add(LayoutConstraint(stack, stackEnd, .equal, v, crossEnd), "UISV-alignment")
            case "center", "centerX", "centerY":
                add(LayoutConstraint(v, crossCenter, .equal, stack, crossCenter), "UISV-alignment")
                add(LayoutConstraint(v, crossStart, .greaterThanOrEqual, stack, stackStart), "UISV-canvas-fit")
            case "trailing", "bottom", "right":
                add(LayoutConstraint(stack, stackEnd, .equal, v, crossEnd), "UISV-alignment")
                add(LayoutConstraint(v, crossStart, .greaterThanOrEqual, stack, stackStart), "UISV-canvas-fit")
            case "firstBaseline", "lastBaseline", "baseline":
                // Baselines line up; the views stay inside the stack.
                let line: LayoutAttribute = alignment == "firstBaseline" ? .firstBaseline : .lastBaseline
                if v != ids.first, let first = ids.first {
                    add(LayoutConstraint(v, line, .equal, first, line), "UISV-alignment")
                }
                add(LayoutConstraint(v, crossStart, .greaterThanOrEqual, stack, stackStart), "UISV-canvas-fit")
                add(LayoutConstraint(stack, stackEnd, .greaterThanOrEqual, v, crossEnd), "UISV-canvas-fit")
            default:  // leading, top, left
                add(LayoutConstraint(v, crossStart, .equal, stack, stackStart), "UISV-alignment")
                add(LayoutConstraint(stack, stackEnd, .greaterThanOrEqual, v, crossEnd), "UISV-canvas-fit")
            }
            if alignment != "fill" {
                add(LayoutConstraint(v, crossSize, .equal, constant: 0, priority: 25), "UISV-ambiguity-suppression")
            }
        }
        return out
    }

    /// The distribution's own constraints along the axis (spacing and the canvas connections are the
    /// caller's): equal sizes, sizes in proportion to intrinsic sizes (at 999, so a missing intrinsic
    /// size cannot conflict), and equal gaps or centre distances through gap guides added to the tree as
    /// views `<stack>.gap<i>` (UIKit adds layout guides). Named `UISV-…` or, for NSStackView,
    /// `NSStackView.Distribution.…`.
    static func distribute(
        _ shown: [String], distribution: String, stack: String, vertical: Bool, views: inout [View], tree: ViewTree,
        prefix: String
    ) -> [LayoutConstraint] {
        let (start, end, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
        let (crossStart, crossSize): (LayoutAttribute, LayoutAttribute) =
            vertical ? (.leading, .width) : (.top, .height)
        let uikit = prefix == "UISV"
        let names =
            uikit
            ? [
                "edge": "UISV-distributing-edge", "equal": "UISV-distributing", "fillEqually": "UISV-fill-equally",
                "fillProportionally": "UISV-fill-proportionally",
            ]
            : [
                "edge": "\(prefix).Edge", "equal": "\(prefix).Equal", "fillEqually": "\(prefix).FillEqually",
                "fillProportionally": "\(prefix).FillProportionally",
            ]
        var out: [LayoutConstraint] = []
        func add(_ c: LayoutConstraint, _ kind: String) {
            var c = c
            c.identifier = names[kind]
            out.append(c)
        }
        var gaps: [String] = []
        if distribution == "equalSpacing" || distribution == "equalCentering" {
            for (a, b) in zip(shown, shown.dropFirst()) {
                // A gap guide from a's trailing edge (or centre) to b's leading edge (or centre).
                let gap = "\(stack).gap\(gaps.count + 1)"
                gaps.append(gap)
                views.append(
                    View(
                        id: gap, parentID: stack == ViewTree.superviewID ? nil : stack, frame: .zero,
                        translatesMask: false))
                let centering = distribution == "equalCentering"
                add(LayoutConstraint(gap, start, .equal, a, centering ? (vertical ? .centerY : .centerX) : end), "edge")
                add(LayoutConstraint(gap, end, .equal, b, centering ? (vertical ? .centerY : .centerX) : start), "edge")
                add(LayoutConstraint(gap, crossSize, .equal, constant: 0), "edge")
                add(LayoutConstraint(gap, crossStart, .equal, stack, crossStart), "edge")
                if gaps.count > 1 { add(LayoutConstraint(gap, size, .equal, gaps[0], size), "equal") }
            }
        }
        if distribution == "fillEqually", let first = shown.first {
            for v in shown.dropFirst() { add(LayoutConstraint(v, size, .equal, first, size), "fillEqually") }
        }
        if distribution == "fillProportionally", let first = shown.first,
            let base = views[tree.index(of: first)!].intrinsicContentSize[vertical ? .vertical : .horizontal], base > 0
        {
            for v in shown.dropFirst() {
                guard let own = views[tree.index(of: v)!].intrinsicContentSize[vertical ? .vertical : .horizontal]
                else { continue }
                add(
                    LayoutConstraint(v, size, .equal, first, size, multiplier: own / base, priority: 999),
                    "fillProportionally")
            }
        }
        return out
    }

    /// `fill` resolves what bare constraints leave tied as Apple documents for UIStackView: with spare
    /// space the view with the lowest hugging priority stretches, and among equals the one with the
    /// lowest index; with too little, the lowest compression resistance shrinks, again the lowest
    /// index first. The lab makes the order explicit: each later arranged view with an intrinsic size
    /// on the axis hugs and resists a thousandth of a priority level more than the one before it
    /// (the priority ladder keeps every used level strictly above the one below).
    static func breakTiesByIndex(_ ids: [String], axis: Axis, views: inout [View], tree: ViewTree) {
        var seen = 0
        for id in ids {
            let i = tree.index(of: id)!
            guard views[i].intrinsicContentSize[axis] != nil else { continue }
            let bump = Double(seen) * 0.001
            seen += 1
            if axis == .horizontal {
                views[i].contentHuggingPriority.horizontal += bump
                views[i].contentCompressionResistancePriority.horizontal += bump
            } else {
                views[i].contentHuggingPriority.vertical += bump
                views[i].contentCompressionResistancePriority.vertical += bump
            }
        }
    }
}
