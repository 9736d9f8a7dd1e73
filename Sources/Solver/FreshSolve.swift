// The solver checked against a fresh solve of what it holds.
//
// An incremental solver reaches its tableau through any history of adds, removals and suggestions; a
// fresh one fed the constraints present, in the order they were added, with the same edit variables
// and suggestions, reaches its own. Both solve the same problem, so wherever the problem fixes a
// value they must agree; where they do not, the history left something behind (rounding residue, a
// stale entry). This is the check the churn tests and the sweep's `--verify-solver` run.

/// How a solver's current solution compares with a fresh solve of its live constraints.
public struct FreshSolveComparison {
    /// Constraints present here that the fresh solver refused (none, when the history is sound: the
    /// incremental solver accepted each, and together they were satisfiable).
    public var refused: [Constraint] = []
    /// Variables the fresh solve fixes (not ambiguous there) whose values differ by more than the
    /// tolerance: the variable, its value here, its value in the fresh solve.
    public var drifted: [(variable: Variable, incremental: Double, fresh: Double)] = []
    /// Σ strength × violation over the non-required constraints (edits included), here and fresh:
    /// both solvers minimise it, so the optima agree even where the values may not.
    public var objective: (incremental: Double, fresh: Double) = (0, 0)
    /// Σ strength × the magnitude of those constraints, with each variable at the largest magnitude
    /// of any value of the fresh solve: the scale of the objective's rounding (a violation of 1e-12 at
    /// a strength of 1e6 is 1e-6 of objective). A variable's rounding comes from the values it was
    /// computed from, not from its own: an edit suggested at 0 whose variable came out 2.8e-14, with
    /// values of 100 around it, cost 3.5e-8 at a strength of 1.2e6, and its own magnitude, 0, set no
    /// scale.
    public var objectiveScale: Double = 0
    /// Variables either solve leaves ambiguous (not compared: another optimum gives them other values).
    /// Each solver names the variables that move along a free direction at its own optimal vertex,
    /// and two solvers of one problem can stand on different vertices of the optimal face, where one
    /// sees a free direction the other reaches only through a degenerate pivot.
    public var freshAmbiguous: [Variable] = []
    public var incrementalAmbiguous: [Variable] = []

    /// True when nothing was refused, nothing drifted and the objectives agree to `tolerance`
    /// relative to `objectiveScale` (at least 1).
    public func agrees(tolerance: Double = 1e-9) -> Bool {
        refused.isEmpty && drifted.isEmpty
            && abs(objective.incremental - objective.fresh) <= tolerance * Swift.max(1, objectiveScale)
    }
}

extension Solver {
    /// Compares the current solution with a fresh solver fed the constraints present, in the order they
    /// were added, and the edit variables at their current suggestions. Calls `updateVariables()`
    /// (values are written as usual). Cost: one build of the whole system.
    public func compareWithFreshSolve(tolerance: Double = 1e-9) -> FreshSolveComparison {
        core.updateVariables()
        return core.compareWithFreshSolve(tolerance: tolerance)
    }
}

extension SolverCore {
    mutating func compareWithFreshSolve(tolerance: Double) -> FreshSolveComparison {
        var out = FreshSolveComparison()
        let fresh = Solver()
        let block = fresh.addVariables(count: varList.count) { "fresh\($0)" }
        var variableOf: [SymbolID: Int32] = [:]
        for i in varSyms.indices { variableOf[varSyms[i]] = Int32(i) }
        var editOf: [SymbolID: Int] = [:]
        for (k, e) in editInfos.enumerated() { editOf[e.marker] = k }
        var freshEdits: [(Variable, Double)] = []
        let live = records.indices.filter { records[$0].live }.sorted { records[$0].sequence < records[$1].sequence }
        for slot in live {
            let record = records[slot]
            if let k = editOf[record.tag.marker] {
                let s = existingSymbol(for: editConstraints[k].expression.terms[0].variable)!
                let v = fresh.variable(block, Int(variableOf[s]!))
                try? fresh.addEditVariable(v, strength: record.strength)
                freshEdits.append((v, editInfos[k].constant))
                continue
            }
            guard let (terms, constant) = content(of: Int32(slot)) else { continue }
            var batch = ConstraintBatch(block: block)
            for (s, c) in terms { batch.addTerm(variableOf[s]!, c) }
            batch.endConstraint(constant: constant, operatorOf(record), strength: record.strength)
            var handles: [ConstraintHandle] = []
            do throws(SolverError) {
                try fresh.addConstraints(batch, into: &handles)
            } catch {
                out.refused.append(object(Int32(slot)))
            }
        }
        for (v, value) in freshEdits { try? fresh.suggestValue(v, value) }
        fresh.updateVariables()
        var freshValues: [Double] = []
        fresh.values(of: block, into: &freshValues)
        var ambiguous = Set<Int>()
        for v in fresh.ambiguousVariables() {
            if let k = fresh.index(of: v, in: block) { ambiguous.insert(k) }
        }
        var ambiguousHere = Set<Int>()
        for v in ambiguousVariables() {
            guard let s = existingSymbol(for: v), let i = variableOf[s] else { continue }
            ambiguousHere.insert(Int(i))
            out.incrementalAmbiguous.append(v)
        }
        for i in varList.indices {
            let here = value(ofVariable: i)
            if ambiguousHere.contains(i) { continue }
            if ambiguous.contains(i) {
                out.freshAmbiguous.append(variableObject(i))
            } else if abs(here - freshValues[i]) > tolerance * Swift.max(1, abs(freshValues[i])) {
                out.drifted.append((variableObject(i), here, freshValues[i]))
            }
        }
        let freshObjective = objectiveValue { freshValues[$0] }
        out.objective = (objectiveValue { value(ofVariable: $0) }.total, freshObjective.total)
        out.objectiveScale = freshObjective.scale
        return out
    }

    /// Variable-list entry `i` as an object (made for a block variable that has none).
    private mutating func variableObject(_ i: Int) -> Variable {
        varList[i] ?? blockVariable(Int(varBlockEntry[i]))
    }

    /// A live constraint's operator, from its object or its batch.
    func operatorOf(_ record: ConstraintRecord) -> RelationalOperator {
        if let c = record.object { return c.op }
        if let b = batches[Int(record.batch)] { return b.operators[Int(record.index)] }
        return .equal
    }

    /// Σ strength × violation of the live non-required constraints (edits at their suggestions), with
    /// each variable-list entry's value from `value`, and the scale of its rounding (`objectiveScale`).
    func objectiveValue(_ value: (Int) -> Double) -> (total: Double, scale: Double) {
        var variableOf: [SymbolID: Int] = [:]
        for i in varSyms.indices { variableOf[varSyms[i]] = i }
        var largestValue = 0.0
        for i in varSyms.indices { largestValue = Swift.max(largestValue, abs(value(i))) }
        var editConstant: [SymbolID: Double] = [:]
        for e in editInfos { editConstant[e.marker] = e.constant }
        var total = 0.0
        var scale = 0.0
        for slot in records.indices where records[slot].live && records[slot].strength < Strength.required {
            guard let (terms, constant) = content(of: Int32(slot)) else { continue }
            let suggestion = editConstant[records[slot].tag.marker] ?? 0
            var e = constant - suggestion
            var magnitude = abs(constant) + abs(suggestion)
            for (s, c) in terms {
                e += c * value(variableOf[s]!)
                magnitude += abs(c) * largestValue
            }
            scale += records[slot].strength * magnitude
            let violation: Double
            switch operatorOf(records[slot]) {
            case .equal: violation = abs(e)
            case .lessOrEqual: violation = Swift.max(0, e)
            case .greaterOrEqual: violation = Swift.max(0, -e)
            }
            total += records[slot].strength * violation
        }
        return (total, scale)
    }
}
