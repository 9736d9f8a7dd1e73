/// GNUstep master's Visual Format parser (`GSAutoLayoutVFLParser`): the constraints it makes, in the
/// order it makes them (each view's spacing before its own predicates, alignment options last), with
/// its spacing (8 between views, 20 to the superview) and its errors. Vertical constants are
/// negated for GNUstep's y-up `top` and `bottom`; with `Deviation.yUp` off they are Apple's.
struct VisualFormatParser {
    struct Item {
        let view: Int
        let superview: Int?
    }

    var scanner: FormatScanner
    let options: UInt
    let metrics: [String: Double]
    let views: [String: Item]
    let yUp: Bool

    private var vertical = false
    private var constraints: [EngineConstraint] = []
    private var formatting: [EngineConstraint] = []
    private var leadingToSuperview = false
    private var current: Item?

    init(format: String, options: UInt, metrics: [String: Double], views: [String: Item], yUp: Bool) {
        scanner = FormatScanner(format)
        self.options = options
        self.metrics = metrics
        self.views = views
        self.yUp = yUp
    }

    static func fail(_ message: String) -> FrameworkException {
        .invalidArgument("Unable to parse constraint format: \(message)")
    }

    /// `-parse`.
    mutating func parse() throws(FrameworkException) -> [EngineConstraint] {
        if scanner.text.isEmpty { throw Self.fail("Cannot parse an empty string") }
        if scanner.scan("V:") { vertical = true } else { _ = scanner.scan("H:") }
        var spacing = try leadingSuperviewConnection()
        var previous: Item?
        while !scanner.isAtEnd {
            let own = try view()
            if leadingToSuperview {
                addLeadingSuperview(spacing)
                leadingToSuperview = false
            }
            if let previous {
                addSpacing(spacing, previous)
                try addFormatting(previous)
            }
            constraints += own
            spacing = try connection()
            if scanner.scan("|") { addTrailingSuperview(spacing) }
            previous = current
        }
        return constraints + formatting
    }

    private var sign: Double { vertical && yUp ? -1 : 1 }
    private var direction: UInt { options & 0x30000 }

    private mutating func addSpacing(_ spacing: Double?, _ previous: Item) {
        let k = spacing ?? 8
        let view = current!.view
        let (a1, a2, i1, i2): (EngineAttribute, EngineAttribute, Int, Int) =
            vertical
            ? (.top, .bottom, view, previous.view)
            : direction & 0x20000 != 0
                ? (.left, .right, previous.view, view)
                : direction & 0x10000 != 0
                    ? (.left, .right, view, previous.view)
                    : (.leading, .trailing, view, previous.view)
        constraints.append(EngineConstraint(i1, a1, .equal, i2, a2, constant: sign * k))
    }

    private mutating func addLeadingSuperview(_ spacing: Double?) {
        let view = current!.view
        let sup = current!.superview!
        let (a, i1, i2): (EngineAttribute, Int, Int) =
            vertical
            ? (.top, view, sup)
            : direction & 0x20000 != 0
                ? (.right, sup, view)
                : direction & 0x10000 != 0
                    ? (.left, view, sup)
                    : (.leading, view, sup)
        constraints.append(EngineConstraint(i1, a, .equal, i2, a, constant: sign * (spacing ?? 20)))
    }

    private mutating func addTrailingSuperview(_ spacing: Double?) {
        let view = current!.view
        let sup = current!.superview!
        let (a, i1, i2): (EngineAttribute, Int, Int) =
            vertical
            ? (.bottom, sup, view)
            : direction & 0x20000 != 0
                ? (.left, view, sup)
                : direction & 0x10000 != 0
                    ? (.right, sup, view)
                    : (.trailing, sup, view)
        constraints.append(EngineConstraint(i1, a, .equal, i2, a, constant: sign * (spacing ?? 20)))
    }

    /// `-addFormattingConstraints:`: each alignment option relates the previous view to this one.
    private mutating func addFormatting(_ last: Item) throws(FrameworkException) {
        guard options & 0xFFFF != 0 else { return }
        let verticalEdge = options & ((1 << 3) | (1 << 4) | (1 << 10) | (1 << 11) | (1 << 12)) != 0
        if vertical && verticalEdge {
            throw Self.fail("A vertical alignment format option cannot be used with a vertical layout")
        }
        if !vertical && !verticalEdge {
            throw Self.fail("A horizontal alignment format option cannot be used with a horizontal layout")
        }
        let table: [(Int, EngineAttribute?)] = [
            (1, .left), (2, .right), (3, .top), (4, .bottom), (5, .leading), (6, .trailing), (9, .centerX),
            (10, .centerY), (11, nil), (12, nil),
        ]
        let chosen = table.filter { options & (1 << UInt($0.0)) != 0 }
        if chosen.isEmpty { throw Self.fail("Unrecognized layout formatting option") }
        for (_, attribute) in chosen {
            guard let attribute else {
                throw .internalInconsistency("the emulation does not model baselines (an alignAll…Baseline option)")
            }
            formatting.append(EngineConstraint(last.view, attribute, .equal, current!.view, attribute))
        }
    }

    private mutating func leadingSuperviewConnection() throws(FrameworkException) -> Double? {
        guard scanner.scan("|") else { return nil }
        leadingToSuperview = true
        return try connection()
    }

    /// `-parseConnection`: nil for the standard spacing, 0 for none.
    private mutating func connection() throws(FrameworkException) -> Double? {
        guard scanner.scan("-") else { return 0 }
        let value = try simplePredicate()
        let end = scanner.scan("-")
        if value != nil && !end { throw Self.fail("A connection must end with a '-'") }
        if value == nil && end { throw Self.fail("Found invalid connection") }
        return value
    }

    private mutating func simplePredicate() throws(FrameworkException) -> Double? {
        if let f = scanner.scanFloat() { return Double(f) }
        guard let name = scanner.scanUpTo(Set("-[|")) else { return nil }
        guard Self.isIdentifier(name) else {
            throw Self.fail(
                "Invalid metric identifier. Metric identifiers must be a valid C identifier and may "
                    + "only contain letters, numbers and underscores")
        }
        guard let m = metrics[name] else { throw Self.fail("Found metric not inside metric dictionary") }
        return m
    }

    private mutating func view() throws(FrameworkException) -> [EngineConstraint] {
        guard scanner.scanCharacters(Set("[")) != nil else {
            throw .internalInconsistency("A view must start with a '['")
        }
        guard let name = scanner.scanUpTo(Set("](")) else { throw Self.fail("Failed to parse view name") }
        guard Self.isIdentifier(name) else {
            throw Self.fail(
                "Invalid view name. A view name must be a valid C identifier and may only contain "
                    + "letters, numbers and underscores")
        }
        guard let item = views[name] else { throw Self.fail("Found view not inside view dictionary") }
        current = item
        let own = try predicateList()
        guard scanner.scanCharacters(Set("]")) != nil else {
            throw .internalInconsistency("A view must end with a ']'")
        }
        return own
    }

    private mutating func predicateList() throws(FrameworkException) -> [EngineConstraint] {
        guard scanner.scan("(") else { return [] }
        var out: [EngineConstraint] = []
        repeat { out.append(try predicate()) } while scanner.scan(",")
        if !scanner.scan(")") { throw Self.fail("A predicate on a view must end with ')'") }
        return out
    }

    /// `-parseObjectOfPredicate:` and `-createConstraintFromParsedPredicate:`.
    private mutating func predicate() throws(FrameworkException) -> EngineConstraint {
        let relation: CassowaryConstraint.Relation =
            scanner.scan("==")
            ? .equal : scanner.scan(">=") ? .greaterOrEqual : scanner.scan("<=") ? .lessOrEqual : .equal
        var constant = 0.0
        var other: Int?
        if let d = scanner.scanDouble() {
            constant = d
        } else {
            guard let name = scanner.scanUpTo(Set("),")) else { throw Self.fail("Failed to find constant or metric") }
            guard Self.isIdentifier(name) else {
                throw Self.fail(
                    "Invalid metric or view identifier. Metric/View identifiers must be a valid C "
                        + "identifier and may only contain letters, numbers and underscores")
            }
            if let m = metrics[name] {
                constant = m
            } else if let v = views[name] {
                other = v.view
            } else {
                throw Self.fail("Failed to find constant or metric for identifier '\(name)'")
            }
        }
        var priority = 1000.0
        if scanner.scanCharacters(Set("@")) != nil {
            if let d = scanner.scanDouble() {
                priority = Double(Float(d))  // numberWithFloat:
            } else {
                guard let name = scanner.scanUpTo(Set("),")) else {
                    throw Self.fail("Failed to find constant or metric")
                }
                guard Self.isIdentifier(name) else {
                    throw Self.fail(
                        "Invalid metric identifier. Metric identifiers must be a valid C identifier and "
                            + "may only contain letters, numbers and underscores")
                }
                guard let m = metrics[name] else { throw Self.fail("Found metric not inside metric dictionary") }
                priority = m
            }
        }
        let attribute: EngineAttribute = vertical ? .height : .width
        return EngineConstraint(
            current!.view, attribute, relation, other, other == nil ? nil : attribute,
            constant: constant, priority: priority)
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII,
            first.properties.isAlphabetic || first == "_"
        else { return false }
        return s.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
        }
    }
}
