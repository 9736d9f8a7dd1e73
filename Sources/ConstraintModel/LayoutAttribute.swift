import Geometry

/// An Auto Layout attribute (DESIGN 4): NSLayoutAttribute's edges, size, centres and margin forms.
/// `minX`, `maxX`, `midX` (and y) are the names NSAutoresizingMaskLayoutConstraint prints; they mean
/// left, right and centerX and never flip with the layout direction.
public enum LayoutAttribute: String, CaseIterable, Hashable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case minX, maxX, midX, minY, maxY, midY

    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
             .trailingMargin, .centerXWithinMargins, .minX, .maxX, .midX:
            .horizontal
        default: .vertical
        }
    }

    /// The frame-geometry name Apple prints in NSAutoresizingMaskLayoutConstraint descriptions
    /// (`centerX` → `midX`, `left` → `minX`, `bottom` → `maxY`, …); other attributes keep theirs.
    public var frameName: String {
        switch self {
        case .centerX: "midX"
        case .centerY: "midY"
        case .left: "minX"
        case .right: "maxX"
        case .top: "minY"
        case .bottom: "maxY"
        default: rawValue
        }
    }

    /// Width and height are sizes; everything else is a location.
    public var isSize: Bool { self == .width || self == .height }

    /// The centres (and their within-margins forms).
    public var isCenter: Bool {
        [.centerX, .centerY, .midX, .midY, .centerXWithinMargins, .centerYWithinMargins].contains(self)
    }

    /// Leading and trailing (and their margin forms) flip with the layout direction; Apple refuses
    /// to relate them to left/right attributes.
    public var isDirectional: Bool {
        [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self)
    }

    /// The margin forms, which read the view's effective layout margins.
    public var isMargin: Bool {
        [.leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
         .centerXWithinMargins, .centerYWithinMargins].contains(self)
    }

    /// Left/right (and margin and minX/maxX forms): never flipped.
    public var isAbsoluteHorizontalEdge: Bool {
        [.left, .right, .leftMargin, .rightMargin, .minX, .maxX].contains(self)
    }

    /// The attributes a scenario file may name (the autoresizing-only names are printed, not written).
    public static var scenarioNames: [String] {
        allCases.filter { ![.minX, .maxX, .midX, .minY, .maxY, .midY].contains($0) }.map(\.rawValue)
    }
}

/// The relation of a layout constraint.
public enum LayoutRelation: String, CaseIterable, Hashable, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}
