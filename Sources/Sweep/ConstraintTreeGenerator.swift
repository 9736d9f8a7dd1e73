import AutoLayout
import ConstraintModel
import Geometry
import Scenario
import ViewTree

/// Random trees placed by hand-written constraints of every kind: edges, centres, sizes,
/// multipliers, inequalities, priorities from 1 to 1000 (several weak constraints against one
/// stronger one among them), views nested several levels deep. Each axis of each view gets one
/// form, drawn from `forms`, that determines it fully at required priority or through a stronger
/// optional constraint, so a correct engine has one answer. Frames start at the lab's solution at
/// the design size, as the row generator's do.
public struct ConstraintTreeSpec: Hashable, Sendable {
    public enum Form: String, CaseIterable, Hashable, Sendable {
        /// Both edges pinned to the parent: the size follows it.
        case edges
        /// One edge pinned, a constant size.
        case edgeAndSize = "edge_and_size"
        /// Centred on the parent with an offset, a constant size.
        case centre
        /// A size proportional to the parent's (multiplier 0.25–0.75), the leading edge pinned.
        case multiplier
        /// An edge kept at least a distance from the parent's, held at a preferred one at 750, and a
        /// size at most half the parent's, preferring a constant at 500 (less one per view index).
        case inequality
        /// Three weak sizes (250) against one stronger (500 or 999): Apple's engine satisfies the
        /// stronger exactly (priorities are strict levels); an engine that weighs them does not.
        case priorities
        /// Placed after the previous sibling at a gap, a constant size.
        case sibling
    }

    public var count: Int
    public var views: ClosedRange<Int> = 2...6
    /// How deep views nest below the root (1: every view is a subview of the root).
    public var depth: Int = 3
    public var superviews: [Size] = [Size(width: 320, height: 480)]
    public var forms: [Form] = Form.allCases
    /// The forms of the vertical axis when they differ from `forms` (to tell one axis's classes of
    /// disagreement from the other's).
    public var verticalForms: [Form]?

    public init(count: Int) { self.count = count }
}

public enum ConstraintTreeGenerator {
    public static func scenario(_ spec: ConstraintTreeSpec, seed: UInt64, index: Int, generator: Int) -> Scenario {
        var rng = SplitMix(seed: seed, 5, UInt64(generator), UInt64(index))
        let superview = spec.superviews[rng.int(0...(spec.superviews.count - 1))]
        let n = rng.int(spec.views)
        var views: [View] = []
        var depths: [Int] = []
        var constraints: [LayoutConstraint] = []
        for k in 0..<n {
            // A parent among the views not yet at the deepest level, or the root.
            let candidates = (0..<k).filter { depths[$0] < spec.depth }
            let parent: Int? =
                candidates.isEmpty || rng.chance(0.4) ? nil : candidates[rng.int(0...(candidates.count - 1))]
            let id = "v\(k)"
            views.append(View(id: id, parentID: parent.map { "v\($0)" }, frame: .zero, translatesMask: false))
            depths.append(parent.map { depths[$0] + 1 } ?? 1)
            // The previous sibling under the same parent, for the sibling form.
            let sibling = (0..<k).last { views[$0].parentID == views[k].parentID }.map { "v\($0)" }
            for axis in [Axis.horizontal, .vertical] {
                let forms = axis == .vertical ? spec.verticalForms ?? spec.forms : spec.forms
                var form = forms[rng.int(0...(forms.count - 1))]
                if form == .sibling && sibling == nil { form = .edgeAndSize }
                constraints += place(
                    id, in: parent.map { "v\($0)" } ?? ViewTree.superviewID, after: sibling, axis: axis, form: form,
                    rank: k,
                    rng: &rng)
            }
        }
        let tree = try! ViewTree(superviewSize: superview, views: views).laidOut(by: constraints)
        return Scenario(tree: tree, constraints: constraints, description: "\(n) views placed by constraints")
    }

    /// The constraints of one form for one axis of view `id` in `parent`.
    static func place(
        _ id: String, in parent: String, after sibling: String?, axis: Axis, form: ConstraintTreeSpec.Form, rank: Int,
        rng: inout SplitMix
    ) -> [LayoutConstraint] {
        let (lead, trail, centre, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            axis == .horizontal ? (.leading, .trailing, .centerX, .width) : (.top, .bottom, .centerY, .height)
        func inset() -> Double { Double(rng.int(0...40)) }
        func length() -> Double { Double(rng.int(10...120)) }
        switch form {
        case .edges:
            return [
                LayoutConstraint(id, lead, .equal, parent, lead, constant: inset()),
                LayoutConstraint(id, trail, .equal, parent, trail, constant: -inset()),
            ]
        case .edgeAndSize:
            return [
                LayoutConstraint(id, lead, .equal, parent, lead, constant: inset()),
                LayoutConstraint(id, size, .equal, constant: length()),
            ]
        case .centre:
            return [
                LayoutConstraint(id, centre, .equal, parent, centre, constant: Double(rng.int(-30...30))),
                LayoutConstraint(id, size, .equal, constant: length()),
            ]
        case .multiplier:
            let m = [0.25, 0.5, 0.75, 1.0 / 3][rng.int(0...3)]
            return [
                LayoutConstraint(id, lead, .equal, parent, lead, constant: inset()),
                LayoutConstraint(id, size, .equal, parent, size, multiplier: m, constant: Double(rng.int(-10...10))),
            ]
        case .inequality:
            let least = inset()
            return [
                LayoutConstraint(id, lead, .greaterThanOrEqual, parent, lead, constant: least),
                LayoutConstraint(id, lead, .equal, parent, lead, constant: least + inset() - 20, priority: 750),
                LayoutConstraint(id, size, .lessThanOrEqual, parent, size, multiplier: 0.5),
                // A priority of its own per view: two views preferring sizes at one level, each capped by
                // half its parent's, would tie (the parent growing by 1 pays 1 and saves 2 × 0.5).
                LayoutConstraint(id, size, .equal, constant: length() * 2, priority: Double(500 - rank)),
            ]
        case .priorities:
            let strong = [500.0, 999][rng.int(0...1)]
            return [LayoutConstraint(id, lead, .equal, parent, lead, constant: inset())]
                + (0..<3).map { _ in LayoutConstraint(id, size, .equal, constant: length(), priority: 250) }
                + [LayoutConstraint(id, size, .equal, constant: length(), priority: strong)]
        case .sibling:
            return [
                LayoutConstraint(id, lead, .equal, sibling!, trail, constant: Double(rng.int(0...16))),
                LayoutConstraint(id, size, .equal, constant: length()),
            ]
        }
    }
}
