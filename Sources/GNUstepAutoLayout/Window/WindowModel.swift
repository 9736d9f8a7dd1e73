import Geometry
import ViewTree

/// The window `Engines/appkit/engine.m` builds, as GNUstep master's NSWindow and NSView run it: a
/// borderless window whose decoration view (view 0, unflipped) holds the content view (view 1, the
/// scenario's root, flipped, autoresizing its width and height), which holds the scenario's views
/// (2…, flipped, in scenario order). Frames change through `setFrame` as `-[NSView setFrame:]` does
/// (clamping a negative size, resizing the subviews, telling the engine when the content view
/// resized); layout is `-layoutSubtreeIfNeeded`: masks translated once, then every view marked as
/// needing layout sets each subview's frame to its engine rectangle.
final class WindowModel {
    struct View {
        var frame: Rect
        /// AppKit's bits (a UIKit mask's bits are AppKit's in a flipped superview).
        var mask: AutoresizingMask
        var translates: Bool
        var intrinsic: (width: Double?, height: Double?) = (nil, nil)
        var hugging = (horizontal: 250.0, vertical: 250.0)
        var compression = (horizontal: 750.0, vertical: 750.0)
        var parent: Int?
        var subviews: [Int] = []
        var flipped: Bool
        var needsLayout = false
        var needsUpdateConstraints = true
        /// `_autoresizingFrameError`: rounded minus unrounded frame of the last autoresize.
        var autoresizingError = Rect.zero
    }

    static let decorationView = 0
    static let contentView = 1

    var views: [View] = []
    /// The window's frame size (its content size: the window is borderless).
    var frameSize: Size
    let deviations: GNUstepDeviations
    let rightToLeft: Bool
    /// Set by `load` once every priority of the scenario is known (a ladder spans the ones in use).
    var strengths = Strengths(weights: true, priorities: [])
    let order: HashOrder
    private(set) var engine: LayoutEngine?
    /// The installed hand-written constraints by their index in the scenario (nil: not installed).
    var handWritten: [Int: EngineConstraint] = [:]

    init(size: Size, deviations: GNUstepDeviations, rightToLeft: Bool, order: HashOrder) {
        self.deviations = deviations
        self.rightToLeft = rightToLeft
        self.order = order
        let rootSize = deviations.contains(.clamp) ? Size(width: max(0, size.width), height: max(0, size.height)) : size
        frameSize = size
        views.append(
            View(
                frame: Rect(x: 0, y: 0, width: size.width, height: size.height), mask: [],
                translates: true, flipped: false))
        // -[GSWindowDecorationView setContentView:] gives the content view a flexible width and height.
        views.append(
            View(
                frame: Rect(x: 0, y: 0, width: rootSize.width, height: rootSize.height),
                mask: [.flexibleWidth, .flexibleHeight], translates: true, parent: 0, flipped: true))
        views[0].subviews = [Self.contentView]
    }

    /// `-[NSView initWithFrame:]` and `-setFrame:` clamp a negative size to 0 ("given negative width").
    func clamped(_ s: Size) -> Size {
        guard deviations.contains(.clamp) else { return s }
        return Size(width: s.width < 0 ? 0 : s.width, height: s.height < 0 ? 0 : s.height)
    }

    func clamped(_ r: Rect) -> Rect {
        let s = clamped(r.size)
        return Rect(x: r.x, y: r.y, width: s.width, height: s.height)
    }

    /// Adds a view (`-initWithFrame:` then `-addSubview:`, done by the caller in scenario order).
    func addView(_ v: View) -> Int {
        var v = v
        v.frame = clamped(v.frame)
        views.append(v)
        return views.count - 1
    }

    func addSubview(_ child: Int, to parent: Int) {
        views[child].parent = parent
        views[parent].subviews.append(child)
    }

    func setNeedsLayout(superviewOf view: Int) {
        if let p = views[view].parent { views[p].needsLayout = true }
    }

    func nearestCommonAncestor(_ a: Int, _ b: Int) -> Int? {
        var chain: [Int] = []
        var x: Int? = a
        while let v = x {
            chain.append(v)
            x = views[v].parent
        }
        x = b
        while let v = x {
            if chain.contains(v) { return v }
            x = views[v].parent
        }
        return nil
    }

    // MARK: Frames

    /// `-[NSView setFrame:]`.
    func setFrame(_ view: Int, _ rect: Rect) throws(FrameworkException) {
        let r = clamped(rect)
        let old = views[view].frame
        let changedOrigin = !(old.x == r.x && old.y == r.y)
        let changedSize = !(old.width == r.width && old.height == r.height)
        guard changedOrigin || changedSize else { return }
        views[view].frame = r
        views[view].autoresizingError = .zero
        try resizeSubviews(view, oldSize: old.size)
        if view == Self.contentView { try contentViewResized() }
    }

    /// `-[NSView setFrameSize:]`.
    func setFrameSize(_ view: Int, _ size: Size) throws(FrameworkException) {
        let s = clamped(size)
        let old = views[view].frame.size
        guard !(old.width == s.width && old.height == s.height) else { return }
        views[view].frame.width = s.width
        views[view].frame.height = s.height
        views[view].autoresizingError = .zero
        try resizeSubviews(view, oldSize: old)
        if view == Self.contentView { try contentViewResized() }
    }

    /// `-resizeSubviewsWithOldSize:`. GNUstep autoresizes whether or not Auto Layout places the views
    /// (`Deviation.springs`); Apple's views under constraints are placed by the engine alone.
    func resizeSubviews(_ view: Int, oldSize: Size) throws(FrameworkException) {
        guard deviations.contains(.springs) else { return }
        for sub in views[view].subviews { try resizeWithOldSuperviewSize(sub, oldSize) }
    }

    /// `-_autoLayoutContentViewResized`: the engine takes the content view's new size and, if it
    /// changed, the content view lays its subtree out.
    func contentViewResized() throws(FrameworkException) {
        guard let engine else { return }
        if try engine.updateContentViewSize(views[Self.contentView].frame.size) {
            try layoutViewAndSubviews(Self.contentView)
        }
    }

    // MARK: Layout

    /// `-layoutSubtreeIfNeeded`.
    func layoutSubtreeIfNeeded(_ view: Int) throws(FrameworkException) {
        try updateConstraintsForSubtree(view)
        try layoutViewAndSubviews(view)
    }

    /// `-_layoutViewAndSubViews`.
    func layoutViewAndSubviews(_ view: Int) throws(FrameworkException) {
        if views[view].needsLayout { try layout(view) }
        for sub in views[view].subviews { try layoutViewAndSubviews(sub) }
    }

    /// `-[NSView layout]`: every subview takes its engine rectangle — the zero rectangle for one the
    /// engine does not track (`Deviation.untrackedZero`; Apple leaves such a view where it is).
    func layout(_ view: Int) throws(FrameworkException) {
        views[view].needsLayout = false
        guard let engine else { return }
        for sub in views[view].subviews {
            if let r = engine.alignmentRect(sub) {
                try setFrame(sub, r)
            } else if deviations.contains(.untrackedZero) {
                try setFrame(sub, .zero)
            }
        }
    }

    /// `-updateConstraintsForSubtreeIfNeeded`: subviews first, then the view.
    func updateConstraintsForSubtree(_ view: Int) throws(FrameworkException) {
        for sub in views[view].subviews { try updateConstraintsForSubtree(sub) }
        if views[view].needsUpdateConstraints { try updateConstraints(view) }
    }

    /// `-[NSView updateConstraints]`: a view that translates its mask adds the translation (even an
    /// empty one, which still makes the window's engine) against its superview's bounds.
    func updateConstraints(_ view: Int) throws(FrameworkException) {
        let v = views[view]
        if v.translates, let parent = v.parent {
            let bounds = Rect(x: 0, y: 0, width: views[parent].frame.width, height: views[parent].frame.height)
            try add(maskConstraints(view, frame: v.frame, mask: v.mask, superview: parent, bounds: bounds))
        }
        views[view].needsUpdateConstraints = false
    }

    /// `-[NSView addConstraints:]`: the window's engine, made on first use (which pins the content
    /// view to its bounds), takes the constraints in one batch.
    func add(_ list: [EngineConstraint]) throws(FrameworkException) { try makeEngine().add(list) }

    /// `-[NSView addConstraint:]`.
    func add(_ c: EngineConstraint) throws(FrameworkException) { try makeEngine().add(c) }

    private func makeEngine() throws(FrameworkException) -> LayoutEngine {
        if let engine { return engine }
        let made = LayoutEngine(window: self, deviations: deviations, strengths: strengths, order: order)
        engine = made
        try made.pin(contentView: Self.contentView, size: views[Self.contentView].frame.size)
        return made
    }

    // MARK: The window

    /// `-[NSWindow setContentSize:]` of a borderless window: its frame, kept between the minimum
    /// (1×1: frame minus content plus one) and maximum (10e4) sizes, goes to the decoration view,
    /// whose `-setFrame:` autoresizes the content view (rounded on the pixel grid) and then, in its
    /// `-layout`, sets the content view's frame to the window's content rectangle.
    func setContentSize(_ size: Size) throws(FrameworkException) {
        var s = size
        if s.width > 1e5 { s.width = 1e5 }
        if s.height > 1e5 { s.height = 1e5 }
        if s.width < 1 { s.width = 1 }
        if s.height < 1 { s.height = 1 }
        guard !(s.width == frameSize.width && s.height == frameSize.height) else { return }
        frameSize = s
        let old = views[Self.decorationView].frame.size
        // -[GSWindowDecorationView setFrame:]: its own frame without autoresizing, then the content view.
        views[Self.decorationView].frame = Rect(x: 0, y: 0, width: s.width, height: s.height)
        if deviations.contains(.springs) { try resizeWithOldSuperviewSize(Self.contentView, old) }
        try setFrame(Self.contentView, Rect(x: 0, y: 0, width: s.width, height: s.height))
    }
}
