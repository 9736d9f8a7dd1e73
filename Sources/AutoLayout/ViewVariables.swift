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
    let index: [String: Int]
    /// Margin and safe-area variables, made on first use.
    let insets: InsetVariables

    init(tree: ViewTree) {
        self.tree = tree
        x = tree.views.map { Variable("\($0.id).x") }
        y = tree.views.map { Variable("\($0.id).y") }
        width = tree.views.map { Variable("\($0.id).width") }
        height = tree.views.map { Variable("\($0.id).height") }
        rootWidth = Variable("superview.width")
        rootHeight = Variable("superview.height")
        var index: [String: Int] = [:]
        for (i, v) in tree.views.enumerated() { index[v.id] = i }
        self.index = index
        insets = InsetVariables(viewCount: tree.views.count)
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
    func accumulate(_ item: Int?, _ attr: LayoutAttribute, guide: LayoutGuide? = nil, in frameOf: Int?, times factor: Double,
                    into terms: inout [Term], constant: inout Double) {
        let horizontal = attr.axis == .horizontal
        let size: Variable = item.map { horizontal ? width[$0] : height[$0] } ?? (horizontal ? rootWidth : rootHeight)
        let rtl = tree.layoutDirection == .rightToLeft
        let k = rtl && attr.isDirectional ? -factor : factor
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
        case .left, .minX, .top, .minY: break
        case .right, .maxX, .bottom, .maxY: addSize(1)
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

    /// A layout constraint as a linear solver constraint at `strength`. `items` and `frame` may be
    /// given when the caller knows them (translated constraints relate a view to its own superview,
    /// read in the superview's coordinates); otherwise they are looked up.
    func compile(_ c: LayoutConstraint, strength: Double, items: (Int?, Int?)? = nil, frame: Int?? = nil) -> Constraint {
        let first: (view: Int?, guide: LayoutGuide?) = items.map { ($0.0, nil) } ?? item(c.item1)
        let second: (view: Int?, guide: LayoutGuide?)? = items.map { ($0.1, nil) } ?? c.item2.map(item)
        let i1 = first.view
        let i2 = second?.view
        // A constant constraint is read in item1's superview's coordinates (as translated `minX == L` is).
        let frame: Int? = frame ?? (c.item2 != nil ? nearestCommonAncestor(i1, i2) : i1.flatMap { tree.parentIndex[$0] })
        var terms: [Term] = []
        terms.reserveCapacity(6)
        var constant = -c.constant
        accumulate(i1, c.attr1, guide: first.guide, in: frame, times: 1, into: &terms, constant: &constant)
        if c.item2 != nil, let attr2 = c.attr2 {
            accumulate(i2, attr2, guide: second?.guide, in: frame, times: -c.multiplier, into: &terms, constant: &constant)
        }
        let op: RelationalOperator = switch c.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessOrEqual
        case .greaterThanOrEqual: .greaterOrEqual
        }
        return Constraint(Expression(terms, constant: constant), op, strength: strength)
    }

    /// The variables of a view, for mapping ambiguous variables back to views.
    func owner(of variable: Variable) -> Int? {
        for i in tree.views.indices where x[i] === variable || y[i] === variable || width[i] === variable || height[i] === variable {
            return i
        }
        return nil
    }
}
