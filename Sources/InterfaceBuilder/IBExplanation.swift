import AutoLayout
import ConstraintModel
import Geometry
import ViewTree

/// Why a view disagrees with Interface Builder or stays ambiguous, told by the constraints the lab
/// has for it read on IB's stored frames (`StoredFrameEvaluation`), so that disagreements group by
/// what the lab lacks: the constraints that name the view (the document's, the stack views', the
/// build-time pins, IB's placeholders, and its intrinsic size as UIKit's content-size constraints),
/// the first one the stored frames violate (required ones first, then by priority, in the order the
/// lab installs them), and for an undetermined view the components of its frame that nothing fixes.
public struct IBExplanation: Hashable, Sendable {
    /// Every constraint naming the view, in Apple's log style.
    public var constraints: [String] = []
    /// The first of them the stored frames violate.
    public var violated: String?
    /// Components of the view's alignment rect (x, y, width, height) that the constraints leave free.
    public var free: [String] = []
    /// When none of its constraints is violated: the views named with it whose frames disagree or are
    /// undetermined, or guides the importer made (a stack's gaps, a grid's rows and columns), which
    /// carry it along.
    public var follows: [String] = []
    /// The group the cause falls in (`IBCheck.cause`).
    var kind: Kind = .unexplained

    enum Kind: String {
        case intrinsicSize = "intrinsic-size"
        case stack
        case buildTimePin = "build-time-pin"
        case placeholder
        case baseline
        case margins
        case safeArea = "safe-area"
        case constraint
        case follows
        case free
        case unexplained
    }
}

/// The constraints of one scene by the views they name, ready to be read on the stored frames.
struct SceneExplainer {
    let scene: IBScene
    let evaluation: StoredFrameEvaluation
    /// The lab's constraints in installation order: intrinsic sizes first, then the scenario's, then
    /// IB's placeholders.
    let constraints: [(LayoutConstraint, placeholder: Bool)]
    let naming: [String: [Int]]

    init(_ scene: IBScene) {
        self.scene = scene
        let tree = scene.scenario.tree
        evaluation = StoredFrameEvaluation(tree: tree, stored: scene.storedFrames, root: scene.rootInsets)
        var all: [(LayoutConstraint, placeholder: Bool)] = []
        for v in tree.views {
            for axis in Axis.allCases {
                guard let length = v.intrinsicContentSize[axis] else { continue }
                let origin = LayoutConstraint.Origin.contentSize(
                    ContentSizeOrigin(
                        axis: axis, intrinsic: length, hugging: v.contentHuggingPriority[axis],
                        compressionResistance: v.contentCompressionResistancePriority[axis]))
                let attr: LayoutAttribute = axis == .horizontal ? .width : .height
                all.append(
                    (
                        LayoutConstraint(
                            v.id, attr, .lessThanOrEqual, constant: length, priority: v.contentHuggingPriority[axis],
                            origin: origin), false
                    ))
                all.append(
                    (
                        LayoutConstraint(
                            v.id, attr, .greaterThanOrEqual, constant: length,
                            priority: v.contentCompressionResistancePriority[axis], origin: origin), false
                    ))
            }
        }
        all += scene.scenario.constraints.filter(\.isActive).map { ($0, false) }
        all += scene.placeholderConstraints.map { ($0, true) }
        constraints = all
        var naming: [String: [Int]] = [:]
        for (k, (c, _)) in all.enumerated() {
            for name in [c.item1] + (c.item2.map { [$0] } ?? []) {
                let view = evaluation.viewID(name)
                if naming[view]?.last != k { naming[view, default: []].append(k) }
            }
        }
        self.naming = naming
    }

    /// The explanation of view `id`; `wrong` holds the views that disagree or are undetermined.
    func explain(_ id: String, free: Set<FrameComponent>?, wrong: Set<String>) -> IBExplanation {
        var out = IBExplanation()
        let mine = naming[id] ?? []
        var seen: Set<String> = []
        out.constraints = mine.map { constraints[$0].0.appleDescription }.filter { seen.insert($0).inserted }
        let violated = mine.filter { evaluation.violates(constraints[$0].0) == true }
            .sorted { (constraints[$0].0.priority, -$0) > (constraints[$1].0.priority, -$1) }
        if let first = violated.first {
            let (c, placeholder) = constraints[first]
            out.violated = c.appleDescription
            out.kind = kind(of: c, placeholder: placeholder)
        }
        if let free {
            // Undetermined: what nothing fixes, and (above) what the lab has that IB's frames break.
            out.free = FrameComponent.allCases.filter(free.contains).map(\.rawValue)
            if out.violated == nil { out.kind = .free }
            return out
        }
        if out.violated != nil { return out }
        var follows: [String] = []
        for k in mine {
            let c = constraints[k].0
            for name in [c.item1] + (c.item2.map { [$0] } ?? []) {
                let other = evaluation.viewID(name)
                // A guide the importer made (a grid's row) has no stored frame: it carries the view
                // along whenever its own constraints hold.
                if other != id && (wrong.contains(other) || evaluation.isGuide(other)) && !follows.contains(other) {
                    follows.append(other)
                }
            }
        }
        out.follows = follows
        out.kind = follows.isEmpty ? .unexplained : .follows
        return out
    }

    /// The views (not the root) that constraints name together with view `id`.
    func neighbours(of id: String) -> [String] {
        var out: [String] = []
        for k in naming[id] ?? [] {
            let c = constraints[k].0
            for name in [c.item1] + (c.item2.map { [$0] } ?? []) {
                let other = evaluation.viewID(name)
                if other != id && other != ViewTree.superviewID && !out.contains(other) { out.append(other) }
            }
        }
        return out
    }

    func kind(of c: LayoutConstraint, placeholder: Bool) -> IBExplanation.Kind {
        if case .contentSize = c.origin { return .intrinsicSize }
        if placeholder { return .placeholder }
        let id = c.identifier ?? ""
        if id == BuildTimePins.identifier { return .buildTimePin }
        if id.hasPrefix("UISV-") || id.hasPrefix("NSStackView") { return .stack }
        let items = [c.item1] + (c.item2.map { [$0] } ?? [])
        let attributes = [c.attr1] + (c.attr2.map { [$0] } ?? [])
        if attributes.contains(where: \.isBaseline) { return .baseline }
        if items.contains(where: { $0.hasSuffix(".safeArea") }) { return .safeArea }
        if items.contains(where: { $0.hasSuffix(".layoutMargins") }) || attributes.contains(where: \.isMargin) {
            return .margins
        }
        return .constraint
    }
}
