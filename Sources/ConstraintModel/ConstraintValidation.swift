/// The rules a real engine enforces when a constraint is made (DESIGN 4; the messages paraphrase the
/// exceptions NSLayoutConstraint raises). `validate` returns the first rule a constraint breaks.
public enum ConstraintRule: Equatable, Sendable, CustomStringConvertible {
    case unknownItem(String)
    case mixedAxes(LayoutAttribute, LayoutAttribute)
    case locationEqualToConstant(LayoutAttribute)
    case locationWithSize(LayoutAttribute, LayoutAttribute)
    case directionalWithAbsolute(LayoutAttribute, LayoutAttribute)
    case secondItemWithoutAttribute
    case priorityOutOfRange(Double)
    case nonFiniteNumber(String)

    public var description: String {
        switch self {
        case .unknownItem(let id): "unknown item \"\(id)\""
        case .mixedAxes(let a, let b): "\(a.rawValue) and \(b.rawValue) are on different axes"
        case .locationEqualToConstant(let a): "a location attribute (\(a.rawValue)) cannot equal a constant"
        case .locationWithSize(let a, let b): "a location attribute cannot be related to a size (\(a.rawValue) and \(b.rawValue))"
        case .directionalWithAbsolute(let a, let b):
            "a leading/trailing attribute cannot be related to a left/right one (\(a.rawValue) and \(b.rawValue))"
        case .secondItemWithoutAttribute: "item2 needs attr2 (and attr2 needs item2)"
        case .priorityOutOfRange(let p): "priority \(LayoutConstraint.g(p)) is outside 1…1000"
        case .nonFiniteNumber(let name): "\(name) must be finite"
        }
    }
}

extension LayoutConstraint {
    /// Checks this constraint against the engine's rules; `knownItems` are the view ids (and the
    /// superview) it may name.
    public func validate(knownItems: Set<String>) -> ConstraintRule? {
        if !knownItems.contains(item1) { return .unknownItem(item1) }
        if let item2, !knownItems.contains(item2) { return .unknownItem(item2) }
        if !multiplier.isFinite { return .nonFiniteNumber("multiplier") }
        if !constant.isFinite { return .nonFiniteNumber("constant") }
        if !(priority >= 1 && priority <= 1000) { return .priorityOutOfRange(priority) }
        guard (item2 == nil) == (attr2 == nil) else { return .secondItemWithoutAttribute }
        guard let attr2 else {
            return attr1.isSize ? nil : .locationEqualToConstant(attr1)
        }
        if attr1.axis != attr2.axis { return .mixedAxes(attr1, attr2) }
        if attr1.isSize != attr2.isSize {
            // Only size-to-size may mix with... nothing: a size and a location never relate.
            return .locationWithSize(attr1, attr2)
        }
        if !attr1.isSize && multiplier == 0 { return .locationEqualToConstant(attr1) }
        if (attr1.isDirectional && attr2.isAbsoluteHorizontalEdge) || (attr2.isDirectional && attr1.isAbsoluteHorizontalEdge) {
            return .directionalWithAbsolute(attr1, attr2)
        }
        return nil
    }
}
