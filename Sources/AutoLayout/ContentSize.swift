import ConstraintModel
import Geometry
import ViewTree

/// Intrinsic content size as constraints: on each axis with an intrinsic length,
/// `length <= intrinsic` at the view's hugging priority and `length >= intrinsic` at its compression
/// resistance — the inequalities UIKit's NSContentSizeLayoutConstraint stands for.
enum ContentSize {
    static func constraints(_ tree: ViewTree) -> [LayoutConstraint] {
        var out: [LayoutConstraint] = []
        for v in tree.views {
            for axis in Axis.allCases {
                guard let length = v.intrinsicContentSize[axis] else { continue }
                let attr: LayoutAttribute = axis == .horizontal ? .width : .height
                let origin = LayoutConstraint.Origin.contentSize(
                    ContentSizeOrigin(
                        axis: axis, intrinsic: length, hugging: v.contentHuggingPriority[axis],
                        compressionResistance: v.contentCompressionResistancePriority[axis]))
                out.append(
                    LayoutConstraint(
                        v.id, attr, .lessThanOrEqual, constant: length, priority: v.contentHuggingPriority[axis],
                        origin: origin))
                out.append(
                    LayoutConstraint(
                        v.id, attr, .greaterThanOrEqual, constant: length,
                        priority: v.contentCompressionResistancePriority[axis], origin: origin))
            }
        }
        return out
    }

    static let tolerance = 1e-7

    /// Hugging when a view is at or beyond its intrinsic length (hugging held it or gave way),
    /// compression when below it.
    static func causes(_ tree: ViewTree, solvedSizes: [Size]) -> [Int: ContentSizeCauses] {
        var out: [Int: ContentSizeCauses] = [:]
        for (i, v) in tree.views.enumerated() {
            for axis in Axis.allCases {
                guard let length = v.intrinsicContentSize[axis] else { continue }
                out[i, default: []].insert(solvedSizes[i][axis] < length - tolerance ? .compression : .hugging)
            }
        }
        return out
    }

    /// Ties, per axis and kind: where a view's hugging (stretched beyond its intrinsic length) or
    /// compression resistance (squeezed below it) gives way at a priority, every ambiguous view on
    /// that axis with the same priority of that kind could have given way instead.
    static func ties(_ tree: ViewTree, solvedSizes: [Size], ambiguous: Set<String>) -> [PriorityTie] {
        var out: [PriorityTie] = []
        for axis in Axis.allCases {
            for kind in [PriorityTie.Kind.hugging, .compressionResistance] {
                func priority(_ v: View) -> Double {
                    kind == .hugging ? v.contentHuggingPriority[axis] : v.contentCompressionResistancePriority[axis]
                }
                var givingWay: [Double] = []
                for (i, v) in tree.views.enumerated() {
                    guard let length = v.intrinsicContentSize[axis] else { continue }
                    let size = solvedSizes[i][axis]
                    let gives = kind == .hugging ? size > length + tolerance : size < length - tolerance
                    if gives && !givingWay.contains(priority(v)) { givingWay.append(priority(v)) }
                }
                for p in givingWay {
                    let group = tree.views.filter {
                        $0.intrinsicContentSize[axis] != nil && ambiguous.contains($0.id) && priority($0) == p
                    }
                    if group.count >= 2 {
                        out.append(PriorityTie(axis: axis, kind: kind, priority: p, views: group.map(\.id)))
                    }
                }
            }
        }
        return out
    }
}

/// Views whose equal content priorities leave the layout ambiguous: e.g. a label and a field in a
/// row, both hugging at 250, with spare space that either could take.
public struct PriorityTie: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case hugging
        case compressionResistance = "compression resistance"
    }
    public var axis: Axis
    public var kind: Kind
    public var priority: Double
    public var views: [String]

    public var description: String {
        "\(views.joined(separator: " and ")) tie on \(axis == .horizontal ? "horizontal" : "vertical") "
            + "\(kind.rawValue) at \(LayoutConstraint.g(priority))"
            + (kind == .hugging ? " with spare space" : " with too little space")
    }
}

/// How content priorities decided a view's size.
public struct ContentSizeCauses: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let hugging = ContentSizeCauses(rawValue: 1)
    public static let compression = ContentSizeCauses(rawValue: 2)
}
