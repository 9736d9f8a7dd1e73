import ConstraintModel
import Geometry
import Solver
import ViewTree

/// The solver variables of a view tree and how attributes read as linear expressions of them.
///
/// Every view has `x, y, width, height` with x and y in the **root's** coordinates, so constraints
/// between any two views of the tree are linear. The root (superview) sits at 0,0 and its size is two
/// edit variables. A constraint is evaluated in the coordinates of its items' nearest common ancestor,
/// as Auto Layout does: there, the ancestor's own left edge is 0 — which is what gives a multiplier on
/// `superview.centerX` its meaning (`centerX == 1.66667*superview.centerX − 66.6667`).
struct ViewVariables {
    let tree: ViewTree
    let x: [Variable], y: [Variable], width: [Variable], height: [Variable]
    let rootWidth: Variable, rootHeight: Variable
    /// The tree's variables as a batch's variable table: view i's x, y, width and height at 4i…4i+3,
    /// then the root's width and height (see `batchIndex`).
    let table: [Variable]
    /// Margin and safe-area variables, made on first use.
    let insets: InsetVariables
    /// Whether any view has alignment-rect insets (when none does, compiling skips them).
    let hasAlignmentInsets: Bool
    /// Scroll views' content sizes, made on first use.
    let content = ScrollContentVariables()
    /// Whether any view is a scroll view (when none is, compiling skips the content rule).
    let hasScrollViews: Bool

    init(tree: ViewTree) {
        self.tree = tree
        let n = tree.views.count
        var x: [Variable] = [], y: [Variable] = [], width: [Variable] = [], height: [Variable] = []
        var table: [Variable] = []
        x.reserveCapacity(n)
        y.reserveCapacity(n)
        width.reserveCapacity(n)
        height.reserveCapacity(n)
        table.reserveCapacity(4 * n + 2)
        for view in tree.views {
            let vx = Variable(view.id, suffix: ".x"), vy = Variable(view.id, suffix: ".y")
            let vw = Variable(view.id, suffix: ".width"), vh = Variable(view.id, suffix: ".height")
            x.append(vx)
            y.append(vy)
            width.append(vw)
            height.append(vh)
            table.append(vx)
            table.append(vy)
            table.append(vw)
            table.append(vh)
        }
        rootWidth = Variable("superview.width")
        rootHeight = Variable("superview.height")
        table.append(rootWidth)
        table.append(rootHeight)
        (self.x, self.y, self.width, self.height, self.table) = (x, y, width, height, table)
        insets = InsetVariables(viewCount: n)
        hasAlignmentInsets = tree.views.contains { $0.alignmentRectInsets != .zero }
        hasScrollViews = tree.views.contains { $0.scrollView != nil }
    }

    /// View ids to indices, made on first use: translated masks name their views by index, so a tree
    /// without hand-written constraints never hashes its ids.
    private let ids = ViewIndex()

    var index: [String: Int] { ids.index(of: tree) }

    /// A view's alignment insets on an axis's low and high edges (zero for the root).
    func alignmentInsets(_ item: Int?, horizontal: Bool) -> (low: Double, high: Double) {
        guard hasAlignmentInsets, let i = item else { return (0, 0) }
        let e = tree.views[i].alignmentRectInsets
        return horizontal ? (e.left, e.right) : (e.top, e.bottom)
    }

    /// nil for the root.
    func viewIndex(_ item: String) -> Int? { item == ViewTree.superviewID ? nil : index[item]! }

    /// A constraint item: the view's index (nil for the root) and the guide, if it names one.
    func item(_ name: String) -> (view: Int?, guide: LayoutGuide?) {
        if name == ViewTree.superviewID { return (nil, nil) }
        if let i = index[name] { return (i, nil) }
        let parsed = ConstraintItem(name) { $0 == ViewTree.superviewID || index[$0] != nil }
        return (viewIndex(parsed.view), parsed.guide)
    }

    /// The ancestors of an item from itself up to the root (nil).
    func chain(_ item: Int?) -> [Int?] {
        var out: [Int?] = [item]
        var current = item
        while let c = current {
            current = tree.parentIndex[c]
            out.append(current)
        }
        return out
    }

    /// The nearest common ancestor of two items (either may be an ancestor of the other).
    func nearestCommonAncestor(_ a: Int?, _ b: Int?) -> Int? {
        let chainA = chain(a)
        for candidate in chain(b) where chainA.contains(where: { $0 == candidate }) { return candidate }
        return nil
    }

    /// The variable standing for an item's effective margin or safe-area inset on an edge.
    func inset(_ item: Int?, _ kind: InsetVariables.Kind, _ edge: RectEdge) -> Variable {
        insets.variable(item, kind, edge, name: "\(item.map { tree.views[$0].id } ?? ViewTree.superviewID).\(kind == .margin ? "margin" : "safeArea").\(edge)")
    }

    /// Adds `coefficient × item.attr`, read in the coordinates of `frameOf` (an ancestor of `item`, or
    /// `item` itself), to a linear form. Terms are appended directly: compiling constraints is on the
    /// sweep's hot path (every unit builds an engine). Margin attributes and layout guides read the
    /// item's inset variables, so margins can follow the frames without recompiling.
    ///
    /// In right-to-left, leading and trailing are read on a mirrored axis (their position negated),
    /// as Auto Layout does: `a.leading == superview.leading + 20` puts `a` 20 points in from the
    /// right edge, not 20 beyond it.
    ///
    /// The variables are each view's **alignment rect** (`View.alignmentRectInsets`), which is what
    /// constraints act on; a view's coordinates are its bounds, whose origin is its frame's. With
    /// `frameSemantics` the item's frame is read instead (translated masks are made from frames).
    func accumulate(_ item: Int?, _ attr: LayoutAttribute, guide: LayoutGuide? = nil, in frameOf: Int?, times factor: Double,
                    frameSemantics: Bool = false, into terms: inout [Term], constant: inout Double) {
        let horizontal = attr.axis == .horizontal
        var size: Variable = item.map { horizontal ? width[$0] : height[$0] } ?? (horizontal ? rootWidth : rootHeight)
        var guide = guide
        if guide == .contentLayout, let i = item {
            // The content rectangle: the bounds origin, and a size of its own.
            size = content.size(i, horizontal: horizontal, name: tree.views[i].id)
            guide = nil
        } else if guide == .frameLayout || guide == .contentLayout {
            guide = nil  // the frame, and the root's content (the root is no scroll view)
        }
        let rtl = tree.layoutDirection == .rightToLeft
        let k = rtl && attr.isDirectional ? -factor : factor
        if attr.isBaseline, let i = item, let b = tree.views[i].baselineOffsets {
            // The first baseline sits below the alignment rect's top, the last above its bottom.
            constant += k * (attr == .firstBaseline ? b.first : -b.last)
        }
        if hasAlignmentInsets {
            // The edge offsets the insets add: the item's low edge moves out by its own inset when
            // its frame is read, and the frame-of view's bounds start its low inset before its rect.
            let own = alignmentInsets(item, horizontal: horizontal), base = alignmentInsets(frameOf, horizontal: horizontal)
            let sizeOffset = frameSemantics ? own.low + own.high : 0
            let lowOffset = attr.isSize ? 0 : base.low - (frameSemantics ? own.low : 0)
            let sizeShare: Double = attr.isSize ? 1 : Self.sizeShare(attr, rtl: rtl)
            constant += k * (lowOffset + sizeShare * sizeOffset)
        }
        // The guide's (or, for margin attributes, the margins') insets on the axis's two edges.
        func inset(_ edge: RectEdge, _ c: Double) {
            terms.append(Term(self.inset(item, guide == .safeArea ? .safeArea : .margin, edge), k * c))
        }
        let (low, high): (RectEdge, RectEdge) = horizontal ? (.left, .right) : (.top, .bottom)
        if attr.isSize {
            terms.append(Term(size, k))
            if guide != nil { inset(low, -1); inset(high, -1) }
            return
        }
        // A location: the item's edge in the frame's coordinates, its absolute origin minus the frame's.
        if item != frameOf {
            if let i = item { terms.append(Term(horizontal ? x[i] : y[i], k)) }
            if let f = frameOf { terms.append(Term(horizontal ? x[f] : y[f], -k)) }
        }
        func addSize(_ c: Double) { terms.append(Term(size, k * c)) }
        if guide != nil {
            // A guide's edges are the view's, moved in by the insets.
            switch attr {
            case .left, .minX, .top, .minY: inset(low, 1)
            case .right, .maxX, .bottom, .maxY: addSize(1); inset(high, -1)
            case .centerX, .midX, .centerY, .midY: addSize(0.5); inset(low, 0.5); inset(high, -0.5)
            case .leading: if rtl { addSize(1); inset(.right, -1) } else { inset(.left, 1) }
            case .trailing: if rtl { inset(.left, 1) } else { addSize(1); inset(.right, -1) }
            default: break  // margin forms: rejected by validation
            }
            return
        }
        switch attr {
        case .left, .minX, .top, .minY, .firstBaseline: break
        case .right, .maxX, .bottom, .maxY, .lastBaseline: addSize(1)
        case .centerX, .midX, .centerY, .midY: addSize(0.5)
        case .leading: if rtl { addSize(1) }
        case .trailing: if !rtl { addSize(1) }
        case .leftMargin, .topMargin: inset(low, 1)
        case .rightMargin, .bottomMargin: addSize(1); inset(high, -1)
        case .leadingMargin: if rtl { addSize(1); inset(.right, -1) } else { inset(.left, 1) }
        case .trailingMargin: if rtl { inset(.left, 1) } else { addSize(1); inset(.right, -1) }
        case .centerXWithinMargins, .centerYWithinMargins: addSize(0.5); inset(low, 0.5); inset(high, -0.5)
        case .width, .height: break  // handled above
        }
    }

    /// How much of the item's size an attribute's position includes (0 at the low edge, 1 at the high
    /// edge, ½ at the centre); guides and margins add their insets separately.
    static func sizeShare(_ attr: LayoutAttribute, rtl: Bool) -> Double {
        switch attr {
        case .right, .maxX, .bottom, .maxY, .rightMargin, .bottomMargin, .lastBaseline: 1
        case .centerX, .midX, .centerY, .midY, .centerXWithinMargins, .centerYWithinMargins: 0.5
        case .leading, .leadingMargin: rtl ? 1 : 0
        case .trailing, .trailingMargin: rtl ? 0 : 1
        default: 0
        }
    }

    /// A layout constraint as a linear solver constraint at `strength`. `items` and `frame` may be
    /// given when the caller knows them (translated constraints relate a view to its own superview,
    /// read in the superview's coordinates); otherwise they are looked up.
    func compile(_ c: LayoutConstraint, strength: Double, items: (Int?, Int?)? = nil, frame: Int?? = nil,
                 frameSemantics: Bool = false) -> Constraint {
        var terms: [Term] = []
        terms.reserveCapacity(6)
        let (constant, op) = linearForm(c, items: items, frame: frame, frameSemantics: frameSemantics, into: &terms)
        return Constraint(Expression(terms, constant: constant), op, strength: strength)
    }

    /// A layout constraint's linear form `Σ terms + constant OP 0`: its terms appended to `terms`.
    func linearForm(_ c: LayoutConstraint, items: (Int?, Int?)?, frame: Int??, frameSemantics: Bool,
                    into terms: inout [Term]) -> (constant: Double, op: RelationalOperator) {
        var first: (view: Int?, guide: LayoutGuide?) = items.map { ($0.0, nil) } ?? item(c.item1)
        var second: (view: Int?, guide: LayoutGuide?)? = items.map { ($0.1, nil) } ?? c.item2.map(item)
        let i1 = first.view
        let i2 = second?.view
        if hasScrollViews && !frameSemantics, let attr2 = c.attr2, second != nil {
            // A scroll view's edges and margins read against a view inside it are its content's.
            if first.guide == nil && ScrollContentVariables.readsContent(c.attr1, of: i1, other: i2, in: tree) {
                first.guide = .contentLayout
            }
            if second?.guide == nil && ScrollContentVariables.readsContent(attr2, of: i2, other: i1, in: tree) {
                second?.guide = .contentLayout
            }
        }
        // A constant constraint is read in item1's superview's coordinates (as translated `minX == L` is).
        let frame: Int? =
            frame ?? (c.item2 != nil ? nearestCommonAncestor(i1, i2) : i1.flatMap { tree.parentIndex[$0] })
        var constant = -c.constant
        accumulate(i1, c.attr1, guide: first.guide, in: frame, times: 1, frameSemantics: frameSemantics, into: &terms,
                   constant: &constant)
        if c.item2 != nil, let attr2 = c.attr2 {
            accumulate(i2, attr2, guide: second?.guide, in: frame, times: -c.multiplier, frameSemantics: frameSemantics,
                       into: &terms, constant: &constant)
        }
        let op: RelationalOperator = switch c.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessOrEqual
        case .greaterThanOrEqual: .greaterOrEqual
        }
        return (constant, op)
    }


    /// Where a variable of view `view` or of its superview `parent` (nil: the root) sits in `table`.
    func batchIndex(of v: Variable, view: Int, parent: Int?) -> Int32 {
        for i in [view, parent] {
            guard let i else { continue }
            if v === x[i] { return Int32(4 * i) }
            if v === y[i] { return Int32(4 * i + 1) }
            if v === width[i] { return Int32(4 * i + 2) }
            if v === height[i] { return Int32(4 * i + 3) }
        }
        if v === rootWidth { return Int32(4 * x.count) }
        if v === rootHeight { return Int32(4 * x.count + 1) }
        preconditionFailure("a translated constraint of view \(tree.views[view].id) reads \(v)")
    }

    /// A translated constraint of view `view` (relating it to its superview, in the superview's
    /// coordinates, read on frames) appended to a batch over `table`; `terms` is scratch.
    func compileTranslated(_ c: LayoutConstraint, view: Int, strength: Double, into batch: inout ConstraintBatch,
                           terms: inout [Term]) {
        let parent = tree.parentIndex[view]
        let superviewFirst = c.item1 != tree.views[view].id  // AppKit's `superview.width == view.maxX + R`
        let items: (Int?, Int?) = superviewFirst ? (parent, view) : (view, c.item2 == nil ? nil : parent)
        terms.removeAll(keepingCapacity: true)
        let (constant, op) = linearForm(c, items: items, frame: .some(parent), frameSemantics: true, into: &terms)
        for t in terms { batch.addTerm(batchIndex(of: t.variable, view: view, parent: parent), t.coefficient) }
        batch.endConstraint(constant: constant, op, strength: strength)
    }

    /// The variables of a view, for mapping ambiguous variables back to views.
    func owner(of variable: Variable) -> Int? {
        for i in tree.views.indices where x[i] === variable || y[i] === variable || width[i] === variable || height[i] === variable {
            return i
        }
        return nil
    }
}

/// The lazily made id → index map of `ViewVariables` (a class so the value type can fill it on use).
final class ViewIndex {
    private var made: [String: Int]?

    func index(of tree: ViewTree) -> [String: Int] {
        if let made { return made }
        var index: [String: Int] = [:]
        index.reserveCapacity(tree.views.count)
        for (i, v) in tree.views.enumerated() { index[v.id] = i }
        made = index
        return index
    }
}
