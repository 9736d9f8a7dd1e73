// Edit variables and suggestions (kiwi: addEditVariable, suggestValue), and reading values back.

extension SolverCore {
    // MARK: - Edit variables

    @usableFromInline
    mutating func addEditVariable(_ v: Variable, strength: Double) throws(SolverError) {
        let key = ObjectIdentifier(v)
        if edits[key] != nil { throw .duplicateEditVariable(v) }
        let s = Strength.clip(strength)
        if s >= Strength.required { throw .badRequiredStrength(strength) }
        let c = Constraint(v, .equal, strength: s)
        let slot = try addConstraint(c)
        edits[key] = editInfos.count
        editInfos.append(EditInfo(marker: records[Int(slot)].tag.marker, constant: 0))
        editConstraints.append(c)
        editKeys.append(key)
        v.editIndex = Int32(editKeys.count - 1)
    }

    /// The index of an edit variable among the edits: through the variable's hint when it is this
    /// solver's, else the table.
    @inlinable
    func editIndex(of v: Variable) -> Int? {
        let i = Int(v.editIndex)
        if i >= 0 && i < editKeys.count && editKeys[i] == ObjectIdentifier(v) { return i }
        return edits[ObjectIdentifier(v)]
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
            editConstraints[i].expression.terms[0].variable.editIndex = Int32(i)
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
        guard let i = editIndex(of: v) else { throw .unknownEditVariable(v) }
        let delta = value - editInfos[i].constant
        editInfos[i].constant = value
        let m = Int(editInfos[i].marker)
        pushes.removeAll(keepingCapacity: true)
        let r = rowOf[m]
        if r >= 0 {
            rows[Int(r)].constant -= delta
            if rows[Int(r)].constant < 0 { pushes.append(SymbolID(m)) }
        }
        let n = cols.count(m)
        for j in 0..<n {
            let e = cols[m, j]
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
        // restricted, its computed value when basic and external, 0 when non-basic. Every array is
        // reached through a mutable buffer (an in-place access: a read-only one retained and released
        // each array on every call, a tenth of a step, `Tools/profile.sh EngineC7advance`).
        rows.withUnsafeMutableBufferPointer { rows in
            rowOf.withUnsafeMutableBufferPointer { rowOf in
                kinds.withUnsafeMutableBufferPointer { kinds in
                    extValue.withUnsafeMutableBufferPointer { extValue in
                        progSyms.withUnsafeMutableBufferPointer { syms in
                            progCoefs.withUnsafeMutableBufferPointer { coefs in
                                progX.withUnsafeMutableBufferPointer { progX in
                                    progSlot.withUnsafeMutableBufferPointer { progSlot in
                                        progEnd.withUnsafeMutableBufferPointer { progEnd in
                                            var k = 0
                                            for d in 0..<progX.count {
                                                var v = rows[Int(progSlot[d])].constant
                                                let end = Int(progEnd[d])
                                                while k < end {
                                                    let s = Int(syms[k])
                                                    let sr = rowOf[s]
                                                    if sr >= 0 {
                                                        v +=
                                                            coefs[k]
                                                            * (kinds[s] == .external
                                                                ? extValue[s] : rows[Int(sr)].constant)
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
                }
            }
        }
        for i in varRefs.indices {
            guard let ref = varRefs[i] else { continue }  // a block's variable with no object
            let s = Int(varSyms[i])
            let v = rowOf[s] >= 0 ? extValue[s] : 0
            ref._withUnsafeGuaranteedRef { $0.value = v }
        }
    }

    /// Flattens the definitions, in dependency order, for `updateVariables`. Runs once after the
    /// constraints change, on the first step after a build: sized first and filled through pointers,
    /// since appending cell by cell cost about two steps' worth (`Tools/profile.sh EngineC7advance`).
    @usableFromInline
    mutating func buildProgram() {
        var total = 0
        for x in order { total += cellCount(rowOf[Int(x)]) }
        func size<T: Numeric>(_ a: inout [T], _ n: Int) {
            if a.count != n {
                a.removeAll(keepingCapacity: true)
                a.append(contentsOf: repeatElement(0, count: n))
            }
        }
        size(&progX, order.count)
        size(&progSlot, order.count)
        size(&progEnd, order.count)
        size(&progSyms, total)
        size(&progCoefs, total)
        rows.withUnsafeBufferPointer { rows in
            pool.withUnsafeBufferPointer { pool in
                progSyms.withUnsafeMutableBufferPointer { syms in
                    progCoefs.withUnsafeMutableBufferPointer { coefs in
                        var k = 0
                        for (d, x) in order.enumerated() {
                            let r = rowOf[Int(x)]
                            progX[d] = x
                            progSlot[d] = r
                            let row = rows[Int(r)]
                            for c in Int(row.start)..<Int(row.start + row.count) {
                                syms[k] = pool[c].sym
                                coefs[k] = pool[c].coef
                                k += 1
                            }
                            progEnd[d] = Int32(k)
                        }
                    }
                }
            }
        }
        programDirty = false
    }
}
