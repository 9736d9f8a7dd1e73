import ConstraintModel
import Geometry
import Margins
import Solver
import Translation
import ViewTree

/// The Auto Layout backend for one view tree: masks translated into constraints, hand-written
/// constraints, and the superview's size as two edit variables of one incremental solver. Each
/// `resize` suggests the new size and reads the frames; nothing is rebuilt (with `every-step`
/// timing the translated constraints are removed and added again on the same solver).
///
/// Installation order is: translated constraints (views in tree order, x then y), then content-size
/// constraints (views in tree order, hugging then compression resistance, x then y), then hand-written
/// and Visual Format constraints in file order (with `every-step`, re-translated constraints come after them).
///
/// **Breaking.** When installing a required constraint makes the system unsatisfiable, or the
/// superview cannot take a requested size, the conflicting set (the new constraint last) goes to
/// `BreakingRule`, whose choice is lowered, as Apple's engine does, to a priority above every one a
/// constraint can have (`brokenStrength`) and stays installed; then the new constraint is tried
/// again, until nothing conflicts. Each choice is reported with its set (`Conflict`).
///
/// Like its solver, an engine is used from one task at a time; its state is marked
/// `@exclusivity(unchecked)`, since Swift's dynamic exclusivity checks on a class's stored properties
/// were about 8% of a step (`Tools/profile.sh EngineC7advance`).
public final class AutoLayoutEngine {
    public let configuration: AutoLayoutConfiguration
    @exclusivity(unchecked) public internal(set) var tree: ViewTree
    let variables: ViewVariables
    /// From the pool of emptied solvers, and given back to it when the engine goes (`SolverPool`).
    @exclusivity(unchecked) private(set) var solver = SolverPool.shared.take()

    deinit {
        if isKnownUniquelyReferenced(&solver) { SolverPool.shared.give(solver) }
    }

    /// An installed constraint: what it was made from, its solver handle and, for translated ones, the view.
    struct Installed {
        var source: Source
        var handle: ConstraintHandle
        var view: Int?
        /// Keys of the inset variables (margins, safe area) the constraint reads.
        var insetRefs: [Int] = []
        /// Broken to recover from a conflict: installed at `brokenStrength`.
        var isBroken = false
    }

    /// What an installed constraint was made from: a translated mask's constraint, named only on
    /// request (`layout(of:)`: conflict reports and `explain` are the only readers of its names), or a
    /// hand-written or content-size constraint, kept in `written`.
    enum Source {
        case translated(MaskConstraint)
        case written(Int)
    }

    @exclusivity(unchecked) var installed: [Installed] = []
    /// The hand-written and content-size constraints installed, in order (`Source.written` indexes it).
    @exclusivity(unchecked) var written: [LayoutConstraint] = []
    /// Per solver slot, where its constraint sits in `installed` (-1: none): needed only to name
    /// conflicting constraints, so built on first use (most trees never conflict).
    @exclusivity(unchecked) var bySlotCache: [Int32]?
    @exclusivity(unchecked) var pendingConflicts: [Conflict] = []
    @exclusivity(unchecked) var pendingDegenerate: [DegenerateTranslation] = []

    /// Strength of the superview's size: above every non-required priority, since a window sets its
    /// root view's frame from outside and Auto Layout cannot overrule it.
    static let rootSizeStrength = Strength.required - 1

    /// Strength of the margin and safe-area variables: set from outside like the root's size.
    static let insetStrength = Strength.required - 1
    /// Layout passes a step may take before it is reported as not settling.
    public static let maxPasses = 10

    public init(
        tree: ViewTree, constraints: [LayoutConstraint], configuration: AutoLayoutConfiguration,
        root: RootInsets = .none
    ) {
        self.configuration = configuration
        self.rootInsets = root
        self.tree = tree
        self.variables = ViewVariables(tree: tree, solver: solver)
        self.translationForms = Array(repeating: [], count: tree.views.count)
        self.roundedByScale = Array(repeating: false, count: tree.views.count)
        // The solver is built in one go: up to 4 translated and 4 content-size constraints per view,
        // over x, y, width, height per view and the root's size.
        solver.reserveCapacity(
            constraints: 8 * tree.views.count + constraints.count + 2, variables: 4 * tree.views.count + 2)
        try! solver.addEditVariable(variables.rootWidth, strength: Self.rootSizeStrength)
        try! solver.addEditVariable(variables.rootHeight, strength: Self.rootSizeStrength)
        suggest(tree.superviewSize)
        translateMasks()
        let contentSize = ContentSize.constraints(tree)
        if !contentSize.isEmpty || !constraints.isEmpty {  // translated constraints are all required
            var priorities: [Double] = []
            priorities.reserveCapacity(contentSize.count + constraints.count)
            for c in contentSize where c.isActive { priorities.append(c.priority) }
            for c in constraints where c.isActive { priorities.append(c.priority) }
            ladder = PriorityLadder(
                priorities: priorities,
                lowest: Self.ladderRange.lowest, highest: Self.ladderRange.highest)
        }
        written.reserveCapacity(contentSize.count + constraints.count)
        for c in contentSize { install(written: c) }
        // Margin variables start from the scenario's frames; the first step's passes correct them.
        for c in constraints where c.isActive { install(written: c) }
    }

    /// Strengths for the priorities this tree's constraints use: each used level dominates the ones
    /// below it (`PriorityLadder`), so one constraint at 251 beats many at 250, as Apple documents
    /// priorities to behave. With up to three levels in use (besides required) a level outweighs up
    /// to 999 constraints of the level below; with four, 99; with k, `10^(6/(k−1))`.
    var ladder = PriorityLadder(priorities: [])

    /// The ladder spans 100…1e8: the root's size and the margins (edit strength ≈ 1e9) dominate every
    /// level by at least 10×, and the lowest level stays 100× above the ambiguity query's rounding
    /// floor (1e-9 of the largest weight, ≈ 1), so a tie is never mistaken for noise or vice versa.
    static let ladderRange = (lowest: 100.0, highest: 1e8)

    /// Every installed constraint, in installation order (what `layoutlab explain` prints).
    public var constraints: [LayoutConstraint] { installed.map(layout(of:)) }

    /// An installed constraint as a layout constraint; a translated one is named here, from its view's
    /// id and mask and its superview's id.
    func layout(of entry: Installed) -> LayoutConstraint { layout(entry.source, view: entry.view) }

    func layout(_ source: Source, view: Int?) -> LayoutConstraint {
        switch source {
        case .written(let i): return written[i]
        case .translated(let c):
            let v = tree.views[view!]
            let superview = tree.parentIndex[view!].map { tree.views[$0].id } ?? ViewTree.superviewID
            return c.named(view: v.id, superview: superview, mask: v.mask)
        }
    }

    /// Whether an installed constraint was required (translated ones always are).
    func isRequired(_ entry: Installed) -> Bool {
        if case .written(let i) = entry.source { written[i].isRequired } else { true }
    }

    /// Resizes the superview and lays the tree out.
    public func resize(to size: Size, root: RootInsets? = nil) -> AutoLayoutStep {
        advance(to: size, root: root)
        let ambiguous = ambiguousViews()
        return AutoLayoutStep(
            tree: tree, conflicts: lastConflicts, ambiguous: ambiguous, degenerate: lastDegenerate,
            passes: lastPasses, settled: lastSettled, ties: ties(ambiguous: ambiguous))
    }

    /// Ties of content priorities among ambiguous views: two or more views on an axis whose
    /// hugging (or compression resistance) gives way at the same priority share the spare (or
    /// missing) space in no determined way.
    public func ties(ambiguous: [String]) -> [PriorityTie] {
        let ambiguousSet = Set(ambiguous)
        guard !ambiguousSet.isEmpty else { return [] }
        return ContentSize.ties(
            tree,
            solvedSizes: solvedSizes(), ambiguous: ambiguousSet)
    }

    /// Per view with an intrinsic size, how its content priorities decided its size in the last step.
    public func contentSizeCauses() -> [Int: ContentSizeCauses] {
        ContentSize.causes(tree, solvedSizes: solvedSizes())
    }

    /// Every view's solved size, read from the solver in one pass (through `width[i]` and `height[i]`
    /// an object would be made for each variable on the first read; the sweep asks every step).
    func solvedSizes() -> [Size] {
        var values: [Double] = []
        solver.values(of: variables.block, into: &values)  // x, y, width, height per view
        return tree.views.indices.map { Size(width: values[4 * $0 + 2], height: values[4 * $0 + 3]) }
    }

    /// Resizes and lays out without the ambiguity query (the sweep asks for it only where frames
    /// diverge). Afterwards `tree` holds the frames and the `last…` properties what happened.
    /// `root` is what the environment gives the root at this step (its safe area, system minimum
    /// margins); nil keeps the last.
    ///
    /// Layout runs in passes, as UIKit's does: solve, resolve every view's margins and safe area from
    /// the frames, and solve again if any that a constraint reads moved, until nothing does or
    /// `maxPasses` is reached (the step is then reported as not settling).
    public func advance(to size: Size, root: RootInsets? = nil) {
        stepsTaken += 1
        if let root { rootInsets = root }
        if configuration.timing == .everyStep && stepsTaken > 1 {
            retranslateMasks()
        }
        suggest(size)
        var passes = 0
        lastSettled = true
        lastChangedInsets = []
        lastResolved = nil
        while true {
            passes += 1
            solver.updateVariables()
            if !rootTakes(size) { recoverRootSize(size) }
            guard !variables.insets.isEmpty else { break }
            let resolved = resolvedInsets()
            lastResolved = resolved
            let changed = suggestInsets(resolved)
            if changed.isEmpty { break }
            lastChangedInsets.formUnion(changed)
            if passes == Self.maxPasses {
                lastSettled = false
                solver.updateVariables()
                break
            }
        }
        lastPasses = passes
        readFrames(size)
        // What was met since the last step: on the first, what building met too.
        lastConflicts = pendingConflicts
        lastDegenerate = pendingDegenerate
        pendingConflicts = []
        pendingDegenerate = []
    }

    /// What the environment gives the root (safe area, system minimum margins).
    @exclusivity(unchecked) public internal(set) var rootInsets: RootInsets
    /// Layout passes the last step took (1 when no margin moved).
    @exclusivity(unchecked) public internal(set) var lastPasses = 0
    /// False when the last step's margins were still moving after `maxPasses` passes.
    @exclusivity(unchecked) public internal(set) var lastSettled = true
    /// Keys of the inset variables whose values changed during the last step's passes.
    @exclusivity(unchecked) var lastChangedInsets: Set<Int> = []
    /// The insets the last step resolved (only when constraints read any).
    @exclusivity(unchecked) var lastResolved: ResolvedInsets?

    /// Conflicts broken during the last step (and, on the first, while building).
    @exclusivity(unchecked) public internal(set) var lastConflicts: [Conflict] = []
    /// Degenerate translations met during the last step (and, on the first, while building).
    @exclusivity(unchecked) public internal(set) var lastDegenerate: [DegenerateTranslation] = []
    /// Per view, the translation forms its current translated constraints use.
    @exclusivity(unchecked) public internal(set) var translationForms: [TranslationForms]
    /// Per view, whether pixel rounding moved an edge in the last step.
    @exclusivity(unchecked) public internal(set) var roundedByScale: [Bool]
    /// Resizes so far; with `every-step` the masks are translated again before every resize but the
    /// first (whose translation, from the initial frames, was made while building).
    @exclusivity(unchecked) public internal(set) var stepsTaken = 0

    /// Views with a variable in a required constraint that the solution misses by more than
    /// `tolerance` (the solver's near-zero threshold treats small coefficients and values as zero).
    public func viewsMissingRequiredConstraints(tolerance: Double = 1e-7) -> Set<Int> {
        var out = Set<Int>()
        for entry in installed where isRequired(entry) && !entry.isBroken {
            let c = solver.constraint(entry.handle)!
            let e = c.expression
            var value = e.constant
            for t in e.terms { value += t.coefficient * t.variable.value }
            let miss: Double =
                switch c.op {
                case .equal: abs(value)
                case .greaterOrEqual: max(0, -value)
                case .lessOrEqual: max(0, value)
                }
            if miss > tolerance { for t in e.terms { if let v = variables.owner(of: t.variable) { out.insert(v) } } }
        }
        return out
    }

    // MARK: Installing

    /// Views placed by hand-written constraints: those that do not translate their mask, and every
    /// view a hand-written constraint names. Springs and struts cannot see these constraints.
    public func handWrittenViews() -> [Bool] {
        var out = tree.views.map { !$0.translatesMask }
        for entry in installed where entry.view == nil {
            let layout = layout(of: entry)
            if case .contentSize = layout.origin { continue }
            for name in [layout.item1] + (layout.item2.map { [$0] } ?? []) {
                if let i = viewIndex(of: name) { out[i] = true }
            }
        }
        return out
    }

    /// The index of the view a constraint item names (a view id or one of its guides); nil for the
    /// root and its guides.
    public func viewIndex(of item: String) -> Int? { variables.item(item).view }

    /// Scratch for reading the variables' values and the frames of a step.
    @exclusivity(unchecked) var valueBuffer: [Double] = []
    @exclusivity(unchecked) var frameBuffer: [Rect] = []

    /// Variables that no installed constraint mentions; recomputed only when constraints change.
    @exclusivity(unchecked) var unconstrainedCache: [Int]?
}
