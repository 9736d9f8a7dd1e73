import Environment
import Geometry
import Scenario
import ViewTree

/// An experiment: where scenarios come from, which size sequences to apply, which backend
/// configurations to compare, and a seed. Read from a YAML file in `experiments/` by `SpecReader`.
public struct ExperimentSpec: Sendable {
    public var name: String
    public var seed: UInt64
    public var scenarioSources: [ScenarioSource]
    /// Per source (same order), the sequence kinds it runs through; nil for every sequence.
    public var sourceSequenceKinds: [Set<String>?] = []
    /// Per source (same order), the comparisons (by index) its scenarios run under; nil for all.
    public var sourceComparisons: [Set<Int>?] = []
    /// External engines by name, for `external:NAME` sides of comparisons.
    public var engines: [String: ExternalEngineSpec] = [:]
    /// Whether every Auto Layout step is also checked against a fresh solve (`verify_solver: true`,
    /// or `layoutlab sweep --verify-solver`): differences are recorded with cause `solver-drift`.
    public var verifySolver = false
    public var sequences: [SequenceSpec]
    public var comparisons: [Comparison]
    /// The file's text, stored with the results so a run can be reproduced.
    public var text: String
    /// The file it was read from (relative paths in it resolve from there), when it was a file.
    public var path: String?

    public init(
        name: String, seed: UInt64, scenarioSources: [ScenarioSource], sequences: [SequenceSpec],
        comparisons: [Comparison], text: String = ""
    ) {
        self.name = name
        self.seed = seed
        self.scenarioSources = scenarioSources
        self.sequences = sequences
        self.comparisons = comparisons
        self.text = text
    }
}

/// Scenarios: one read from a file, a seeded generator of random trees, or a grid of single views.
public enum ScenarioSource: Sendable {
    case file(path: String, scenario: Scenario)
    case generated(TreeGeneratorSpec)
    case grid(FrameGridSpec)
    /// Rows or columns of content-sized views in the Visual Format Language.
    case rows(RowGeneratorSpec)
    /// Random trees placed by hand-written constraints of every kind.
    case constrained(ConstraintTreeSpec)
    /// Every scene of every Interface Builder document under a path.
    case interfaceBuilder(path: String, scenes: [IBSceneEntry])
}

/// Every mask × origin × size: one view in a superview, with the same origin and size on both axes
/// (so each axis sees every combination). Exhaustive where random trees are not.
public struct FrameGridSpec: Sendable {
    public var superview: Size
    public var masks: [AutoresizingMask]
    public var origins: [Double]
    public var sizes: [Double]

    public init(superview: Size, masks: [AutoresizingMask], origins: [Double], sizes: [Double]) {
        self.superview = superview
        self.masks = masks
        self.origins = origins
        self.sizes = sizes
    }

    public var count: Int { masks.count * origins.count * sizes.count }

    public func tree(_ index: Int) -> ViewTree {
        let size = sizes[index % sizes.count]
        let origin = origins[(index / sizes.count) % origins.count]
        let mask = masks[index / (sizes.count * origins.count)]
        return try! ViewTree(
            superviewSize: superview,
            views: [View(id: "v", frame: Rect(x: origin, y: origin, width: size, height: size), mask: mask)])
    }
}

/// A seeded generator of random view trees.
public struct TreeGeneratorSpec: Hashable, Sendable {
    /// How many trees.
    public var count: Int
    /// Views per tree.
    public var views: ClosedRange<Int>
    /// Maximum nesting depth (1: every view is a child of the superview).
    public var depth: Int
    /// Maximum children per view (and of the superview).
    public var fanout: Int
    /// The masks to draw from with their weights (default: all 64, uniform).
    public var masks: [(mask: AutoresizingMask, weight: Double)]
    /// Superview sizes to draw from.
    public var superviews: [Size]
    /// Probabilities, per view and axis, of the frames that break springs and struts.
    public var zeroSize: Double
    public var edgeTouching: Double
    public var largerThanSuperview: Double

    public init(
        count: Int, views: ClosedRange<Int> = 1...10, depth: Int = 3, fanout: Int = 4,
        masks: [(mask: AutoresizingMask, weight: Double)] = (0...63).map { (AutoresizingMask(rawValue: $0), 1) },
        superviews: [Size] = [Size(width: 320, height: 480)], zeroSize: Double = 0.05, edgeTouching: Double = 0.1,
        largerThanSuperview: Double = 0.05
    ) {
        self.count = count
        self.views = views
        self.depth = depth
        self.fanout = fanout
        self.masks = masks
        self.superviews = superviews
        self.zeroSize = zeroSize
        self.edgeTouching = edgeTouching
        self.largerThanSuperview = largerThanSuperview
    }

    public static func == (l: Self, r: Self) -> Bool {
        l.count == r.count && l.views == r.views && l.depth == r.depth && l.fanout == r.fanout
            && l.masks.map(\.mask) == r.masks.map(\.mask) && l.masks.map(\.weight) == r.masks.map(\.weight)
            && l.superviews == r.superviews && l.zeroSize == r.zeroSize && l.edgeTouching == r.edgeTouching
            && l.largerThanSuperview == r.largerThanSuperview
    }

    public func hash(into h: inout Hasher) {
        h.combine(count)
        h.combine(depth)
    }
}

/// Which superview axes a sequence changes.
public enum SequenceAxis: String, CaseIterable, Hashable, Sendable {
    case width, height, both
}

/// A sequence of superview sizes, possibly relative to the scenario's own size.
public enum SequenceSpec: Hashable, Sendable {
    case explicit([Size])
    /// Linear steps from the scenario's size to `target` (grow or shrink).
    case ramp(target: Size, steps: Int)
    /// Down to 0 on the axis and back up, in `steps` steps.
    case throughZero(steps: Int, axis: SequenceAxis)
    /// ±amplitude around the start: +a, 0, −a, 0, … for `steps` steps.
    case oscillation(amplitude: Double, steps: Int, axis: SequenceAxis)
    /// Steps uniform in ±maxStep, never below 0, seeded.
    case randomWalk(steps: Int, maxStep: Double, axis: SequenceAxis)
    /// External changes: each step an environment.
    case environments(EnvironmentSequenceKind, [Environment])

    public var kind: String {
        switch self {
        case .explicit: "sizes"
        case .ramp: "ramp"
        case .throughZero: "through-zero"
        case .oscillation: "oscillation"
        case .randomWalk: "random-walk"
        case .environments(let kind, _): kind.rawValue
        }
    }
}

/// One scene of an Interface Builder document, as a sweep scenario.
public struct IBSceneEntry: Sendable {
    /// `ib:<file>#<scene>`: the file and scene every divergence carries (view ids are IB's).
    public var source: String
    /// The scene laid out for its design device.
    public var scenario: Scenario
    /// The scene laid out for other size classes, where its size-class variations change it:
    /// a device step with those traits uses this form (a landscape iPhone, compact height).
    public var variants: [SizeClasses: Scenario]

    public init(source: String, scenario: Scenario, variants: [SizeClasses: Scenario] = [:]) {
        self.source = source
        self.scenario = scenario
        self.variants = variants
    }
}
