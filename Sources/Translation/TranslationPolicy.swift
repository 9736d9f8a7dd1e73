/// The published ways UIKit and AppKit turn an autoresizing mask into constraints (DESIGN 3.3).
public enum TranslationPolicy: String, CaseIterable, Sendable {
    /// iOS 8 and later: proportional position and size constraints (`minX`, `width`).
    case modern
    /// iOS 7 as characterised by A. Hershberger (2014): `width` and `centerX`; with both margins
    /// flexible the centre keeps its fraction of the superview, which is not springs and struts.
    case ios7Center = "ios7-center"
    /// AppKit's private `NSAutoresizingMaskLayoutConstraint constraintsWithAutoresizingMask:…`: four
    /// constraints per view, a fixed max margin written as `superview.width == view.maxX + c`, and
    /// multipliers stored as 32-bit floats.
    case appkit
    /// Not a platform's translation: the constraints a careful engineer writes instead of the mask
    /// when migrating (issue 10's migration study; `IdiomaticTranslation`).
    case idiomatic

    public static var names: [String] { allCases.map(\.rawValue) }
}

/// When masks are translated: once from the initial frames, or again before every resize from the
/// current frames (UIKit regenerates them when a view's frame is set or the device rotates).
public enum TranslationTiming: String, CaseIterable, Sendable {
    case once
    case everyStep = "every-step"

    public static var names: [String] { allCases.map(\.rawValue) }
}
