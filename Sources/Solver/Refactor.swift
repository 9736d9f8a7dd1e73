// Rebuilding the tableau from the constraints it holds (a refactorization, in linear-programming
// terms), so rounding cannot accumulate without bound.
//
// Every pivot computes new coefficients from old ones, and an error in the last place grows by the
// ratio of the row's largest coefficient to its pivot element. kiwi lives with it; a churn of
// `ChurnTests` (seed 1795804954191719, ten variables, many inequalities with coefficients from 0.5
// to 3) took the tableau's disagreement with its own constraints from 1e-14 of the magnitudes involved
// to 2e-9 in 700 steps, pivots magnifying by 10 to 260 each. Production simplex codes rebuild their
// factorization from the original data now and then, and so does this solver: every pivot adds the
// binary orders of magnitude by which it can magnify rounding beyond 8× (`substitute`), and once they
// pass 12 (4,096), or after more adds and removals than sixteen times the constraints present
// (at least 512), the next operation boundary rebuilds every row from the constraints, with the edit
// variables at their suggestions (at the basis and in the order they were added: `refactor`). The
// error then starts again from one rounding. Layouts pivot on coefficients of 1 and simple
// multipliers and rarely get there; the churn above stayed under 5e-13.
//
// Handles, variables and their symbols stay as they are: only the restricted symbols (markers,
// errors) are made anew.

extension SolverCore {
    /// Whether rounding may have grown enough since the last rebuild to rebuild now (see above).
    @inlinable
    var refactorDue: Bool {
        pivotGrowth > Self.pivotGrowthLimit || editsSinceRefactor > Swift.max(512, 16 * liveConstraints)
    }

    /// Binary orders of magnitude of possible growth after which the tableau is rebuilt (4,096×): at
    /// 20, rounding of 1e-16 on values of 1e3 grew to 2.7e-8 in a churn the fuzzer found (its
    /// fresh solve differed past 1e-8), a pivot growth of 18 bits.
    @usableFromInline static let pivotGrowthLimit = 12

    /// Counts an add or a removal, and rebuilds the tableau when one is due (`Refactor.swift`).
    @inlinable
    mutating func noteStructuralEdit() {
        editsSinceRefactor += 1
        editsSinceProbe += 1
        if refactorDue { refactor() }
    }

    /// Whether to measure the coefficients (`coefficientDrift`) before the next read: pivots have
    /// magnified something since the last measurement, and the adds and removals since are at least a
    /// 64th of the constraints (a churn of 40 constraints measures at every read after an edit; a
    /// build, once at its first read). A build is measured too: the rebuild at the basis
    /// (`BasisRebuild.swift`) pivots otherwise than the build did.
    @inlinable
    var driftMeasureDue: Bool {
        unprobedGrowth > 0 && editsSinceProbe * 64 >= liveConstraints
    }

    /// Measures the coefficients, and rebuilds the tableau when they drifted past `driftLimit` and past
    /// eight times what a rebuild itself leaves. Runs when values are read (`updateVariables`), so a
    /// build measures once, not after each of its adds, and a refused add (whose read state is
    /// restored) measures nothing.
    @usableFromInline
    mutating func rebuildIfDrifted() {
        (unprobedGrowth, editsSinceProbe) = (0, 0)
        let drift = coefficientDrift()
        if drift > Self.driftLimit && drift > 8 * driftAfterRebuild { refactor(unlessNoBetterThan: drift) }
    }

    /// 1e-14: the measure mixes every coefficient of a row at one point and divides by the magnitude of
    /// all of its terms, so it reads a single coefficient's error low — by 25 to 1,000 times in a fuzzed
    /// churn, where 8.5e-13 measured stood for a dummy's coefficient 6.5e-10 of its own terms, and the
    /// next removal (pivoting on a redundant equality's row, which can grow it some thirtyfold) broke
    /// the check's 1e-9. The same churn's tableaux measured 5e-16 to 5e-14 while they held to 2e-12; a
    /// rebuild is adopted only when it measures better (`refactor(unlessNoBetterThan:)`).
    @usableFromInline static let driftLimit = 1e-14

    /// Rebuilds the tableau from the live constraints (see above) both ways: at the basis it stands on,
    /// pivoting for size (`BasisRebuild.swift`), and by replaying the adds in order; the one whose
    /// coefficients measure closer to the constraints is adopted. Neither is always better: the ordered
    /// replay repeats kiwi's pivots on small elements (a churn's fresh build), and a basis a removal
    /// chose can be ill-conditioned however it is factored (a fuzzed churn's rebuild at its basis left
    /// a coefficient 2.9e-10 of its terms off, which the next removal grew past 1e-9; the ordered
    /// replay held it to 1e-14). Both are made even when the first measures clean: skipping the second
    /// changed no every-step sweep's rate beyond its noise. When rounding makes a rebuild refuse a
    /// constraint (the constraints present were accepted together, so only rounding can), it is passed over;
    /// when neither is left, or the better drifts no less than `drift`, the tableau is left as it was
    /// and the result is false.
    @usableFromInline @inline(never) @discardableResult
    mutating func refactor(unlessNoBetterThan drift: Double = .infinity) -> Bool {
        editsSinceRefactor = 0
        pivotGrowth = 0
        (unprobedGrowth, editsSinceProbe) = (0, 0)
        var best: (core: SolverCore, markers: [(edit: Int, marker: SymbolID)], drift: Double)?
        for atBasis in [true, false] {
            guard let (candidate, markers) = rebuilt(atBasis: atBasis) else { continue }
            var built = candidate
            // Measured before it is adopted (the rebuild keeps its own residual program, with its tags).
            let measured = built.coefficientDrift()
            if measured < (best?.drift ?? .infinity) { best = (built, markers, measured) }
        }
        guard let best else { return false }
        driftAfterRebuild = best.drift
        guard best.drift < drift else { return false }
        adoptTableau(of: best.core)
        pivotGrowth = 0
        for (k, m) in best.markers { editInfos[k].marker = m }
        refinementDue = true
        return true
    }

    /// A tableau of the live constraints built anew, with the edit variables at their suggestions,
    /// and the edits' new markers; nil when rounding made the build refuse a constraint or leave a
    /// row it cannot make feasible.
    func rebuilt(atBasis: Bool) -> (SolverCore, [(edit: Int, marker: SymbolID)])? {
        let live = records.indices.filter { records[$0].live }.sorted { records[$0].sequence < records[$1].sequence }
        var editOf: [SymbolID: Int] = [:]
        for (k, e) in editInfos.enumerated() { editOf[e.marker] = k }
        var fresh = SolverCore()
        fresh.rebuilding = true
        fresh.minimizesConflicts = false
        fresh.compactionFloor = compactionFloor
        fresh.cols.compactionFloor = cols.compactionFloor
        fresh.records = records
        fresh.batches = batches
        fresh.varSyms = varSyms  // read only (definition order); shares storage
        // The same id for every variable's symbol; the other ids free.
        for s in kinds.indices { _ = fresh.newSymbol(kinds[s] == .external ? .external : .slack) }
        for s in kinds.indices.reversed() where kinds[s] != .external { fresh.freeSymbols.append(SymbolID(s)) }
        var basis = atBasis ? kinds.indices.map { kinds[$0] == .external && rowOf[$0] >= 0 } : []
        var markers: [(edit: Int, marker: SymbolID)] = []
        for slot in live {
            guard let (terms, constant) = content(of: Int32(slot)) else { return nil }
            let start = fresh.beginAdd()
            fresh.accReset()
            fresh.accConstant = constant
            for (s, c) in terms { fresh.accAdd(s, c) }
            let record = records[slot]
            if atBasis {
                let basic = (
                    marker: rowOf[Int(record.tag.marker)] >= 0,
                    other: record.tag.other >= 0 && rowOf[Int(record.tag.other)] >= 0
                )
                guard fresh.addAtBasis(record, slot: Int32(slot), basic: basic, basis: &basis) else { return nil }
            } else {
                do throws(SolverError) {
                    _ = try fresh.addAccumulated(
                        operatorOf(record), strength: record.strength, .rebuilt(Int32(slot)), since: start)
                } catch {
                    return nil
                }
            }
            if let k = editOf[record.tag.marker] { markers.append((k, fresh.records[slot].tag.marker)) }
        }
        // The edit variables at their suggestions (each was added at 0).
        for (k, m) in markers { fresh.moveEditRows(marker: m, by: editInfos[k].constant) }
        do throws(SolverError) {
            if atBasis {
                guard try fresh.settleAtBasis() else { return nil }
            } else {
                try fresh.dualOptimize()
            }
        } catch {
            return nil
        }
        fresh.pruneInfeasible()
        for (_, m) in markers {
            fresh.residuals.entries[Int(fresh.residuals.entryOf[Int(fresh.owner[Int(m)])])].isEdit = true
        }
        return (fresh, markers)
    }

    /// Takes over `fresh`'s tableau and restricted symbols; variables, constraints and edits stay.
    mutating func adoptTableau(of fresh: SolverCore) {
        kinds = fresh.kinds
        cols = fresh.cols
        rowOf = fresh.rowOf
        obj = fresh.obj
        inHeap = fresh.inHeap
        owner = fresh.owner
        defPos = fresh.defPos
        hasParam = fresh.hasParam
        (markA, idxA, markB, markC, scratchCoef) = (
            fresh.markA, fresh.idxA, fresh.markB, fresh.markC, fresh.scratchCoef
        )
        (stampA, stampB, stampC) = (fresh.stampA, fresh.stampB, fresh.stampC)
        jObjMark = fresh.jObjMark
        extValue = fresh.extValue
        rows = fresh.rows
        pool = fresh.pool
        poolLive = fresh.poolLive
        freeSlots = fresh.freeSlots
        journaledSlot = fresh.journaledSlot
        heap = fresh.heap
        freeSymbols = fresh.freeSymbols
        reusedSymbols.removeAll(keepingCapacity: true)
        infeasible = fresh.infeasible
        order = fresh.order
        (orderDirty, orderNeedsSort, nextBack, nextFront) =
            (fresh.orderDirty, fresh.orderNeedsSort, fresh.nextBack, fresh.nextFront)
        maxStrength = fresh.maxStrength
        records = fresh.records
        residuals = fresh.residuals
        programDirty = true
    }

    /// kiwi's suggestValue without the bookkeeping: every row naming the edit's marker moves by
    /// `delta` times its coefficient there, the marker's own row by −delta.
    mutating func moveEditRows(marker m: SymbolID, by delta: Double) {
        let queued = infeasible.count
        let r = rowOf[Int(m)]
        if r >= 0 {
            rows[Int(r)].constant -= delta
            if rows[Int(r)].constant < 0 { infeasible.append(m) }
        }
        for j in 0..<cols.count(Int(m)) {
            let e = cols[Int(m), j]
            let t = Int(e.row)
            rows[t].constant += delta * cellAt(e.row, Int(e.cellPos)).coef
            let b = rows[t].basic
            if b >= 0 && kinds[Int(b)] != .external && rows[t].constant < 0 { infeasible.append(b) }
        }
        orderQueued(from: queued)
    }

    /// The constraints present.
    @inlinable
    var liveConstraints: Int { records.count - freeRecords.count }
}
