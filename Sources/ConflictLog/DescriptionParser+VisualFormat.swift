/// The Visual Format shapes Apple's `_constraintType` recognises and `-[NSLayoutConstraint description]`
/// prints in them (iOS 6–10, AppKit): a leading pin, a trailing pin, a spacing between siblings and a
/// size, each with its relation, constant and priority.
extension DescriptionParser {
    /// `H:|-(c)-[X]`, `H:[X]-(c)-|`, `H:[X]-(c)-[Y]`, `H:[X(c)]`, then `(LTR)`/`(RTL)`.
    mutating func visualFormat() throws(Failure) -> LoggedConstraint {
        let axis: Character = s[i] == "H" ? "H" : "V"
        i += 2
        let horizontal = axis == "H"
        let lead = horizontal ? "leading" : "top"
        let trail = horizontal ? "trailing" : "bottom"
        let size = horizontal ? "width" : "height"
        var c: LoggedConstraint
        let superview = LoggedItem(className: "|")
        // The gap or size predicate: relation, constant, system spacing, priority.
        let term: (relation: String, constant: Double, systemSpacing: Bool, priority: Double)
        if eat("|") {
            try expect("-")
            term = try gap()
            try expect("-")
            let x = try bracketedView()
            c = LoggedConstraint(
                className: "", address: nil, first: x, firstAttribute: lead, relation: term.relation, form: .leadingPin)
            c.second = superview
            c.secondAttribute = lead
        } else {
            try expect("[")
            let (x, _) = try item(inEquation: false)
            if eat("(") {
                term = try predicate()
                try expect(")")
                try expect("]")
                c = LoggedConstraint(
                    className: "", address: nil, first: x, firstAttribute: size, relation: term.relation, form: .size)
            } else {
                try expect("]")
                try expect("-")
                term = try gap()
                try expect("-")
                if eat("|") {
                    c = LoggedConstraint(
                        className: "", address: nil, first: superview, firstAttribute: trail, relation: term.relation,
                        form: .trailingPin)
                    c.second = x
                } else {
                    let y = try bracketedView()
                    c = LoggedConstraint(
                        className: "", address: nil, first: y, firstAttribute: lead, relation: term.relation,
                        form: .spacing)
                    c.second = x
                }
                c.secondAttribute = trail
            }
        }
        c.constant = term.constant
        c.isSystemSpacing = term.systemSpacing
        c.priority = term.priority
        c.axis = axis
        for d in ["(LTR)", "(RTL)"] where peek(d) {
            i += d.unicodeScalars.count
            c.direction = String(d.dropFirst().dropLast())
            // Left and right rather than leading and trailing.
            if horizontal {
                func physical(_ a: String?) -> String? { a == "leading" ? "left" : (a == "trailing" ? "right" : a) }
                c.firstAttribute = physical(c.firstAttribute)!
                c.secondAttribute = physical(c.secondAttribute)
            }
        }
        return c
    }

    mutating func bracketedView() throws(Failure) -> LoggedItem {
        try expect("[")
        let (x, _) = try item(inEquation: false)
        try expect("]")
        return x
    }

    /// `(8)`, `(>=16)`, `(-20)`, `(NSSpace(8))`, `(8@750)`.
    mutating func gap() throws(Failure) -> (String, Double, Bool, Double) {
        try expect("(")
        let p = try predicate()
        try expect(")")
        return p
    }

    mutating func predicate() throws(Failure) -> (String, Double, Bool, Double) {
        var rel = "=="
        for r in ["==", ">=", "<="] where peek(r) {
            i += 2
            rel = r
        }
        var k: Double
        var space = false
        if peek("NSSpace(") || peek("NSLayoutAnchorConstraintSpace(") {
            while s[i] != "(" { i += 1 }
            i += 1
            guard let v = number() else { throw fail("a spacing") }
            try expect(")")
            k = v
            space = true
        } else {
            guard let v = number() else { throw fail("a number") }
            k = v
        }
        var priority = 1000.0
        if eat("@") {
            guard let p = number() else { throw fail("a priority") }
            priority = p
        }
        return (rel, k, space, priority)
    }
}
