import ConflictLog

/// Where a logged constraint comes from, as far as its class and identifier tell: the app (by hand,
/// in Interface Builder, or through a library) or UIKit and AppKit themselves.
public enum ConstraintKind: String, Hashable, Sendable, CaseIterable {
    case handWritten = "hand-written"
    /// Masonry's or SnapKit's subclass: written by hand through a library.
    case library
    /// An autoresizing mask translated (`translatesAutoresizingMaskIntoConstraints`).
    case autoresizing
    /// A table or collection view cell's (or hosting view's) size, set by its container.
    case encapsulated
    /// A stack view's arrangement (`UISV-*`, `NSStackView*`).
    case stackView = "stack-view"
    /// A safe-area or layout-margins guide tied to its view, or a layout support guide.
    case layoutGuide = "layout-guide"
    /// UIKit's temporary and fitting sizes (`_UITemporaryLayout*`, `fittingSize*Target`).
    case temporary
    /// The system spacing (`_UISystemBaselineConstraint`, `NSLayoutAnchorConstraintSpace`).
    case systemSpacing = "system-spacing"
    /// A scroll view's automatic content size.
    case scrollContent = "scroll-content"
    /// An intrinsic content size (`NSContentSizeLayoutConstraint`).
    case contentSize = "content-size"
    /// Made by Interface Builder (`UIIBSystemGenerated`, build-time pins).
    case interfaceBuilder = "interface-builder"
    /// UIKit's own views (navigation bars, the keyboard): private constraints among private views.
    case system

    /// Made by UIKit or AppKit, not by the app.
    public var isSystem: Bool { ![.handWritten, .library, .interfaceBuilder].contains(self) }

    public init(_ c: LoggedConstraint) {
        let id = c.identifier ?? ""
        switch c.className {
        case "NSAutoresizingMaskLayoutConstraint":
            self = id.hasPrefix("UIView-Encapsulated-Layout-") ? .encapsulated : .autoresizing
            return
        case "_UILayoutSupportConstraint":
            self = .layoutGuide
            return
        case "_UISystemBaselineConstraint":
            self = .systemSpacing
            return
        case "_UIScrollViewAutomaticContentSizeConstraint":
            self = .scrollContent
            return
        case "NSContentSizeLayoutConstraint":
            self = .contentSize
            return
        case "NSIBPrototypingLayoutConstraint":
            self = .interfaceBuilder
            return
        case "MASLayoutConstraint":
            self = .library
            return
        default: break
        }
        if c.className.hasSuffix(".LayoutConstraint") || c.libraryTag != nil {
            self = .library
            return
        }
        let prefixes: [(String, ConstraintKind)] = [
            ("UIView-Encapsulated-Layout-", .encapsulated), ("NSView-Encapsulated-Layout-", .encapsulated),
            ("UISV-", .stackView), ("NSStackView", .stackView), ("_UITemporaryLayout", .temporary),
            ("fittingSize", .temporary), ("UIViewSafeAreaLayoutGuide-", .layoutGuide),
            ("UIIBSystemGenerated", .interfaceBuilder),
            ("IB auto generated", .interfaceBuilder), ("UINav", .system), ("BIB_", .system), ("CB_", .system),
            ("IB_Leading", .system), ("IB_Trailing", .system), ("Mask_", .system),
            ("UIInputWindowController-", .system),
            ("assistant", .system), ("accessoryView", .system),
        ]
        if let kind = prefixes.first(where: { id.hasPrefix($0.0) })?.1 {
            self = kind
            return
        }
        if id.hasPrefix("UIView-"), id.contains("guide-constraint") {
            self = .layoutGuide
            return
        }
        if c.isSystemSpacing, c.className != "NSLayoutConstraint" {
            self = .systemSpacing
            return
        }
        // Constraints among UIKit's private views only (no identifier): the keyboard's, a bar's.
        let items = [c.first] + (c.second.map { [$0] } ?? [])
        if id.isEmpty, items.allSatisfy(Self.isPrivateView) {
            self = .system
            return
        }
        self = .handWritten
    }

    /// UIKit's and AppKit's private view classes (a leading underscore, the keyboard's, bar buttons').
    static func isPrivateView(_ x: LoggedItem) -> Bool {
        let c = x.className
        if c == "_UILayoutGuide" { return false }
        return c.hasPrefix("_") || c.hasPrefix("UIInputSet") || c.hasPrefix("UITextEffectsWindow")
            || c.hasSuffix("SystemInputAssistantView") || c.hasPrefix("UIKBCompat") || c == "BackButton"
            || c.hasPrefix("UIButtonBar")
    }
}
