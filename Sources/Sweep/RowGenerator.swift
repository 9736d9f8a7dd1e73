import AutoLayout
import ConstraintModel
import Geometry
import Scenario
import VFL
import ViewTree

/// Rows (or columns) of content-sized views written in the Visual Format Language, with random
/// intrinsic sizes and content priorities, each paired with the masks a mask-era engineer
/// would have used for the same row: the view that hugs least stretches (`h=-&-`), the views before
/// it keep their distance to the leading edge (`h=--&`), those after it to the trailing edge
/// (`h=&--`). Frames are the Auto Layout solution at the design size, so both backends start alike.
public struct RowGeneratorSpec: Hashable, Sendable {
    public var count: Int
    public var views: ClosedRange<Int>
    /// `horizontal` rows, `vertical` columns, or `both` (alternating).
    public var axis: SequenceAxis
    public var superviews: [Size]
    public var hugging: [Double]
    public var compressionResistance: [Double]
    /// The framework whose spacing the formats mean (`|-` is 8 in UIKit's default margins, 20 in AppKit).
    public var platform: VisualFormatPlatform = .uikit

    public init(
        count: Int, views: ClosedRange<Int> = 2...4, axis: SequenceAxis = .width,
        superviews: [Size] = [Size(width: 320, height: 480)],
        hugging: [Double] = [249, 250, 251], compressionResistance: [Double] = [749, 750, 751]
    ) {
        self.count = count
        self.views = views
        self.axis = axis
        self.superviews = superviews
        self.hugging = hugging
        self.compressionResistance = compressionResistance
    }
}

public enum RowGenerator {
    public static func scenario(_ spec: RowGeneratorSpec, seed: UInt64, index: Int, generator: Int) -> Scenario {
        var rng = SplitMix(seed: seed, 3, UInt64(generator), UInt64(index))
        let superview = spec.superviews[rng.int(0...(spec.superviews.count - 1))]
        let horizontal = spec.axis == .width || (spec.axis == .both && index % 2 == 0)
        let n = rng.int(spec.views)
        let ids = (0..<n).map { "v\($0)" }
        var views: [View] = []
        for id in ids {
            let along = Double(rng.int(20...120))
            let across = [21.0, 30, 44][rng.int(0...2)]
            var v = View(
                id: id, frame: .zero, translatesMask: false,
                intrinsicContentSize: horizontal
                    ? IntrinsicContentSize(width: along, height: across)
                    : IntrinsicContentSize(width: across, height: along))
            let hug = spec.hugging[rng.int(0...(spec.hugging.count - 1))]
            let resist = spec.compressionResistance[rng.int(0...(spec.compressionResistance.count - 1))]
            if horizontal {
                v.contentHuggingPriority.horizontal = hug
                v.contentCompressionResistancePriority.horizontal = resist
            } else {
                v.contentHuggingPriority.vertical = hug
                v.contentCompressionResistancePriority.vertical = resist
            }
            views.append(v)
        }
        let (along, across) = horizontal ? ("H", "V") : ("V", "H")
        let row = "\(along):|-" + ids.map { "[\($0)]" }.joined(separator: "-") + "-|"
        var formats = [VisualFormatEntry(format: row, platform: spec.platform)]
        formats += ids.map { VisualFormatEntry(format: "\(across):|-[\($0)]", platform: spec.platform) }
        var constraints: [LayoutConstraint] = []
        for f in formats {
            constraints += try! VisualFormat.constraints(
                f.format, views: ids, metrics: f.metrics, options: f.options, platform: f.platform)
        }
        // The masks: the first view with the lowest hugging stretches, the others keep their side.
        let axisOf: Axis = horizontal ? .horizontal : .vertical
        let flexible = views.indices.min {
            views[$0].contentHuggingPriority[axisOf] < views[$1].contentHuggingPriority[axisOf]
        }!
        for i in views.indices {
            let part: FlexibleParts =
                i == flexible
                ? FlexibleParts(min: false, size: true, max: false)
                : FlexibleParts(min: i > flexible, size: false, max: i < flexible)
            let fixedTop = FlexibleParts(min: false, size: false, max: true)
            views[i].mask = mask(horizontal ? part : fixedTop, horizontal ? fixedTop : part)
        }
        let tree = try! ViewTree(superviewSize: superview, views: views).laidOut(by: constraints)
        return Scenario(
            tree: tree, constraints: constraints,
            description: "a \(horizontal ? "row" : "column") of \(n) content-sized views",
            visualFormats: formats)
    }

    static func mask(_ h: FlexibleParts, _ v: FlexibleParts) -> AutoresizingMask {
        var raw = 0
        if h.min { raw |= 1 }
        if h.size { raw |= 2 }
        if h.max { raw |= 4 }
        if v.min { raw |= 8 }
        if v.size { raw |= 16 }
        if v.max { raw |= 32 }
        return AutoresizingMask(rawValue: raw)
    }
}
