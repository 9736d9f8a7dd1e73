import Geometry
import Margins
import ViewTree

/// Where a view controller's root view sits in its window and what covers it, for both
/// backends: a modern (Auto Layout) app and a springs-era app see the same bars, but the in-call bar
/// reaches them differently.
public struct RootPlacement: Hashable, Sendable {
    /// The app's window size.
    public var window: Size
    /// The root's frame in the window under Auto Layout: the window less the bars it does not extend
    /// under (`edgesForExtendedLayout`, `extendedLayoutIncludesOpaqueBars`).
    public var autoLayoutFrame: Rect
    /// The root's frame for a springs-era app: the same area, but the in-call bar moves the root down
    /// by its extra height and takes that much of its height (its masks resize the rest).
    public var springsFrame: Rect
    /// The root's safe area and system minimum margins under Auto Layout.
    public var insets: RootInsets
    /// What the springs-era root sees (no in-call growth of the safe area: it has moved instead).
    public var springsInsets: RootInsets
    /// The bars' rectangles in window coordinates, by name (status bar area included), for pictures.
    public var bars: [(name: String, frame: Rect)]
    public var sizeClasses: SizeClasses?

    public static func == (a: Self, b: Self) -> Bool {
        a.window == b.window && a.autoLayoutFrame == b.autoLayoutFrame && a.springsFrame == b.springsFrame
            && a.insets == b.insets && a.springsInsets == b.springsInsets && a.bars.map(\.name) == b.bars.map(\.name)
            && a.bars.map(\.frame) == b.bars.map(\.frame) && a.sizeClasses == b.sizeClasses
    }

    public func hash(into h: inout Hasher) {
        h.combine(window)
        h.combine(autoLayoutFrame)
    }

    /// The root of `root`'s tree in an environment (a device preset in an orientation, possibly with
    /// the in-call bar or in split view).
    public static func place(
        _ root: RootView, in env: Environment, bars: BarMetrics = DevicePresets.standard.bars
    ) -> RootPlacement {
        let window = env.window
        let insets = env.windowInsets(bars)
        let compactHeight = env.device.idiom == .phone && env.orientation == .landscape
        var p = layout(
            root, window: window, windowInsets: insets, idiom: env.device.idiom, compactHeight: compactHeight,
            bars: bars)
        p.sizeClasses = env.device.sizeClasses(env.orientation)
        if let w = env.windowWidth, env.device.idiom == .pad, w < 660 {
            // Split-view and slide-over windows up to 639 points wide are compact width; from 678
            // (half of a 12.9-inch iPad in landscape) on they are regular.
            p.sizeClasses?.horizontal = .compact
        }
        p.insets.systemMinimumMargins = systemMinimum(
            root, idiom: env.device.idiom, orientation: env.orientation, width: window.width)
        p.springsInsets.systemMinimumMargins = p.insets.systemMinimumMargins
        if env.inCallBarShowing {
            let extra = bars.inCallExtra
            p.springsFrame.y += extra
            p.springsFrame.height = max(0, p.springsFrame.height - extra)
            // The springs-era root moved below the bar: its own safe area does not grow.
            p.springsInsets.safeAreaInsets.top = max(0, p.springsInsets.safeAreaInsets.top - extra)
        }
        return p
    }

    /// The root without a device preset: its size is the step's size, it sits at the origin, and its
    /// safe area is the scenario's `safeAreaInsets` plus the bars it extends under (phone heights, by
    /// the root's own aspect) plus `additionalSafeAreaInsets`. `edgesForExtendedLayout` cannot move a
    /// root that has no window around it; a bar it does not extend under simply does not cover it.
    public static func place(_ root: RootView, size: Size, bars: BarMetrics = DevicePresets.standard.bars) -> RootInsets
    {
        let compactHeight = size.width > size.height
        var insets = root.safeAreaInsets
        if let vc = root.viewController {
            for (edge, height) in barHeights(vc, idiom: .phone, compactHeight: compactHeight, bars: bars) {
                let translucent =
                    edge == .top
                    ? (vc.navigationBar?.isTranslucent ?? true)
                    : (vc.tabBar?.isTranslucent ?? vc.toolbar?.isTranslucent ?? true)
                if vc.extendsUnder(edge, translucent: translucent) { insets[edge] += height }
            }
            insets = insets + vc.additionalSafeAreaInsets
        }
        let idiom: DevicePreset.Idiom = size.width >= 768 && size.height >= 768 ? .pad : .phone
        return RootInsets(
            safeAreaInsets: insets,
            systemMinimumMargins: systemMinimum(
                root, idiom: idiom, orientation: compactHeight ? .landscape : .portrait,
                width: size.width),
            inNavigationController: root.viewController?.navigationBar != nil)
    }

    /// A view controller's root view has system minimum margins of 0 at the top and bottom
    /// and 16 or 20 on the sides (16 on iPhones in portrait narrower than 414 points; 20 on wider
    /// iPhones, in landscape and on iPads), unless `viewRespectsSystemMinimumLayoutMargins` is false.
    static func systemMinimum(
        _ root: RootView, idiom: DevicePreset.Idiom, orientation: Orientation, width: Double
    ) -> EdgeInsets? {
        guard let vc = root.viewController, vc.viewRespectsSystemMinimumLayoutMargins else { return nil }
        let side: Double = idiom == .phone && orientation == .portrait && width < 414 ? 16 : 20
        return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }

    /// The bars' heights by edge: the navigation bar (with a large title) at the top; the tab bar and
    /// toolbar stacked at the bottom.
    static func barHeights(
        _ vc: ViewController, idiom: DevicePreset.Idiom, compactHeight: Bool, bars: BarMetrics
    ) -> [(RectEdge, Double)] {
        var out: [(RectEdge, Double)] = []
        if let nav = vc.navigationBar {
            var h = BarMetrics.height(bars.navigationBar, idiom: idiom, compactHeight: compactHeight)
            // Large titles collapse in compact height.
            if nav.prefersLargeTitles && !compactHeight { h += bars.largeTitleExtra }
            out.append((.top, h))
        }
        var bottom = 0.0
        if vc.tabBar != nil { bottom += BarMetrics.height(bars.tabBar, idiom: idiom, compactHeight: compactHeight) }
        if vc.toolbar != nil { bottom += BarMetrics.height(bars.toolbar, idiom: idiom, compactHeight: compactHeight) }
        if bottom > 0 { out.append((.bottom, bottom)) }
        return out
    }

    static func layout(
        _ root: RootView, window: Size, windowInsets w: EdgeInsets, idiom: DevicePreset.Idiom, compactHeight: Bool,
        bars: BarMetrics
    ) -> RootPlacement {
        var frame = Rect(x: 0, y: 0, width: window.width, height: window.height)
        var barRects: [(String, Rect)] = []
        if w.top > 0 { barRects.append(("status bar", Rect(x: 0, y: 0, width: window.width, height: w.top))) }
        // The unsafe bands: how far from each window edge bars and the device reach.
        var band = w
        if let vc = root.viewController {
            if let nav = vc.navigationBar {
                let h = barHeights(
                    ViewController(navigationBar: nav), idiom: idiom, compactHeight: compactHeight, bars: bars)[0].1
                let rect = Rect(x: 0, y: w.top, width: window.width, height: h)
                barRects.append(("navigation bar", rect))
                band.top = rect.maxY
                if !vc.extendsUnder(.top, translucent: nav.isTranslucent) { frame.y = rect.maxY }
            }
            // Bottom bars sit above the home indicator; the lowest reaches the window's bottom edge.
            var bottomEdge = window.height
            for (name, bar) in [("tab bar", vc.tabBar), ("toolbar", vc.toolbar)] {
                guard let bar else { continue }
                let metrics = name == "tab bar" ? bars.tabBar : bars.toolbar
                var h = BarMetrics.height(metrics, idiom: idiom, compactHeight: compactHeight)
                if bottomEdge == window.height { h += w.bottom }
                let rect = Rect(x: 0, y: bottomEdge - h, width: window.width, height: h)
                barRects.append((name, rect))
                bottomEdge = rect.minY
                if !vc.extendsUnder(.bottom, translucent: bar.isTranslucent) {
                    frame.height = min(frame.maxY, rect.minY) - frame.y
                }
            }
            band.bottom = window.height - bottomEdge + (bottomEdge == window.height ? w.bottom : 0)
        }
        frame.height = max(0, min(frame.maxY, window.height) - frame.y)
        // The root's safe area: how far the unsafe bands overlap its frame.
        var safe = EdgeInsets(
            top: max(0, band.top - frame.minY), left: max(0, band.left - frame.minX),
            bottom: max(0, frame.maxY - (window.height - band.bottom)),
            right: max(0, frame.maxX - (window.width - band.right)))
        for e in RectEdge.allCases { safe[e] = min(safe[e], frame.size[e.axis]) }
        if let vc = root.viewController { safe = safe + vc.additionalSafeAreaInsets }
        let insets = RootInsets(
            safeAreaInsets: safe, systemMinimumMargins: nil,
            inNavigationController: root.viewController?.navigationBar != nil)
        return RootPlacement(
            window: window, autoLayoutFrame: frame, springsFrame: frame, insets: insets, springsInsets: insets,
            bars: barRects, sizeClasses: nil)
    }
}
