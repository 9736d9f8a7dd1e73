import AutoLayout
import ConstraintModel
import Geometry
import Margins
import Springs
import Translation
import ViewTree

/// One backend configuration walking through a size sequence, one step at a time, reporting frames
/// and what happened to each view at each step.
protocol Stepper {
    /// Resizes the superview and lays out; `root` is what the environment gives the root (springs
    /// ignores it: autoresizing knows no margins or safe area).
    mutating func advance(to size: Size, root: RootInsets)
    /// Layout passes the last step took (Auto Layout), nil for springs.
    var passes: Int? { get }
    /// False when the last step's margins never settled.
    var settled: Bool { get }
    /// The frames after the last step, in the tree's view order.
    var frames: [Rect] { get }
    /// What happened to view `i` in the last step (cheap events only).
    func events(_ i: Int) -> Causes
    /// Events that cost a query, asked only for views whose frames diverged at this step.
    mutating func expensiveEvents(_ i: Int) -> Causes
    /// The views whose frames differ from a fresh solve of the same constraints (Auto Layout only).
    mutating func solverDrift(tolerance: Double) -> [SolverDrift]
}

extension Stepper {
    mutating func solverDrift(tolerance: Double) -> [SolverDrift] { [] }
}

func makeStepper(
    _ config: BackendConfiguration, tree: ViewTree, constraints: [LayoutConstraint], scale: Int?, root: RootInsets
) -> any Stepper {
    switch config {
    case .springs(let policy): SpringsStepper(tree: tree, policy: policy, scale: scale ?? 1)
    case .autolayout(let translation, let timing):
        AutoLayoutStepper(
            engine: AutoLayoutEngine(
                tree: tree, constraints: constraints,
                configuration: AutoLayoutConfiguration(translation: translation, timing: timing, scale: scale),
                root: root))
    case .external, .gnustep:
        preconditionFailure("external and emulated engines run through UnitRunner, which computes their frames first")
    }
}

/// An external engine's answers, step by step (the engine ran the whole sequence already). It
/// reports no events: the lab cannot see why an outside engine did what it did.
struct ExternalStepper: Stepper {
    let steps: [[Rect]]
    var index = -1

    mutating func advance(to size: Size, root: RootInsets) { index += 1 }
    var passes: Int? { nil }
    var settled: Bool { true }
    var frames: [Rect] { steps[index] }
    func events(_ i: Int) -> Causes { [] }
    mutating func expensiveEvents(_ i: Int) -> Causes { [] }
}

struct SpringsStepper: Stepper {
    /// Structure and masks; the layout itself lives in `frames` and `superviewSize`, stepped in place.
    let tree: ViewTree
    let policy: SpringsPolicy
    let scale: Int
    var state: SpringsState
    var notes: [ResizeNotes]
    private(set) var frames: [Rect]
    var superviewSize: Size

    init(tree: ViewTree, policy: SpringsPolicy, scale: Int) {
        self.tree = tree
        self.policy = policy
        self.scale = scale
        state = SpringsState(for: tree)
        notes = Array(repeating: [], count: tree.views.count)
        frames = tree.frames
        superviewSize = tree.superviewSize
    }

    var passes: Int? { nil }
    var settled: Bool { true }

    mutating func advance(to size: Size, root: RootInsets) {
        Springs.resize(
            tree, frames: &frames, superviewSize: &superviewSize, to: size, policy: policy, scale: scale,
            state: &state, notes: &notes)
    }

    static let mapping: [(ResizeNotes, Causes)] = [
        (.nonPositiveFlexibleSum, .nonPositiveFlexibleSum), (.equalSplit, .equalSplit), (.clamped, .clamp),
        (.rounded, .rounding), (.carriedError, .carriedError), (.nonFinite, .nonFinite), (.fallback, .fallback),
        (.standardized, .standardisedNegativeSize), (.float32, .float32Arithmetic),
    ]

    func events(_ i: Int) -> Causes {
        var c: Causes = []
        for (note, cause) in Self.mapping where notes[i].contains(note) { c.insert(cause) }
        return c
    }

    mutating func expensiveEvents(_ i: Int) -> Causes { [] }
}

struct AutoLayoutStepper: Stepper {
    let engine: AutoLayoutEngine
    /// Per step, by view index: views named by a broken constraint (all of them when the superview
    /// is named) and views with a degenerate translation. Both are rare, so they are built only when
    /// the step had any, and the per-view check is an array read.
    var conflicted: [Bool]
    var degenerate: [Bool]
    let retranslates: Bool
    var ambiguous: Set<String>? = nil
    var missing: Set<Int>? = nil
    /// Per view, why margins moved it this step (only views some margin reached).
    var insetCauses: [Int: InsetCauses] = [:]

    /// Views placed by hand-written constraints (fixed for the engine's life).
    let handWritten: [Bool]
    /// Idiomatic constraints in a right-to-left tree: leading and trailing flip where masks do not.
    let idiomaticRTL: Bool
    /// Whether any view has an intrinsic size (content priorities are then checked each step).
    let hasContentSize: Bool
    var contentCauses: [Int: ContentSizeCauses] = [:]
    var tied: Set<String>? = nil

    mutating func solverDrift(tolerance: Double) -> [SolverDrift] { engine.solverDrift(tolerance: tolerance) }

    init(engine: AutoLayoutEngine) {
        self.engine = engine
        handWritten = engine.handWrittenViews()
        idiomaticRTL = engine.configuration.translation == .idiomatic && engine.tree.layoutDirection == .rightToLeft
        hasContentSize = engine.tree.views.contains { $0.intrinsicContentSize != .none }
        conflicted = Array(repeating: false, count: engine.tree.views.count)
        degenerate = conflicted
        retranslates = engine.configuration.timing == .everyStep
    }

    var passes: Int? { engine.lastPasses }
    var settled: Bool { engine.lastSettled }

    mutating func advance(to size: Size, root: RootInsets) {
        engine.advance(to: size, root: root)
        insetCauses = engine.insetCauses()
        if hasContentSize { contentCauses = engine.contentSizeCauses() }
        tied = nil
        mark(&conflicted, engine.lastConflicts.flatMap { [$0.broken.item1] + ($0.broken.item2.map { [$0] } ?? []) })
        mark(&degenerate, engine.lastDegenerate.map(\.viewID))
        ambiguous = nil
        missing = nil
    }

    /// Sets `flags` for the views named in `ids` (every view for the superview), clearing the rest.
    private func mark(_ flags: inout [Bool], _ ids: [String]) {
        if flags.contains(true) { flags = Array(repeating: false, count: flags.count) }
        guard !ids.isEmpty else { return }
        if ids.contains(ViewTree.superviewID) {
            flags = Array(repeating: true, count: flags.count)
            return
        }
        for id in ids { if let i = engine.viewIndex(of: id) { flags[i] = true } }
    }

    var frames: [Rect] { engine.tree.frames }

    func events(_ i: Int) -> Causes {
        var c: Causes = []
        if conflicted[i] { c.insert(.conflict) }
        if degenerate[i] { c.insert(.degenerateTranslation) }
        let forms = engine.translationForms[i]
        if forms.contains(.centreFraction) { c.insert(.centreForm) }
        if forms.contains(.float32Multiplier) { c.insert(.float32Multiplier) }
        if forms.contains(.idiomaticRule) || (idiomaticRTL && engine.tree.views[i].translatesMask) {
            c.insert(.idiomaticRule)
        }
        if retranslates && engine.stepsTaken > 1 && engine.tree.views[i].translatesMask { c.insert(.retranslation) }
        if engine.roundedByScale[i] { c.insert(.rounding) }
        if handWritten[i] { c.insert(.handWritten) }
        if let content = contentCauses[i] {
            if content.contains(.hugging) { c.insert(.hugging) }
            if content.contains(.compression) { c.insert(.compression) }
        }
        if let inset = insetCauses[i] {
            if inset.contains(.safeArea) { c.insert(.safeArea) }
            if inset.contains(.preservedMargins) { c.insert(.preservedMargins) }
            if inset.contains(.marginFeedback) { c.insert(.marginFeedback) }
        }
        return c
    }

    mutating func expensiveEvents(_ i: Int) -> Causes {
        if ambiguous == nil { ambiguous = Set(engine.ambiguousViews()) }
        if missing == nil { missing = engine.viewsMissingRequiredConstraints() }
        var c: Causes = []
        if ambiguous!.contains(engine.tree.views[i].id) { c.insert(.ambiguity) }
        if hasContentSize {
            if tied == nil { tied = Set(engine.ties(ambiguous: Array(ambiguous!)).flatMap(\.views)) }
            if tied!.contains(engine.tree.views[i].id) { c.insert(.priorityTie) }
        }
        if missing!.contains(i) { c.insert(.solverTolerance) }
        return c
    }
}
