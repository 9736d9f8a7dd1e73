import Geometry

/// GNUstep master's Auto Layout engine (`GSAutoLayoutEngine`, libs-gui `Source/GSAutoLayoutEngine.m`):
/// one Cassowary variable per view and attribute a constraint names, tied to the view's `minX`,
/// `maxX`, `width`… by internal constraints added with the first constraint that names it; every
/// constraint added alone is solved at once, a batch (a view's translated mask) in one go; after each
/// solve every tracked view's alignment rectangle is recorded and the superviews of those that changed
/// are marked as needing layout. Each deviation from Apple's documented behaviour this engine makes
/// is a switch (`Deviation`); with a switch off the engine does what Apple documents instead.
final class LayoutEngine {
    let deviations: GNUstepDeviations
    unowned let window: WindowModel
    private(set) var solver: CassowarySolver
    let strengths: Strengths
    var float32: Bool { deviations.contains(.float32) }

    private var variablesByView: [Int: [EngineVariableKey: CassowaryVariable]] = [:]
    /// `_trackedViews`: views in the order a constraint first named them.
    private(set) var trackedViews: [Int] = []
    private var tracked: Set<Int> = []
    private var solverConstraint: [ObjectIdentifier: CassowaryConstraint] = [:]
    private var supporting: [ObjectIdentifier: [CassowaryConstraint]] = [:]
    private var internalByView: [Int: [CassowaryConstraint]] = [:]
    /// `_viewAlignmentRectByViewIndex`: each tracked view's rectangle at the last solve.
    var alignmentRects: [Int: Rect] = [:]
    private var batchDepth = 0
    private var batched: [CassowaryConstraint] = []
    /// Every solver call so far, to rebuild the solver when Apple's rule breaks a constraint
    /// (`Deviation.conflictRaises` off).
    private var log: [SolverCall] = []
    let order: HashOrder

    var contentView: Int?
    private(set) var contentWidth: EngineConstraint?
    private(set) var contentHeight: EngineConstraint?
    func setContentConstraints(_ w: EngineConstraint, _ h: EngineConstraint) {
        contentWidth = w
        contentHeight = h
    }

    enum SolverCall {
        case add([CassowaryConstraint])
        case remove([CassowaryConstraint])
        case suggest(CassowaryVariable, Double)
    }

    init(window: WindowModel, deviations: GNUstepDeviations, strengths: Strengths, order: HashOrder) {
        self.window = window
        self.deviations = deviations
        self.strengths = strengths
        self.order = order
        solver = CassowarySolver(
            order: order, float32: deviations.contains(.float32), strongWeight: strengths.weight(750).weight)
    }

    func variables(of view: Int) -> [EngineVariableKey: CassowaryVariable] { variablesByView[view] ?? [:] }
    func setVariable(_ v: CassowaryVariable, _ view: Int, _ key: EngineVariableKey) {
        variablesByView[view, default: [:]][key] = v
    }
    func isTracked(_ view: Int) -> Bool { tracked.contains(view) }
    func track(_ view: Int) {
        tracked.insert(view)
        trackedViews.append(view)
    }
    func internalConstraints(of view: Int) -> [CassowaryConstraint]? { internalByView[view] }
    func appendInternal(_ c: CassowaryConstraint, _ view: Int) { internalByView[view, default: []].append(c) }
    func appendSupporting(_ c: CassowaryConstraint, for s: CassowaryConstraint) {
        supporting[ObjectIdentifier(s), default: []].append(c)
    }

    // MARK: Constraints in and out

    /// `-addConstraint:`.
    func add(_ c: EngineConstraint) throws(FrameworkException) {
        let s = makeSolverConstraint(c)
        solverConstraint[ObjectIdentifier(c)] = s
        try addSupportingConstraints(c.item1, c.attr1, for: s)
        if let item2 = c.item2, let attr2 = c.attr2 { try addSupportingConstraints(item2, attr2, for: s) }
        try addSolverConstraint(s)
        if batchDepth == 0 { try updateAlignmentRects() }
    }

    /// `-addConstraints:`: one solve for the whole batch.
    func add(_ list: [EngineConstraint]) throws(FrameworkException) {
        guard !list.isEmpty else { return }
        batchDepth += 1
        for c in list { try add(c) }
        batchDepth -= 1
        let pending = batched
        batched = []
        try call(.add(pending))
        try updateAlignmentRects()
    }

    /// `-updateConstraint:`: the constraint's solver constraint removed and made again from its
    /// current constant (the supporting constraints stay).
    func update(_ c: EngineConstraint) throws(FrameworkException) {
        if let old = solverConstraint[ObjectIdentifier(c)] { try removeSolverConstraint(old) }
        let s = makeSolverConstraint(c)
        solverConstraint[ObjectIdentifier(c)] = s
        try addSolverConstraint(s)
        try updateAlignmentRects()
    }

    /// A constant changed after installation (`-setConstant:`). GNUstep never observes it
    /// (`-addObserverToConstraint:` is never called): the layout stays as it was. Apple re-solves.
    func constantChanged(_ c: EngineConstraint) throws(FrameworkException) {
        if deviations.contains(.ignoredChanges) { return }
        try update(c)
    }

    func addSolverConstraint(_ s: CassowaryConstraint) throws(FrameworkException) {
        if batchDepth > 0 {
            batched.append(s)
        } else {
            try call(.add([s]))
        }
    }

    private func removeSolverConstraint(_ s: CassowaryConstraint) throws(FrameworkException) {
        if batchDepth > 0 {
            batched.append(s)
        } else {
            try call(.remove([s]))
        }
    }

    /// Hands a call to the solver. GNUstep lets a required conflict raise; Apple's engine breaks a
    /// constraint of the conflict ("Will attempt to recover by breaking constraint"): the emulation
    /// breaks the newest required one, lowered to a strength above every priority, and rebuilds the
    /// solver from its calls so far.
    func call(_ c: SolverCall) throws(FrameworkException) {
        log.append(c)
        do {
            try perform(c, on: solver)
        } catch let e where e == .unsatisfiable && !deviations.contains(.conflictRaises) {
            try rebuildBreakingConflicts()
        }
    }

    private func perform(_ c: SolverCall, on s: CassowarySolver) throws(FrameworkException) {
        switch c {
        case .add(let list): list.count == 1 ? try s.add(list[0]) : try s.add(list)
        case .remove(let list): list.count == 1 ? try s.remove(list[0]) : try s.remove(list)
        case .suggest(let v, let value): try s.suggest(v, value)
        }
    }

    private func rebuildBreakingConflicts() throws(FrameworkException) {
        while true {
            let fresh = CassowarySolver(order: order, float32: float32, strongWeight: solver.strongWeight)
            for (_, vars) in variablesByView { for (_, v) in vars { v.value = 0 } }
            var failed: CassowaryConstraint?
            var conflict = false
            for c in log {
                do {
                    try perform(c, on: fresh)
                } catch let e where e == .unsatisfiable {
                    failed = fresh.refused
                    conflict = true
                    break
                }
            }
            if !conflict {
                solver = fresh
                return
            }
            guard let failed, failed.isRequired else { throw .unsatisfiable }
            failed.isRequired = false
            failed.weight = strengths.broken
        }
    }
}
