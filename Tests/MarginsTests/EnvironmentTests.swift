import Environment
import Geometry
import Margins
import Testing
import ViewTree

@Suite("Environments")
struct EnvironmentTests {
    static let presets = DevicePresets.standard

    static func env(_ id: String, _ o: Orientation, inCall: Bool = false, window: Double? = nil) throws -> Environment {
        Environment(device: try #require(presets.device(id)), orientation: o, inCall: inCall, windowWidth: window)
    }

    @Test func presetsCoverDesignsTable() throws {
        #expect(Self.presets.devices.count == 17)
        #expect(Set(Self.presets.ids).count == Self.presets.ids.count)
        let x = try #require(Self.presets.device("iphone-x"))
        #expect(x.points == Size(width: 375, height: 812) && x.scale == 3)
        #expect(x.safeArea(.landscape) == insets(0, 44, 21, 44))
        #expect(try #require(Self.presets.device("ipad-pro-12.9")).splitWidths(.landscape) == [375, 678, 981])
    }

    /// A view controller's root: system minimum sides 16 on narrow iPhones in portrait, 20 in
    /// landscape (measured on iPhone X landscape: 20 + the 44-point safe area = 64), top and bottom 0.
    @Test func systemMinimumMarginsOfARootView() throws {
        let tree = try ViewTree(
            superviewSize: .zero, views: [], root: RootView(layoutMargins: .zero, viewController: ViewController()))
        func rootMargins(_ e: Environment) -> EdgeInsets {
            let p = RootPlacement.place(tree.root, in: e)
            return LayoutMargins.resolve(tree, frames: [], rootSize: p.autoLayoutFrame.size, root: p.insets).rootMargins
        }
        #expect(rootMargins(try Self.env("iphone-8", .portrait)) == insets(20, 16, 0, 16))
        #expect(rootMargins(try Self.env("iphone-8-plus", .portrait)) == insets(20, 20, 0, 20))
        #expect(rootMargins(try Self.env("iphone-x", .landscape)) == insets(0, 64, 21, 64))
        #expect(rootMargins(try Self.env("ipad", .portrait)) == insets(20, 20, 0, 20))
        var off = tree
        off.root.viewController?.viewRespectsSystemMinimumLayoutMargins = false
        let p = RootPlacement.place(off.root, in: try Self.env("iphone-x", .landscape))
        #expect(
            LayoutMargins.resolve(off, frames: [], rootSize: p.autoLayoutFrame.size, root: p.insets).rootMargins
                == insets(0, 44, 21, 44))
    }

    /// On a home-button device the in-call bar moves a springs-era root down 20 and takes 20
    /// of its height; under Auto Layout the top safe-area inset grows by 20 instead. Notched phones
    /// and iPhones in landscape (no status bar) show no in-call bar.
    @Test func inCallBar() throws {
        let root = RootView()
        let p = RootPlacement.place(root, in: try Self.env("iphone-8", .portrait, inCall: true))
        #expect(p.autoLayoutFrame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(p.insets.safeAreaInsets == insets(40, 0, 0, 0))
        #expect(p.springsFrame == Rect(x: 0, y: 20, width: 375, height: 647))
        for (id, o) in [("iphone-x", Orientation.portrait), ("iphone-8", .landscape)] {
            let plain = RootPlacement.place(root, in: try Self.env(id, o))
            #expect(RootPlacement.place(root, in: try Self.env(id, o, inCall: true)) == plain, "\(id) \(o)")
        }
    }

    @Test func barsAndEdgesForExtendedLayout() throws {
        let e = try Self.env("iphone-8", .portrait)
        // Translucent navigation bar: the root extends under it; its safe area covers status + bar.
        var vc = ViewController(navigationBar: .init(isTranslucent: true))
        var p = RootPlacement.place(RootView(viewController: vc), in: e)
        #expect(p.autoLayoutFrame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(p.insets.safeAreaInsets.top == 64)
        // Opaque: the root starts below it (unless extendedLayoutIncludesOpaqueBars).
        vc.navigationBar = .init(isTranslucent: false)
        p = RootPlacement.place(RootView(viewController: vc), in: e)
        #expect(p.autoLayoutFrame == Rect(x: 0, y: 64, width: 375, height: 603))
        #expect(p.insets.safeAreaInsets.top == 0)
        vc.extendedLayoutIncludesOpaqueBars = true
        #expect(RootPlacement.place(RootView(viewController: vc), in: e).autoLayoutFrame.y == 0)
        // edgesForExtendedLayout without .top: below a translucent bar too.
        vc = ViewController(navigationBar: .init(), edgesForExtendedLayout: [.bottom])
        #expect(RootPlacement.place(RootView(viewController: vc), in: e).autoLayoutFrame.y == 64)
        // Large title: 44 + 52; collapsed in iPhone landscape (32-point compact bar, no status bar).
        vc = ViewController(navigationBar: .init(prefersLargeTitles: true))
        #expect(RootPlacement.place(RootView(viewController: vc), in: e).insets.safeAreaInsets.top == 116)
        #expect(
            RootPlacement.place(RootView(viewController: vc), in: try Self.env("iphone-8", .landscape)).insets
                .safeAreaInsets.top == 32)
        // Tab bar above the home indicator, plus additionalSafeAreaInsets.
        vc = ViewController(tabBar: .init(), additionalSafeAreaInsets: insets(0, 0, 10, 0))
        #expect(
            RootPlacement.place(RootView(viewController: vc), in: try Self.env("iphone-x", .portrait)).insets
                .safeAreaInsets
                == insets(44, 0, 93, 0))
    }

    @Test func splitViewWindows() throws {
        let p = RootPlacement.place(RootView(), in: try Self.env("ipad-pro-12.9", .landscape, window: 678))
        #expect(p.window == Size(width: 678, height: 1024))
        #expect(p.autoLayoutFrame.size == p.window)
        // Half of a 12.9-inch iPad in landscape stays regular width; a third is compact.
        #expect(p.sizeClasses?.horizontal == .regular)
        #expect(
            RootPlacement.place(RootView(), in: try Self.env("ipad-pro-12.9", .landscape, window: 375)).sizeClasses?
                .horizontal == .compact)
        #expect(
            RootPlacement.place(RootView(), in: try Self.env("ipad", .landscape, window: 507)).sizeClasses?.horizontal
                == .compact)
    }

    /// `adjustedContentInset = contentInset + the safe-area insets it adjusts for`.
    @Test func scrollViewAdjustedContentInset() throws {
        func adjusted(_ behavior: ContentInsetAdjustmentBehavior, inNavigation: Bool) throws -> EdgeInsets? {
            let scroll = ScrollViewProperties(
                contentInset: insets(5, 0, 5, 0), contentInsetAdjustmentBehavior: behavior,
                contentSize: Size(width: 375, height: 2000))
            let tree = try ViewTree(
                superviewSize: Size(width: 375, height: 812),
                views: [
                    View(id: "s", frame: Rect(x: 0, y: 0, width: 375, height: 812), scrollView: scroll)
                ])
            let r = LayoutMargins.resolve(
                tree, frames: tree.frames, rootSize: tree.superviewSize,
                root: RootInsets(safeAreaInsets: insets(44, 0, 34, 0), inNavigationController: inNavigation))
            return r.adjustedContentInset(0, in: tree, bounds: tree.views[0].frame.size)
        }
        #expect(try adjusted(.automatic, inNavigation: false) == insets(49, 0, 39, 0))
        #expect(try adjusted(.never, inNavigation: true) == insets(5, 0, 5, 0))
        #expect(try adjusted(.always, inNavigation: false) == insets(49, 0, 39, 0))
        #expect(try adjusted(.scrollableAxes, inNavigation: false) == insets(49, 0, 39, 0))
    }
}
