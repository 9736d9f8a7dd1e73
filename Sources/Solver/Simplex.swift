// The Cassowary algorithms (Badros, Borning & Stuckey 2001), following kiwi's solverimpl.h step by
// step, on the sparse tableau of Tableau.swift.
//
// One deliberate difference from kiwi: rows whose basic symbol is *external* (a user variable) are
// kept as definitions `x = c + Σ a·s` that may refer to other basic symbols, and pivots do not
// substitute into them. They are identities implied by the constraints, so they stay true in every
// basis; `updateVariables` evaluates them in dependency order. kiwi instead rewrites every such
// row in terms of non-basic symbols, which makes a chain of n views cost O(n²) in memory and time
// (row of 1000 views: 1.6 s build in kiwi). Proper simplex rows (restricted basic symbols) are
// expanded exactly as in kiwi, so feasibility, optimality and the dual simplex are unchanged.
//
// Consequences handled below: a constraint that introduces a new variable (and that kiwi would
// solve for it) becomes its definition as written, in O(terms); other rows are expanded through
// the definitions in reverse dependency order (`expandAccumulator`); edits adjust the constants
// of the definitions that contain the edit's marker directly; removal rewrites definitions that
// contain the marker, expanding them first when only definitions do (`expandDefinitions`).
// Invariants.swift states what must hold and the tests check it.

extension SolverCore {
    // MARK: - Substitution and pivoting

    /// `target += f · source` (kiwi: Row::insert(row, coefficient)); the source row `srcRow` is
    /// scattered in markA/idxA.
    @inlinable
    mutating func addScaledSource(into t: Int32, factor f: Double) {
        // A short source into a long target (typical when one long row absorbs pivots one by one):
        // find each source symbol through its column instead of scanning the target.
        let targetLength = cellCount(t)
        let n = cellCount(srcRow)
        if n * 4 < targetLength {
            var lookups = 0
            for i in 0..<n { lookups += cols[Int(cellAt(srcRow, i).sym)].count }
            if lookups < targetLength {
                addScaledSourceByColumns(into: t, factor: f)
                return
            }
        }
        stampB &+= 1
        let sb = stampB, sa = stampA
        // Neither row moves in this loop (removing a cell only swaps within the target), so their
        // starts are read once.
        let ts = Int(rows[Int(t)].start), ss = Int(rows[Int(srcRow)].start)
        var k = cellCount(t) - 1
        while k >= 0 {
            let cell = pool[ts + k]
            let sym = Int(cell.sym)
            if markA[sym] == sa {
                markB[sym] = sb
                let v = cell.coef + f * pool[ss + Int(idxA[sym])].coef
                if nearZero(v) { removeCell(t, k) } else { pool[ts + k].coef = v }
            }
            k -= 1
        }
        // The source's cells the target lacks (appending may move the target, or compact the pool
        // and move the source: `cellAt` reads the start each time).
        for i in 0..<n {
            let c = cellAt(srcRow, i)
            if markB[Int(c.sym)] != sb {
                let v = f * c.coef
                if !nearZero(v) { addCell(t, c.sym, v) }
            }
        }
        rows[Int(t)].constant += f * srcConstant
    }

    @inlinable
    mutating func addScaledSourceByColumns(into t: Int32, factor f: Double) {
        for i in 0..<cellCount(srcRow) {
            let c = cellAt(srcRow, i)
            var found = -1
            for e in cols[Int(c.sym)] where e.row == t {
                found = Int(e.cellPos)
                break
            }
            if found >= 0 {
                let v = cellAt(t, found).coef + f * c.coef
                if nearZero(v) { removeCell(t, found) } else { setCoef(t, found, v) }
            } else {
                let v = f * c.coef
                if !nearZero(v) { addCell(t, c.sym, v) }
            }
        }
        rows[Int(t)].constant += f * srcConstant
    }

    /// Make row `r` the source and scatter its symbols. The source is read in place: the substitution
    /// writes other rows only (row `r` holds its basic symbol, which it is substituting away), and a
    /// row that grows moves within the pool by index, so `r`'s cells stay where `srcRow` finds them.
    /// Copying the row every time cost a fresh n-cell buffer per pivot in a new solver, and at
    /// n = 10,000 those fresh pages' faults were much of what made the chain's `add_edit`
    /// superlinear (`layoutlab-bench --only ratios`).
    @inlinable
    mutating func loadSource(_ r: Int32) {
        srcRow = r
        srcConstant = rows[Int(r)].constant
        stampA &+= 1
        let start = Int(rows[Int(r)].start)
        for i in 0..<cellCount(r) {
            let s = Int(pool[start + i].sym)
            markA[s] = stampA
            idxA[s] = Int32(i)
        }
    }

    /// Replace symbol `s` by row `r` (where `s` is basic) in every proper row containing it and in the
    /// objective; with `definitions`, also in definition rows. Rows that become infeasible are queued
    /// for the dual simplex (kiwi: substitute).
    @usableFromInline
    mutating func substitute(_ s: SymbolID, from r: Int32, definitions: Bool = false) {
        loadSource(r)
        targets.removeAll(keepingCapacity: true)
        for e in cols[Int(s)] where definitions || !isDefinition(e.row) { targets.append(e) }
        pushes.removeAll(keepingCapacity: true)
        for e in targets {
            let t = e.row
            journalRow(t)
            let f = cellAt(t, Int(e.cellPos)).coef
            removeCell(t, Int(e.cellPos))
            addScaledSource(into: t, factor: f)
            let b = rows[Int(t)].basic
            if b >= 0 && kinds[Int(b)] != .external && rows[Int(t)].constant < 0 { pushes.append(b) }
        }
        queueInfeasible()
        let f = obj[Int(s)]
        if f != 0 {
            setObj(s, 0)
            for i in 0..<cellCount(srcRow) {
                let c = cellAt(srcRow, i)
                setObj(c.sym, obj[Int(c.sym)] + f * c.coef)
            }
        }
    }

    /// Append this step's infeasible rows in symbol order, as kiwi's ordered row scan would.
    @inlinable
    mutating func queueInfeasible() {
        if pushes.isEmpty { return }
        if pushes.count > 1 {
            // Insertion sort: almost always two or three entries.
            for i in 1..<pushes.count {
                let p = pushes[i]
                var j = i
                while j > 0 && pushes[j - 1] > p {
                    pushes[j] = pushes[j - 1]
                    j -= 1
                }
                pushes[j] = p
            }
        }
        infeasible.append(contentsOf: pushes)
    }

    /// Row `r`'s basic symbol leaves, `entering` enters; substitute everywhere (kiwi's pivot idiom:
    /// rows.erase(leaving); row.solveFor(leaving, entering); substitute(entering, row)).
    @usableFromInline
    mutating func pivot(_ r: Int32, entering: SymbolID) {
        journalRow(r)
        exchange(r, entering: entering)
        substitute(entering, from: r)
    }

    /// Row `r: leaving = c + Σ` becomes `entering = …` in place (kiwi: solveFor(leaving, entering)).
    /// The leaving symbol takes over the entering symbol's cell, so a full row never reallocates.
    @usableFromInline
    mutating func exchange(_ r: Int32, entering: SymbolID) {
        let leaving = rows[Int(r)].basic
        let k = cellIndex(r, entering)!
        let a = cellAt(r, k).coef
        unlinkColumn(Int(entering), Int(cellAt(r, k).colPos))
        let j = Int32(cols[Int(leaving)].count)
        cols[Int(leaving)].append(ColumnEntry(row: r, cellPos: Int32(k)))
        let start = Int(rows[Int(r)].start), n = cellCount(r)
        pool[start + k] = Cell(sym: leaving, colPos: j, coef: -1)
        let f = -1.0 / a
        rows[Int(r)].constant *= f
        var i = start
        while i < start + n {
            pool[i].coef *= f
            i += 1
        }
        rows[Int(r)].basic = entering
        rowOf[Int(entering)] = r
        rowOf[Int(leaving)] = -1
    }

    // MARK: - Primal simplex

    /// kiwi: optimize(objective), with the entering symbol taken from the negative-coefficient heap.
    @usableFromInline
    mutating func optimize() throws(SolverError) {
        while let entering = popEntering() {
            guard let r = leavingRow(entering) else {
                // Nothing bounds the entering symbol. The objective is a positive sum of error
                // symbols, all restricted to ≥ 0, so it is never unbounded in exact arithmetic: this
                // is rounding. With weights up to 1e9 a coefficient that should be 0 comes out as
                // −1e-8…−1e-6 after many pivots; and where 1e12 and 1e-12 meet in one system, the
                // cells that bound it fell under `nearZero` and were dropped. Either way, moving
                // along it does not truly lower the objective: drop it rather than fail (kiwi throws
                // "The objective is unbounded", and a layout engine then has no frames at all).
                setObj(entering, 0)
                continue
            }
            pivot(r, entering: entering)
        }
    }

    @inlinable
    mutating func popEntering() -> SymbolID? {
        while !heap.isEmpty {
            let s = SymbolID(truncatingIfNeeded: heap.min)
            // A stale entry can name an id that was released and reused for a dummy (a required
            // equality's marker): dummies carry objective coefficients through substitutions but must
            // never enter (kiwi: getEnteringSymbol skips them), or the equality stops holding.
            if obj[Int(s)] < 0 && rowOf[Int(s)] < 0 && kinds[Int(s)] != .dummy { return s }  // stays queued until it enters
            _ = heapPop()
        }
        return nil
    }

    /// kiwi: getLeavingRow — minimum ratio over proper rows with a negative coefficient; ties go to the
    /// lowest basic symbol (kiwi's row order).
    @usableFromInline
    func leavingRow(_ entering: SymbolID) -> Int32? {
        var best: Int32 = -1
        var bestBasic = Int32.max
        var ratio = Double.greatestFiniteMagnitude
        for e in cols[Int(entering)] {
            let b = rows[Int(e.row)].basic
            if b < 0 || kinds[Int(b)] == .external { continue }
            let c = cellAt(e.row, Int(e.cellPos)).coef
            if c < 0 {
                let rr = -rows[Int(e.row)].constant / c
                if rr < ratio || (rr == ratio && b < bestBasic) {
                    ratio = rr; best = e.row; bestBasic = b
                }
            }
        }
        return best >= 0 ? best : nil
    }

    // MARK: - Dual simplex

    /// kiwi: dualOptimize — restore feasibility after edits changed row constants.
    @usableFromInline
    mutating func dualOptimize() throws(SolverError) {
        while let leaving = infeasible.popLast() {
            let r = rowOf[Int(leaving)]
            guard r >= 0 else { continue }
            let c = rows[Int(r)].constant
            guard !nearZero(c) && c < 0 else { continue }
            // No symbol can restore this row: with exact arithmetic an edit (never required) can
            // always be met by its error symbols, so this is a row whose cells rounding dropped (1e12
            // against 1e-12). Leave it slightly infeasible rather than fail (kiwi throws here).
            guard let entering = dualEntering(r) else { continue }
            pivot(r, entering: entering)
        }
    }

    /// kiwi: getDualEnteringSymbol — minimum objective/coefficient ratio over positive coefficients.
    @usableFromInline
    func dualEntering(_ r: Int32) -> SymbolID? {
        var entering: SymbolID = -1
        var ratio = Double.greatestFiniteMagnitude
        for k in 0..<cellCount(r) {
            let cell = cellAt(r, k)
            if cell.coef > 0 && kinds[Int(cell.sym)] != .dummy {
                let rr = obj[Int(cell.sym)] / cell.coef
                if rr < ratio || (rr == ratio && cell.sym < entering) {
                    ratio = rr; entering = cell.sym
                }
            }
        }
        return entering >= 0 ? entering : nil
    }

    // MARK: - Definition order

    /// Recompute the dependency order of definition rows (iterative DFS: chains can be 10⁴ deep).
    /// `order` sorted for evaluation (`updateVariables`, ambiguity).
    @usableFromInline
    mutating func ensureOrder() {
        ensureDefPos()
        if orderNeedsSort {
            order.sort { defPos[Int($0)] < defPos[Int($1)] }
            orderNeedsSort = false
        }
    }

    /// Valid `defPos` and `hasParam` (what building rows needs); `order` may still need sorting.
    @usableFromInline
    mutating func ensureDefPos() {
        guard orderDirty else { return }
        order.removeAll(keepingCapacity: true)
        stampC &+= 2
        let inProgress = stampC &- 1, done = stampC
        var stack: [(SymbolID, Int)] = []
        for root in varSyms where rowOf[Int(root)] >= 0 && markC[Int(root)] != done {
            markC[Int(root)] = inProgress
            stack.append((root, 0))
            while let (s, i) = stack.last {
                let r = rowOf[Int(s)]
                if i < cellCount(r) {
                    stack[stack.count - 1].1 = i + 1
                    let t = cellAt(r, i).sym
                    if kinds[Int(t)] == .external && rowOf[Int(t)] >= 0 && markC[Int(t)] != done
                        && markC[Int(t)] != inProgress {
                        markC[Int(t)] = inProgress
                        stack.append((t, 0))
                    }
                } else {
                    stack.removeLast()
                    markC[Int(s)] = done
                    defPos[Int(s)] = Int32(order.count)
                    order.append(s)
                    var param = false
                    for k in 0..<cellCount(r) {
                        let cell = cellAt(r, k)
                        if kinds[Int(cell.sym)] == .external && (rowOf[Int(cell.sym)] < 0 || hasParam[Int(cell.sym)]) { param = true }
                    }
                    hasParam[Int(s)] = param
                }
            }
        }
        orderDirty = false
        orderNeedsSort = false
        nextBack = Int32(order.count)
        nextFront = -1
    }

    // MARK: - Building rows

    @inlinable
    mutating func accReset() {
        stampA &+= 1
        acc.removeAll(keepingCapacity: true)
        accConstant = 0
    }

    @inlinable @inline(__always)
    mutating func accAdd(_ s: SymbolID, _ c: Double) {
        if markA[Int(s)] == stampA {
            acc[Int(idxA[Int(s)])].coef += c
        } else {
            markA[Int(s)] = stampA
            idxA[Int(s)] = Int32(acc.count)
            acc.append(Cell(sym: s, colPos: 0, coef: c))
        }
    }

    /// Drop near-zero coefficients from the accumulator (kiwi drops them as it goes).
    @inlinable
    mutating func accCompact() {
        var j = 0
        for i in acc.indices {
            let c = acc[i]
            if nearZero(c.coef) {
                markA[Int(c.sym)] = stampA &- 1
            } else {
                acc[j] = c
                idxA[Int(c.sym)] = Int32(j)
                j += 1
            }
        }
        acc.removeLast(acc.count - j)
    }

    /// Rewrite the accumulator in non-basic symbols only: basic restricted symbols are replaced by their
    /// rows, basic externals by their definitions, in reverse dependency order so each definition is
    /// expanded once with its total coefficient (kiwi: the substitutions of createRow).
    @usableFromInline
    mutating func expandAccumulator() {
        ensureDefPos()
        swap(&acc, &accDirect)  // reuse both buffers: no allocation per constraint
        let constant = accConstant
        accReset()
        accConstant = constant
        stampC &+= 1
        expandHeap.removeAll()
        // The expanded row has at most one cell per symbol: room for all of them up front, so a long
        // expansion (the chain's add_edit: 10,000 cells) does not regrow the accumulator through a
        // series of fresh buffers, each copied and page-faulted in. Kept for the solver's life.
        if acc.capacity < kinds.count { acc.reserveCapacity(Swift.max(kinds.count, 2 * acc.capacity)) }
        for i in accDirect.indices {
            let c = accDirect[i]
            expandAdd(c.sym, c.coef)
        }
        while !expandHeap.isEmpty {
            let x = expandPop()
            let c = scratchCoef[Int(x)]
            let r = rowOf[Int(x)]
            accConstant += c * rows[Int(r)].constant
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                expandAdd(cell.sym, c * cell.coef)
            }
        }
        accCompact()
    }

    @inlinable
    mutating func expandAdd(_ s: SymbolID, _ c: Double) {
        let r = rowOf[Int(s)]
        if r < 0 {
            accAdd(s, c)
        } else if kinds[Int(s)] == .external {
            if markC[Int(s)] == stampC {
                scratchCoef[Int(s)] += c
            } else {
                markC[Int(s)] = stampC
                scratchCoef[Int(s)] = c
                expandPush(s)
            }
        } else {
            accConstant += c * rows[Int(r)].constant
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                accAdd(cell.sym, c * cell.coef)
            }
        }
    }

    // Latest definition position first: a definition is expanded after every definition that refers
    // to it. The position (unique among queued definitions) sits above the symbol id in the key.
    @inlinable
    mutating func expandPush(_ s: SymbolID) {
        let latestFirst = UInt64(UInt32(bitPattern: Int32.max &- defPos[Int(s)]))
        expandHeap.push(latestFirst << 32 | UInt64(UInt32(bitPattern: s)))
    }

    @inlinable
    mutating func expandPop() -> SymbolID {
        SymbolID(truncatingIfNeeded: expandHeap.popMin())
    }

    @usableFromInline
    mutating func symbol(for v: Variable) -> SymbolID {
        let key = ObjectIdentifier(v)
        if let s = varSym[key] { return s }
        let s = newSymbol(.external)
        varSym[key] = s
        varList.append(v)
        varRefs.append(Unmanaged.passUnretained(v))
        varSyms.append(s)
        return s
    }

    // MARK: - Adding constraints

    @usableFromInline
    mutating func addConstraint(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        if tags[key] != nil { throw .duplicateConstraint(constraint) }
        programDirty = true
        let symbolCount = kinds.count
        let varCount = varList.count
        reusedSymbols.removeAll(keepingCapacity: true)

        // kiwi: createRow — the expression, then slack/error/dummy symbols by relation and strength.
        accReset()
        accConstant = constraint.expression.constant
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            accAdd(symbol(for: term.variable), term.coefficient)
        }
        let strength = constraint.strength
        let required = strength >= Strength.required
        var tag = Tag(marker: -1, other: -1)
        switch constraint.op {
        case .lessOrEqual, .greaterOrEqual:
            let coeff: Double = constraint.op == .lessOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            accAdd(slack, coeff)
            if !required {
                let error = newSymbol(.error)
                tag.other = error
                accAdd(error, -coeff)
            }
        case .equal:
            if !required {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                accAdd(plus, -1)
                accAdd(minus, 1)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                accAdd(dummy, 1)
            }
        }
        accCompact()

        // Fast path: a variable not yet referenced anywhere becomes the subject of a definition row
        // as the constraint is written; nothing else in the tableau changes. Taken only when kiwi
        // would choose the same subject: kiwi takes the lowest-id variable of the expanded row, so
        // no older free variable may be reachable (directly, or through a definition that depends
        // on one — `hasParam`, conservative).
        ensureDefPos()
        var fresh: SymbolID = -1
        var blocked = false
        for c in acc where kinds[Int(c.sym)] == .external {
            let x = Int(c.sym)
            if rowOf[x] >= 0 {
                if hasParam[x] { blocked = true }
            } else if cols[x].isEmpty {
                if fresh < 0 || c.sym < fresh { fresh = c.sym }
            } else {
                blocked = true
            }
        }
        if fresh >= 0 && !blocked {
            commit(constraint, key: key, tag: tag, strength: strength, required: required)
            let slot = allocRow(basic: fresh)
            reserveCells(slot, acc.count)
            let a = acc[Int(idxA[Int(fresh)])].coef
            let f = -1.0 / a
            for c in acc where c.sym != fresh { addCell(slot, c.sym, c.coef * f) }
            rows[Int(slot)].constant = accConstant * f
            // Refers only to existing definitions: goes after all of them.
            defPos[Int(fresh)] = nextBack
            nextBack += 1
            order.append(fresh)
            hasParam[Int(fresh)] = false
            try optimize()
            return
        }

        // General path (kiwi): the row in non-basic symbols, then choose a subject.
        expandAccumulator()
        if accConstant < 0 {
            accConstant = -accConstant
            for i in acc.indices { acc[i].coef = -acc[i].coef }
        }
        var subject = chooseSubject(tag)
        if subject < 0 && acc.allSatisfy({ kinds[Int($0.sym)] == .dummy }) {
            if !nearZero(accConstant) {
                let conflicts = acc.compactMap { owner[Int($0.sym)] }
                rollbackNewSymbols(symbolCount: symbolCount, varCount: varCount)
                throw .unsatisfiableConstraint(constraint, conflicts: minimize(constraint, conflicts))
            }
            subject = tag.marker
        }
        if subject < 0 {
            beginJournal()
            let (ok, conflictSymbols) = try addWithArtificialVariable()
            if !ok {
                let conflicts = conflictSymbols.compactMap { owner[Int($0)] }
                rollbackJournal(symbolCount: symbolCount)
                rollbackVariables(varCount: varCount)
                throw .unsatisfiableConstraint(constraint, conflicts: minimize(constraint, conflicts))
            }
            commitJournal()
            commit(constraint, key: key, tag: tag, strength: strength, required: required)
            try optimize()
            return
        }
        commit(constraint, key: key, tag: tag, strength: strength, required: required)
        let slot = allocRow(basic: Row.noBasic)
        reserveCells(slot, acc.count)
        for c in acc { addCell(slot, c.sym, c.coef) }
        rows[Int(slot)].constant = accConstant
        solveRow(slot, for: subject)
        if kinds[Int(subject)] == .external {
            // The expanded definition refers to no other definition, so it can go before all of
            // them, including those that already refer to this variable.
            defPos[Int(subject)] = nextFront
            nextFront -= 1
            order.append(subject)
            orderNeedsSort = true
            hasParam[Int(subject)] = acc.contains { kinds[Int($0.sym)] == .external && $0.sym != subject }
        }
        substitute(subject, from: slot)
        try optimize()
    }

    /// Record a constraint as added and put its error symbols in the objective (kiwi does the latter
    /// in createRow; only non-required constraints have errors and they never fail to add).
    @inlinable
    mutating func commit(_ constraint: Constraint, key: ObjectIdentifier, tag: Tag, strength: Double,
                         required: Bool) {
        tags[key] = (constraint, tag)
        owner[Int(tag.marker)] = constraint
        if tag.other >= 0 { owner[Int(tag.other)] = constraint }
        if !required {
            maxStrength = max(maxStrength, strength)
            if kinds[Int(tag.marker)] == .error { setObj(tag.marker, obj[Int(tag.marker)] + strength) }
            if tag.other >= 0 && kinds[Int(tag.other)] == .error {
                setObj(tag.other, obj[Int(tag.other)] + strength)
            }
        }
    }

    @usableFromInline
    mutating func rollbackNewSymbols(symbolCount: Int, varCount: Int) {
        rollbackSymbols(to: symbolCount)
        rollbackVariables(varCount: varCount)
    }

    @usableFromInline
    mutating func rollbackVariables(varCount: Int) {
        while varList.count > varCount {
            varSym[ObjectIdentifier(varList.removeLast())] = nil
            varRefs.removeLast()
            varSyms.removeLast()
        }
    }

    /// kiwi: chooseSubject, on the expanded accumulator.
    @usableFromInline
    func chooseSubject(_ tag: Tag) -> SymbolID {
        var ext: SymbolID = -1
        for c in acc where kinds[Int(c.sym)] == .external && (ext < 0 || c.sym < ext) { ext = c.sym }
        if ext >= 0 { return ext }
        func negative(_ s: SymbolID) -> Bool {
            guard s >= 0 else { return false }
            let k = kinds[Int(s)]
            return (k == .slack || k == .error) && markA[Int(s)] == stampA && acc[Int(idxA[Int(s)])].coef < 0
        }
        if negative(tag.marker) { return tag.marker }
        if negative(tag.other) { return tag.other }
        return -1
    }

    /// kiwi: addWithArtificialVariable. Returns success and, on failure, the symbols of the final
    /// artificial objective (the markers of the constraints that block the new one).
    @usableFromInline
    mutating func addWithArtificialVariable() throws(SolverError) -> (Bool, [SymbolID]) {
        let art = newSymbol(.slack)
        let artRow = allocRow(basic: art)
        reserveCells(artRow, acc.count)
        for c in acc { addCell(artRow, c.sym, c.coef) }
        rows[Int(artRow)].constant = accConstant
        let objRow = allocRow(basic: Row.artificialObjective)
        reserveCells(objRow, acc.count)
        for c in acc { addCell(objRow, c.sym, c.coef) }
        rows[Int(objRow)].constant = accConstant

        // optimize(artificial): entering = lowest-id non-dummy symbol with a negative coefficient.
        // The artificial objective is the artificial symbol itself (≥ 0), never unbounded in exact
        // arithmetic: a symbol nothing bounds is rounding (see `optimize`) and is passed over.
        var unbounded: [SymbolID] = []
        while true {
            var entering: SymbolID = -1
            for k in 0..<cellCount(objRow) {
                let cell = cellAt(objRow, k)
                if cell.coef < 0 && kinds[Int(cell.sym)] != .dummy && (entering < 0 || cell.sym < entering) && !unbounded.contains(cell.sym) {
                    entering = cell.sym
                }
            }
            if entering < 0 { break }
            guard let r = leavingRow(entering) else { unbounded.append(entering); continue }
            pivot(r, entering: entering)
        }
        let success = nearZero(rows[Int(objRow)].constant)
        let blocking = success ? [] : cellsOf(objRow).map(\.sym)
        freeRow(objRow)

        let r = rowOf[Int(art)]
        if r >= 0 {
            if cellCount(r) == 0 {
                freeRow(r)
                return (success, blocking)
            }
            var entering: SymbolID = -1
            for i in 0..<cellCount(r) {
                let cell = cellAt(r, i)
                let k = kinds[Int(cell.sym)]
                if (k == .slack || k == .error) && (entering < 0 || cell.sym < entering) { entering = cell.sym }
            }
            if entering < 0 {
                freeRow(r)
                return (false, blocking)
            }
            pivot(r, entering: entering)
        }
        // Remove the artificial symbol from the tableau.
        while let e = cols[Int(art)].last {
            journalRow(e.row)
            removeCell(e.row, Int(e.cellPos))
        }
        setObj(art, 0)
        if success { releaseSymbol(art) }
        return (success, blocking)
    }

    // MARK: - Removing constraints

    @usableFromInline
    mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard let (_, tag) = tags.removeValue(forKey: key) else { throw .unknownConstraint(constraint) }
        programDirty = true
        // kiwi: remove the error effects from the objective *before* pivoting.
        if kinds[Int(tag.marker)] == .error { removeMarkerEffects(tag.marker, constraint.strength) }
        if tag.other >= 0 && kinds[Int(tag.other)] == .error {
            removeMarkerEffects(tag.other, constraint.strength)
        }
        let m = tag.marker
        let r = rowOf[Int(m)]
        if r >= 0 {
            // Basic marker: definitions may still refer to it; rewrite them, then drop the row.
            substitute(m, from: r, definitions: true)
            freeRow(r)
        } else if var leave = markerLeavingRow(m) {
            if isDefinition(leave) {
                // Only definitions contain the marker (kiwi's third choice). A definition may refer to
                // other definitions that contain the marker too, so its own coefficient is not the
                // constraint's whole share: expand those definitions into non-basic symbols first
                // (as kiwi's rows always are), then choose among them.
                expandDefinitions(containing: m)
                guard let l = markerLeavingRow(m) else {
                    owner[Int(m)] = nil
                    if tag.other >= 0 { owner[Int(tag.other)] = nil }
                    orderDirty = true
                    try optimize()
                    return
                }
                leave = l
            }
            exchange(leave, entering: m)
            substitute(m, from: leave, definitions: true)
            freeRow(leave)
        }
        owner[Int(m)] = nil
        if tag.other >= 0 { owner[Int(tag.other)] = nil }
        orderDirty = true
        try optimize()
        releaseSymbol(m)
        releaseSymbol(tag.other)
    }

    /// Rewrite every definition that contains `m` in non-basic symbols only.
    @usableFromInline
    mutating func expandDefinitions(containing m: SymbolID) {
        var slots: [Int32] = []
        for e in cols[Int(m)] where isDefinition(e.row) { slots.append(e.row) }
        for r in slots {
            accReset()
            accConstant = rows[Int(r)].constant
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                accAdd(cell.sym, cell.coef)
            }
            expandAccumulator()
            unlinkAllCells(r)
            for c in acc { addCell(r, c.sym, c.coef) }
            rows[Int(r)].constant = accConstant
        }
    }

    @usableFromInline
    mutating func removeMarkerEffects(_ marker: SymbolID, _ strength: Double) {
        let r = rowOf[Int(marker)]
        if r >= 0 {
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                setObj(cell.sym, obj[Int(cell.sym)] - strength * cell.coef)
            }
        } else {
            setObj(marker, obj[Int(marker)] - strength)
        }
    }

    /// kiwi: getMarkerLeavingRow.
    @usableFromInline
    func markerLeavingRow(_ marker: SymbolID) -> Int32? {
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1
        var b1 = Int32.max, b2 = Int32.max, b3 = Int32.min
        for e in cols[Int(marker)] {
            let b = rows[Int(e.row)].basic
            if b < 0 { continue }
            let c = cellAt(e.row, Int(e.cellPos)).coef
            if kinds[Int(b)] == .external {
                if b > b3 { third = e.row; b3 = b }
            } else if c < 0 {
                let r = -rows[Int(e.row)].constant / c
                if r < r1 || (r == r1 && b < b1) { r1 = r; first = e.row; b1 = b }
            } else {
                let r = rows[Int(e.row)].constant / c
                if r < r2 || (r == r2 && b < b2) { r2 = r; second = e.row; b2 = b }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    // MARK: - Edit variables

    @usableFromInline
    mutating func addEditVariable(_ v: Variable, strength: Double) throws(SolverError) {
        let key = ObjectIdentifier(v)
        if edits[key] != nil { throw .duplicateEditVariable(v) }
        let s = Strength.clip(strength)
        if s >= Strength.required { throw .badRequiredStrength(strength) }
        let c = Constraint(v, .equal, strength: s)
        try addConstraint(c)
        edits[key] = editInfos.count
        editInfos.append(EditInfo(marker: tags[ObjectIdentifier(c)]!.1.marker, constant: 0))
        editConstraints.append(c)
        editKeys.append(key)
    }

    @usableFromInline
    mutating func removeEditVariable(_ v: Variable) throws(SolverError) {
        let key = ObjectIdentifier(v)
        guard let i = edits.removeValue(forKey: key) else { throw .unknownEditVariable(v) }
        let c = editConstraints[i]
        let last = editInfos.count - 1
        if i != last {
            editInfos[i] = editInfos[last]
            editConstraints[i] = editConstraints[last]
            editKeys[i] = editKeys[last]
            edits[editKeys[i]] = i
        }
        editInfos.removeLast()
        editConstraints.removeLast()
        editKeys.removeLast()
        try removeConstraint(c)
    }

    /// kiwi: suggestValue — only row constants change; the dual simplex repairs feasibility. Every row
    /// that contains the edit constraint's marker moves by `delta × coefficient` (the marker's
    /// coefficient is the edit row's multiplier in that row); the marker's own row, when basic, by −delta.
    @usableFromInline
    mutating func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) {
        guard let i = edits[ObjectIdentifier(v)] else { throw .unknownEditVariable(v) }
        let delta = value - editInfos[i].constant
        editInfos[i].constant = value
        let m = Int(editInfos[i].marker)
        pushes.removeAll(keepingCapacity: true)
        let r = rowOf[m]
        if r >= 0 {
            rows[Int(r)].constant -= delta
            if rows[Int(r)].constant < 0 { pushes.append(SymbolID(m)) }
        }
        let n = cols[m].count
        for j in 0..<n {
            let e = cols[m][j]
            let t = Int(e.row)
            rows[t].constant += delta * cellAt(e.row, Int(e.cellPos)).coef
            let b = rows[t].basic
            if b >= 0 && kinds[Int(b)] != .external && rows[t].constant < 0 { pushes.append(b) }
        }
        queueInfeasible()
        try dualOptimize()
    }

    // MARK: - Values

    @usableFromInline
    mutating func updateVariables() {
        ensureOrder()
        if programDirty { buildProgram() }
        // Definitions in dependency order; a cell's symbol is worth its row constant when basic and
        // restricted, its computed value when basic and external, 0 when non-basic.
        rows.withUnsafeBufferPointer { rows in
            rowOf.withUnsafeBufferPointer { rowOf in
                kinds.withUnsafeBufferPointer { kinds in
                    extValue.withUnsafeMutableBufferPointer { extValue in
                        progSyms.withUnsafeBufferPointer { syms in
                            progCoefs.withUnsafeBufferPointer { coefs in
                                var k = 0
                                for d in progX.indices {
                                    var v = rows[Int(progSlot[d])].constant
                                    let end = Int(progEnd[d])
                                    while k < end {
                                        let s = Int(syms[k])
                                        let sr = rowOf[s]
                                        if sr >= 0 {
                                            v += coefs[k] * (kinds[s] == .external ? extValue[s] : rows[Int(sr)].constant)
                                        }
                                        k += 1
                                    }
                                    extValue[Int(progX[d])] = v
                                }
                            }
                        }
                    }
                }
            }
        }
        for i in varRefs.indices {
            let s = Int(varSyms[i])
            let v = rowOf[s] >= 0 ? extValue[s] : 0
            varRefs[i]._withUnsafeGuaranteedRef { $0.value = v }
        }
    }

    @usableFromInline
    mutating func buildProgram() {
        progX.removeAll(keepingCapacity: true)
        progSlot.removeAll(keepingCapacity: true)
        progEnd.removeAll(keepingCapacity: true)
        progSyms.removeAll(keepingCapacity: true)
        progCoefs.removeAll(keepingCapacity: true)
        for x in order {
            let r = rowOf[Int(x)]
            progX.append(x)
            progSlot.append(r)
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                progSyms.append(cell.sym)
                progCoefs.append(cell.coef)
            }
            progEnd.append(Int32(progSyms.count))
        }
        programDirty = false
    }
}
