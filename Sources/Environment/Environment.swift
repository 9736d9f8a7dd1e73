import Geometry

/// What reaches a view controller's root view from outside at one step: a device preset
/// in an orientation, the in-call / recording bar, and the app's window in split view or slide over.
/// Each external change a sweep applies (rotation, split view, the in-call bar, another device) is a
/// change of this value, which changes the root's size *and* its insets at once.
public struct Environment: Hashable, Sendable {
    public var device: DevicePreset
    public var orientation: Orientation
    public var inCall: Bool
    /// The app window's width in split view or slide over; nil for full screen.
    public var windowWidth: Double?

    public init(device: DevicePreset, orientation: Orientation, inCall: Bool = false, windowWidth: Double? = nil) {
        self.device = device
        self.orientation = orientation
        self.inCall = inCall
        self.windowWidth = windowWidth
    }

    /// The window the app gets, in points.
    public var window: Size {
        let screen = device.screen(orientation)
        return Size(width: windowWidth ?? screen.width, height: screen.height)
    }

    /// Whether the in-call bar is actually showing: only on devices that have it, where the status
    /// bar shows.
    public var inCallBarShowing: Bool { inCall && device.hasInCallBar && device.showsStatusBar(orientation) }

    /// The window's unsafe insets: the device's (status bar, notch, home indicator) plus the in-call
    /// bar's extra height. A split-view window keeps the screen's top and bottom.
    public func windowInsets(_ bars: BarMetrics) -> EdgeInsets {
        var w = device.safeArea(orientation)
        if inCallBarShowing { w.top += bars.inCallExtra }
        return w
    }

    /// A short label for tables and the database: `iphone-8 portrait`, `+ in-call`, `split 678`.
    public var label: String {
        var s = "\(device.id) \(orientation.rawValue)"
        if let windowWidth { s += " window \(Int(windowWidth))" }
        if inCall { s += " in-call" }
        return s
    }
}
