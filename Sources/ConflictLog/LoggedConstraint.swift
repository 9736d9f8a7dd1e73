/// What an Auto Layout conflict log prints of a constraint, read back. UIKit and AppKit
/// print `-[NSLayoutConstraint description]`: the class and address, an autoresizing mask, an
/// identifier, then the relation either as an equation (`a.leading == b.trailing + 8`) or, for the
/// shapes Apple's `_constraintType` recognises, in Visual Format (`H:|-(8)-[a]`, `[a]-(8)-[b]`,
/// `[a]-(8)-|`, `[a(40)]`). Every form is normalised here to `first.attr REL m × second.attr + c`.
public struct LoggedConstraint: Hashable, Sendable {
    /// How the relation was printed; a Visual Format shape keeps its meaning (Apple's `_constraintType`).
    public enum Form: String, Hashable, Sendable {
        case equation
        /// `|-(c)-[X]`: X's leading (top) edge `c` after its superview's.
        case leadingPin
        /// `[X]-(c)-|`: the superview's trailing (bottom) edge `c` after X's.
        case trailingPin
        /// `[X]-(c)-[Y]`: Y's leading (top) edge `c` after X's trailing (bottom) edge.
        case spacing
        /// `[X(c)]`: X's width (height) is `c`.
        case size
    }

    /// The constraint's class: `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, a library's
    /// subclass (`MASLayoutConstraint`, `SnapKit.LayoutConstraint`), UIKit's private ones.
    public var className: String
    /// `0x…`, or nil where a library prints a key instead.
    public var address: String?
    /// Masonry's key (`ConflictingConstraint[0]`) or SnapKit's source location (`File.swift#81`).
    public var libraryTag: String?
    /// An autoresizing constraint's mask in Apple's notation (`h=--& v=--&`).
    public var mask: String?
    public var identifier: String?
    public var form: Form
    /// `H` or `V` for a Visual Format form.
    public var axis: Character?
    /// `(LTR)` / `(RTL)` after a Visual Format form: left and right rather than leading and trailing.
    public var direction: String?
    public var first: LoggedItem
    public var firstAttribute: String
    /// `==`, `>=` or `<=`.
    public var relation: String
    public var second: LoggedItem?
    public var secondAttribute: String?
    public var multiplier: Double
    public var constant: Double
    /// The constant was printed as the system spacing (`NSSpace(8)`, `NSLayoutAnchorConstraintSpace(8)`).
    public var isSystemSpacing: Bool
    /// 1…1000; no corpus line prints one (all are required), but `@750` and `(8@750)` are read.
    public var priority: Double
    /// `(active)` / `(inactive)`, where printed (iOS 10 and later, recent macOS).
    public var isActive: Bool?
    /// `NSContentSizeLayoutConstraint`'s `Hug:` and `CompressionResistance:` priorities.
    public var contentHugging: Double?
    public var contentCompressionResistance: Double?
    /// The superview `'|'` stands for (`(Names: '|':UIView:0x… )`), and other named views.
    public var superview: LoggedItem?
    public var names: [String: LoggedItem]
    /// The description as printed (escapes as they were), on one line.
    public var text: String
    /// Where it starts in the input (1-based).
    public var line: Int
    public var column: Int

    public init(
        className: String, address: String?, first: LoggedItem, firstAttribute: String, relation: String,
        form: Form = .equation, text: String = "", line: Int = 0, column: Int = 0
    ) {
        self.className = className
        self.address = address
        self.libraryTag = nil
        self.mask = nil
        self.identifier = nil
        self.form = form
        self.axis = nil
        self.direction = nil
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.second = nil
        self.secondAttribute = nil
        self.multiplier = 1
        self.constant = 0
        self.isSystemSpacing = false
        self.priority = 1000
        self.isActive = nil
        self.contentHugging = nil
        self.contentCompressionResistance = nil
        self.superview = nil
        self.names = [:]
        self.text = text
        self.line = line
        self.column = column
    }

    public static func == (l: Self, r: Self) -> Bool {
        l.text == r.text && l.line == r.line && l.column == r.column
    }

    public func hash(into h: inout Hasher) {
        h.combine(text)
        h.combine(line)
        h.combine(column)
    }

    /// An `NSAutoresizingMaskLayoutConstraint`: a translated autoresizing mask.
    public var isAutoresizing: Bool { className == "NSAutoresizingMaskLayoutConstraint" || mask != nil }

    /// The identity by which a log names this constraint: its address, else its text.
    public var key: String { address ?? libraryTag ?? text }

    /// The text with escapes decoded (`\U2019` → ’, `\n` → a line break): how the recovery line prints
    /// what the list prints escaped.
    public var decodedText: String { LogText.decodeEscapes(text) }
}

/// A view (or layout guide) a constraint names: `UILabel:0x7f…'Title'`, `RealmClear.TableViewCell:0x…`,
/// Masonry's `UILabel:blueView`, or a class alone (`[UIImageView]`, resolved through `names`).
public struct LoggedItem: Hashable, Sendable {
    public var className: String
    public var address: String?
    /// A name used instead of an address (Masonry's key, a named view such as `BackButton`).
    public var name: String?
    /// The text after the address (a label's or button's title, a guide's name), escapes decoded.
    public var label: String?

    public init(className: String, address: String? = nil, name: String? = nil, label: String? = nil) {
        self.className = className
        self.address = address
        self.name = name
        self.label = label
    }

    /// What identifies the item within one log: class and address (or name).
    public var identity: String {
        if let address { return "\(className):\(address)" }
        if let name { return "\(className):\(name)" }
        return className
    }

    /// As a log prints it, without the label.
    public var shortDescription: String { identity }

    /// A layout guide rather than a view (`_UILayoutGuide`, `UILayoutGuide` and its subclasses).
    public var isLayoutGuide: Bool { className.hasSuffix("LayoutGuide") }
}
