import Environment
import Geometry

/// The device an Interface Builder document was drawn for (`<device id=…>`, or an older
/// `<simulatedScreenMetrics>`), as one of the lab's presets, and the safe area IB's canvas gave it.
enum DesignDevice {
    /// Interface Builder device ids → the lab's presets, each the device whose screen IB stores for the
    /// id's roots (`retina6_12` 393 × 852 from Xcode 14 on, `retina6_7` 428 × 926, `retina6_72` 430 × 932
    /// in both corpus folders).
    static let presets: [String: String] = [
        "retina4_0": "iphone-se-1", "retina4_7": "iphone-8", "retina5_5": "iphone-8-plus", "retina5_9": "iphone-x",
        "retina6_1": "iphone-xr", "retina6_5": "iphone-xs-max", "retina6_12": "iphone-14-pro",
        "retina6_7": "iphone-12-pro-max", "retina6_72": "iphone-14-pro-max",
        "retina5_4": "iphone-12-mini", "retina6_0": "iphone-12", "ipad9_7": "ipad", "ipad10_2": "ipad-7",
        "ipad11": "ipad-pro-11",
        "ipad12_9": "ipad-pro-12.9", "ipad12_9rounded": "ipad-pro-12.9", "ipad11_0rounded": "ipad-pro-11",
        "sim:retina4": "iphone-se-1", "sim:retina47": "iphone-8", "sim:retina55": "iphone-8-plus",
        "sim:retina4_7.fullscreen": "iphone-8",
    ]

    /// What the standard views' sizes depend on in the canvas a document is drawn for.
    struct Canvas: Equatable {
        /// An iPad (the device id, else an iPad-only `targetRuntime`): bars grew to 50 points with the
        /// iOS 12 SDK.
        var pad = false
        /// An iPhone with a home indicator (no home button) held upright, where UIKit's toolbars are as
        /// tall as its tab bars, 49 points, not 44 (every toolbar of such canvases in both corpus folders
        /// but one is 49 high, Xcode 11 to 15: `Tools/ib-corpus-facts.py controls`).
        var homeIndicatorUpright = false
    }

    static func canvas(deviceID: String?, orientation: Orientation, targetRuntime: String) -> Canvas {
        let preset = deviceID.flatMap { presets[$0] }.flatMap { DevicePresets.standard.device($0) }
        return Canvas(
            pad: deviceID?.hasPrefix("ipad") == true || targetRuntime.hasSuffix("iPad"),
            homeIndicatorUpright: preset.map {
                $0.idiom == .phone && $0.portraitSafeArea.bottom > 0 && orientation == .portrait
            } ?? false)
    }

    /// The first toolsVersion whose notched canvases store the later insets (see `insets`).
    static let newNotchInsets = 21000.0

    /// The canvas's safe area for the device (status bar included on home-button devices). The notch
    /// inset of IB's canvases followed the iOS version Xcode simulated, so it depends on the document's
    /// `toolsVersion` (*fitted* on `../shared/corpus/ib` and `ib-more` by `Tools/ib-corpus-facts.py
    /// safe-area`): the 6.1-inch `retina6_1` and the 5.8-inch `retina5_9` canvases keep iOS 13's 44
    /// through Xcode 13 (toolsVersion 20037 is the last observed; `retina6_1` documents of Xcode 12
    /// store 44 although iOS 14 devices give 48) and take the device's later inset (48, 50) from
    /// Xcode 14 (toolsVersion 21000; 21507 is the first observed). One boundary for both canvases, and
    /// for every other notched canvas before it: the 6.1-inch iPhone 12 (`retina6_0`, 47 on the device)
    /// stores 44 in Xcode 12 too.
    /// Landscape sides follow the same numbers.
    /// Without the fitted rule (`FittedRule.notchByXcode` off) every canvas uses its preset's inset.
    /// Xcode 26's notched canvases (toolsVersion 24000 on) store twice the preset's insets, 96 and 68 on
    /// `retina6_1`, 118 above on `retina6_12` (*fitted*, `FittedRule.safeAreaTwice26`, the same command).
    static func insets(
        preset: DevicePreset, deviceID: String?, orientation: Orientation, toolsVersion: Double,
        byXcode: Bool = true, twiceSince26: Bool = true
    ) -> EdgeInsets {
        var insets = preset.safeArea(orientation)
        let notched = preset.idiom == .phone && preset.portraitSafeArea.bottom > 0
        if notched && twiceSince26 && toolsVersion >= StandardViews.iOS26 {
            return EdgeInsets(
                top: 2 * insets.top, left: 2 * insets.left, bottom: 2 * insets.bottom, right: 2 * insets.right)
        }
        guard byXcode else { return insets }
        let notch: Double? =
            switch deviceID {
            case "retina6_1": toolsVersion >= newNotchInsets ? 48 : 44
            case "retina5_9": toolsVersion >= newNotchInsets ? 50 : 44
            default: notched && toolsVersion < newNotchInsets ? 44 : nil
            }
        if let notch {
            if orientation == .portrait {
                insets.top = notch
            } else {
                insets.left = notch
                insets.right = notch
            }
        }
        return insets
    }
}
