import Geometry

/// One view of a tree: an id, a frame in its parent's bounds coordinates, and an autoresizing mask.
/// `parentID` nil means the tree's superview (the root whose size the lab changes).
public struct View: Hashable, Sendable {
    public var id: String
    public var parentID: String?
    public var frame: Rect
    public var mask: AutoresizingMask
    /// UIKit's `translatesAutoresizingMaskIntoConstraints` (default true): the Auto Layout backend
    /// turns the mask into constraints only when it is set.
    public var translatesMask: Bool
    /// UIView's `layoutMargins` (default 8 on every edge): absolute, so `left` stays the left edge in
    /// right-to-left. Ignored when `directionalLayoutMargins` is set.
    public var layoutMargins: EdgeInsets
    /// UIView's `directionalLayoutMargins` (iOS 11): leading and trailing follow the layout direction.
    public var directionalLayoutMargins: DirectionalEdgeInsets?
    /// UIView's `preservesSuperviewLayoutMargins` (default false): the view's margins grow to keep
    /// its content out of the superview's margins where they reach into it.
    public var preservesSuperviewLayoutMargins: Bool
    /// UIView's `insetsLayoutMarginsFromSafeArea` (default true): the safe area is added to the margins.
    public var insetsLayoutMarginsFromSafeArea: Bool
    /// Set when the view is a UIScrollView: its content insets and how they adjust.
    public var scrollView: ScrollViewProperties?
    /// UIView's `intrinsicContentSize` per axis; nil for `noIntrinsicMetric`.
    public var intrinsicContentSize: IntrinsicContentSize
    /// `contentHuggingPriority(for:)` (default 250; Interface Builder gives labels 251).
    public var contentHuggingPriority: AxisPriorities
    /// `contentCompressionResistancePriority(for:)` (default 750).
    public var contentCompressionResistancePriority: AxisPriorities
    /// `alignmentRectInsets` (top, left, bottom, right): how far the frame reaches beyond the rectangle
    /// constraints place. Auto Layout acts on the alignment rect and sets the frame around it (an
    /// AppKit push button's frame is 6 points wider on each side than its bezel, a UISwitch's 2 points
    /// on the right); intrinsic sizes are the alignment rect's. Springs and struts see only frames.
    public var alignmentRectInsets: EdgeInsets = .zero
    /// Where the view's text sits: the first baseline's distance below the top of its
    /// alignment rect and the last one's above its bottom. nil for a view without text, whose first
    /// baseline is its top and last baseline its bottom, as UIKit answers for one.
    public var baselineOffsets: BaselineOffsets?

    public init(
        id: String, parentID: String? = nil, frame: Rect, mask: AutoresizingMask = .none,
        translatesMask: Bool = true, layoutMargins: EdgeInsets = .defaultLayoutMargins,
        directionalLayoutMargins: DirectionalEdgeInsets? = nil, preservesSuperviewLayoutMargins: Bool = false,
        insetsLayoutMarginsFromSafeArea: Bool = true, scrollView: ScrollViewProperties? = nil,
        intrinsicContentSize: IntrinsicContentSize = .none, contentHuggingPriority: AxisPriorities = .defaultHugging,
        contentCompressionResistancePriority: AxisPriorities = .defaultCompressionResistance
    ) {
        self.id = id
        self.parentID = parentID
        self.frame = frame
        self.mask = mask
        self.translatesMask = translatesMask
        self.layoutMargins = layoutMargins
        self.directionalLayoutMargins = directionalLayoutMargins
        self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
        self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
        self.scrollView = scrollView
        self.intrinsicContentSize = intrinsicContentSize
        self.contentHuggingPriority = contentHuggingPriority
        self.contentCompressionResistancePriority = contentCompressionResistancePriority
    }

    /// The alignment rect of a frame, in the same coordinates.
    public func alignmentRect(forFrame f: Rect) -> Rect {
        let i = alignmentRectInsets
        return Rect(
            x: f.x + i.left, y: f.y + i.top, width: f.width - i.left - i.right, height: f.height - i.top - i.bottom)
    }

    /// The frame around an alignment rect, in the same coordinates.
    public func frame(forAlignmentRect r: Rect) -> Rect {
        let i = alignmentRectInsets
        return Rect(
            x: r.x - i.left, y: r.y - i.top, width: r.width + i.left + i.right, height: r.height + i.top + i.bottom)
    }

    /// The margins the view sets itself, left and right resolved for the layout direction.
    public func ownMargins(_ direction: LayoutDirection) -> EdgeInsets {
        directionalLayoutMargins?.absolute(rightToLeft: direction == .rightToLeft) ?? layoutMargins
    }
}

/// A view's baselines, from the top (first) and from the bottom (last) of its alignment rect.
public struct BaselineOffsets: Hashable, Sendable {
    public var first: Double
    public var last: Double

    public init(first: Double, last: Double) {
        self.first = first
        self.last = last
    }
}

/// What makes a view a UIScrollView for the safe area: `contentInset`, `contentInsetAdjustmentBehavior`
/// and which axes scroll.
public struct ScrollViewProperties: Hashable, Sendable {
    public var contentInset: EdgeInsets
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior
    /// The content size; an axis scrolls when it exceeds the bounds (or bounces always).
    public var contentSize: Size?
    public var alwaysBounceHorizontal: Bool
    public var alwaysBounceVertical: Bool

    public init(
        contentInset: EdgeInsets = .zero, contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic,
        contentSize: Size? = nil, alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false
    ) {
        self.contentInset = contentInset
        self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
        self.contentSize = contentSize
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.alwaysBounceVertical = alwaysBounceVertical
    }

    /// Whether the axis scrolls for a view of this bounds size.
    public func scrolls(_ axis: Axis, bounds: Size) -> Bool {
        let bounce = axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical
        return bounce || (contentSize.map { $0[axis] > bounds[axis] } ?? false)
    }
}

/// UIScrollView.ContentInsetAdjustmentBehavior (iOS 11).
public enum ContentInsetAdjustmentBehavior: String, CaseIterable, Hashable, Sendable {
    /// The safe area on scrollable axes, and vertically always inside a navigation controller.
    case automatic
    /// The safe area on scrollable axes only.
    case scrollableAxes
    /// No adjustment.
    case never
    /// The safe area on every edge.
    case always
}

/// An intrinsic content size: a length per axis, or none (`UIView.noIntrinsicMetric`).
public struct IntrinsicContentSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    public static let none = IntrinsicContentSize()

    public subscript(axis: Axis) -> Double? { axis == .horizontal ? width : height }
}

/// A priority per axis (content hugging, compression resistance).
public struct AxisPriorities: Hashable, Sendable {
    public var horizontal: Double
    public var vertical: Double

    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public subscript(axis: Axis) -> Double { axis == .horizontal ? horizontal : vertical }

    /// UIKit's defaults.
    public static let defaultHugging = AxisPriorities(horizontal: 250, vertical: 250)
    public static let defaultCompressionResistance = AxisPriorities(horizontal: 750, vertical: 750)
}
