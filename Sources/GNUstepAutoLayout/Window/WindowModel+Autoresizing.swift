import Geometry

/// libs-gui master's `-resizeWithOldSuperviewSize:` (NSView.m): the proportional split of
/// `autoresize()`, then each edge floored on the window's pixel grid (base coordinates, y up: the
/// content view is flipped in an unflipped window), the rounding error carried to the next resize.
extension WindowModel {
    func resizeWithOldSuperviewSize(_ view: Int, _ oldSize: Size) throws(FrameworkException) {
        let v = views[view]
        guard !v.mask.isEmpty, let parent = v.parent else { return }
        var f = v.frame
        let e = v.autoresizingError
        if !(e.x == 0 && e.y == 0 && e.width == 0 && e.height == 0) {
            f.x -= e.x
            f.y -= e.y
            f.width -= e.width
            f.height -= e.height
        }
        let superSize = views[parent].frame.size
        var (x, y, w, h) = (f.x, f.y, f.width, f.height)
        Self.autoresize(
            oldSize.width, superSize.width, &x, &w,
            v.mask.contains(.flexibleLeftMargin), v.mask.contains(.flexibleWidth),
            v.mask.contains(.flexibleRightMargin))
        Self.autoresize(
            oldSize.height, superSize.height, &y, &h,
            v.mask.contains(.flexibleTopMargin), v.mask.contains(.flexibleHeight),
            v.mask.contains(.flexibleBottomMargin))
        f = Rect(x: x, y: y, width: w, height: h)
        // Each edge floors in window coordinates, after a 1e-6 snap (an exact edge a fraction of an
        // ULP below an integer stays).
        let win = convertToWindow(f, in: parent)
        let minX = (win.x + 1e-6).rounded(.down)
        let minY = (win.y + 1e-6).rounded(.down)
        let maxX = (win.x + win.width + 1e-6).rounded(.down)
        let maxY = (win.y + win.height + 1e-6).rounded(.down)
        let rounded = convertFromWindow(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), in: parent)
        try setFrame(view, rounded)
        views[view].autoresizingError = Rect(
            x: rounded.x - f.x, y: rounded.y - f.y, width: rounded.width - f.width, height: rounded.height - f.height)
    }

    /// `autoresize()`: the change split among the flexible parts in proportion to their sizes, or
    /// equally when they sum to zero or less.
    static func autoresize(
        _ oldContainer: Double, _ newContainer: Double, _ position: inout Double,
        _ size: inout Double, _ minFlexible: Bool, _ sizeFlexible: Bool, _ maxFlexible: Bool
    ) {
        let change = newContainer - oldContainer
        let oldSize = size
        let oldPosition = position
        var flexible = 0.0
        if sizeFlexible { flexible += oldSize }
        if minFlexible { flexible += oldPosition }
        if maxFlexible { flexible += oldContainer - oldPosition - oldSize }
        if flexible <= 0 {
            let parts = (sizeFlexible ? 1 : 0) + (minFlexible ? 1 : 0) + (maxFlexible ? 1 : 0)
            if parts > 0 {
                let share = change / Double(parts)
                if sizeFlexible { size += share }
                if minFlexible { position += share }
            }
        } else {
            let perPoint = change / flexible
            if sizeFlexible { size += perPoint * oldSize }
            if minFlexible { position += perPoint * oldPosition }
        }
    }

    /// A view's `_matrixToWindow` (every matrix here is a translation, flipped or not): the
    /// superview's, with the frame's origin prepended, and a flip by the frame's height when the view
    /// and its superview differ in flippedness (`-_rebuildCoordinates`, `-prependTransform:`).
    func matrixToWindow(_ view: Int) -> (tx: Double, ty: Double, flipY: Bool) {
        guard let parent = views[view].parent else { return (0, 0, false) }
        let p = matrixToWindow(parent)
        let c = p.flipY ? -0.0 : 0.0
        let d = p.flipY ? -1.0 : 1.0
        let f = views[view].frame
        var tx = f.x * 1 + f.y * c + p.tx
        var ty = f.x * 0 + f.y * d + p.ty
        var flipY = p.flipY
        if views[view].flipped != views[parent].flipped {
            let h = f.height
            let newTX = 0 * 1 + h * c + tx
            ty = 0 * 0 + h * d + ty
            tx = newTX
            flipY.toggle()
        }
        return (tx, ty, flipY)
    }

    /// `-convertRect:toView: nil` from `view`'s coordinates: the four corners through the matrix, then
    /// their bounding box (`convert_rect_using_matrices`).
    func convertToWindow(_ r: Rect, in view: Int) -> Rect {
        let m = matrixToWindow(view)
        return Self.boundingBox(r) { p in
            let q = m.flipY ? Point(x: m.tx + p.x, y: m.ty - p.y) : Point(x: m.tx + p.x, y: m.ty + p.y)
            return Point(x: 0 + q.x, y: 0 + q.y)  // the identity transform of the window side
        }
    }

    /// `-convertRect:fromView: nil` into `view`'s coordinates, through the inverted matrix.
    func convertFromWindow(_ r: Rect, in view: Int) -> Rect {
        let m = matrixToWindow(view)
        return Self.boundingBox(r) { p in
            let q = Point(x: 0 + p.x, y: 0 + p.y)
            return m.flipY ? Point(x: -m.tx + q.x, y: m.ty - q.y) : Point(x: -m.tx + q.x, y: -m.ty + q.y)
        }
    }

    private static func boundingBox(_ r: Rect, _ transform: (Point) -> Point) -> Rect {
        var p = [Point](repeating: Point(x: r.x, y: r.y), count: 4)
        p[1].x += r.width
        p[2].y += r.height
        p[3].x += r.width
        p[3].y += r.height
        var lo = transform(p[0])
        var hi = lo
        for k in 1..<4 {
            let q = transform(p[k])
            lo.x = lo.x < q.x ? lo.x : q.x  // MIN(a, b) is a < b ? a : b
            lo.y = lo.y < q.y ? lo.y : q.y
            hi.x = hi.x > q.x ? hi.x : q.x
            hi.y = hi.y > q.y ? hi.y : q.y
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }
}
