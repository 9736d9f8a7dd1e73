/// GNUstep master's Cassowary solver (`GSCassowarySolver`, libs-gui `Source/GSCassowarySolver.m`),
/// step for step: the same augmented expressions, subject choice, artificial-variable phase, pivot
/// rules, marker removal, edit and dual optimization, and the same exceptions. Apple's engine is
/// also a Cassowary solver, but it orders priorities strictly and keeps doubles; the emulation's
/// `float32` and the strengths it is given are the two places where GNUstep's arithmetic shows.
final class CassowarySolver {
    let tableau: Tableau
    let float32: Bool
    private var markers: [ObjectIdentifier: CassowaryVariable] = [:]
    private var errors: [ObjectIdentifier: [CassowaryVariable]] = [:]
    /// `_externalVariables`: the engine's variables some added constraint held as parametric.
    private(set) var externalVariables: Set<CassowaryVariable> = []
    private var editInfos: [EditInfo] = []
    private var ordinal = 0

    /// `GSCSEditInfo`.
    final class EditInfo {
        let variable: CassowaryVariable
        let constraint: CassowaryConstraint
        let plus: CassowaryVariable
        let minus: CassowaryVariable?
        var previousConstant: Double

        init(
            _ v: CassowaryVariable, _ c: CassowaryConstraint, plus: CassowaryVariable, minus: CassowaryVariable?,
            previous: Double
        ) {
            variable = v
            constraint = c
            self.plus = plus
            self.minus = minus
            previousConstant = previous
        }
    }

    /// The strength of `-suggestEditVariable:equals:`'s own edit constraint (`strengthStrong`), as the
    /// caller maps priorities to weights.
    let strongWeight: Double

    init(order: HashOrder, float32: Bool, strongWeight: Double = CassowaryConstraint.strongStrength) {
        self.float32 = float32
        self.strongWeight = strongWeight
        let z = CassowaryVariable(.objective, name: "Z", ordinal: 0)
        ordinal = 1
        tableau = Tableau(objective: z, order: order, float32: float32)
    }

    /// A new variable of this solver (its ordinal orders it in emulated hash iteration).
    func makeVariable(_ kind: CassowaryVariable.Kind, _ name: String) -> CassowaryVariable {
        ordinal += 1
        return CassowaryVariable(kind, name: name, ordinal: ordinal)
    }

    // MARK: Adding and removing

    func add(_ c: CassowaryConstraint) throws(FrameworkException) {
        try addToTableau(c)
        try resolve()
    }

    func add(_ list: [CassowaryConstraint]) throws(FrameworkException) {
        guard !list.isEmpty else { return }
        for c in list { try addToTableau(c) }
        try resolve()
    }

    func remove(_ c: CassowaryConstraint) throws(FrameworkException) {
        try removeFromTableau(c)
        try resolve()
    }

    func remove(_ list: [CassowaryConstraint]) throws(FrameworkException) {
        guard !list.isEmpty else { return }
        for c in list { try removeFromTableau(c) }
        try resolve()
    }

    private func resolve() throws(FrameworkException) {
        try optimize(tableau.objective)
        setExternalVariables()
    }

    /// The constraint whose addition raised "Cannot satisfy the required constraints" last.
    private(set) var refused: CassowaryConstraint?

    /// `-addConstraintToTableau:`.
    private func addToTableau(_ c: CassowaryConstraint) throws(FrameworkException) {
        let made = augmentedExpression(c)
        if try !tryAddingDirectly(made.expression) {
            do { try addWithArtificialVariable(made.expression) } catch {
                if error == .unsatisfiable { refused = c }
                throw error
            }
        }
        let key = ObjectIdentifier(c)
        markers[key] = made.marker
        if let e = made.errors { errors[key] = e }
        if c.isEdit { registerEditInfo(c, marker: made.marker, errors: made.errors) }
    }

    /// `-removeConstraintFromTableau:`.
    private func removeFromTableau(_ c: CassowaryConstraint) throws(FrameworkException) {
        let key = ObjectIdentifier(c)
        guard let marker = markers[key] else {
            throw .invalidArgument("Constraint was not previously added to the solver")
        }
        let z = tableau.objective
        let objectiveRow = tableau.row(z)!
        let errorVariables = errors[key]
        if let errorVariables {
            // The constraint's error variables leave the objective.
            for e in errorVariables {
                if let r = tableau.row(e) {
                    tableau.addNewExpression(r, to: objectiveRow, n: -c.weight, subject: z)
                } else {
                    tableau.addVariable(e, to: objectiveRow, -c.weight, subject: z)
                }
            }
        }
        markers[key] = nil
        if !tableau.isBasic(marker), let exit = exitVariable(forMarker: marker) {
            try tableau.pivot(entry: marker, exit: exit)
        }
        if tableau.isBasic(marker) { try tableau.removeRow(marker) }
        if tableau.hasColumn(marker) { tableau.removeColumn(marker) }
        if let errorVariables {
            for e in errorVariables where e !== marker { tableau.removeColumn(e) }
            errors[key] = nil
        }
    }

    /// `-exitVariableForMarker:`: a restricted row with a negative coefficient and the smallest
    /// −constant/coefficient; else a restricted row with the smallest constant/coefficient; else the
    /// *last* other row of the marker's column.
    private func exitVariable(forMarker marker: CassowaryVariable) -> CassowaryVariable? {
        guard tableau.hasColumn(marker) else { return nil }
        let column = tableau.columnRows(marker)
        var exit: CassowaryVariable?
        var minRatio = 0.0
        for v in column where v.isRestricted {
            let r = tableau.row(v)
            let c = r?.coefficient(marker) ?? 0
            if c < 0 {
                let ratio = -(r?.constant ?? 0) / c
                if exit == nil || ratio < minRatio {
                    minRatio = ratio
                    exit = v
                }
            }
        }
        if exit != nil { return exit }
        for v in column where v.isRestricted {
            let r = tableau.row(v)
            let ratio = (r?.constant ?? 0) / (r?.coefficient(marker) ?? 0)
            if exit == nil || ratio < minRatio {
                minRatio = ratio
                exit = v
            }
        }
        if exit != nil { return exit }
        for v in column where v !== tableau.objective { exit = v }
        return exit
    }

    /// `-optimize:`: pivots in the pivotable term with the most negative coefficient (below −1e-8)
    /// until there is none; raises when its column has no row to leave.
    func optimize(_ objective: CassowaryVariable) throws(FrameworkException) {
        while true {
            guard let row = tableau.row(objective) else { return }
            var entry: CassowaryVariable?
            var mostNegative = -1.0e-8
            for v in row.variables where v.isPivotable {
                let c = row.coefficient(v)
                if c < mostNegative {
                    mostNegative = c
                    entry = v
                }
            }
            guard let entry else { return }
            guard let exit = tableau.pivotableExitVariable(entry) else { throw .unbounded }
            try tableau.pivot(entry: entry, exit: exit)
        }
    }

    /// `-setExternalVariables`: each engine variable takes its row's constant, or 0 when parametric.
    func setExternalVariables() {
        for v in externalVariables { v.value = tableau.row(v)?.constant ?? 0 }
    }

    /// `-solve`: the values, each stored in the solution as `numberWithFloat:` (with `float32`) and
    /// read back as a double; nil for a variable no added constraint held.
    func solution(_ v: CassowaryVariable) -> Double? {
        guard externalVariables.contains(v) else { return nil }
        return float32 ? Double(Float(v.value)) : v.value
    }

    func noteExternal(_ v: CassowaryVariable) { externalVariables.insert(v) }

    // MARK: Edit variables

    /// `-registerEditInfoForConstraint:marker:errors:`.
    private func registerEditInfo(_ c: CassowaryConstraint, marker: CassowaryVariable, errors: [CassowaryVariable]?) {
        guard let v = c.variable, !editInfos.contains(where: { $0.constraint === c }) else { return }
        let minus = errors?.last { $0 !== marker }
        editInfos.append(EditInfo(v, c, plus: marker, minus: minus, previous: v.value))
    }

    func editInfo(_ v: CassowaryVariable) -> EditInfo? { editInfos.last { $0.variable === v } }

    /// `-suggestEditVariable:equals:`: adds an edit constraint of strength strong when the variable has
    /// none, moves its constant by the difference, and restores feasibility.
    func suggest(_ v: CassowaryVariable, _ value: Double) throws(FrameworkException) {
        var info = editInfo(v)
        if info == nil {
            try add(.edit(v, weight: strongWeight, required: false, float32: float32))
            info = editInfo(v)
        }
        guard let info else { return }
        let delta = value - info.previousConstant
        info.previousConstant = value
        deltaEditConstant(-delta, plus: info.plus, minus: info.minus)
        try dualOptimize()
        setExternalVariables()
        tableau.infeasibleRows.removeAll()
    }

    /// `-deltaEditConstant:plusVariable:minusVariable:`.
    private func deltaEditConstant(_ delta: Double, plus: CassowaryVariable, minus: CassowaryVariable?) {
        if let r = tableau.row(plus) {
            r.constant = r.constant + delta
            if r.constant < 0 { tableau.infeasibleRows.append(plus) }
            return
        }
        if let minus, let r = tableau.row(minus) {
            r.constant = r.constant - delta
            if r.constant < 0 { tableau.infeasibleRows.append(minus) }
            return
        }
        for basic in tableau.columnRows(plus) {
            guard let r = tableau.row(basic) else { continue }
            r.constant = r.constant + r.coefficient(plus) * delta
            if basic.isRestricted && r.constant < 0 { tableau.infeasibleRows.append(basic) }
        }
    }

    /// `-dualOptimize`.
    private func dualOptimize() throws(FrameworkException) {
        while !tableau.infeasibleRows.isEmpty {
            let exit = tableau.infeasibleRows.removeFirst()
            guard let e = tableau.row(exit), e.constant < 0 else { continue }
            let objectiveRow = tableau.row(tableau.objective)!
            var entry: CassowaryVariable?
            var minRatio = Double.greatestFiniteMagnitude
            for v in e.variables {
                let c = e.coefficient(v)
                if c > 0 && v.isPivotable {
                    let ratio = objectiveRow.coefficient(v) / c
                    if ratio < minRatio {
                        minRatio = ratio
                        entry = v
                    }
                }
            }
            guard let entry else { throw .internalInconsistency("Unable to restore feasibility after an edit") }
            try tableau.pivot(entry: entry, exit: exit)
        }
    }
}
