import ConstraintModel
import Geometry
import Margins
import ViewTree

/// A scene's constraints read on the frames Interface Builder stored: how far each one is from
/// holding there. A constraint the stored frames violate is one the lab has and Apple's engine did
/// not satisfy (or satisfied in another form), which is what a disagreement's cause names.
///
/// Attributes are read as the Auto Layout backend reads them (`AutoLayout.LinearForm`): on each
/// view's alignment rect, margins and guides inset from it by the margins and safe area resolved
/// from the stored frames (`LayoutMargins`), baselines by the view's baseline offsets, and a scroll
/// view's edges against a view inside it on its content, whose far edges only the constraints decide
/// (so a constraint on them is not evaluated).
struct StoredFrameEvaluation {
    let tree: ViewTree
    /// Per view index: its alignment rect in the root's coordinates.
    private var absolute: [Rect] = []
    private var index: [String: Int] = [:]
    private let resolved: ResolvedInsets
    private let rootSize: Size
    /// Views whose frames are the importer's own (stack views' gap and centre guides): no stored frame.
    private var unknown: Set<Int> = []

    init(tree: ViewTree, stored: [String: Rect], root: RootInsets) {
        self.tree = tree
        rootSize = tree.superviewSize
        var frames = tree.frames
        for (i, v) in tree.views.enumerated() {
            index[v.id] = i
            if let s = stored[v.id] { frames[i] = s } else { unknown.insert(i) }
        }
        resolved = LayoutMargins.resolve(tree, frames: frames, rootSize: rootSize, root: root)
        absolute = Array(repeating: .zero, count: frames.count)
        var stack = tree.rootChildren.map { ($0, Point(x: 0, y: 0)) }
        while let (i, base) = stack.popLast() {
            let f = Rect(
                x: base.x + frames[i].x, y: base.y + frames[i].y, width: frames[i].width, height: frames[i].height)
            stack += tree.children[i].map { ($0, Point(x: f.x, y: f.y)) }
            let a = tree.views[i].alignmentRectInsets
            absolute[i] = Rect(
                x: f.x + a.left, y: f.y + a.top, width: f.width - a.left - a.right, height: f.height - a.top - a.bottom)
        }
    }

    /// How far `c` is from holding on the stored frames: `item1.attr1 − (multiplier × item2.attr2 +
    /// constant)`; nil when it reads something the stored frames do not give (a scroll view's content
    /// size, a guide the importer made).
    func residual(_ c: LayoutConstraint) -> Double? {
        let other = c.item2.flatMap { item($0).view }
        guard let a = value(c.item1, c.attr1, other: other) else { return nil }
        guard let item2 = c.item2, let attr2 = c.attr2 else { return a - c.constant }
        guard let b = value(item2, attr2, other: item(c.item1).view) else { return nil }
        return a - (c.multiplier * b + c.constant)
    }

    /// Whether the stored frames violate `c` by more than `tolerance` points (nil: not evaluable).
    func violates(_ c: LayoutConstraint, tolerance: Double = IBCheck.tolerance) -> Bool? {
        guard let r = residual(c) else { return nil }
        switch c.relation {
        case .equal: return abs(r) > tolerance
        case .greaterThanOrEqual: return r < -tolerance
        case .lessThanOrEqual: return r > tolerance
        }
    }

    /// Whether a view is one the importer made (a stack's gap, a grid's row or column), with no stored frame.
    func isGuide(_ id: String) -> Bool { index[id].map(unknown.contains) ?? false }

    /// The view an item names (`a.safeArea` names `a`).
    func viewID(_ name: String) -> String {
        if name == ViewTree.superviewID || index[name] != nil { return name }
        return ConstraintItem(name) { $0 == ViewTree.superviewID || index[$0] != nil }.view
    }

    /// A view's index (nil: the root) and guide.
    func item(_ name: String) -> (view: Int??, guide: LayoutGuide?) {
        if name == ViewTree.superviewID { return (.some(nil), nil) }
        if let i = index[name] { return (i, nil) }
        let parsed = ConstraintItem(name) { $0 == ViewTree.superviewID || index[$0] != nil }
        if parsed.view == ViewTree.superviewID { return (.some(nil), parsed.guide) }
        guard let i = index[parsed.view] else { return (nil, nil) }
        return (i, parsed.guide)
    }

    /// The stored alignment rect of a view (the root's bounds for nil).
    func rect(_ i: Int?) -> Rect {
        i.map { absolute[$0] } ?? Rect(x: 0, y: 0, width: rootSize.width, height: rootSize.height)
    }

    /// `attr` of `name` on the stored frames, in the root's coordinates.
    func value(_ name: String, _ attr: LayoutAttribute, other: Int??) -> Double? {
        let (found, named) = item(name)
        guard let i = found else { return nil }
        if let i, unknown.contains(i) { return nil }
        var r = rect(i)
        var guide = named
        // A scroll view's edges against a view inside it are its content's: the near edges at the
        // bounds origin, the far ones where only the constraints put them.
        if guide == nil, let s = i, tree.views[s].scrollView != nil, !attr.isSize, !attr.isCenter,
            let o = other ?? nil, isInside(o, s)
        {
            guide = .contentLayout
        }
        if guide == .contentLayout {
            switch attr.edge {
            case .left, .leading, .top: return attr.axis == .horizontal ? r.minX : r.minY
            default: return nil
            }
        }
        if guide == .safeArea || guide == .layoutMargins || attr.isMargin {
            let inset = guide == .safeArea ? resolved.safeArea(i) : resolved.margins(i)
            r = Rect(
                x: r.x + inset.left, y: r.y + inset.top, width: r.width - inset.left - inset.right,
                height: r.height - inset.top - inset.bottom)
        }
        let offsets = i.flatMap { tree.views[$0].baselineOffsets }
        switch attr.edge {
        case .left, .leading: return r.minX
        case .right, .trailing: return r.maxX
        case .top: return r.minY
        case .bottom: return r.maxY
        case .centerX: return r.x + r.width / 2
        case .centerY: return r.y + r.height / 2
        case .width: return r.width
        case .height: return r.height
        case .firstBaseline: return r.minY + (offsets?.first ?? 0)
        case .lastBaseline: return r.maxY - (offsets?.last ?? 0)
        default: return nil
        }
    }

    func isInside(_ view: Int, _ ancestor: Int) -> Bool {
        var p = tree.parentIndex[view]
        while let q = p {
            if q == ancestor { return true }
            p = tree.parentIndex[q]
        }
        return false
    }
}
