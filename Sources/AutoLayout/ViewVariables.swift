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
///
/// The views' variables are a block of the solver's (`VariableBlock`: no object per variable, an
/// eighth of building a tree was making and releasing four objects per view): view i's x,
/// y, width and height are entries 4i…4i+3, and a batch's terms index them so, then the root's width
/// and height (see `slot`). Objects are made only where one is needed (`x[i]` and so on).
struct ViewVariables {
    let tree: ViewTree
    let rootWidth: Variable, rootHeight: Variable
    /// The root's size as a batch's variables after the block's.
    let roots: [Variable]
    let block: VariableBlock
    /// The engine's solver, which holds the block. Not retained: the engine owns both, and gives its
    /// solver back to the pool only when nothing else holds it (`SolverPool`).
    unowned(unsafe) let solver: Solver
    /// Margin and safe-area variables, made on first use.
    let insets: InsetVariables
    /// Whether any view has alignment-rect insets (when none does, compiling skips them).
    let hasAlignmentInsets: Bool
    /// Scroll views' content sizes, made on first use.
    let content = ScrollContentVariables()
    /// Whether any view is a scroll view (when none is, compiling skips the content rule).
    let hasScrollViews: Bool

    /// One of the four variables of every view as an object, by view index (`x[i]` is entry 4i).
    struct Component {
        unowned(unsafe) let solver: Solver
        let block: VariableBlock
        let offset: Int
        subscript(_ view: Int) -> Variable { solver.variable(block, 4 * view + offset) }
    }
    var x: Component { Component(solver: solver, block: block, offset: 0) }
    var y: Component { Component(solver: solver, block: block, offset: 1) }
    var width: Component { Component(solver: solver, block: block, offset: 2) }
    var height: Component { Component(solver: solver, block: block, offset: 3) }
    var viewCount: Int { block.count / 4 }

    /// A variable by its batch index: a view's (4i…4i+3) or the root's width and height after them.
    func variable(_ index: Int) -> Variable {
        index < block.count ? solver.variable(block, index) : roots[index - block.count]
    }

    private static let suffixes = [".x", ".y", ".width", ".height"]

    init(tree: ViewTree, solver: Solver) {
        self.tree = tree
        self.solver = solver
        block = solver.addVariables(count: 4 * tree.views.count) { [tree] k in
            tree.views[k / 4].id + Self.suffixes[k % 4]
        }
        rootWidth = Variable("superview.width")
        rootHeight = Variable("superview.height")
        roots = [rootWidth, rootHeight]
        insets = InsetVariables(viewCount: tree.views.count)
        // One pass reading the two fields in place (`contains(where:)` and the array's subscript copy
        // every view).
        var insets = false
        var scrolls = false
        tree.views.withUnsafeBufferPointer { views in
            for i in views.indices {
                insets = insets || views[i].alignmentRectInsets != .zero
                scrolls = scrolls || views[i].scrollView != nil
            }
        }
        hasAlignmentInsets = insets
        hasScrollViews = scrolls
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
        let owner = item.map { tree.views[$0].id } ?? ViewTree.superviewID
        return insets.variable(item, kind, edge, name: "\(owner).\(kind == .margin ? "margin" : "safeArea").\(edge)")
    }

    /// The variables of a view, for mapping ambiguous variables back to views.
    func owner(of variable: Variable) -> Int? {
        solver.index(of: variable, in: block).map { $0 / 4 }
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
