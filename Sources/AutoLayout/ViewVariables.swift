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

    func origin(_ item: Int?, _ axis: Axis) -> Expression {
        guard let i = item else { return Expression(constant: 0) }
        return (axis == .horizontal ? x[i] : y[i]).expression
    }

    func size(_ item: Int?, _ axis: Axis) -> Expression {
        guard let i = item else { return (axis == .horizontal ? rootWidth : rootHeight).expression }
        return (axis == .horizontal ? width[i] : height[i]).expression
    }

    /// `item.attr` in the coordinates of `frameOf` (an ancestor of `item`, or `item` itself).
    func expression(_ item: Int?, _ attr: LayoutAttribute, in frameOf: Int?) -> Expression {
        let axis = attr.axis
        let base = item == frameOf ? Expression(constant: 0) : origin(item, axis) - origin(frameOf, axis)
        let s = size(item, axis)
        let m = margins(item)
        let rtl = tree.layoutDirection == .rightToLeft
        switch attr {
        case .width, .height: return s
        case .left, .minX, .top, .minY: return base
        case .right, .maxX, .bottom, .maxY: return base + s
        case .centerX, .midX, .centerY, .midY: return base + 0.5 * s
        case .leading: return rtl ? base + s : base
        case .trailing: return rtl ? base : base + s
        case .leftMargin: return base + m.left
        case .rightMargin: return base + s - m.right
        case .topMargin: return base + m.top
        case .bottomMargin: return base + s - m.bottom
        case .leadingMargin: return rtl ? base + s - m.right : base + m.left
        case .trailingMargin: return rtl ? base + m.left : base + s - m.right
        case .centerXWithinMargins: return base + m.left + 0.5 * (s - m.left - m.right)
        case .centerYWithinMargins: return base + m.top + 0.5 * (s - m.top - m.bottom)
        }
    }

    /// A layout constraint as a linear solver constraint at `strength`.
    func compile(_ c: LayoutConstraint, strength: Double) -> Constraint {
        let i1 = viewIndex(c.item1)
        let i2 = c.item2.map(viewIndex)
        // A constant constraint is read in item1's superview's coordinates (as translated `minX == L` is).
        let frame: Int? = if let i2 { nearestCommonAncestor(i1, i2) } else { i1.flatMap { tree.parentIndex[$0] } }
        let lhs = expression(i1, c.attr1, in: frame)
        var rhs = Expression(constant: c.constant)
        if let i2, let attr2 = c.attr2 { rhs = c.multiplier * expression(i2, attr2, in: frame) + c.constant }
        let op: RelationalOperator = switch c.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessOrEqual
        case .greaterThanOrEqual: .greaterOrEqual
        }
        return Constraint(lhs - rhs, op, strength: strength)
    }

    /// The variables of a view, for mapping ambiguous variables back to views.
    func owner(of variable: Variable) -> Int? {
        for i in tree.views.indices where x[i] === variable || y[i] === variable || width[i] === variable || height[i] === variable {
            return i
        }
        return nil
    }
}
