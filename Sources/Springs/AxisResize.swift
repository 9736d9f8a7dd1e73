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

    public init(origin: Double, length: Double, originError: Double = 0, lengthError: Double = 0, parts: FlexibleParts,
                maskIsNone: Bool = false, oldSuperLength: Double, newSuperLength: Double, scale: Double = 1) {
        self.origin = origin
        self.length = length
        self.originError = originError
        self.lengthError = lengthError
        self.parts = parts
        self.maskIsNone = maskIsNone
        self.oldSuperLength = oldSuperLength
        self.newSuperLength = newSuperLength
        self.scale = scale
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

    public init(origin: Double, length: Double, originError: Double = 0, lengthError: Double = 0, notes: ResizeNotes = []) {
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
    static func resize(_ r: AxisResize) -> AxisOutcome
}

extension ResizingRule {
    static var clampsNegativeSuperviewSize: Bool { false }
}
