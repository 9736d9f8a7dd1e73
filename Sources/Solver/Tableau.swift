/// The solver's state and its sparse-matrix primitives.
///
/// Everything lives in one struct so the algorithms are `mutating` methods working on plain
/// arrays: no dynamic exclusivity checks, no hashing and no reference counting in the inner loops.
/// Symbols are indices into the per-symbol arrays; rows live in `rows` slots; the column index
/// `cols` (ColumnIndex.swift) lists the rows that contain each symbol.
@usableFromInline
struct SolverCore {
    // MARK: Per symbol
    @usableFromInline var kinds: SolverArray<SymbolKind> = []
    @usableFromInline var cols = ColumnIndex()
    /// Row slot whose basic symbol this is, or -1 when non-basic.
    @usableFromInline var rowOf: SolverArray<Int32> = []
    /// Objective coefficient (dense; 0 when absent). Only non-basic symbols have one.
    @usableFromInline var obj: SolverArray<Double> = []
    @usableFromInline var inHeap: SolverArray<Bool> = []
    /// The record slot of the constraint a marker/error symbol belongs to, or -1 (for conflict sets).
    @usableFromInline var owner: SolverArray<Int32> = []
    /// Value of each basic external symbol, computed by `updateVariables`.
    @usableFromInline var extValue: SolverArray<Double> = []
    /// Position of a definition row in `order` (valid while `orderDirty` is false).
    @usableFromInline var defPos: SolverArray<Int32> = []
    /// Whether a definition may depend on a free variable (conservative: true can be stale).
    @usableFromInline var hasParam: SolverArray<Bool> = []
    // Scratch marks (stamped, so they never need clearing).
    @usableFromInline var markA: SolverArray<UInt32> = []
    @usableFromInline var idxA: SolverArray<Int32> = []
    @usableFromInline var markB: SolverArray<UInt32> = []
    @usableFromInline var markC: SolverArray<UInt32> = []
    @usableFromInline var scratchCoef: SolverArray<Double> = []
    @usableFromInline var stampA: UInt32 = 0
    @usableFromInline var stampB: UInt32 = 0
    @usableFromInline var stampC: UInt32 = 0

    // MARK: Rows
    @usableFromInline var rows: SolverArray<Row> = []
    /// Every row's cells, each row in its own run of `capacity` slots (see `Row`, `moveRow`,
    /// `compactIfMostlyLeftBehind`).
    @usableFromInline var pool: SolverArray<Cell> = []
    /// Σ capacity over `rows`: the pool slots in use (the rest were left behind by moved rows).
    @usableFromInline var poolLive = 0
    /// Pools smaller than this are never compacted (a copy would cost more than the slots it frees);
    /// tests lower it so small systems compact too.
    @usableFromInline var compactionFloor = 4096
    @usableFromInline var freeSlots: [Int32] = []

    // MARK: Objective bookkeeping
    /// Min-heap (by symbol id, kiwi's tie-break) holding every non-dummy symbol whose objective
    /// coefficient is negative (plus stale entries, checked when popped): primal entering-symbol
    /// selection without scanning the whole objective.
    @usableFromInline var heap = KeyHeap()

    // MARK: Symbol reuse
    @usableFromInline var freeSymbols: SolverArray<Int32> = []
    /// Ids taken from `freeSymbols` by the constraint being added (given back if it is rejected).
    @usableFromInline var reusedSymbols: SolverArray<Int32> = []

    // MARK: Constraints, edits, variables
    /// Every constraint's record, by slot (see `ConstraintRecord`); freed slots are reused.
    @usableFromInline var records: [ConstraintRecord] = []
    @usableFromInline var freeRecords: [Int32] = []
    /// The number of constraints ever added (`ConstraintRecord.sequence`).
    @usableFromInline var nextSequence: UInt64 = 0
    /// The record slot of each constraint that exists as an object (added as one, or made on request).
    @usableFromInline var recordOf: [ObjectIdentifier: Int32] = [:]
    /// The batches constraints were added from (nil once none of a batch's constraints is left), and
    /// how many of each are still in the solver.
    @usableFromInline var batches: [ConstraintBatch?] = []
    @usableFromInline var batchLive: [Int32] = []
    @usableFromInline var freeBatches: [Int32] = []
    /// Edit variable → index into the edit arrays below (kept dense; removal swaps in the last).
    @usableFromInline var edits: [ObjectIdentifier: Int] = [:]
    @usableFromInline var editInfos: SolverArray<EditInfo> = []
    @usableFromInline var editConstraints: [Constraint] = []
    @usableFromInline var editKeys: [ObjectIdentifier] = []
    @usableFromInline var varSym: [ObjectIdentifier: Int32] = [:]
    /// The variables the solver has met, in order of first use; nil for a block's variable that has no
    /// object (yet).
    @usableFromInline var varList: [Variable?] = []
    /// The listed variables that have an object, unretained (`varList` keeps them alive): the
    /// objects `updateVariables` writes values into, without reference counting and without passing
    /// over a block's variables, which have none (a layout engine's four per view).
    @usableFromInline var objectRefs: [ObjectRef] = []
    @usableFromInline var varSyms: SolverArray<Int32> = []
    /// Per variable in `varList`, its entry among the blocks' variables, or -1 (see VariableBlock.swift).
    @usableFromInline var varBlockEntry: [Int32] = []
    /// The blocks of variables with no object each, and per block entry its index in `varList` (-1
    /// until a constraint uses it) and its object, made only on request.
    @usableFromInline var blocks: [BlockInfo] = []
    @usableFromInline var blockVar: [Int32] = []
    @usableFromInline var blockObjects: [Variable?] = []
    /// Restricted basic symbols whose simplex rows went negative, for the dual simplex; between
    /// operations only rows that are truly infeasible (`pruneInfeasible`).
    @usableFromInline var infeasible: SolverArray<Int32> = []
    /// Definition rows (basic external symbols) in dependency order: each refers only to basic
    /// externals earlier in the order.
    @usableFromInline var order: SolverArray<Int32> = []
    @usableFromInline var orderDirty = false
    /// `order` must be re-sorted by `defPos` (after a definition was placed in front).
    @usableFromInline var orderNeedsSort = false
    /// `defPos` for the next definition placed after / before all others.
    @usableFromInline var nextBack: Int32 = 0
    @usableFromInline var nextFront: Int32 = -1
    /// The largest non-required strength added (scale for rounding noise in the objective).
    @usableFromInline var maxStrength: Double = 1
    /// The definitions flattened for `updateVariables` (ValueProgram.swift), rebuilt after any
    /// constraint is added or removed.
    @usableFromInline var programDirty = true
    @usableFromInline var program = ValueProgram()
    /// The live constraints as written, for the refinement of values and the drift measure (Refinement.swift).
    @usableFromInline var residuals = ResidualProgram()
    /// A removal, an add through expanded rows, a pivot that magnified rounding (by 2 or more) or a
    /// rebuild since the row constants were last refined (`refineValues`): an add that only writes a
    /// definition, and suggestions whose pivots are on ±1 (a layout's usual), add the rounding of one
    /// operation and need none.
    @usableFromInline var refinementDue = true
    /// False in the throw-away solvers that check conflict sets (no recursion).
    @usableFromInline var minimizesConflicts = true
    /// Adds and removals since the tableau was last built from its constraints (`Refactor.swift`).
    @usableFromInline var editsSinceRefactor = 0
    /// Binary orders of magnitude by which pivots since then may have magnified rounding.
    @usableFromInline var pivotGrowth = 0
    /// Binary orders of magnitude of the pivots since the coefficients were last measured
    /// (`coefficientDrift`), the adds and removals since, and the drift a rebuild itself left.
    @usableFromInline var unprobedGrowth = 0
    @usableFromInline var editsSinceProbe = 0
    @usableFromInline var driftAfterRebuild = 0.0
    /// True in the solver a rebuild happens in (`Refactor.swift`): no records are made, no refusal is
    /// explained, no rebuild is nested.
    @usableFromInline var rebuilding = false

    // MARK: Scratch buffers
    /// The row being substituted (see `loadSource`).
    @usableFromInline var srcRow: Int32 = -1
    @usableFromInline var srcConstant: Double = 0
    @usableFromInline var acc: SolverArray<Cell> = []
    @usableFromInline var accConstant: Double = 0
    /// Σ |term| of the sums that made `accConstant` in the last expansion: the scale its rounding
    /// error is a fraction of (see `isRoundingZero`).
    @usableFromInline var accMagnitude: Double = 0
    @usableFromInline var accDirect: SolverArray<Cell> = []
    @usableFromInline var targets: SolverArray<ColumnEntry> = []
    /// A batch's variables' symbols and one constraint's merged terms (see BatchAdd.swift).
    @usableFromInline var batchSymbols: SolverArray<Int32> = []
    @usableFromInline var mergedTerms: SolverArray<Cell> = []
    /// Definitions waiting to be expanded, latest position first (see `expandAccumulator`).
    @usableFromInline var expandHeap = KeyHeap()

    // MARK: Journal (undo log for the artificial-variable phase of a required constraint)
    @usableFromInline var journaling = false
    @usableFromInline var journaledSlot: [Bool] = []
    @usableFromInline var jRows: [JournaledRow] = []
    @usableFromInline var jCells: [Cell] = []
    @usableFromInline var jObj: [(Int32, Double)] = []
    @usableFromInline var jObjMark: [Bool] = []
    @usableFromInline var jNewSlots: [Int32] = []
    @usableFromInline var jFreeSlots: [Int32] = []
    @usableFromInline var jRowCount = 0
    @usableFromInline var jInfeasibleCount = 0

    /// Room for 64 symbols up front: a solver's per-symbol arrays grew 16, 32, 64, each growth a new
    /// buffer per array, in every small system built from scratch (kiwi's enaml_like: about 250 symbols).
    @usableFromInline init() { extendSymbolArrays(to: 64) }

    /// Room for `symbols` symbols, `rows` rows and `constraints` constraints (of `variables` variables),
    /// so a solver built in one go does not regrow its ~15 per-symbol arrays and three dictionaries
    /// step by step (the Auto Layout backend builds one small solver per tree: regrowth was about an
    /// eighth of its build, `layoutlab-bench --only sweep --op autolayout_build`).
    @usableFromInline
    mutating func reserveCapacity(symbols: Int, rows rowCount: Int, constraints: Int, variables: Int) {
        kinds.reserveCapacity(symbols)
        extendSymbolArrays(to: symbols)
        cols.reserveCapacity(symbols: symbols)
        rows.reserveCapacity(rowCount)
        pool.reserveCapacity(4 * rowCount)
        journaledSlot.reserveCapacity(rowCount)
        order.reserveCapacity(rowCount)
        records.reserveCapacity(constraints)
        varList.reserveCapacity(variables)
        varBlockEntry.reserveCapacity(variables)
        varSyms.reserveCapacity(variables)
    }
}

/// An edit variable's bookkeeping (kiwi: `EditInfo`; the constraint is kept beside it, so this
/// stays a plain value that the suggest path can read without reference counting).
@usableFromInline
struct EditInfo {
    @usableFromInline var marker: SymbolID
    @usableFromInline var constant: Double
}

/// A variable's object, unretained, its index in `SolverCore.varList` and its symbol (which never
/// changes), so writing values reads one array less per variable.
@usableFromInline
struct ObjectRef {
    @usableFromInline var object: Unmanaged<Variable>
    @usableFromInline var variable: Int32
    @usableFromInline var symbol: Int32

    @inlinable init(_ object: Variable, variable: Int, symbol: SymbolID) {
        self.object = .passUnretained(object)
        self.variable = Int32(variable)
        self.symbol = symbol
    }
}
