import ViewTree

/// Everything a policy sees when it resizes one axis of one view: the view's current origin and
/// length on the axis, the rounding error it carries, which parts are flexible, and the superview's
/// old and new length. Policies are pure functions of this value.
public struct AxisResize: Sendable {
    public var origin: Double
    public var length: Double
    public var originError: Double
    public var lengthError: Double
    public var parts: FlexibleParts
    /// The whole mask (both axes) is none: some implementations skip such views entirely.
    public var maskIsNone: Bool
    public var oldSuperLength: Double
    public var newSuperLength: Double
    /// Pixels per point (1, 2 or 3) for the policies that round.
    public var scale: Double
    /// The vertical axis, whose coordinates grow downward (the lab's views are flipped, in AppKit's
    /// terms): GNUstep 0.29 rounds it differently (`GNUstepRule`).
    public var isVertical = false
    /// The superview's origin on this axis in the coordinates GNUstep rounds in (its
    /// `_matrixToWindow`: without a window, the sum of the frame origins from the top-level view
    /// down to the superview, added in that order). The policies that round on the screen's grid
    /// round `origin + baseOffset`, so the last bit of a nested view depends on where its ancestors are.
    public var baseOffset = 0.0

    public init(
        origin: Double, length: Double, originError: Double = 0, lengthError: Double = 0, parts: FlexibleParts,
        maskIsNone: Bool = false, oldSuperLength: Double, newSuperLength: Double, scale: Double = 1,
        isVertical: Bool = false,
        baseOffset: Double = 0
    ) {
        self.origin = origin
        self.length = length
        self.originError = originError
        self.lengthError = lengthError
        self.parts = parts
        self.maskIsNone = maskIsNone
        self.oldSuperLength = oldSuperLength
        self.newSuperLength = newSuperLength
        self.scale = scale
        self.isVertical = isVertical
        self.baseOffset = baseOffset
    }

    /// The max margin R = S − L − W at the old superview length.
    public var maxMargin: Double { oldSuperLength - origin - length }
}

/// The result of resizing one axis: the new origin and length, the error to carry, and what happened.
public struct AxisOutcome: Equatable, Sendable {
    public var origin: Double
    public var length: Double
    public var originError: Double = 0
    public var lengthError: Double = 0
    public var notes: ResizeNotes = []

    public init(
        origin: Double, length: Double, originError: Double = 0, lengthError: Double = 0, notes: ResizeNotes = []
    ) {
        self.origin = origin
        self.length = length
        self.originError = originError
        self.lengthError = lengthError
        self.notes = notes
    }
}

/// One policy's rule for one axis.
protocol ResizingRule {
    /// True if the policy sees the root's new size clamped at 0 (GNUstep's `setFrameSize:`).
    static var clampsNegativeSuperviewSize: Bool { get }
    /// True if a view whose frame moved, even at the same size, resizes its subviews (GNUstep's
    /// `setFrame:`); otherwise only a change of size does (UIKit's documented behaviour).
    static var resizesSubviewsWhenMoved: Bool { get }
    static func resize(_ r: AxisResize) -> AxisOutcome
}

extension ResizingRule {
    static var clampsNegativeSuperviewSize: Bool { false }
    static var resizesSubviewsWhenMoved: Bool { false }
}
