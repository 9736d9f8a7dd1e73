import ConflictLog

/// A logged constraint in plain words over short view names: `label.leading = contentView.leadingMargin + 8`,
/// `imageView.width = 26`, and what a translated mask or a system constraint means.
enum ConstraintWords {
    /// `first.attr REL m × second.attr ± c`, with `=` for `==` as people write it.
    static func relation(_ c: LoggedConstraint, _ system: LogSystem) -> String {
        let rel = c.relation == "==" ? "=" : (c.relation == ">=" ? "≥" : "≤")
        var text = "\(name(c.first, other: c.second, system)).\(c.firstAttribute) \(rel) "
        if let second = c.second, let a2 = c.secondAttribute {
            if c.multiplier != 1 { text += "\(number(c.multiplier)) × " }
            text += "\(name(second, other: c.first, system)).\(a2)"
            if c.constant != 0 { text += (c.constant < 0 ? " − " : " + ") + number(abs(c.constant)) }
        } else if !["width", "height"].contains(c.firstAttribute), !c.firstAttribute.hasPrefix("content") {
            let edge = horizontal(c.firstAttribute) ? "left" : "top"
            let parent = system.views.first { $0.item.identity == c.first.identity }?.parent
            text += parent.map { "\(system.views[$0].name).\(edge)" } ?? "its superview's \(edge) edge"
            if c.constant != 0 { text += (c.constant < 0 ? " − " : " + ") + number(abs(c.constant)) }
        } else {
            text += number(c.constant)
        }
        if c.isSystemSpacing { text += " (the system spacing)" }
        if c.priority < 1000 { text += " @\(number(c.priority))" }
        return text
    }

    /// What a system constraint or a translated mask stands for, in a sentence; nil for an app's own.
    static func origin(_ c: LoggedConstraint, kind: ConstraintKind, _ system: LogSystem) -> String? {
        let id = c.identifier ?? ""
        switch kind {
        case .autoresizing:
            return "translatesAutoresizingMaskIntoConstraints is on for \(maskedView(c).identity); "
                + "its mask \(c.mask ?? "") \(maskEffect(c))"
        case .encapsulated:
            let what = id.hasSuffix("Height") ? "height" : (id.hasSuffix("Width") ? "width" : "place")
            return "\(id): the \(what) its container (a table or collection view, a hosting view) gives it"
        case .stackView:
            if id.hasPrefix("UISV-hiding") { return "\(id): a hidden arranged view's zero size in its stack view" }
            return "\(id): the stack view's arrangement"
        case .layoutGuide: return "\(id.isEmpty ? c.className : id): a layout guide tied to its view"
        case .temporary: return "\(id): UIKit's temporary size while it measures the view"
        case .systemSpacing: return "the system spacing UIKit chose"
        case .scrollContent: return "the scroll view's automatic content size"
        case .contentSize: return "the view's intrinsic content size"
        case .interfaceBuilder: return "\(id.isEmpty ? "Interface Builder" : id): made by Interface Builder"
        case .system: return "\(id.isEmpty ? "" : id + ": ")UIKit's own views' constraint"
        case .library: return "written with \(c.className == "MASLayoutConstraint" ? "Masonry" : "SnapKit")"
        case .handWritten: return nil
        }
    }

    /// The view an autoresizing constraint translates the mask of (AppKit writes some with the
    /// superview first: `H:[X]-(15)-|`).
    static func maskedView(_ c: LoggedConstraint) -> LoggedItem {
        c.form == .trailingPin ? (c.second ?? c.first) : c.first
    }

    /// What a translated constraint holds, in words.
    static func maskEffect(_ c: LoggedConstraint) -> String {
        let k = number(abs(c.constant))
        switch (c.form, c.second == nil) {
        case (.size, _):
            return "fixes its \(c.firstAttribute) at \(number(c.constant))"
        case (.equation, true) where ["width", "height"].contains(c.firstAttribute):
            return "fixes its \(c.firstAttribute) at \(number(c.constant))"
        case (.leadingPin, _):
            return "keeps its \(c.axis == "V" ? "top" : "left") edge \(k) from its superview's"
        case (.trailingPin, _):
            return "keeps its \(c.axis == "V" ? "bottom" : "right") edge \(k) from its superview's"
        case (.equation, true):
            let edge = horizontal(c.firstAttribute) ? "left" : "top"
            let low = ["minX", "minY", "left", "top"].contains(c.firstAttribute)
            let what =
                ["midX", "midY", "centerX", "centerY"].contains(c.firstAttribute)
                ? "centre" : (low ? "\(edge) edge" : c.firstAttribute)
            return "fixes its \(what) at \(number(c.constant)) from its superview's \(edge) edge"
        default:
            return "ties its \(c.firstAttribute) to its superview's, as its frame and mask set them"
        }
    }

    static func name(_ x: LoggedItem, other: LoggedItem?, _ system: LogSystem) -> String {
        if x.className == "|" {
            return other.map { "superview of " + name($0, other: nil, system) } ?? "the superview"
        }
        return system.views.first { $0.item.identity == x.identity }?.name ?? x.className
    }

    static func horizontal(_ a: String) -> Bool {
        ["left", "right", "leading", "trailing", "minX", "maxX", "midX", "centerX", "width"].contains(a)
            || a.contains("X") || a.hasPrefix("leading") || a.hasPrefix("trailing") || a.hasPrefix("left")
            || a.hasPrefix("right")
    }

    /// `%g`, as Apple prints numbers.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        var s = String(v)
        if s.count > 10, let r = Double(String(format6(v))) { s = String(r) }
        return s
    }

    static func format6(_ v: Double) -> String {
        let scaled = (v * 10_000).rounded() / 10_000
        return String(scaled)
    }
}
