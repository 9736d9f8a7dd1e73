import Geometry

/// What the root view's surroundings give it at one step: its safe area (device, bars,
/// `additionalSafeAreaInsets`) and, for a view controller's root, the system minimum margins.
/// The environment (device presets and bars) computes it; the margin rules below only read it.
public struct RootInsets: Hashable, Sendable {
    public var safeAreaInsets: EdgeInsets
    /// nil unless the root belongs to a view controller that respects the system minimum.
    public var systemMinimumMargins: EdgeInsets?
    /// Scroll views with `automatic` adjustment adjust vertically inside a navigation controller.
    public var inNavigationController: Bool

    public init(
        safeAreaInsets: EdgeInsets = .zero, systemMinimumMargins: EdgeInsets? = nil,
        inNavigationController: Bool = false
    ) {
        self.safeAreaInsets = safeAreaInsets
        self.systemMinimumMargins = systemMinimumMargins
        self.inNavigationController = inNavigationController
    }

    public static let none = RootInsets()
}
