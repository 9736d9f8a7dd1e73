import LabJSON

extension LayoutConstraint {
    /// The constraint in the Visual Format Language, as Apple's logs print constraints made from a
    /// format string (`H:[a]-(8)-[b]`, `H:|-(20)-[a]`, `V:[a]-|`, `H:[b(>=70@250)]`, `H:[a(==b)]`), or
    /// nil when the constraint has no such form (alignment, left/right forms, multipliers).
    ///
    /// The predicate is written `(relation constant @priority)` with the relation and priority only
    /// when they are not `==` and 1000, and numbers in their shortest exact form, so that parsing the
    /// description gives this constraint back. The superview's margin forms print as the standard
    /// spacing `|-` and `-|` (UIKit ties them to the margins).
    /// `container` is the view `|` stands for (the views' superview).
    public func visualFormatDescription(container: String = "superview") -> String? {
        guard multiplier == 1 else { return nil }
        func predicate(_ value: String) -> String {
            let relation = relation == .equal ? "" : relation.rawValue
            let at = isRequired ? "" : "@\(JSONWriter.plainNumber(priority))"
            return relation + value + at
        }
        let constantText = predicate(JSONWriter.plainNumber(constant))
        // A size: [a(…)] — a constant, or another view of the same attribute.
        if attr1.isSize {
            let o = attr1 == .width ? "H" : "V"
            guard let item2, let attr2 else { return "\(o):[\(item1)(\(constantText))]" }
            guard attr2 == attr1, constant == 0, item2 != container else { return nil }
            return "\(o):[\(item1)(\(relation == .equal ? "==" : "")\(predicate(item2)))]"
        }
        guard let item2, let attr2 else { return nil }
        let pairs: [(o: String, before: LayoutAttribute, after: LayoutAttribute)] = [
            ("H", .trailing, .leading), ("V", .bottom, .top),
        ]
        for (o, before, after) in pairs {
            // [a]-c-[b]: b.leading == a.trailing + c
            if attr1 == after && attr2 == before && item1 != container && item2 != container {
                return "\(o):[\(item2)]-(\(constantText))-[\(item1)]"
            }
            // |-c-[a]: a.leading == superview.leading + c;  |-[a]: a.leading == superview.leadingMargin
            if attr1 == after && item2 == container {
                if attr2 == after { return "\(o):|-(\(constantText))-[\(item1)]" }
                if attr2 == after.margin && constant == 0 && relation == .equal && isRequired {
                    return "\(o):|-[\(item1)]"
                }
            }
            // [a]-c-|: superview.trailing == a.trailing + c;  [a]-|: superview.trailingMargin == a.trailing
            if item1 == container && attr2 == before {
                if attr1 == before { return "\(o):[\(item2)]-(\(constantText))-|" }
                if attr1 == before.margin && constant == 0 && relation == .equal && isRequired {
                    return "\(o):[\(item2)]-|"
                }
            }
        }
        return nil
    }
}

extension LayoutAttribute {
    /// The margin form of an edge (leading → leadingMargin); itself when it has none.
    public var margin: LayoutAttribute {
        switch self {
        case .left: .leftMargin
        case .right: .rightMargin
        case .top: .topMargin
        case .bottom: .bottomMargin
        case .leading: .leadingMargin
        case .trailing: .trailingMargin
        case .centerX: .centerXWithinMargins
        case .centerY: .centerYWithinMargins
        default: self
        }
    }
}
