/// Building a constraint's row: a sparse accumulator, expanded through the definitions.
extension SolverCore {
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
        accMagnitude = abs(constant)
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
            let term = c * rows[Int(r)].constant
            accConstant += term
            accMagnitude += abs(term)
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
            queueDefinition(s, c)
        } else {
            accConstant += c * rows[Int(r)].constant
            for k in 0..<cellCount(r) {
                let cell = cellAt(r, k)
                accAdd(cell.sym, c * cell.coef)
            }
        }
    }

    /// Adds `c` to basic variable `s`'s share of the expansion, queueing its definition the first time.
    @inlinable @inline(__always)
    mutating func queueDefinition(_ s: SymbolID, _ c: Double) {
        if markC[Int(s)] == stampC {
            scratchCoef[Int(s)] += c
        } else {
            markC[Int(s)] = stampC
            scratchCoef[Int(s)] = c
            expandPush(s)
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
        // The variable's own note of where its first solver keeps it (checked: a note from another
        // solver, or one rolled back, names another variable or none here); else this solver's table.
        let i = Int(v.solverIndex)
        if i >= 0 && i < varList.count && varList[i] === v { return varSyms[i] }
        if let e = blockEntry(of: v) { return blockSymbol(e) }  // made for one of this solver's blocks
        let key = ObjectIdentifier(v)
        if i >= 0, let s = varSym[key] { return s }
        let s = newSymbol(.external)
        if i < 0 {
            v.solverIndex = Int32(varList.count)  // the first solver to use it: found by the note
        } else {
            varSym[key] = s
        }
        appendVariable(v, symbol: s, blockEntry: -1)
        return s
    }
}
