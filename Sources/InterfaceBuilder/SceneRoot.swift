import Environment
import Geometry
import LabXML
import ViewTree

extension SceneBuilder {
    /// The root: its margins and, for a view controller's view in a document with safe areas, what
    /// IB's simulated screen overlaps it with (`SimulatedScreen`).
    func rootView(_ frame: Rect) -> RootView {
        var r = RootView()
        // A view controller's root has no own margins: the system minimum gives it its sides.
        var own = viewController != nil && platform == .iOS ? EdgeInsets.zero : .defaultLayoutMargins
        let tableCellContent = platform == .iOS && root.name == "tableViewCellContentView"
        if tableCellContent && toolsVersion >= 13000 {
            // A table view cell's content view since Xcode 9 (toolsVersion 13000, iOS 11): UIKit's cell
            // margins, 11 above and below, 16 at the sides of cells narrower than 414 points (iPhones
            // in portrait), 20 on wider ones; in a table on a screen wider than 375 points, 20 for narrower
            // cells too (*fitted*, rule cell-margins-by-screen: the corpus's 375-point cells on 390- to
            // 414-point screens store 20; a xib's top-level cell has no table to follow the screen).
            // Since Xcode 26, 15 above and below (*fitted*, rule cell-margins-26: Xcode 26 documents store
            // content pinned to a cell's vertical margins 15 points in). Before Xcode 9, and in collection
            // view cells, a plain view's 8.
            var side: Double = frame.width < 414 ? 16 : 20
            if fitted.isOn(.cellMarginsByScreen), cellInContainer, let screen = screenWidth, screen > 375 { side = 20 }
            let vertical: Double = toolsVersion >= StandardViews.iOS26 && fitted.isOn(.cellMargins26) ? 15 : 11
            own = EdgeInsets(top: vertical, left: side, bottom: vertical, right: side)
        } else if tableCellContent && cellInContainer && root["preservesSuperviewLayoutMargins"] == "YES" {
            // Before Xcode 9 (iOS 8–10) a content view has a plain view's 8, but preserving its superview's
            // margins (UIView's `preservesSuperviewLayoutMargins`: "the superview's margins are also
            // considered") it takes its cell's sides, which in a table view follow the separator inset,
            // where the cell styles put their text label: 15 points (*hand-fitted*: the built-in labels of
            // pre-Xcode 9 table cells stand at 15 in eight repositories' documents, 320 to 768 points
            // wide). A xib's top-level cell has no table: 8 stays.
            own = EdgeInsets(top: 8, left: 15, bottom: 8, right: 15)
        }
        if tableCellContent, let cell, Self.hasAccessory(cell) {
            // A cell's accessory takes its trailing side: the content view ends before it, and its
            // trailing margin is the standard 8 to the accessory (*fitted*: 8 in every pre- and post-Xcode 9
            // cell with an accessory whose content view has a trailing-margin constraint, six repositories).
            own.right = 8
        }
        var margins = View(id: "root", frame: .zero, layoutMargins: own)
        readMargins(root, into: &margins)
        r.layoutMargins = margins.layoutMargins
        r.directionalLayoutMargins = margins.directionalLayoutMargins
        r.insetsLayoutMarginsFromSafeArea = margins.insetsLayoutMarginsFromSafeArea
        if viewController != nil && platform == .iOS {
            r.viewController = ViewController(
                navigationBar: bars.navigationBar ? .init() : nil, tabBar: bars.tabBar ? .init() : nil)
        }
        let hasSafeAreaGuide = root.children("viewLayoutGuide").contains { $0["key"] == "safeArea" }
        guard platform == .iOS, usesSafeAreas || topGuideNeeded, viewController != nil || hasSafeAreaGuide else {
            return r
        }
        r.safeAreaInsets = safeArea(frame)
        return r
    }

    /// Whether a table cell shows an accessory (a standard one, or a view of its own) at its trailing side.
    static func hasAccessory(_ cell: XMLElement) -> Bool {
        (cell["accessoryType"] ?? "none") != "none" || cell.children.contains { $0["key"] == "accessoryView" }
    }

    /// The design device's screen width in the document's orientation (nil: no device).
    var screenWidth: Double? {
        preset.flatMap { DevicePresets.standard.device($0) }?.screen(device?.orientation ?? .portrait).width
    }

    /// The root's safe area at the design size: how far the simulated screen's bands (notch, status
    /// bar, navigation bar; home indicator, tab bar or toolbar) overlap its stored frame. A top-level
    /// view that is not a view controller's gets them only when it fills the screen.
    func safeArea(_ frame: Rect) -> EdgeInsets {
        let preset = preset.flatMap { DevicePresets.standard.device($0) }
        if let screen = SimulatedScreen(
            preset: preset, deviceID: device?.id, orientation: device?.orientation ?? .portrait,
            toolsVersion: toolsVersion, bars: bars, barMetrics: DevicePresets.standard.bars, root: frame,
            fitted: fitted)
        {
            let fills =
                bars.freeform
                || abs(screen.screen.width - frame.width) < 1 && abs(screen.screen.height - frame.height) < 1
            guard viewController != nil || fills else { return .zero }
            // A child view controller narrower than the screen is drawn off its edges, without bars;
            // one as wide as the screen is drawn as a screen of its own (*fitted*: AVAEMixer's
            // children on an iPad store no status bar, XLPagerTabStrip's full-width ones store 20).
            if fitted.isOn(.childWithoutBars) && bars.embedded && abs(screen.screen.width - frame.width) >= 1 {
                return .zero
            }
            return screen.safeArea(rootFrame: screen.placed(frame))
        }
        // No design device: IB's simulated status bar (20 points) over a full-height root, and its bars.
        let barMetrics = DevicePresets.standard.bars
        let pad = frame.width >= 768 && frame.height >= 768
        var insets = EdgeInsets.zero
        if frame.height >= 460 && frame.minY < 20 && bars.statusBar { insets.top = 20 - frame.minY }
        if bars.navigationBar && frame.minY < 20 {
            insets.top += pad && toolsVersion >= 14000 ? barMetrics.navigationBar.pad : barMetrics.navigationBar.phone
        }
        if bars.tabBar { insets.bottom += pad && toolsVersion >= 14000 ? 50 : barMetrics.tabBar.phone }
        return insets
    }

    /// iOS 7–10's top and bottom layout guides stand for the root's safe area.
    var topGuideNeeded: Bool { viewController?.child("layoutGuides") != nil }
}
