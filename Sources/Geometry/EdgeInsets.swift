/// Insets on the four edges, in UIEdgeInsets order (top, left, bottom, right). Layout margins and the
/// safe area are edge insets (DESIGN 5); UIKit's default layout margins are 8 on every edge.
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
}
