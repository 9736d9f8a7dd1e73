/// An incremental Cassowary constraint solver (Badros, Borning & Stuckey, ACM TOCHI 2001), with
/// kiwi's design (nucleic/kiwi) and API, built for speed on long rows of views:
///
/// * symbols are `Int32` ids indexing dense arrays; rows are compact sparse vectors with a column
///   index, so a pivot touches only the rows that contain the entering symbol;
/// * rows of user variables are kept as *definitions* that pivots never rewrite (see Simplex.swift),
///   so chains and rows of n views stay O(n) in size;
/// * suggestions change row constants only and are repaired by the dual simplex from a worklist of
///   infeasible rows — never rebuilt;
/// * values are refined from the constraints themselves after anything that can magnify rounding
///   (Refinement.swift), and the tableau is rebuilt when its measured coefficients drift (Drift.swift).
///
/// Pivoting rules and tie-breaks follow kiwi (lowest symbol id first), and every tolerance is kiwi's
/// 1e-8, so uniquely determined answers match kiwi's. Where several solutions are optimal the
/// choice among them may differ from kiwi's (kiwi's own choice depends on heap addresses);
/// `ambiguousVariables()` names the variables concerned.
///
/// Limits: not thread-safe (one task at a time, like kiwi). Ids of removed constraints' symbols are
/// reused, but a variable once used stays known to the solver (its value keeps being written)
/// until `reset()`. Where kiwi throws on numerical breakdown (an "unbounded" objective, a failed dual
/// step: rounding, when coefficients of 1e12 and 1e-12 meet), this solver passes over the symbol and
/// goes on, so degenerate systems still end with finite values (`DegenerateSystemTests`).
///
/// Usage:
/// ```
/// let x = Variable("x"), y = Variable("y")
/// let s = Solver()
/// try s.addConstraint(x + 2 * y - 10 == 0)
/// try s.addConstraint(Constraint(x, .equal, strength: Strength.weak))  // x == 0, weak
/// try s.addEditVariable(y, strength: Strength.strong)
/// try s.suggestValue(y, 3)
/// s.updateVariables()  // x.value == 4, y.value == 3
/// ```
public final class Solver {
    /// No dynamic exclusivity checks (`@exclusivity(unchecked)`): the solver is used from one task at
    /// a time, and a check on every call was 4% of an Auto Layout step (`Tools/profile.sh EngineC7advance`).
    @usableFromInline @exclusivity(unchecked) var core = SolverCore()

    public init() {}

    /// Room for about `constraints` constraints over `variables` variables, for a solver that is built
    /// in one go (kiwi has no such call; it is only a hint: the solver grows past it as needed).
    public func reserveCapacity(constraints: Int, variables: Int) {
        // Each constraint brings at most two symbols of its own (marker, other) and one row.
        core.reserveCapacity(
            symbols: variables + 2 * constraints, rows: constraints, constraints: constraints, variables: variables)
    }

    /// Add a constraint.
    ///
    /// Throws `.duplicateConstraint` if this object is already added, and `.unsatisfiableConstraint`
    /// for a required constraint that contradicts the required constraints present. In that case the
    /// constraint is not added and the solver is exactly as before (every row coefficient, objective
    /// coefficient, value and later result unchanged).
    ///
    /// **Conflict set guarantee.** The error lists constraints already in the solver, all required,
    /// such that they together with the new constraint have no solution (the set is read off the
    /// failing row: the markers it still contains are exactly the constraints combined to derive
    /// the contradiction — a Farkas certificate). When that set has at most 64 members it is then
    /// reduced by deletion filtering, re-checking each smaller system with a fresh solver, so it is
    /// *irreducible*: dropping any one member makes the remaining set consistent with the new
    /// constraint. Larger sets are returned unreduced (still infeasible, not necessarily minimal).
    /// Members are listed in the order they were added.
    @discardableResult
    public func addConstraint(_ constraint: Constraint) throws(SolverError) -> ConstraintHandle {
        let slot = try core.addConstraint(constraint)
        return core.handle(slot)
    }

    /// Add constraints `start…` of a batch, in order, appending a handle for each to `handles`: the
    /// same as adding `batch.constraint(k)` for each k one by one (the same solution, bit for bit),
    /// without making those objects (see `ConstraintBatch`). At the first constraint that cannot be
    /// added it stops and throws that constraint's error, as `addConstraint` would; the constraints
    /// before it stay added (their handles appended), and the caller may resume after it.
    public func addConstraints(
        _ batch: ConstraintBatch, from start: Int = 0, into handles: inout [ConstraintHandle]
    ) throws(SolverError) {
        var slots: [Int32] = []
        defer { for s in slots { handles.append(core.handle(s)) } }
        try core.addBatch(batch, from: start, slots: &slots)
    }

    /// Remove a constraint (through its marker symbol, as in the paper). Throws `.unknownConstraint`.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        try core.removeConstraint(constraint)
    }

    /// Remove a constraint by its handle. Throws `.unknownHandle` when it is no longer in the solver.
    public func removeConstraint(_ handle: ConstraintHandle) throws(SolverError) {
        guard let slot = core.slot(of: handle) else { throw .unknownHandle(handle) }
        try core.removeRecord(slot)
    }

    public func hasConstraint(_ constraint: Constraint) -> Bool {
        core.slot(of: constraint) != nil
    }

    /// The constraint a handle names, as an object: the object it was added as, or, for one added
    /// from a batch, an object made on this first request and kept (so it is the same object every
    /// time, and conflict sets name it). Nil when the handle's constraint is no longer in the solver.
    public func constraint(_ handle: ConstraintHandle) -> Constraint? {
        core.slot(of: handle).map { core.object($0) }
    }

    /// The handle of a constraint object in the solver (one added as an object, or made by
    /// `constraint(_:)` or a conflict set).
    public func handle(of constraint: Constraint) -> ConstraintHandle? {
        core.slot(of: constraint).map { core.handle($0) }
    }

    /// The constraints in the solver, in slot order (batch constraints are made as objects).
    public var constraints: [Constraint] {
        core.records.indices.compactMap { core.records[$0].live ? core.object(Int32($0)) : nil }
    }

    /// Make `variable` editable at a non-required `strength` (an `== current suggestion` constraint).
    /// Throws `.duplicateEditVariable` or `.badRequiredStrength`.
    public func addEditVariable(_ variable: Variable, strength: Double) throws(SolverError) {
        try core.addEditVariable(variable, strength: strength)
    }

    /// Throws `.unknownEditVariable`.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try core.removeEditVariable(variable)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool {
        core.edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggest a value for an edit variable; the solution is repaired incrementally by the dual
    /// simplex. Call `updateVariables()` to read the result. Throws `.unknownEditVariable`.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        try core.suggestValue(variable, value)
    }

    /// Write the current solution into every variable's `value`.
    public func updateVariables() {
        core.updateVariables()
    }

    /// The variables whose values are not uniquely fixed: another solution satisfying the required
    /// constraints with the same objective value gives them a different value ("changing them
    /// would not change the objective").
    ///
    /// What is detected, at the current optimal basis: a variable is reported when its value moves
    /// along a *free direction* — a non-basic symbol that can change without changing the
    /// objective: a variable that no constraint determines, or a slack/error symbol whose reduced
    /// cost is zero (within 1e-8) and that can increase by a positive step (no proper row at 0
    /// blocks it). That covers every alternative optimum one simplex edge away; optima reachable
    /// only through degenerate pivots are not reported. Nothing is reported spuriously. Call after
    /// the last suggestion (it reflects the current solution). In the order variables were first
    /// used. Cost: linear in the size of the tableau.
    public func ambiguousVariables() -> [Variable] {
        core.ambiguousVariables()
    }

    /// Remove every constraint and edit variable.
    ///
    /// With `keepingCapacity`, the solver keeps the storage of its arrays for the next system, as
    /// `Array.removeAll(keepingCapacity:)` does: building many systems one after another on one
    /// solver then allocates almost nothing (kiwi's reset frees everything).
    public func reset(keepingCapacity: Bool = false) {
        if keepingCapacity {
            core.removeAll()
        } else {
            core.releaseObjectNotes()
            core = SolverCore()
        }
    }

    /// Room reserved for symbols (variables, markers and errors): what a solver kept by
    /// `reset(keepingCapacity:)` holds on to.
    public var symbolCapacity: Int { core.rowOf.count }

    deinit { core.releaseObjectNotes() }
}
