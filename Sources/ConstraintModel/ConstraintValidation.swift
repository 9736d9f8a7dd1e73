/// The rules a real engine enforces when a constraint is made (the messages paraphrase the
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
    /// Layout guides have edges, centres and sizes, no margins or baselines of their own.
    case marginOfGuide(String, LayoutAttribute)

    public var description: String {
        switch self {
        case .unknownItem(let id): "unknown item \"\(id)\""
        case .mixedAxes(let a, let b): "\(a.rawValue) and \(b.rawValue) are on different axes"
        case .locationEqualToConstant(let a): "a location attribute (\(a.rawValue)) cannot equal a constant"
        case .locationWithSize(let a, let b):
            "a location attribute cannot be related to a size (\(a.rawValue) and \(b.rawValue))"
        case .directionalWithAbsolute(let a, let b):
            "a leading/trailing attribute cannot be related to a left/right one (\(a.rawValue) and \(b.rawValue))"
        case .secondItemWithoutAttribute: "item2 needs attr2 (and attr2 needs item2)"
        case .priorityOutOfRange(let p): "priority \(LayoutConstraint.g(p)) is outside 1…1000"
        case .nonFiniteNumber(let name): "\(name) must be finite"
        case .marginOfGuide(let item, let a):
            a.isBaseline
                ? "a layout guide has no baselines (\(item).\(a.rawValue))"
                : "a layout guide has no margins (\(item).\(a.rawValue)); use the view's margin attribute or its "
                    + "layoutMargins guide"
        }
    }
}

extension LayoutConstraint {
    /// Checks this constraint against the engine's rules; `knownItems` are the view ids (and the
    /// superview) it may name.
    public func validate(knownItems: Set<String>) -> ConstraintRule? {
        for item in [item1] + (item2.map { [$0] } ?? []) {
            let parsed = ConstraintItem(item, isView: knownItems.contains)
            if !knownItems.contains(parsed.view) { return .unknownItem(item) }
        }
        for (item, attr) in [(item1, Optional(attr1)), (item2, attr2)] {
            guard let item, let attr, attr.isMargin || attr.isBaseline,
                ConstraintItem(item, isView: knownItems.contains).guide != nil
            else { continue }
            return .marginOfGuide(item, attr)
        }
        if !multiplier.isFinite { return .nonFiniteNumber("multiplier") }
        if !constant.isFinite { return .nonFiniteNumber("constant") }
        if !(priority >= 1 && priority <= 1000) { return .priorityOutOfRange(priority) }
        guard (item2 == nil) == (attr2 == nil) else { return .secondItemWithoutAttribute }
        guard let attr2 else {
            return attr1.isSize ? nil : .locationEqualToConstant(attr1)
        }
        // Width and height may be related (aspect ratios, which Interface Builder writes as `1:1`);
        // locations of different axes may not.
        if attr1.axis != attr2.axis && !(attr1.isSize && attr2.isSize) { return .mixedAxes(attr1, attr2) }
        if attr1.isSize != attr2.isSize {
            // Only size-to-size may mix with... nothing: a size and a location never relate.
            return .locationWithSize(attr1, attr2)
        }
        if !attr1.isSize && multiplier == 0 { return .locationEqualToConstant(attr1) }
        if (attr1.isDirectional && attr2.isAbsoluteHorizontalEdge)
            || (attr2.isDirectional && attr1.isAbsoluteHorizontalEdge)
        {
            return .directionalWithAbsolute(attr1, attr2)
        }
        return nil
    }
}
