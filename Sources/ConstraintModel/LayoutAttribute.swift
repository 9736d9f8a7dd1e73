import Geometry

/// An Auto Layout attribute: NSLayoutAttribute's edges, size, centres, baselines and
/// margin forms. `minX`, `maxX`, `midX` (and y) are the names NSAutoresizingMaskLayoutConstraint
/// prints; they mean left, right and centerX and never flip with the layout direction. The baselines
/// are vertical positions a view's text gives it: the first line's below the top of
/// its alignment rect, the last line's above the bottom (AppKit's `baseline` is the last).
public enum LayoutAttribute: String, CaseIterable, Hashable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case minX, maxX, midX, minY, maxY, midY

    /// Reads a name as scenario files and Interface Builder write it: the lab's names, and AppKit's
    /// `baseline` (NSLayoutAttributeBaseline, which is the last baseline).
    public init?(name: String) {
        if name == "baseline" {
            self = .lastBaseline
            return
        }
        self.init(rawValue: name)
    }

    /// The two baselines.
    public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

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
        [
            .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins, .centerYWithinMargins,
        ].contains(self)
    }

    /// Left/right (and margin and minX/maxX forms): never flipped.
    public var isAbsoluteHorizontalEdge: Bool {
        [.left, .right, .leftMargin, .rightMargin, .minX, .maxX].contains(self)
    }

    /// The edge or centre a margin form or a frame name stands for (`leadingMargin` → `leading`,
    /// `minX` → `left`, `centerXWithinMargins` → `centerX`); the others stand for themselves.
    public var edge: LayoutAttribute {
        switch self {
        case .leftMargin, .minX: .left
        case .rightMargin, .maxX: .right
        case .topMargin, .minY: .top
        case .bottomMargin, .maxY: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins, .midX: .centerX
        case .centerYWithinMargins, .midY: .centerY
        default: self
        }
    }

    /// The low edge of an axis (left, leading, top, and their forms).
    public var isLowEdge: Bool { [.left, .leading, .top].contains(edge) }

    /// The high edge of an axis (right, trailing, bottom, and their forms).
    public var isHighEdge: Bool { [.right, .trailing, .bottom].contains(edge) }

    /// Opposite edges of one axis, one view's against another's: `B.leading == A.trailing + 8` spaces
    /// two views.
    public func isOpposite(to other: LayoutAttribute) -> Bool {
        switch (edge, other.edge) {
        case (.leading, .trailing), (.trailing, .leading), (.left, .right), (.right, .left), (.top, .bottom),
            (.bottom, .top):
            true
        default: false
        }
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
