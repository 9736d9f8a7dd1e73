/// An `NSLayoutConstraint` as GNUstep's engine reads it: items are views of the window model
/// (`WindowModel`), attributes are AppKit's numbers (with the engine's private `minX`…`maxY`, which
/// only the autoresizing-mask translation uses), the priority is a `float`.
final class EngineConstraint {
    let item1: Int
    let attr1: EngineAttribute
    let relation: CassowaryConstraint.Relation
    let item2: Int?
    let attr2: EngineAttribute?
    let multiplier: Double
    var constant: Double
    let priority: Double

    init(
        _ item1: Int, _ attr1: EngineAttribute, _ relation: CassowaryConstraint.Relation = .equal,
        _ item2: Int? = nil, _ attr2: EngineAttribute? = nil, multiplier: Double = 1, constant: Double = 0,
        priority: Double = 1000
    ) {
        self.item1 = item1
        self.attr1 = attr1
        self.relation = relation
        self.item2 = item2
        self.attr2 = item2 == nil ? nil : attr2
        self.multiplier = multiplier
        self.constant = constant
        // `NSLayoutPriority` is a float.
        self.priority = Double(Float(priority))
    }
}

/// `NSLayoutAttribute` and the engine's own `GSLayoutAttributeMinX`… (32, 33, 36, 37).
enum EngineAttribute: Int, Hashable {
    case left = 1
    case right, top, bottom, leading, trailing, width, height, centerX, centerY
    case minX = 32
    case minY = 33
    case maxX = 36
    case maxY = 37

    var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .minX, .maxX: true
        default: false
        }
    }

    var isSize: Bool { self == .width || self == .height }
}

/// The variables GNUstep's engine keeps per view: one per attribute a constraint named
/// (`-variableForView:andAttribute:`), and the intrinsic size's (`GSLayoutViewAttributeIntrinsic…`).
enum EngineVariableKey: Hashable {
    case attribute(EngineAttribute)
    case intrinsicWidth, intrinsicHeight
}
