import Geometry

/// A device preset: screen size in points, scale, safe-area insets per orientation, size
/// classes, the in-call bar and the iPad split-view widths. Presets are data (`devices.json` beside
/// this file, every number with its source); `DevicePresets.standard` reads them.
public struct DevicePreset: Hashable, Sendable {
    public enum Idiom: String, Hashable, Sendable { case phone, pad }

    /// The name `--device` and experiment files use, e.g. `iphone-8`.
    public var id: String
    /// The devices the preset stands for, e.g. "iPhone 6/7/8, SE (2nd, 3rd gen)".
    public var name: String
    public var idiom: Idiom
    /// The screen in portrait, in points.
    public var points: Size
    public var scale: Int
    /// Whether the double-height in-call / recording status bar exists (home-button devices).
    public var hasInCallBar: Bool
    public var portraitSafeArea: EdgeInsets
    public var landscapeSafeArea: EdgeInsets
    public var portraitSizeClasses: SizeClasses
    public var landscapeSizeClasses: SizeClasses
    /// App window widths in split view, narrowest first (none on iPhones).
    public var portraitSplitWidths: [Double]
    public var landscapeSplitWidths: [Double]
    public var slideOverWidth: Double?

    public func screen(_ o: Orientation) -> Size {
        o == .portrait ? points : Size(width: points.height, height: points.width)
    }

    /// The device's unsafe insets: status bar, notch / Dynamic Island, home indicator.
    public func safeArea(_ o: Orientation) -> EdgeInsets { o == .portrait ? portraitSafeArea : landscapeSafeArea }

    public func sizeClasses(_ o: Orientation) -> SizeClasses {
        o == .portrait ? portraitSizeClasses : landscapeSizeClasses
    }

    /// Split-view widths (then slide over) in an orientation.
    public func splitWidths(_ o: Orientation) -> [Double] {
        o == .portrait ? portraitSplitWidths : landscapeSplitWidths
    }

    /// Whether the status bar shows (iPhones hide it in landscape), which is where the
    /// in-call bar appears.
    public func showsStatusBar(_ o: Orientation) -> Bool { safeArea(o).top > 0 }
}

public enum Orientation: String, CaseIterable, Hashable, Sendable {
    case portrait, landscape

    public var rotated: Orientation { self == .portrait ? .landscape : .portrait }
}

/// UITraitCollection's horizontal and vertical size classes.
public struct SizeClasses: Hashable, Sendable {
    public enum SizeClass: String, Hashable, Sendable { case compact, regular }
    public var horizontal: SizeClass
    public var vertical: SizeClass

    public init(horizontal: SizeClass, vertical: SizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// Bar heights in points (with the preset file's choices).
public struct BarMetrics: Hashable, Sendable {
    public var inCallExtra: Double
    public var navigationBar: (phone: Double, phoneCompactHeight: Double, pad: Double)
    public var largeTitleExtra: Double
    public var tabBar: (phone: Double, phoneCompactHeight: Double, pad: Double)
    public var toolbar: (phone: Double, phoneCompactHeight: Double, pad: Double)

    public static func == (a: Self, b: Self) -> Bool {
        a.inCallExtra == b.inCallExtra && a.largeTitleExtra == b.largeTitleExtra
            && a.navigationBar == b.navigationBar && a.tabBar == b.tabBar && a.toolbar == b.toolbar
    }

    public func hash(into h: inout Hasher) {
        h.combine(inCallExtra)
        h.combine(largeTitleExtra)
    }

    /// A bar's height for a device idiom; iPhones in landscape have compact height.
    static func height(
        _ bar: (phone: Double, phoneCompactHeight: Double, pad: Double), idiom: DevicePreset.Idiom,
        compactHeight: Bool
    ) -> Double {
        idiom == .pad ? bar.pad : (compactHeight ? bar.phoneCompactHeight : bar.phone)
    }
}
