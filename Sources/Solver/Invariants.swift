extension SolverCore {
    /// Structural checks of the tableau between operations, for tests: proper rows hold only
    /// non-basic symbols and no free variable, are feasible (restricted basics ≥ 0 within 1e-8),
    /// a basic dummy's row names dummies alone at a constant of 0 (its equality holds), definitions
    /// name no basic restricted symbol and refer only to earlier definitions,
    /// `infeasible` names only simplex rows, the objective holds only non-basic symbols, and the
    /// column index matches the rows. Returns one message per problem found.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var seen = [Int](repeating: 0, count: kinds.count)
        problems += variableListViolations()
        for (r, row) in rows.enumerated() where row.basic != Row.noBasic {
            let b = row.basic
            if b >= 0 && rowOf[Int(b)] != Int32(r) { problems.append("row \(r): rowOf[\(b)] is \(rowOf[Int(b)])") }
            let definition = b >= 0 && kinds[Int(b)] == .external
            for (k, cell) in cellsOf(Int32(r)).enumerated() {
                let s = Int(cell.sym)
                seen[s] += 1
                let e = cols[s, Int(cell.colPos)]
                if e.row != Int32(r) || e.cellPos != Int32(k) {
                    problems.append("row \(r) cell \(k): column index mismatch")
                }
                if cell.sym == b { problems.append("row \(r): refers to its own basic symbol") }
                if definition && rowOf[s] >= 0 && kinds[s] != .external {
                    problems.append("definition \(r) (basic \(b)): basic restricted symbol \(s) in cells")
                }
                if !definition {
                    if rowOf[s] >= 0 { problems.append("proper row \(r) (basic \(b)): basic symbol \(s) in cells") }
                    if kinds[s] == .external {
                        problems.append("proper row \(r) (basic \(b)): free variable \(s) in cells")
                    }
                }
            }
            if b >= 0 && kinds[Int(b)] == .dummy {
                if !nearZero(row.constant) { problems.append("dummy row \(r) (basic \(b)): constant \(row.constant)") }
                if cellsOf(Int32(r)).contains(where: { kinds[Int($0.sym)] != .dummy }) {
                    problems.append("dummy row \(r) (basic \(b)): names a symbol other than dummies")
                }
            }
            if !definition && b >= 0 && kinds[Int(b)] != .dummy && row.constant < -1e-8 && infeasible.isEmpty {
                problems.append("proper row \(r) (basic \(b)): infeasible constant \(row.constant)")
            }
        }
        for s in infeasible {
            let r = rowOf[Int(s)]
            if kinds[Int(s)] == .external || r < 0 || isDefinition(r) {
                problems.append("infeasible: symbol \(s) has no simplex row")
            }
        }
        // The pool: every row's run inside it, no two runs overlapping, `poolLive` their total.
        var runs: [(Int, Int)] = []
        var live = 0
        for (r, row) in rows.enumerated() {
            if row.count < 0 || row.count > row.capacity {
                problems.append("row \(r): \(row.count) cells in a run of \(row.capacity)")
            }
            if row.start < 0 || Int(row.start + row.capacity) > pool.count {
                problems.append("row \(r): run outside the pool")
            }
            if row.capacity > 0 { runs.append((Int(row.start), Int(row.start + row.capacity))) }
            live += Int(row.capacity)
        }
        runs.sort { $0.0 < $1.0 }
        for i in runs.indices.dropFirst() where runs[i].0 < runs[i - 1].1 {
            problems.append("pool: runs overlap at \(runs[i].0)")
        }
        if live != poolLive { problems.append("pool: \(poolLive) slots counted live, \(live) in the rows' runs") }
        // The column index likewise: every symbol's run inside its array, none overlapping.
        var columnRuns: [(Int, Int)] = []
        var columnsLive = 0
        // The per-symbol arrays run ahead of the symbols, at their starting values past them.
        for (name, n) in [("rowOf", rowOf.count), ("obj", obj.count), ("columns", cols.start.count)]
        where n < kinds.count {
            problems.append("\(name): \(n) slots for \(kinds.count) symbols")
        }
        for s in kinds.count..<rowOf.count
        where rowOf[s] != -1 || obj[s] != 0 || owner[s] != -1 || inHeap[s] || hasParam[s] {
            problems.append("symbol slot \(s) past the symbols is not at its starting values")
        }
        for s in kinds.count..<cols.start.count where cols.count[s] != 0 || cols.capacity[s] != 0 {
            problems.append("column \(s) past the symbols is not empty")
        }
        for s in cols.start.indices {
            let (a, n, c) = (Int(cols.start[s]), Int(cols.count[s]), Int(cols.capacity[s]))
            if n < 0 || n > c { problems.append("column \(s): \(n) entries in a run of \(c)") }
            if a < 0 || a + c > cols.entries.count { problems.append("column \(s): run outside its array") }
            if c > 0 { columnRuns.append((a, a + c)) }
            columnsLive += c
        }
        columnRuns.sort { $0.0 < $1.0 }
        for i in columnRuns.indices.dropFirst() where columnRuns[i].0 < columnRuns[i - 1].1 {
            problems.append("columns: runs overlap at \(columnRuns[i].0)")
        }
        if columnsLive != cols.live {
            problems.append("columns: \(cols.live) slots counted live, \(columnsLive) in runs")
        }
        for s in kinds.indices where seen[s] != cols.count(s) {
            problems.append("column \(s): \(cols.count(s)) entries for \(seen[s]) cells")
        }
        for s in kinds.indices where obj[s] != 0 {
            if rowOf[s] >= 0 { problems.append("objective: basic symbol \(s)") }
            if kinds[s] == .external { problems.append("objective: variable symbol \(s)") }
        }
        if !orderDirty {
            for x in order {
                for cell in cellsOf(rowOf[Int(x)])
                where kinds[Int(cell.sym)] == .external && rowOf[Int(cell.sym)] >= 0
                    && defPos[Int(cell.sym)] >= defPos[Int(x)]
                {
                    problems.append("definition of \(x) refers to later definition \(cell.sym)")
                }
            }
        }
        return problems
    }
}

extension Solver {
    /// See `SolverCore.invariantViolations` (for tests and the churn checks: `@_spi(Checks) import Solver`).
    @_spi(Checks) public func invariantViolations() -> [String] { core.invariantViolations() }

    /// Symbol ids allocated, free ones included (for tests).
    var symbolCount: Int { core.kinds.count }
}

extension SolverCore {
    /// The variable list and the blocks agree: each block entry met by a constraint sits at its
    /// place in the list, with its object there once made; every listed variable has an external symbol.
    func variableListViolations() -> [String] {
        var problems: [String] = []
        let n = varList.count
        if varSyms.count != n || varBlockEntry.count != n {
            problems.append("variable list: \(n) variables, \(varSyms.count) symbols")
            return problems
        }
        var refs = [Int](repeating: 0, count: n)
        for r in objectRefs {
            let i = Int(r.variable)
            // Compared by address: a stale entry's object may be gone, and must not be retained.
            if i >= n || varList[i].map({ Unmanaged.passUnretained($0).toOpaque() }) != r.object.toOpaque() {
                problems.append("object entry for variable \(i): not that variable's object")
            } else {
                refs[i] += 1
            }
        }
        for i in 0..<n {
            if kinds[Int(varSyms[i])] != .external { problems.append("variable \(i): symbol not external") }
            if refs[i] != (varList[i] == nil ? 0 : 1) {
                problems.append(
                    "variable \(i): \(refs[i]) object entries for \(varList[i] == nil ? "no" : "an") object")
            }
            let e = Int(varBlockEntry[i])
            if e >= 0 && (blockVar[e] != Int32(i) || varList[i] !== blockObjects[e]) {
                problems.append("variable \(i): block entry \(e) does not point back")
            }
            if e < 0 && varList[i] == nil { problems.append("variable \(i): no object and no block entry") }
        }
        for (e, i) in blockVar.enumerated() where i >= 0 && (Int(i) >= n || varBlockEntry[Int(i)] != Int32(e)) {
            problems.append("block entry \(e): listed at \(i), which is not it")
        }
        return problems
    }
}
