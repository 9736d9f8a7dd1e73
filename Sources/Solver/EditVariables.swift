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
        residuals.entries[Int(residuals.entryOf[Int(slot)])].isEdit = true
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
        let queued = infeasible.count
        let r = rowOf[m]
        if r >= 0 {
            rows[Int(r)].constant -= delta
            if rows[Int(r)].constant < 0 { infeasible.append(SymbolID(m)) }
        }
        let n = cols.count(m)
        for j in 0..<n {
            let e = cols[m, j]
            let t = Int(e.row)
            rows[t].constant += delta * cellAt(e.row, Int(e.cellPos)).coef
            let b = rows[t].basic
            if b >= 0 && kinds[Int(b)] != .external && rows[t].constant < 0 { infeasible.append(b) }
        }
        orderQueued(from: queued)
        try dualOptimize()
        // Suggestions add and remove nothing: only pivots' growth can make a rebuild due (`Refactor.swift`).
        if pivotGrowth > SolverCore.pivotGrowthLimit { refactor() }
    }
}
