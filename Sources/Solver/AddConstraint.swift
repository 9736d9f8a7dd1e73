// Adding a constraint: kiwi's createRow, chooseSubject and addWithArtificialVariable, with the
// definition fast path (see Simplex.swift).

extension SolverCore {
    // MARK: - Adding constraints

    /// Adds a constraint object; returns its record slot.
    @usableFromInline @discardableResult
    mutating func addConstraint(_ constraint: Constraint) throws(SolverError) -> Int32 {
        if slot(of: constraint) != nil { throw .duplicateConstraint(constraint) }
        let start = beginAdd()
        // kiwi: createRow — the expression, then slack/error/dummy symbols by relation and strength.
        accReset()
        accConstant = constraint.expression.constant
        // Through the terms' buffer, each variable unretained (the constraint holds them): iterating
        // the array retained and released every variable.
        constraint.expression.terms.withUnsafeBufferPointer { terms in
            for i in terms.indices where !nearZero(terms[i].coefficient) {
                let s = Unmanaged.passUnretained(terms[i].variable)._withUnsafeGuaranteedRef { symbol(for: $0) }
                accAdd(s, terms[i].coefficient)
            }
        }
        return try addAccumulated(constraint.op, strength: constraint.strength, .object(constraint), since: start)
    }

    /// Where an add began: what to roll back to if it is refused.
    @inlinable
    mutating func beginAdd() -> AddStart {
        let start = AddStart(
            symbols: kinds.count, variables: varList.count, programDirty: programDirty, refinementDue: refinementDue,
            unprobedGrowth: unprobedGrowth)
        programDirty = true
        reusedSymbols.removeAll(keepingCapacity: true)
        return start
    }

    /// A refused add leaves the tableau as it was, so the values read before it stand as they were:
    /// neither the value program nor the refinement of the constants is redone, nor the coefficients
    /// measured (a refinement of refined constants would move the values in their last bits).
    @inlinable
    mutating func restoreReadState(_ start: AddStart) {
        programDirty = start.programDirty
        refinementDue = start.refinementDue
        unprobedGrowth = start.unprobedGrowth
    }

    /// The rest of kiwi's addConstraint, on the expression's terms already in the accumulator (in
    /// the order of first appearance, each variable once, none near zero): markers and errors by
    /// relation and strength, then the row. Shared by objects and batches, so both build the same
    /// tableau, symbol for symbol.
    @usableFromInline
    mutating func addAccumulated(
        _ op: RelationalOperator, strength: Double, _ pending: PendingConstraint,
        since start: AddStart
    ) throws(SolverError) -> Int32 {
        let symbolCount = start.symbols
        let varCount = start.variables
        let required = strength >= Strength.required
        let expressionConstant = accConstant
        beginResidualTerms()
        let tag = accumulateTagSymbols(op, required: required)

        // Fast path: a variable not yet referenced anywhere becomes the subject of a definition row
        // as the constraint is written; nothing else in the tableau changes.
        ensureDefPos()
        let fresh = freshSubject()
        if fresh >= 0 {
            let record = commit(
                pending, tag: tag, strength: strength, required: required, op: op, constant: expressionConstant)
            addDefinitionRow(solvedFor: fresh)
            try finishAdd()
            return record
        }

        // General path (kiwi): the row in non-basic symbols, then choose a subject. Its sums through the
        // definitions carry their rounding into the new row: the values are refined at the next read.
        refinementDue = true
        expandAccumulator()
        if accConstant < 0 {
            accConstant = -accConstant
            for i in acc.indices { acc[i].coef = -acc[i].coef }
        }
        var subject = chooseSubject(tag)
        if subject < 0 && dropRoundingBesideDummies() {
            if !isRoundingZero(accConstant, scale: accMagnitude) {
                if rebuilding { throw .internalError("a constraint present was refused while rebuilding") }
                let conflicts = acc.compactMap { requiredOwner($0.sym) }
                dropResidualTerms()
                rollbackNewSymbols(symbolCount: symbolCount, varCount: varCount)
                throw refused(pending, conflicts: conflicts, since: start)
            }
            subject = tag.marker
        }
        if subject < 0 {
            beginJournal()
            let (ok, conflictSymbols) = try addWithArtificialVariable()
            if !ok {
                if rebuilding { throw .internalError("a constraint present was refused while rebuilding") }
                let conflicts = conflictSymbols.compactMap { requiredOwner($0) }
                dropResidualTerms()
                rollbackJournal(symbolCount: symbolCount)
                rollbackVariables(varCount: varCount)
                throw refused(pending, conflicts: conflicts, since: start)
            }
            commitJournal()
            let record = commit(
                pending, tag: tag, strength: strength, required: required, op: op, constant: expressionConstant)
            try finishAdd()
            return record
        }
        let record = commit(
            pending, tag: tag, strength: strength, required: required, op: op, constant: expressionConstant)
        let slot = insertExpandedRow(solvedFor: subject)
        substitute(subject, from: slot)
        try finishAdd()
        return record
    }

    /// The error of a refused add, once the tableau is rolled back: the constraint, with a minimal set
    /// of the required constraints it conflicts with.
    mutating func refused(
        _ pending: PendingConstraint, conflicts: [Constraint], since start: AddStart
    ) -> SolverError {
        restoreReadState(start)
        let constraint = object(pending)
        return .unsatisfiableConstraint(constraint, conflicts: minimize(constraint, conflicts))
    }

    /// The fast path's subject: the lowest-id external variable of the expression not yet referenced
    /// anywhere, or -1. Taken only when kiwi would choose the same subject: kiwi takes the lowest-id
    /// variable of the expanded row, so no older free variable may be reachable (directly, or through
    /// a definition that depends on one — `hasParam`, conservative).
    @inline(__always)
    func freshSubject() -> SymbolID {
        var fresh: SymbolID = -1
        // Index loops over `acc` (here and below): a `for … in acc` retains its buffer while the body
        // mutates the solver, a retain and release per constraint.
        for i in acc.indices where kinds[Int(acc[i].sym)] == .external {
            let x = Int(acc[i].sym)
            if rowOf[x] >= 0 {
                if hasParam[x] { return -1 }
            } else if cols.isEmpty(x) {
                if fresh < 0 || acc[i].sym < fresh { fresh = acc[i].sym }
            } else {
                return -1
            }
        }
        return fresh
    }

    /// The accumulated expression solved for a fresh variable, as a definition row. It refers only to
    /// existing definitions, so it goes after all of them.
    @inline(__always)
    mutating func addDefinitionRow(solvedFor fresh: SymbolID) {
        let slot = allocRow(basic: fresh)
        reserveCells(slot, acc.count)
        let f = -1.0 / acc[Int(idxA[Int(fresh)])].coef
        for i in acc.indices where acc[i].sym != fresh { addCell(slot, acc[i].sym, acc[i].coef * f) }
        rows[Int(slot)].constant = accConstant * f
        defPos[Int(fresh)] = nextBack
        nextBack += 1
        order.append(fresh)
        hasParam[Int(fresh)] = false
    }

    /// What follows every accepted add: re-optimize, drop infeasibility the rounding left, and mark
    /// the values to be read again.
    @inline(__always)
    mutating func finishAdd() throws(SolverError) {
        try optimize()
        pruneInfeasible()
        if !rebuilding { noteStructuralEdit() }
    }

    /// kiwi: createRow's second half — a new marker (and error) symbol by relation and strength, added
    /// to the accumulator; returns them as the constraint's tag.
    @inlinable @inline(__always)
    mutating func accumulateTagSymbols(_ op: RelationalOperator, required: Bool) -> Tag {
        var tag = Tag(marker: -1, other: -1)
        switch op {
        case .lessOrEqual, .greaterOrEqual:
            let coeff: Double = op == .lessOrEqual ? 1 : -1
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
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
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
        return tag
    }

    /// The expanded accumulator as a new row solved for `subject`; returns the row. A variable's row is
    /// a definition over non-basic symbols only, so it goes before every definition in the order,
    /// including those that already refer to the variable. The caller substitutes it.
    @inlinable
    mutating func insertExpandedRow(solvedFor subject: SymbolID) -> Int32 {
        let slot = allocRow(basic: Row.noBasic)
        reserveCells(slot, acc.count)
        for i in acc.indices { addCell(slot, acc[i].sym, acc[i].coef) }
        rows[Int(slot)].constant = accConstant
        solveRow(slot, for: subject)
        if kinds[Int(subject)] == .external {
            defPos[Int(subject)] = nextFront
            nextFront -= 1
            order.append(subject)
            orderNeedsSort = true
            hasParam[Int(subject)] = acc.contains { kinds[Int($0.sym)] == .external && $0.sym != subject }
        }
        return slot
    }

    /// Record a constraint as added and put its error symbols in the objective (kiwi does the latter
    /// in createRow; only non-required constraints have errors and they never fail to add).
    @inlinable
    mutating func commit(
        _ pending: PendingConstraint, tag: Tag, strength: Double, required: Bool, op: RelationalOperator,
        constant: Double
    ) -> Int32 {
        let slot = newRecord(pending, tag: tag, strength: strength)
        addResidualEntry(slot: slot, tag: tag, op: op, constant: constant, isEdit: false)
        owner[Int(tag.marker)] = slot
        if tag.other >= 0 { owner[Int(tag.other)] = slot }
        if !required {
            maxStrength = max(maxStrength, strength)
            if kinds[Int(tag.marker)] == .error { setObj(tag.marker, obj[Int(tag.marker)] + strength) }
            if tag.other >= 0 && kinds[Int(tag.other)] == .error {
                setObj(tag.other, obj[Int(tag.other)] + strength)
            }
        }
        return slot
    }

    @usableFromInline
    mutating func rollbackNewSymbols(symbolCount: Int, varCount: Int) {
        rollbackSymbols(to: symbolCount)
        rollbackVariables(varCount: varCount)
    }

    /// Registers a variable met for the first time: its object (none for a block variable without
    /// one), its symbol and its block entry (-1: not in a block). `rollbackVariables` undoes it.
    @inlinable
    mutating func appendVariable(_ object: Variable?, symbol: SymbolID, blockEntry: Int32) {
        if let object { objectRefs.append(ObjectRef(object, variable: varList.count, symbol: symbol)) }
        varList.append(object)
        varSyms.append(symbol)
        varBlockEntry.append(blockEntry)
    }

    @usableFromInline
    mutating func rollbackVariables(varCount: Int) {
        var withObjects = 0
        while varList.count > varCount {
            if let v = varList.removeLast() {
                varSym[ObjectIdentifier(v)] = nil
                withObjects += 1
            }
            varSyms.removeLast()
            let e = Int(varBlockEntry.removeLast())
            if e >= 0 { blockVar[e] = -1 }  // met again when a constraint next uses it
        }
        // Their object entries, one each, near the end (an object made on request for an older
        // variable may have been appended after them).
        var k = objectRefs.count - 1
        while withObjects > 0 {
            if objectRefs[k].variable >= Int32(varCount) {
                objectRefs.remove(at: k)
                withObjects -= 1
            }
            k -= 1
        }
    }

    /// Whether a required constraint's residual is zero but for rounding: kiwi's `nearZero` (1e-8), or
    /// up to 1e-9 of the magnitude of the sums the residual was computed from. A residual is the
    /// difference of values the tableau carries, each with the rounding of the pivots that made it, so
    /// its error grows with their size, not with the residual's: an absolute test alone refuses a
    /// redundant equality over values in the thousands (a churn's fresh build met one 3.4e-8 off).
    /// 1e-9 ≈ 2⁻³⁰ leaves 23 of a double's 53 bits to rounding growth, more than the 18 bits of
    /// pivot growth at which `Refactor` rebuilds the tableau.
    @inlinable
    func isRoundingZero(_ residual: Double, scale: Double) -> Bool {
        nearZero(residual) || abs(residual) <= 1e-9 * scale
    }

    /// kiwi: chooseSubject, on the expanded accumulator.
    @usableFromInline
    func chooseSubject(_ tag: Tag) -> SymbolID {
        var ext: SymbolID = -1
        for i in acc.indices where kinds[Int(acc[i].sym)] == .external && (ext < 0 || acc[i].sym < ext) {
            ext = acc[i].sym
        }
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
        for i in acc.indices { addCell(artRow, acc[i].sym, acc[i].coef) }
        rows[Int(artRow)].constant = accConstant

        // optimize(artificial): entering = lowest-id non-dummy symbol with a negative coefficient.
        // The artificial objective is the artificial symbol itself (≥ 0), never unbounded in exact
        // arithmetic: a symbol nothing bounds is rounding (see `optimize`) and is passed over.
        // kiwi keeps the objective as a row of its own, a copy of the artificial row that every pivot
        // updates alike, so while the artificial symbol is basic its row is read instead (the same
        // cells, bit for bit, without a second row to substitute into: a fifth of an enaml_like build
        // went through this function). Once a pivot takes it out of the basis the objective is the
        // symbol itself, 0 at any vertex, and the phase is over.
        var unbounded: [SymbolID] = []
        while true {
            let objRow = rowOf[Int(art)]
            if objRow < 0 { break }
            var entering: SymbolID = -1
            for k in 0..<cellCount(objRow) {
                let cell = cellAt(objRow, k)
                if cell.coef < 0 && kinds[Int(cell.sym)] != .dummy && (entering < 0 || cell.sym < entering)
                    && !unbounded.contains(cell.sym)
                {
                    entering = cell.sym
                }
            }
            if entering < 0 { break }
            guard let r = leavingRow(entering) else {
                unbounded.append(entering)
                continue
            }
            pivot(r, entering: entering)
        }
        let artBasic = rowOf[Int(art)]
        let success = artBasic < 0 || isRoundingZero(rows[Int(artBasic)].constant, scale: accMagnitude)
        let blocking = success ? [] : cellsOf(artBasic).map(\.sym)

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
        while let e = cols.last(Int(art)) {
            journalRow(e.row)
            removeCell(e.row, Int(e.cellPos))
        }
        setObj(art, 0)
        if success { releaseSymbol(art) }
        return (success, blocking)
    }

}

/// Where an add began (`beginAdd`): the symbol and variable counts, and the read state, to restore
/// if it is refused.
@usableFromInline
struct AddStart {
    @usableFromInline var symbols: Int
    @usableFromInline var variables: Int
    @usableFromInline var programDirty: Bool
    @usableFromInline var refinementDue: Bool
    @usableFromInline var unprobedGrowth: Int

    @inlinable init(symbols: Int, variables: Int, programDirty: Bool, refinementDue: Bool, unprobedGrowth: Int) {
        (self.symbols, self.variables, self.programDirty, self.refinementDue, self.unprobedGrowth) =
            (symbols, variables, programDirty, refinementDue, unprobedGrowth)
    }
}
