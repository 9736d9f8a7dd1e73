import Geometry
import ViewTree

/// The effective layout margins and safe-area insets of every view, from frames. Margins
/// depend on frames (preserving, the safe area) and Auto Layout's frames on margins, so the backend
/// calls this after every solve until nothing moves, as UIKit re-runs layout on
/// `layoutMarginsDidChange`.
public enum LayoutMargins {
    /// Resolves every view's insets. `frames` are in each view's parent's coordinates (the tree's
    /// order); `rootSize` is the root's bounds.
    ///
    /// * Safe area: the root's comes from outside (`root.safeAreaInsets`); any other view
    ///   gets how far its superview's unsafe band overlaps it, capped at the superview's own inset on
    ///   that edge, zero when it lies wholly inside.
    /// * Margins: `base = own (+ safe area if insetsLayoutMarginsFromSafeArea)`, the root's own raised
    ///   to the system minimum first; with `preservesSuperviewLayoutMargins`,
    ///   `max(base, superview's effective margin − the view's distance from that superview edge)` —
    ///   the rule measured on a device (iPhone X landscape: 140 on every edge, not 140 + safe area),
    ///   not "the maximum, then add the safe area".
    public static func resolve(_ tree: ViewTree, frames: [Rect], rootSize: Size, root: RootInsets) -> ResolvedInsets {
        let n = tree.views.count
        let direction = tree.layoutDirection
        var out = ResolvedInsets(
            rootMargins: .zero, rootSafeArea: root.safeAreaInsets,
            margins: Array(repeating: .zero, count: n), safeArea: Array(repeating: .zero, count: n),
            preserved: Array(repeating: [], count: n), fromSafeArea: Array(repeating: [], count: n),
            rootFromSafeArea: [], inNavigationController: root.inNavigationController)
        var own = tree.root.ownMargins(direction)
        if let minimum = root.systemMinimumMargins { own = .max(own, minimum) }
        out.rootMargins = tree.root.insetsLayoutMarginsFromSafeArea ? own + root.safeAreaInsets : own
        if tree.root.insetsLayoutMarginsFromSafeArea { out.rootFromSafeArea = edges(where: root.safeAreaInsets) }

        var stack = tree.rootChildren.reversed() as [Int]
        while let i = stack.popLast() {
            stack.append(contentsOf: tree.children[i].reversed())
            let view = tree.views[i]
            let f = frames[i]
            let parent = tree.parentIndex[i]
            let parentSize = parent.map { frames[$0].size } ?? rootSize
            let parentSafe = parent.map { out.safeArea[$0] } ?? root.safeAreaInsets
            let parentMargins = parent.map { out.margins[$0] } ?? out.rootMargins
            // Distance of each of the view's edges from the same edge of its superview.
            let distance = EdgeInsets(
                top: f.minY, left: f.minX, bottom: parentSize.height - f.maxY, right: parentSize.width - f.maxX)
            var safe = EdgeInsets.zero
            for e in RectEdge.allCases where parentSafe[e] > 0 {
                safe[e] = min(max(parentSafe[e] - distance[e], 0), parentSafe[e])
            }
            out.safeArea[i] = safe
            var base = view.ownMargins(direction)
            if view.insetsLayoutMarginsFromSafeArea {
                base = base + safe
                out.fromSafeArea[i] = edges(where: safe)
            }
            if view.preservesSuperviewLayoutMargins {
                for e in RectEdge.allCases {
                    let reach = parentMargins[e] - distance[e]
                    if reach > base[e] {
                        base[e] = reach
                        out.preserved[i].insert(RectEdges(e))
                        out.fromSafeArea[i].remove(RectEdges(e))
                    }
                }
            }
            out.margins[i] = base
        }
        return out
    }

    static func edges(where insets: EdgeInsets) -> RectEdges {
        var set = RectEdges.none
        for e in RectEdge.allCases where insets[e] != 0 { set.insert(RectEdges(e)) }
        return set
    }
}

/// Every view's effective margins and safe area at one moment, and why they are what they are.
public struct ResolvedInsets: Hashable, Sendable {
    public var rootMargins: EdgeInsets
    public var rootSafeArea: EdgeInsets
    /// By view index, in the tree's order.
    public var margins: [EdgeInsets]
    public var safeArea: [EdgeInsets]
    /// Edges whose margin the superview's margin raised (preservesSuperviewLayoutMargins).
    public var preserved: [RectEdges]
    /// Edges whose margin includes a non-zero safe-area inset.
    public var fromSafeArea: [RectEdges]
    public var rootFromSafeArea: RectEdges
    public var inNavigationController: Bool

    /// The margins of a view, or of the root for nil.
    public func margins(_ item: Int?) -> EdgeInsets { item.map { margins[$0] } ?? rootMargins }
    public func safeArea(_ item: Int?) -> EdgeInsets { item.map { safeArea[$0] } ?? rootSafeArea }

    /// A scroll view's `adjustedContentInset`: `contentInset` plus the safe-area insets
    /// its `contentInsetAdjustmentBehavior` adjusts for. nil for views that are not scroll views.
    public func adjustedContentInset(_ i: Int, in tree: ViewTree, bounds: Size) -> EdgeInsets? {
        guard let scroll = tree.views[i].scrollView else { return nil }
        let safe = safeArea[i]
        let horizontal = scroll.scrolls(.horizontal, bounds: bounds)
        let vertical = scroll.scrolls(.vertical, bounds: bounds)
        let (h, v): (Bool, Bool) =
            switch scroll.contentInsetAdjustmentBehavior {
            case .automatic: (horizontal, vertical || inNavigationController)
            case .scrollableAxes: (horizontal, vertical)
            case .never: (false, false)
            case .always: (true, true)
            }
        var adjusted = scroll.contentInset
        if h {
            adjusted.left += safe.left
            adjusted.right += safe.right
        }
        if v {
            adjusted.top += safe.top
            adjusted.bottom += safe.bottom
        }
        return adjusted
    }
}
