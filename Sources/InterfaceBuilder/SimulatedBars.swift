import Environment
import Geometry
import LabXML

/// The bars Interface Builder draws around a view controller's root: inferred from the
/// containers and segues that lead to it, unless the scene sets its simulated metrics itself.
struct SimulatedBars: Hashable, Sendable {
    var statusBar = true
    /// The scene sets its status bar itself (`simulatedStatusBarMetrics`), not left "Inferred".
    var statusBarSet = false
    var navigationBar = false
    /// `prefersLargeTitles` on the navigation bar: 52 points more on iPhones.
    var largeTitles = false
    /// The navigation bar is opaque (`translucent="NO"`): a view controller's view does not extend under
    /// it (`extendedLayoutIncludesOpaqueBars` is false by default), so its root starts below the bar.
    var opaqueNavigationBar = false
    /// Inside a navigation controller (its root, or pushed from inside one), its bar shown or hidden:
    /// where a `show` segue pushes rather than presents.
    var inNavigationController = false
    var toolbar = false
    var tabBar = false
    /// The scene has a freeform simulated size: IB draws it as its own screen, without the design
    /// device's notch or home indicator.
    var freeform = false
    /// The scene is embedded in a container view (an `embed` segue leads to it): its root is not at
    /// the screen's edges, and IB gives it no bars and no safe area.
    var embedded = false
    /// The scene is presented modally (a `modal` or `presentation` segue leads to it, not full
    /// screen): from Xcode 11, IB draws it as a sheet.
    var presented = false

    /// A scene's own simulated metrics, over what its containers imply. `<nil key="…"/>` is IB's
    /// "None"; an absent element is "Inferred".
    func overridden(by vc: XMLElement?, root: XMLElement) -> SimulatedBars {
        var out = self
        let simulated = (vc?.children ?? []) + root.children
        if let status = simulated.first(where: { $0["key"] == "simulatedStatusBarMetrics" }) {
            out.statusBar = status.name != "nil" && status["statusBarStyle"] != "hidden"
            out.statusBarSet = true
        }
        if let top = simulated.first(where: { $0["key"] == "simulatedTopBarMetrics" }) {
            out.navigationBar = top.name.contains("Navigation")
            out.opaqueNavigationBar = out.navigationBar && top["translucent"] == "NO"
        }
        if vc?["extendedLayoutIncludesOpaqueBars"] == "YES" { out.opaqueNavigationBar = false }
        if let bottom = simulated.first(where: { $0["key"] == "simulatedBottomBarMetrics" }) {
            out.tabBar = bottom.name.contains("TabBar")
            out.toolbar = bottom.name.contains("Toolbar")
        }
        out.freeform = simulated.contains { $0.name == "freeformSimulatedSizeMetrics" }
        return out
    }

    /// Bars of every view controller of a storyboard, from its containers: a navigation controller's
    /// root and what push and show segues lead to from it get its navigation bar (none when the bar is
    /// hidden) and its toolbar when shown; a tab bar controller's children, and everything pushed from
    /// them, its tab bar (`hidesBottomBarWhenPushed` drops it); containers inside containers add up. A
    /// segue's source is the view controller of the scene it is drawn from: its own connections, or a
    /// cell's or a button's in its view.
    static func infer(_ document: XMLElement) -> [String: SimulatedBars] {
        var controllers: [String: XMLElement] = [:]
        var segues: [String: [XMLElement]] = [:]
        for vc in document.descendants() where vc["sceneMemberID"] == "viewController" {
            guard let id = vc["id"] else { continue }
            controllers[id] = vc
            segues[id] = vc.descendants().filter { $0.name == "segue" && $0["destination"] != nil }
        }
        var out: [String: SimulatedBars] = [:]
        for e in segues.values.flatMap({ $0 }) {
            guard let id = e["destination"] else { continue }
            if e["kind"] == "embed" { out[id, default: SimulatedBars()].embedded = true }
            if ["modal", "presentation"].contains(e["kind"] ?? "") && !Self.fullScreen(e, controllers[id]) {
                out[id, default: SimulatedBars()].presented = true
            }
        }
        // Containers start the walk. (A navigation item alone does not: IQKeyboardManager's scenes
        // have one and IB draws no bar over them.)
        var queue = controllers.values.filter { ["navigationController", "tabBarController"].contains($0.name) }
            .compactMap { $0["id"] }.map { ($0, SimulatedBars()) }
        // So does a scene that sets a navigation bar in its simulated metrics (its container lives in
        // another storyboard): what it pushes or shows is drawn under the same bar, IB's "Inferred".
        queue += controllers.values.compactMap { vc in
            guard let id = vc["id"], let top = vc.children.first(where: { $0["key"] == "simulatedTopBarMetrics" }),
                top.name.contains("Navigation")
            else { return nil }
            var bars = SimulatedBars()
            bars.navigationBar = true
            bars.inNavigationController = true
            bars.opaqueNavigationBar = top["translucent"] == "NO"
            return (id, bars)
        }
        var visited: Set<String> = []
        while let (id, context) = queue.popLast() {
            let old = out[id] ?? context
            if visited.contains(id) && old.union(context) == old { continue }
            visited.insert(id)
            out[id] = old.union(context)
            let merged = out[id]!
            guard let vc = controllers[id] else { continue }
            for e in segues[id] ?? [] {
                let destination = e["destination"]!
                var next = merged
                next.embedded = false  // a container's children are drawn as full screens
                next.presented = false
                switch (vc.name, e["relationship"]) {
                case ("navigationController", "rootViewController"?):
                    next.navigationBar = vc["navigationBarHidden"] != "YES"
                    next.inNavigationController = true
                    let bar = vc.child("navigationBar", key: "navigationBar")
                    next.largeTitles = bar?["largeTitles"] == "YES"
                    next.opaqueNavigationBar = next.navigationBar && bar?["translucent"] == "NO"
                    next.toolbar = vc["toolbarHidden"] == "NO"
                case ("tabBarController", "viewControllers"?):
                    next.tabBar = true
                case (_, nil) where ["push", "show"].contains(e["kind"] ?? ""):
                    if controllers[destination]?["hidesBottomBarWhenPushed"] == "YES" { next.tabBar = false }
                // A split view's `showDetail` from inside a navigation controller: IB draws the detail
                // under that navigation bar, as UIKit's collapsed split view pushes it there, but
                // without the tab bar the source sits in (*hand-read*: habitica-ios's Main storyboard,
                // whose details stand 44 points below the notch and reach the home indicator).
                case (_, nil)
                where e["kind"] == "showDetail" && merged.inNavigationController
                    && !Self.containers.contains(controllers[destination]?.name ?? ""):
                    next.tabBar = false
                default:
                    continue
                }
                if out[destination].map({ $0.union(next) != $0 }) ?? true { queue.append((destination, next)) }
            }
        }
        // UIKit's `show(_:sender:)` pushes only from inside a navigation controller and presents
        // otherwise: a show segue from a scene outside one presents its destination, unless that is
        // pushed elsewhere, is itself a container, or asks for full screen.
        for (source, list) in segues where out[source]?.inNavigationController != true {
            for e in list where e["kind"] == "show" {
                guard let id = e["destination"], out[id]?.inNavigationController != true, let vc = controllers[id],
                    !Self.containers.contains(vc.name), !Self.fullScreen(e, vc)
                else { continue }
                out[id, default: SimulatedBars()].presented = true
            }
        }
        return out
    }

    /// View controllers that contain others: a segue to one does not draw it as a pushed screen.
    static let containers: Set<String> = ["navigationController", "tabBarController", "splitViewController"]

    static func fullScreen(_ segue: XMLElement, _ destination: XMLElement?) -> Bool {
        let styles: [String?] = [segue["modalPresentationStyle"], destination?["modalPresentationStyle"]]
        return styles.contains { $0 == "fullScreen" || $0 == "overFullScreen" }
    }

    func union(_ o: SimulatedBars) -> SimulatedBars {
        SimulatedBars(
            statusBar: statusBar && o.statusBar, navigationBar: navigationBar || o.navigationBar,
            largeTitles: largeTitles || o.largeTitles,
            opaqueNavigationBar: opaqueNavigationBar || o.opaqueNavigationBar,
            inNavigationController: inNavigationController || o.inNavigationController,
            toolbar: toolbar || o.toolbar, tabBar: tabBar || o.tabBar,
            freeform: freeform || o.freeform, embedded: embedded || o.embedded, presented: presented || o.presented)
    }
}

/// Where IB's simulated screen puts a root and what overlaps it: the design device's
/// notch and home indicator (by the Xcode version that saved the document), the status bar, and the
/// bars above and below. The root's safe area is how far those bands overlap its stored frame, so a
/// root laid out under opaque bars (stored at y = 64, 603 high on a 667-point screen) gets none.
struct SimulatedScreen {
    var screen: Size
    /// The device's own insets (notch, home indicator, landscape sides), status bar excluded.
    var device: EdgeInsets
    var statusBar: Double
    var topBars: Double
    var bottomBars: Double
    /// The scene is presented modally and drawn as a sheet (Xcode 11 on; `FittedRule.sheets`).
    var sheets: Bool
    /// A root stored at y = 0 between opaque bars starts below them (`FittedRule.rootBetweenBars`).
    var rootBetweenBars: Bool
    /// The navigation bar is opaque: a root stored at y = 0 and shorter than the screen starts below it.
    var opaqueTopBars: Bool

    init?(
        preset: DevicePreset?, deviceID: String?, orientation: Orientation, toolsVersion: Double, bars: SimulatedBars,
        barMetrics: BarMetrics, root: Rect, fitted: FittedValues = .builtIn
    ) {
        rootBetweenBars = fitted.isOn(.rootBetweenBars)
        opaqueTopBars = bars.opaqueNavigationBar
        guard let preset else { return nil }
        let landscape = orientation == .landscape
        // A root larger than the device's screen (a size IB was told to simulate) is its own screen.
        let deviceScreen = preset.screen(orientation)
        screen =
            bars.freeform
            ? root.size
            : Size(width: max(deviceScreen.width, root.width), height: max(deviceScreen.height, root.height))
        let pad = preset.idiom == .pad
        sheets = toolsVersion >= StandardViews.iOS13 && bars.presented && fitted.isOn(.sheets)
        var insets = DesignDevice.insets(
            preset: preset, deviceID: deviceID, orientation: orientation, toolsVersion: toolsVersion,
            byXcode: fitted.isOn(.notchByXcode), twiceSince26: fitted.isOn(.safeAreaTwice26))
        let hasNotch = preset.portraitSafeArea.bottom > 0
        // Home-button devices: the preset's top inset is the status bar (hidden on iPhones in
        // landscape). A freeform scene keeps only the status bar, as tall as the device's.
        let status = hasNotch ? insets.top : (pad ? max(20, insets.top) : 20)
        let notched = hasNotch && !bars.freeform
        let drawn =
            bars.statusBar && (hasNotch || bars.statusBarSet || !Self.inferredWithoutStatusBar(toolsVersion, fitted))
        statusBar = notched ? 0 : (drawn && (pad || !landscape || hasNotch) ? status : 0)
        if !notched { insets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }
        device = insets
        let compact = !pad && landscape
        let nav =
            pad
            ? (toolsVersion >= 14000 ? barMetrics.navigationBar.pad : barMetrics.navigationBar.phone)
            : (compact
                ? barMetrics.navigationBar.phoneCompactHeight
                : StandardViews.phoneNavigationBar(toolsVersion, classic: barMetrics.navigationBar.phone))
        topBars = bars.navigationBar ? nav + (bars.largeTitles && !pad && !compact ? barMetrics.largeTitleExtra : 0) : 0
        let tab =
            pad
            ? (toolsVersion >= 14000 ? 50 : barMetrics.tabBar.phone)
            : (compact ? barMetrics.tabBar.phoneCompactHeight : barMetrics.tabBar.phone)
        let tool =
            pad
            ? (toolsVersion >= 14000 ? barMetrics.toolbar.pad : barMetrics.toolbar.phone)
            : (compact ? barMetrics.toolbar.phoneCompactHeight : barMetrics.toolbar.phone)
        bottomBars = (bars.tabBar ? tab : 0) + (bars.toolbar && !bars.tabBar ? tool : 0)
    }

    /// Whether Xcode left out a home-button canvas's "Inferred" status bar (*fitted*,
    /// `FittedRule.statusBarByXcode`): documents saved from Xcode 11 (the iOS 13 SDK, toolsVersion
    /// 14810, as for the controls of `StandardViews`) up to toolsVersion 21701 store their roots' safe
    /// areas, and what hangs from them, without the status bar's 20 points; earlier and later ones with
    /// it (`Tools/ib-corpus-facts.py safe-area` on both folders).
    static func inferredWithoutStatusBar(_ toolsVersion: Double, _ fitted: FittedValues) -> Bool {
        fitted.isOn(.statusBarByXcode) && toolsVersion >= StandardViews.iOS13 && toolsVersion < 21701
    }

    /// Where a root stored at `frame` sits on the screen. IB stores a root laid out between opaque bars
    /// either at its place (y = 64) or at y = 0 with the height the bars leave (603 on a 667-point
    /// screen): a root at 0 that is shorter than the screen starts below the top bars when that makes
    /// it end on the screen's bottom or on the top of the bottom bars. From Xcode 11 (the iOS 13 SDK,
    /// toolsVersion 14810), a modally presented root 10 points shorter than the screen below the status bar is a
    /// sheet (iOS 13's: 842 high on an 896-point screen), which ends at the screen's bottom. Under an
    /// opaque navigation bar a root at 0 starts below the bars whatever its height (UIKit does not
    /// extend it under them). Otherwise it stays at the top (above an opaque tab bar, 618 high).
    func placed(_ frame: Rect) -> Rect {
        guard frame.minY == 0, frame.height < screen.height - 0.5 else { return frame }
        let top = device.top + statusBar + topBars
        let bottomEdges = [screen.height, screen.height - device.bottom - bottomBars]
        var f = frame
        if opaqueTopBars || rootBetweenBars && bottomEdges.contains(where: { abs(top + frame.height - $0) < 0.5 }) {
            f.y = top
        } else if sheets && abs(screen.height - max(device.top, statusBar, 20) - 10 - frame.height) < 0.5 {
            f.y = screen.height - frame.height
        }
        return f
    }

    /// The bands' overlap with a root stored at `frame` (in the screen's coordinates).
    func safeArea(rootFrame frame: Rect) -> EdgeInsets {
        func clamp(_ v: Double, _ limit: Double) -> Double { min(max(v, 0), max(limit, 0)) }
        let top = device.top + statusBar + topBars
        let bottom = device.bottom + bottomBars
        return EdgeInsets(
            top: clamp(top - frame.minY, frame.height),
            left: clamp(device.left - frame.minX, frame.width),
            bottom: clamp(frame.maxY - (screen.height - bottom), frame.height),
            right: clamp(frame.maxX - (screen.width - device.right), frame.width))
    }
}
