import Foundation
import Geometry
import ViewTree

/// `item1.attr1 (==|<=|>=) multiplier × item2.attr2 + constant` at a priority, with an
/// identifier and an active flag. Items are view ids; `ViewTree.superviewID` is the root. `item2` nil
/// is a constant constraint.
public struct LayoutConstraint: Hashable, Sendable {
    /// Where a constraint came from: the scenario, or a view's autoresizing mask.
    public enum Origin: Hashable, Sendable {
        case handWritten
        /// Translated from this mask (printed in Apple's notation, e.g. `h=&-& v=--&`).
        case autoresizingMask(AutoresizingMask)
        /// Made by the Visual Format Language from a format string.
        case visualFormat(VisualFormatOrigin)
        /// A view's intrinsic content size on an axis, at its hugging (`<=`) or compression-resistance
        /// (`>=`) priority; Apple logs both as one NSContentSizeLayoutConstraint.
        case contentSize(ContentSizeOrigin)
    }

    public var item1: String
    public var attr1: LayoutAttribute
    public var relation: LayoutRelation
    public var item2: String?
    public var attr2: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    /// 1…1000; 1000 is required.
    public var priority: Double
    public var identifier: String?
    public var isActive: Bool
    public var origin: Origin
    /// The multiplier was stored through a 32-bit float and lost precision (AppKit's translation).
    public var multiplierWasRounded = false

    public init(
        _ item1: String, _ attr1: LayoutAttribute, _ relation: LayoutRelation = .equal,
        _ item2: String? = nil, _ attr2: LayoutAttribute? = nil, multiplier: Double = 1, constant: Double = 0,
        priority: Double = LayoutPriority.required, identifier: String? = nil, isActive: Bool = true,
        origin: Origin = .handWritten
    ) {
        self.item1 = item1
        self.attr1 = attr1
        self.relation = relation
        self.item2 = item2
        self.attr2 = attr2
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        self.isActive = isActive
        self.origin = origin
    }

    public var isRequired: Bool { priority >= LayoutPriority.required }

    /// Written by hand (in a scenario file, or by a generator), not made by a translation, a content
    /// size or a Visual Format string.
    public var isHandWritten: Bool { if case .handWritten = origin { true } else { false } }

    /// Apple's log style: `<NSLayoutConstraint 'id' a.leading == superview.leadingMargin + 20>` or
    /// `<NSAutoresizingMaskLayoutConstraint h=&-& v=--& a.minX == 0.666667*superview.width - 53.3333>`.
    /// Numbers use `%g` (six significant digits), as Apple's descriptions do.
    public var appleDescription: String { appleDescription(era: .current) }

    /// How an era of UIKit prints constraints: iOS 6–12 printed an autoresizing constraint's fixed size
    /// in Visual Format (`H:[v(26)]`) and its fixed centre with an explicit sign
    /// (`v.midX == + 14.5`), as the corpus's logs of that era show (`../shared/corpus/logs`, 0008, 0039).
    public enum LogEra: Sendable {
        case current
        case ios6to12
    }

    public func appleDescription(era: LogEra) -> String {
        if era == .ios6to12, case .autoresizingMask(let mask) = origin, item2 == nil, isRequired {
            let head = "<NSAutoresizingMaskLayoutConstraint \(mask.notation) " + (identifier.map { "'\($0)' " } ?? "")
            if attr1.isSize {
                return head + "\(attr1 == .width ? "H" : "V"):[\(item1)(\(Self.g(constant)))]>"
            }
            return head
                + "\(item1).\(attr1.frameName) \(relation.rawValue) \(constant < 0 ? "-" : "+") "
                + "\(Self.g(abs(constant)))>"
        }
        var text = "<"
        switch origin {
        case .handWritten: text += "NSLayoutConstraint "
        case .autoresizingMask(let mask): text += "NSAutoresizingMaskLayoutConstraint \(mask.notation) "
        case .contentSize(let c):
            // `<NSContentSizeLayoutConstraint H:[label(42)] Hug:251 CompressionResistance:750>`
            return
                "<NSContentSizeLayoutConstraint "
                + "\(c.axis == .horizontal ? "H" : "V"):[\(item1)(\(Self.g(c.intrinsic)))] "
                + "Hug:\(Self.g(c.hugging)) CompressionResistance:\(Self.g(c.compressionResistance))>"
        case .visualFormat(let o):
            // Apple prints a constraint made from a format string in the format's own terms.
            if let vfl = visualFormatDescription(container: o.container) {
                return "<NSLayoutConstraint \(identifier.map { "'\($0)' " } ?? "")\(vfl)>"
            }
            text += "NSLayoutConstraint "
        }
        if let identifier { text += "'\(identifier)' " }
        // NSAutoresizingMaskLayoutConstraint prints frame names on both sides: midX, minX, maxX, …
        let isMask = if case .autoresizingMask = origin { true } else { false }
        func name(_ a: LayoutAttribute) -> String { isMask ? a.frameName : a.rawValue }
        text += "\(item1).\(name(attr1)) \(relation.rawValue) "
        if let item2, let attr2 {
            if multiplier != 1 { text += "\(Self.g(multiplier))*" }
            text += "\(item2).\(name(attr2))"
            if constant != 0 { text += (constant < 0 ? " - " : " + ") + Self.g(abs(constant)) }
        } else {
            text += Self.g(constant)
        }
        if !isRequired { text += " @\(Self.g(priority))" }
        if !isActive { text += " (inactive)" }
        return text + ">"
    }

    /// C's `%g`: what Apple's constraint descriptions print.
    public static func g(_ v: Double) -> String { String(format: "%g", v) }
}

/// Where a Visual Format constraint came from: the format string, and the view `|` stood for.
public struct VisualFormatOrigin: Hashable, Sendable {
    public var format: String
    public var container: String

    public init(format: String, container: String) {
        self.format = format
        self.container = container
    }
}

/// What a content-size constraint stands for: one axis of a view's intrinsic content size and the
/// two priorities UIKit keeps for it.
public struct ContentSizeOrigin: Hashable, Sendable {
    public var axis: Axis
    public var intrinsic: Double
    public var hugging: Double
    public var compressionResistance: Double

    public init(axis: Axis, intrinsic: Double, hugging: Double, compressionResistance: Double) {
        self.axis = axis
        self.intrinsic = intrinsic
        self.hugging = hugging
        self.compressionResistance = compressionResistance
    }
}

/// Auto Layout's named priority levels (UILayoutPriority).
public enum LayoutPriority {
    public static let required = 1000.0
    public static let defaultHigh = 750.0
    public static let defaultLow = 250.0
    public static let fittingSizeLevel = 50.0

    public static let names: [(String, Double)] = [
        ("required", required), ("high", defaultHigh), ("low", defaultLow), ("fittingSize", fittingSizeLevel),
    ]
}
