/// Insets on the four edges, in UIEdgeInsets order (top, left, bottom, right). Layout margins and the
/// safe area are edge insets; UIKit's default layout margins are 8 on every edge.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// UIView's default `layoutMargins`.
    public static let defaultLayoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// The inset on one edge.
    public subscript(edge: RectEdge) -> Double {
        get {
            switch edge {
            case .top: top
            case .left: left
            case .bottom: bottom
            case .right: right
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .left: left = newValue
            case .bottom: bottom = newValue
            case .right: right = newValue
            }
        }
    }

    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// The larger inset on every edge.
    public static func max(_ a: EdgeInsets, _ b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: Swift.max(a.top, b.top), left: Swift.max(a.left, b.left),
            bottom: Swift.max(a.bottom, b.bottom), right: Swift.max(a.right, b.right))
    }

    /// Every inset finite (scenario files reject the others).
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// The four edges of a rectangle, in UIEdgeInsets order.
public enum RectEdge: Int, CaseIterable, Hashable, Sendable {
    case top, left, bottom, right

    public var axis: Axis { self == .top || self == .bottom ? .vertical : .horizontal }
}

/// NSDirectionalEdgeInsets: leading and trailing in place of left and right, resolved by the layout
/// direction (in right-to-left, leading is the right edge).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Left and right for a layout direction: leading is left unless `rightToLeft`.
    public func absolute(rightToLeft: Bool) -> EdgeInsets {
        rightToLeft
            ? EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }
}
