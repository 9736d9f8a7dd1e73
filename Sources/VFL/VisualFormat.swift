import ConstraintModel
import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The Visual Format Language: a format string into constraints, following Apple's
/// parser (`NSLayoutConstraintParser`) character by character — the same grammar, item order,
/// spacing, option handling, error messages and cursor positions.
///
/// * Later items come first: `[a]-8-[b]` gives `b.leading == a.trailing + 8`, `[a]-8-|` gives
///   `superview.trailing == a.trailing + 8`, `|-8-[a]` gives `a.leading == superview.leading + 8`.
/// * `-` alone is the standard spacing: 8 between siblings; to the superview, its margin (UIKit) or
///   the edge plus 20 (AppKit).
/// * A view's predicates (`[b(>=70@1000,>=button@250)]`) constrain its width (`H:`) or height (`V:`);
///   a view name there relates it to that view's.
/// * A metric name wins over a view name; numbers are read as C's `strtod` reads them; whitespace is
///   not skipped; alignment options relate each view to the next and their constraints come last.
public enum VisualFormat {
    /// Parses `format` against the views (`isView`), the metrics, the options and the platform.
    /// `superview(of:)` names the view `|` stands for (the views' superview; nil when there is none).
    public static func constraints(
        _ format: String, isView: @escaping (String) -> Bool, metrics: [String: Double] = [:],
        options: VisualFormatOptions = [], platform: VisualFormatPlatform = .uikit,
        superview: @escaping (String) -> String? = { _ in "superview" }
    ) throws(VisualFormatError) -> [LayoutConstraint] {
        guard !format.isEmpty else {
            throw VisualFormatError(reason: "It's an empty string.", format: format, index: nil)
        }
        guard format.utf8.allSatisfy({ $0 < 128 }) else {
            throw VisualFormatError(reason: "It contains non-ASCII characters.", format: format, index: nil)
        }
        var parser = Parser(
            format: format, chars: Array(format.utf8), isView: isView, metrics: metrics, options: options,
            platform: platform, superviewOf: superview)
        try parser.parse()
        return parser.constraints
    }

    /// Parses against a list of view names.
    public static func constraints(
        _ format: String, views: [String], metrics: [String: Double] = [:],
        options: VisualFormatOptions = [], platform: VisualFormatPlatform = .uikit
    ) throws(VisualFormatError) -> [LayoutConstraint] {
        let set = Set(views)
        return try constraints(format, isView: set.contains, metrics: metrics, options: options, platform: platform)
    }
}

/// One predicate waiting for its items: what `parseConnection` and a view's predicate list collect
/// before `finishConstraint` knows which views they join.
private struct Pending {
    var relation: LayoutRelation = .equal
    var constant = 0.0
    /// `-` alone: the standard spacing.
    var standardSpace = false
    var priority = LayoutPriority.required
    /// Inside a view's predicates, another view whose width (height) this one relates to.
    var otherView: String?
}

private struct Parser {
    let format: String
    let chars: [UInt8]
    let isView: (String) -> Bool
    let metrics: [String: Double]
    let options: VisualFormatOptions
    let platform: VisualFormatPlatform
    let superviewOf: (String) -> String?

    var cursor = 0
    var horizontal = true
    /// The views on either side of the connection being parsed; nil stands for `|`.
    var left: String?
    var right: String?
    /// Set while parsing a view's own predicates (`[a(…)]`).
    var constrainedView: String?
    var incomplete: [Pending] = []
    var unflushedSizes: [LayoutConstraint] = []
    var constraints: [LayoutConstraint] = []
    var alignment: [LayoutConstraint] = []

    init(
        format: String, chars: [UInt8], isView: @escaping (String) -> Bool, metrics: [String: Double],
        options: VisualFormatOptions,
        platform: VisualFormatPlatform, superviewOf: @escaping (String) -> String?
    ) {
        self.format = format
        self.chars = chars
        self.isView = isView
        self.metrics = metrics
        self.options = options
        self.platform = platform
        self.superviewOf = superviewOf
    }

    var atEnd: Bool { cursor >= chars.count }
    func char(_ i: Int) -> UInt8? { i < chars.count ? chars[i] : nil }

    func fail(_ reason: String) -> VisualFormatError {
        VisualFormatError(reason: reason, format: format, index: cursor)
    }

    static let colon = UInt8(ascii: ":"), bar = UInt8(ascii: "|"), dash = UInt8(ascii: "-"), open = UInt8(ascii: "[")
    static let close = UInt8(ascii: "]"), lparen = UInt8(ascii: "("), rparen = UInt8(ascii: ")"),
        comma = UInt8(ascii: ",")
    static let at = UInt8(ascii: "@"), equals = UInt8(ascii: "=")

    mutating func parse() throws(VisualFormatError) {
        // Orientation: `H:` or `V:`, or horizontal by default.
        if let first = char(0), first == UInt8(ascii: "H") || first == UInt8(ascii: "V") {
            horizontal = first == UInt8(ascii: "H")
            cursor = 1
            guard char(1) == Self.colon else {
                throw fail(
                    horizontal
                        ? "Expected ':' after 'H' to specify horizontal arrangement"
                        : "Expected ':' after 'V' to specify vertical arrangement")
            }
            cursor = 2
        }
        if char(cursor) == Self.bar {
            left = nil
            cursor += 1
            guard !atEnd else { throw fail("Expected a connection after the '|' character") }
            try parseConnection()
            right = try parseView()
            try finishConstraint()
            flushSizes()
            left = right
            right = nil
        } else {
            left = try parseView()
            flushSizes()
        }
        while !atEnd {
            try parseConnection()
            if char(cursor) == Self.open {
                right = try parseView()
                try finishConstraint()
                flushSizes()
                left = right
                right = nil
                continue
            }
            if char(cursor) == Self.bar {
                cursor += 1
                right = nil
                try finishConstraint()
                break
            }
            throw fail("Expected a view or '|'")
        }
        if !atEnd { throw fail("Expected the end of the format string") }
        constraints += alignment
    }

    mutating func flushSizes() {
        constraints += unflushedSizes
        unflushedSizes.removeAll()
    }

    // MARK: Connections and predicates

    mutating func parseConnection() throws(VisualFormatError) {
        guard char(cursor) == Self.dash else {
            incomplete.append(Pending())  // flush: == 0
            return
        }
        cursor += 1
        if let c = char(cursor), c == Self.bar || c == Self.open {
            incomplete.append(Pending(standardSpace: true))
            return
        }
        try parsePredicateWithParentheses()
        if char(cursor) == Self.comma {
            throw fail(
                "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list "
                    + "of constraints"
            )
        }
        guard char(cursor) == Self.dash else { throw fail("Expected a '-' here") }
        cursor += 1
    }

    mutating func parsePredicateWithParentheses() throws(VisualFormatError) {
        if char(cursor) == Self.dash {
            throw fail(
                "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses "
                    + "around negative numbers."
            )
        }
        if char(cursor) == Self.lparen {
            cursor += 1
            try parsePredicateList()
            guard char(cursor) == Self.rparen else {
                throw fail(
                    "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier")
            }
            cursor += 1
            return
        }
        try parsePredicate()
    }

    mutating func parsePredicateList() throws(VisualFormatError) {
        while true {
            try parsePredicate()
            guard char(cursor) == Self.comma else { return }
            cursor += 1
        }
    }

    mutating func parsePredicate() throws(VisualFormatError) {
        try parseRelation()
        let constant = try parseConstant()
        if !constant.isFinite {
            throw fail("A constant must be a finite number (the lab rejects what strtod reads as \(constant))")
        }
        incomplete[incomplete.count - 1].constant = constant
        if char(cursor) == Self.at {
            cursor += 1
            let p = try parseConstant()
            if !(p > 0) {
                throw fail("Invalid priority specified: \(String(format: "%g", p)). Priority must be greater than 0")
            }
            if p > 1000 {
                throw fail(
                    "Invalid priority specified: \(String(format: "%g", p)). Priority cannot be higher than "
                        + "NSLayoutPriorityRequired, which is 1000."
                )
            }
            // UILayoutPriority is a Float.
            incomplete[incomplete.count - 1].priority = Double(Float(p))
        }
    }

    mutating func parseRelation() throws(VisualFormatError) {
        guard let c = char(cursor) else { throw fail("Expected more input") }
        let relation: LayoutRelation
        switch c {
        case UInt8(ascii: "<"): relation = .lessThanOrEqual
        case UInt8(ascii: ">"): relation = .greaterThanOrEqual
        case UInt8(ascii: "="): relation = .equal
        default:
            incomplete.append(Pending())
            return
        }
        cursor += 1
        guard char(cursor) == Self.equals else { throw fail("Unknown relation. Must be ==, >=, or <=") }
        cursor += 1
        incomplete.append(Pending(relation: relation))
    }

    /// A number (as `strtod` reads it), a metric, or inside a view's predicates another view.
    mutating func parseConstant() throws(VisualFormatError) -> Double {
        guard let c = char(cursor) else {
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        if c == Self.dash || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
            var buffer = Array(chars[cursor...])
            buffer.append(0)
            var consumed = 0
            let value = buffer.withUnsafeBufferPointer { p -> Double in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { start in
                    var end: UnsafeMutablePointer<CChar>?
                    let v = strtod(start, &end)
                    consumed = end.map { start.distance(to: $0) } ?? 0
                    return v
                }
            }
            if consumed == 0 {
                throw fail("Expected a number or a key from the metrics dictionary, but encountered something else")
            }
            cursor += consumed
            return value
        }
        guard Self.isNameStart(c) else {
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        let name = readName()
        if let m = metrics[name] { return m }
        if isView(name) {
            guard constrainedView != nil else {
                throw fail(
                    "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use "
                        + "a view as a spacer? [view1][spacer(==view1)][view2]"
                )
            }
            incomplete[incomplete.count - 1].otherView = name
            return 0
        }
        throw fail(
            "Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries")
    }

    static func isNameStart(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "_") || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
    }

    static func isNameCharacter(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// A C identifier at the cursor (possibly empty), the cursor moved past it.
    mutating func readName() -> String {
        let start = cursor
        if let c = char(cursor), Self.isNameStart(c) {
            cursor += 1
            while let c = char(cursor), Self.isNameCharacter(c) { cursor += 1 }
        }
        return String(decoding: chars[start..<cursor], as: UTF8.self)
    }

    // MARK: Views

    mutating func parseView() throws(VisualFormatError) -> String {
        guard char(cursor) == Self.open else { throw fail("Expected a view") }
        cursor += 1
        guard !atEnd else { throw fail("Expected a view") }
        let name = readName()
        guard !name.isEmpty else {
            throw fail(
                "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, "
                    + "and underscores."
            )
        }
        guard isView(name) else { throw fail("\(name) is not a key in the views dictionary.") }
        constrainedView = name
        defer { constrainedView = nil }
        if char(cursor) == Self.close {
            cursor += 1
            return name
        }
        guard char(cursor) == Self.lparen else {
            throw fail("Expected a ']' here. That is how you give the end of a view.")
        }
        cursor += 1
        guard !atEnd else { throw fail("Unexpectedly ran out of character fodder in the middle of parsing a view") }
        let saved = incomplete
        incomplete = []
        try parsePredicateList()
        guard char(cursor) == Self.rparen else {
            throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'")
        }
        cursor += 1
        guard char(cursor) == Self.close else { throw fail("Expected ']' after specifying thickness.") }
        cursor += 1
        try finishConstraint()
        incomplete = saved
        return name
    }

    // MARK: Making constraints

    var origin: (String) -> LayoutConstraint.Origin {
        { container in .visualFormat(VisualFormatOrigin(format: format, container: container)) }
    }

    mutating func finishConstraint() throws(VisualFormatError) {
        defer { incomplete.removeAll() }
        if let view = constrainedView {
            let attr: LayoutAttribute = horizontal ? .width : .height
            for p in incomplete {
                unflushedSizes.append(
                    LayoutConstraint(
                        view, attr, p.relation, p.otherView, p.otherView == nil ? nil : attr,
                        constant: p.constant, priority: p.priority,
                        origin: origin(superviewOf(view) ?? "superview")))
            }
            return
        }
        let direction = options.rawValue & VisualFormatOptions.directionMask
        let absolute = horizontal && direction != 0
        // Right-to-left runs the later view to the left of the earlier one.
        let (earlier, later) = horizontal && direction == 0x20000 ? (right, left) : (left, right)
        let start: LayoutAttribute = horizontal ? (absolute ? .left : .leading) : .top
        let end: LayoutAttribute = horizontal ? (absolute ? .right : .trailing) : .bottom
        // Baseline-to-baseline spacing: a view below its neighbour (or the superview's top) is placed
        // by its first baseline, a view above one (or the superview's bottom) by its last.
        let baselines = options.contains(.spacingBaselineToBaseline)
        let (viewStart, viewEnd): (LayoutAttribute, LayoutAttribute) =
            !horizontal && baselines ? (.firstBaseline, .lastBaseline) : (start, end)
        var aligned = false
        for p in incomplete {
            if horizontal && baselines {
                throw fail("BaselineToBaseline format option not valid for horizontal layout")
            }
            var constant = p.constant
            var container: String?
            if earlier == nil || later == nil {
                guard let view = left ?? right, let sv = superviewOf(view) else {
                    throw fail("Unable to interpret '|' character, because the related view doesn't have a superview")
                }
                container = sv
            }
            let toMargin = p.standardSpace && platform == .uikit
            if p.standardSpace {
                constant =
                    container == nil
                    ? VisualFormatPlatform.siblingSpacing : (toMargin ? 0 : VisualFormatPlatform.edgeSpacing)
            }
            let item2 = earlier ?? container!
            let attr2 = earlier != nil ? viewEnd : (toMargin ? start.margin : start)
            let item1 = later ?? container!
            let attr1 = later != nil ? viewStart : (toMargin ? end.margin : end)
            if earlier == nil && later == nil { throw fail("No view was specified for this constraint") }
            constraints.append(
                LayoutConstraint(
                    item1, attr1, p.relation, item2, attr2, constant: constant, priority: p.priority,
                    origin: origin(container ?? superviewOf(item1) ?? "superview")))
            // Alignment options: each view to the next, once per connection, after everything else.
            if !aligned, let earlier, let later {
                for a in options.alignments {
                    let horizontalAttribute = a.axis == .horizontal
                    if horizontal == horizontalAttribute {
                        throw fail(
                            horizontal
                                ? "Options mask required views to be aligned on a horizontal edge, which is not "
                                    + "allowed for layout that is also horizontal."
                                : "Options mask required views to be aligned on a vertical edge, which is not allowed "
                                    + "for layout that is also vertical."
                        )
                    }
                    alignment.append(
                        LayoutConstraint(
                            earlier, a, .equal, later, a, origin: origin(superviewOf(earlier) ?? "superview")))
                }
                aligned = true
            }
        }
    }
}
