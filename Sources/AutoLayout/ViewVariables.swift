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
    }

    /// nil for the root.
    func viewIndex(_ item: String) -> Int? { item == ViewTree.superviewID ? nil : index[item]! }

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

    func margins(_ item: Int?) -> EdgeInsets { item.map { tree.views[$0].layoutMargins } ?? tree.superviewMargins }

    /// Adds `coefficient × item.attr`, read in the coordinates of `frameOf` (an ancestor of `item`, or
    /// `item` itself), to a linear form. Terms are appended directly: compiling constraints is on the
    /// sweep's hot path (every unit builds an engine).
    func accumulate(_ item: Int?, _ attr: LayoutAttribute, in frameOf: Int?, times k: Double,
                    into terms: inout [Term], constant: inout Double) {
        let horizontal = attr.axis == .horizontal
        let size: Variable = item.map { horizontal ? width[$0] : height[$0] } ?? (horizontal ? rootWidth : rootHeight)
        if attr.isSize {
            terms.append(Term(size, k))
            return
        }
        // A location: the item's edge in the frame's coordinates, its absolute origin minus the frame's.
        if item != frameOf {
            if let i = item { terms.append(Term(horizontal ? x[i] : y[i], k)) }
            if let f = frameOf { terms.append(Term(horizontal ? x[f] : y[f], -k)) }
        }
        func addSize(_ c: Double) { terms.append(Term(size, k * c)) }
        let m = margins(item)
        let rtl = tree.layoutDirection == .rightToLeft
        switch attr {
        case .left, .minX, .top, .minY: break
        case .right, .maxX, .bottom, .maxY: addSize(1)
        case .centerX, .midX, .centerY, .midY: addSize(0.5)
        case .leading: if rtl { addSize(1) }
        case .trailing: if !rtl { addSize(1) }
        case .leftMargin: constant += k * m.left
        case .rightMargin: addSize(1); constant -= k * m.right
        case .topMargin: constant += k * m.top
        case .bottomMargin: addSize(1); constant -= k * m.bottom
        case .leadingMargin: if rtl { addSize(1); constant -= k * m.right } else { constant += k * m.left }
        case .trailingMargin: if rtl { constant += k * m.left } else { addSize(1); constant -= k * m.right }
        case .centerXWithinMargins: addSize(0.5); constant += k * (m.left - m.right) / 2
        case .centerYWithinMargins: addSize(0.5); constant += k * (m.top - m.bottom) / 2
        case .width, .height: break  // handled above
        }
    }

    /// A layout constraint as a linear solver constraint at `strength`. `items` and `frame` may be
    /// given when the caller knows them (translated constraints relate a view to its own superview,
    /// read in the superview's coordinates); otherwise they are looked up.
    func compile(_ c: LayoutConstraint, strength: Double, items: (Int?, Int?)? = nil, frame: Int?? = nil) -> Constraint {
        let i1 = items?.0 ?? viewIndex(c.item1)
        let i2 = items.map(\.1) ?? c.item2.map(viewIndex)
        // A constant constraint is read in item1's superview's coordinates (as translated `minX == L` is).
        let frame: Int? = frame ?? (c.item2 != nil ? nearestCommonAncestor(i1, i2!) : i1.flatMap { tree.parentIndex[$0] })
        var terms: [Term] = []
        terms.reserveCapacity(6)
        var constant = -c.constant
        accumulate(i1, c.attr1, in: frame, times: 1, into: &terms, constant: &constant)
        if c.item2 != nil, let attr2 = c.attr2 {
            accumulate(i2!, attr2, in: frame, times: -c.multiplier, into: &terms, constant: &constant)
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
