import Geometry

/// The view controller a tree's root view belongs to: its bars and the UIViewController properties
/// that decide where the root view sits and how large its safe area is. Bar heights
/// come from the environment's presets, not from here.
public struct ViewController: Hashable, Sendable {
    /// A navigation bar (the root is inside a UINavigationController).
    public var navigationBar: NavigationBar?
    /// A tab bar (the root is inside a UITabBarController).
    public var tabBar: Bar?
    /// A toolbar at the bottom (UINavigationController's `isToolbarHidden = false`).
    public var toolbar: Bar?
    /// UIViewController's `edgesForExtendedLayout` (default all): an edge left out puts the root view
    /// next to that edge's bar instead of under it.
    public var edgesForExtendedLayout: RectEdges
    /// UIViewController's `extendedLayoutIncludesOpaqueBars` (default false): without it, the root
    /// never extends under an opaque (non-translucent) bar.
    public var extendedLayoutIncludesOpaqueBars: Bool
    /// UIViewController's `viewRespectsSystemMinimumLayoutMargins` (default true).
    public var viewRespectsSystemMinimumLayoutMargins: Bool
    /// UIViewController's `additionalSafeAreaInsets`, added to the root's safe area.
    public var additionalSafeAreaInsets: EdgeInsets

    public struct Bar: Hashable, Sendable {
        public var isTranslucent: Bool
        public init(isTranslucent: Bool = true) { self.isTranslucent = isTranslucent }
    }

    public struct NavigationBar: Hashable, Sendable {
        public var isTranslucent: Bool
        /// `prefersLargeTitles` with a large title showing: 52 more points.
        public var prefersLargeTitles: Bool
        public init(isTranslucent: Bool = true, prefersLargeTitles: Bool = false) {
            self.isTranslucent = isTranslucent
            self.prefersLargeTitles = prefersLargeTitles
        }
    }

    public init(
        navigationBar: NavigationBar? = nil, tabBar: Bar? = nil, toolbar: Bar? = nil,
        edgesForExtendedLayout: RectEdges = .all, extendedLayoutIncludesOpaqueBars: Bool = false,
        viewRespectsSystemMinimumLayoutMargins: Bool = true, additionalSafeAreaInsets: EdgeInsets = .zero
    ) {
        self.navigationBar = navigationBar
        self.tabBar = tabBar
        self.toolbar = toolbar
        self.edgesForExtendedLayout = edgesForExtendedLayout
        self.extendedLayoutIncludesOpaqueBars = extendedLayoutIncludesOpaqueBars
        self.viewRespectsSystemMinimumLayoutMargins = viewRespectsSystemMinimumLayoutMargins
        self.additionalSafeAreaInsets = additionalSafeAreaInsets
    }

    /// Whether the root extends under a bar on `edge`: the edge is in `edgesForExtendedLayout` and
    /// the bar is translucent or `extendedLayoutIncludesOpaqueBars` is set.
    public func extendsUnder(_ edge: RectEdge, translucent: Bool) -> Bool {
        edgesForExtendedLayout.contains(RectEdges(edge)) && (translucent || extendedLayoutIncludesOpaqueBars)
    }
}

/// UIRectEdge: a set of edges.
public struct RectEdges: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ edge: RectEdge) { self.init(rawValue: 1 << edge.rawValue) }

    public static let top = RectEdges(.top)
    public static let left = RectEdges(.left)
    public static let bottom = RectEdges(.bottom)
    public static let right = RectEdges(.right)
    public static let all: RectEdges = [.top, .left, .bottom, .right]
    public static let none: RectEdges = []

    public static let names: [(String, RectEdges)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]
    public var nameList: [String] { Self.names.filter { contains($0.1) }.map(\.0) }
}

/// The root view (the tree's superview) beyond its size: its own margins, safe area and view
/// controller. A root with no device preset takes `safeAreaInsets` as given.
public struct RootView: Hashable, Sendable {
    /// The root's own `layoutMargins` (default 8; 0 for a view controller's root, whose sides the
    /// system minimum sets).
    public var layoutMargins: EdgeInsets
    public var directionalLayoutMargins: DirectionalEdgeInsets?
    public var insetsLayoutMarginsFromSafeArea: Bool
    /// The safe-area insets the window gives the root when no device preset does.
    public var safeAreaInsets: EdgeInsets
    public var viewController: ViewController?

    public init(
        layoutMargins: EdgeInsets = .defaultLayoutMargins, directionalLayoutMargins: DirectionalEdgeInsets? = nil,
        insetsLayoutMarginsFromSafeArea: Bool = true, safeAreaInsets: EdgeInsets = .zero,
        viewController: ViewController? = nil
    ) {
        self.layoutMargins = layoutMargins
        self.directionalLayoutMargins = directionalLayoutMargins
        self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
        self.safeAreaInsets = safeAreaInsets
        self.viewController = viewController
    }

    public func ownMargins(_ direction: LayoutDirection) -> EdgeInsets {
        directionalLayoutMargins?.absolute(rightToLeft: direction == .rightToLeft) ?? layoutMargins
    }
}
