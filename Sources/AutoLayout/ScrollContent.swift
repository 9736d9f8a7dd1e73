import ConstraintModel
import Solver
import ViewTree

/// A UIScrollView's content area (Apple, "Working with Scroll Views"): constraints between
/// the edges or margins of a scroll view and views inside it attach to the scrolled content, whose
/// origin is the scroll view's bounds origin and whose size only the constraints decide (it is never
/// negative); constraints on its width, height or centres, and every constraint with a view outside
/// it, attach to its frame. `contentLayoutGuide` and `frameLayoutGuide` (iOS 11) name the two
/// explicitly. Each scroll view whose content a constraint reads gets two size variables.
final class ScrollContentVariables {
    private(set) var width: [Int: Variable] = [:]
    private(set) var height: [Int: Variable] = [:]
    /// Views whose content-size variables were made since the engine last bounded them (≥ 0).
    var pending: [Int] = []

    func size(_ view: Int, horizontal: Bool, name: String) -> Variable {
        if let v = horizontal ? width[view] : height[view] { return v }
        let w = Variable("\(name).contentWidth")
        let h = Variable("\(name).contentHeight")
        width[view] = w
        height[view] = h
        pending.append(view)
        return horizontal ? w : h
    }

    /// Whether UIKit reads `attr` of scroll view `scroll` against its content when the constraint's
    /// other item is `other`: edges and margins, with a view inside the scroll view.
    static func readsContent(_ attr: LayoutAttribute, of scroll: Int?, other: Int?, in tree: ViewTree) -> Bool {
        guard let s = scroll, tree.views[s].scrollView != nil, !attr.isSize, !attr.isCenter, var p = other else {
            return false
        }
        while let parent = tree.parentIndex[p] {
            if parent == s { return true }
            p = parent
        }
        return false
    }
}
