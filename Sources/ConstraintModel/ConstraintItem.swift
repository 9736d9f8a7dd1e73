/// A constraint's item: a view, or one of a view's layout guides written `view.guide` —
/// `a.safeArea` (UIView's `safeAreaLayoutGuide`) or `a.layoutMargins` (`layoutMarginsGuide`); the
/// full UIKit property names are accepted too. The root's guides are `superview.safeArea` and
/// `superview.layoutMargins`.
public struct ConstraintItem: Hashable, Sendable {
    public var view: String
    public var guide: LayoutGuide?

    public init(view: String, guide: LayoutGuide? = nil) {
        self.view = view
        self.guide = guide
    }

    /// Splits `text` into a view and a guide. A whole string that names a known view is that view
    /// (view ids may contain dots); otherwise a recognised guide suffix is split off.
    public init(_ text: String, isView: (String) -> Bool) {
        if isView(text) {
            self.init(view: text)
            return
        }
        if let dot = text.lastIndex(of: "."), let guide = LayoutGuide(suffix: String(text[text.index(after: dot)...])) {
            self.init(view: String(text[..<dot]), guide: guide)
            return
        }
        self.init(view: text)
    }
}

/// A view's layout guides: UIView's two rectangles inset from its bounds by its safe area or by its
/// effective layout margins, and a UIScrollView's content and frame layout guides (iOS
/// 11): the scrolled content's rectangle, at the bounds origin with a size only constraints decide,
/// and the scroll view's own frame.
public enum LayoutGuide: String, CaseIterable, Hashable, Sendable {
    case safeArea
    case layoutMargins
    case contentLayout
    case frameLayout

    init?(suffix: String) {
        switch suffix {
        case "safeArea", "safeAreaLayoutGuide": self = .safeArea
        case "layoutMargins", "layoutMarginsGuide": self = .layoutMargins
        case "contentLayout", "contentLayoutGuide": self = .contentLayout
        case "frameLayout", "frameLayoutGuide": self = .frameLayout
        default: return nil
        }
    }

    /// Guides inset from the view's bounds by margins or the safe area.
    public var isInset: Bool { self == .safeArea || self == .layoutMargins }
}
