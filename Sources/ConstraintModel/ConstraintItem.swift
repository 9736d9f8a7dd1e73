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

/// UIView's two layout guides: rectangles inset from the view's bounds by its safe area or by its
/// effective layout margins (DESIGN 5).
public enum LayoutGuide: String, CaseIterable, Hashable, Sendable {
    case safeArea
    case layoutMargins

    init?(suffix: String) {
        switch suffix {
        case "safeArea", "safeAreaLayoutGuide": self = .safeArea
        case "layoutMargins", "layoutMarginsGuide": self = .layoutMargins
        default: return nil
        }
    }
}
