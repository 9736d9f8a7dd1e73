/// A frame: origin and size, in the parent's bounds coordinates. The edges are
/// minX = x, maxX = x + width (and likewise for y); a negative width is kept as is.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double {
        get { origin.x }
        set { origin.x = newValue }
    }
    public var y: Double {
        get { origin.y }
        set { origin.y = newValue }
    }
    public var width: Double {
        get { size.width }
        set { size.width = newValue }
    }
    public var height: Double {
        get { size.height }
        set { size.height = newValue }
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }

    /// The origin coordinate on an axis (x or y).
    public func origin(on axis: Axis) -> Double { axis == .horizontal ? origin.x : origin.y }

    /// The size on an axis (width or height).
    public func length(on axis: Axis) -> Double { size[axis] }

    /// Sets origin and size on one axis, leaving the other axis alone.
    public mutating func set(_ axis: Axis, origin value: Double, length: Double) {
        if axis == .horizontal {
            origin.x = value
            size.width = length
        } else {
            origin.y = value
            size.height = length
        }
    }

    /// The largest absolute difference between corresponding edges (minX, minY, maxX, maxY); NaN-aware:
    /// a non-finite edge on one side only counts as an infinite difference.
    public func maxEdgeDifference(to other: Rect) -> Double {
        let pairs = [(minX, other.minX), (minY, other.minY), (maxX, other.maxX), (maxY, other.maxY)]
        var worst = 0.0
        for (a, b) in pairs {
            if a == b { continue }  // also equal infinities
            if a.isNaN && b.isNaN { continue }
            let d = abs(a - b)
            worst = max(worst, d.isNaN ? .infinity : d)
        }
        return worst
    }
}
