import Geometry
import PropertyBased
import ViewTree

/// A generated view: its mask, its frame as fractions of its parent's size (so margins start positive),
/// and which earlier view (if any) is its parent.
public struct GeneratedView: Sendable {
    public var mask: Int
    public var fx: Double, fy: Double, fw: Double, fh: Double
    public var parentPick: Int

    /// A given view (to replay a case a property test met).
    public init(mask: Int, fx: Double, fy: Double, fw: Double, fh: Double, parentPick: Int) {
        (self.mask, self.fx, self.fy, self.fw, self.fh, self.parentPick) = (mask, fx, fy, fw, fh, parentPick)
    }
}

public let generatedView = zip(
    Gen.int(in: 0...95), Gen.double(in: 0.05...0.45), Gen.double(in: 0.05...0.45),
    Gen.double(in: 0.05...0.45), Gen.double(in: 0.05...0.45), Gen.int(in: 0...5)
)
.map { GeneratedView(mask: $0 >= 64 ? 0 : $0, fx: $1, fy: $2, fw: $3, fh: $4, parentPick: $5) }

public let generatedPath = zip(Gen.double(in: -50...400), Gen.double(in: -50...400)).map { Size(width: $0, height: $1) }
    .array(of: 1...6)

/// Builds the tree: view i's parent is the superview or one of views 0..<i; its frame is its fractions
/// of the parent's size (a 100×100 superview).
public func makeTree(_ gen: [GeneratedView]) -> ViewTree {
    var views: [View] = []
    for (i, g) in gen.enumerated() {
        let parent: Int? = (g.parentPick == 0 || i == 0) ? nil : (g.parentPick - 1) % i
        let size = parent.map { views[$0].frame.size } ?? Size(width: 100, height: 100)
        views.append(
            View(
                id: "v\(i)", parentID: parent.map { "v\($0)" },
                frame: Rect(
                    x: g.fx * size.width, y: g.fy * size.height, width: g.fw * size.width, height: g.fh * size.height),
                mask: AutoresizingMask(rawValue: g.mask)))
    }
    return try! ViewTree(superviewSize: Size(width: 100, height: 100), views: views)
}

/// True if every flexible part of every view is positive in this tree (margins measured against the
/// view's parent's current size).
public func flexiblePartsPositive(_ tree: ViewTree) -> Bool {
    for (i, v) in tree.views.enumerated() {
        let parentSize = tree.parentIndex[i].map { tree.views[$0].frame.size } ?? tree.superviewSize
        for axis in Axis.allCases {
            let parts = v.mask.parts(on: axis)
            let L = v.frame.origin(on: axis)
            let W = v.frame.length(on: axis)
            let R = parentSize[axis] - L - W
            if (parts.min && L <= 0) || (parts.size && W <= 0) || (parts.max && R <= 0) { return false }
        }
    }
    return true
}

/// The horizontal masks by their part letters: L (min margin), W (size), R (max margin).
public func hMask(_ letters: String) -> AutoresizingMask {
    var m = AutoresizingMask.none
    if letters.contains("L") { m.insert(.flexibleLeftMargin) }
    if letters.contains("W") { m.insert(.flexibleWidth) }
    if letters.contains("R") { m.insert(.flexibleRightMargin) }
    return m
}

/// The same parts on the vertical axis (top margin, height, bottom margin).
public func vMask(_ letters: String) -> AutoresizingMask { AutoresizingMask(rawValue: hMask(letters).rawValue << 3) }
