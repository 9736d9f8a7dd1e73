// One step of iterative refinement of the values read back (`updateVariables`), after whatever can
// have magnified rounding since the last (`SolverCore.refinementDue`).
//
// The definitions give each variable as a constant plus multiples of other variables and of
// restricted symbols worth 0. Both the constants and the coefficients carry the rounding of every
// pivot that wrote them, and a definition that names another variable can hold large parts that
// cancel (a row with 53.5·e7 − 3·v18, where v18 holds 17.83·e7): its value is then a difference of
// numbers a hundred times larger, with their error. A churn's fresh build so gave −6.0000017 where
// the system fixes −6, and kiwi, whose rows name non-basic symbols only, −6 to 1e-14.
//
// The fix is the one linear-programming codes use for their basic solution: compute what the
// values miss from the constraints themselves, then correct through the tableau. At the values x̂
// each constraint `expression + Σ tag·symbol = 0` implies a value for its tag symbols; where none
// of them is basic it is carried by the marker, n = −expression(x̂) / coefficient, and it is 0 at
// the true optimum (non-basic symbols are 0). The tableau is an identity of the constraints, so the
// true values are x̂ plus the definitions evaluated with constants 0, restricted symbols at −n, and
// other variables at their own corrections. The correction is computed with the tableau's rounded
// coefficients, but it is small, so what it adds is rounding of a rounding: values come out to the
// rounding of the constraints' own sums (the churn above: −6 exactly, as fresh and incremental).

/// Every live constraint as `constant + Σ coefficient·variable` with its tag, flattened for the
/// refinement, rebuilt when constraints are added or removed (with `ValueProgram`).
@usableFromInline
struct ResidualProgram {
    @usableFromInline
    struct Entry {
        /// End of this constraint's terms in `symbols` and `coefficients`.
        @usableFromInline var end: Int32
        @usableFromInline var constant: Double
        /// Index into `SolverCore.editInfos` for an edit constraint (its suggestion is subtracted), or -1.
        @usableFromInline var edit: Int32
        /// The marker and the other tag symbol (-1 when none), and the marker's coefficient in the row.
        @usableFromInline var marker: Int32
        @usableFromInline var other: Int32
        @usableFromInline var markerCoefficient: Double
        @usableFromInline var otherCoefficient: Double
    }

    @usableFromInline var entries: SolverArray<Entry> = []
    @usableFromInline var symbols: SolverArray<Int32> = []
    @usableFromInline var coefficients: SolverArray<Double> = []
    /// Per symbol: the value a constraint's residual implies for its marker, and each definition's
    /// correction (both 0 outside a refinement).
    @usableFromInline var implied: SolverArray<Double> = []
    @usableFromInline var correction: SolverArray<Double> = []

    @inlinable init() {}

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        symbols.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
    }
}

extension SolverCore {
    /// Flattens the live constraints for `refineValues` and `coefficientDrift` (again after constraints
    /// were added or removed: `residualsDirty`).
    @usableFromInline
    mutating func buildResiduals() {
        residualsDirty = false
        residuals.removeAll()
        var editOf: [SymbolID: Int32] = [:]
        for (k, e) in editInfos.enumerated() { editOf[e.marker] = Int32(k) }
        for slot in records.indices where records[slot].live {
            guard let (terms, constant) = content(of: Int32(slot)) else { continue }
            let record = records[slot]
            let tags = markerTerms(record)
            guard let (marker, a) = tags.first else { continue }
            for (s, c) in terms {
                residuals.symbols.append(s)
                residuals.coefficients.append(c)
            }
            residuals.entries.append(
                ResidualProgram.Entry(
                    end: Int32(residuals.symbols.count), constant: constant, edit: editOf[record.tag.marker] ?? -1,
                    marker: marker, other: record.tag.other, markerCoefficient: a,
                    otherCoefficient: tags.count > 1 ? tags[1].1 : 0))
        }
        let n = kinds.count
        if residuals.implied.count < n {
            residuals.implied.append(contentsOf: repeatElement(0, count: n - residuals.implied.count))
            residuals.correction.append(contentsOf: repeatElement(0, count: n - residuals.correction.count))
        }
    }

    /// Corrects `extValue` of every defined variable by one refinement step (see above), then writes
    /// the corrected solution back into the row constants, so the reads after it (a suggestion moves
    /// constants only) start from it.
    @usableFromInline
    mutating func refineValues() {
        if impliedMarkerValues() {
            for x in order {
                let r = rowOf[Int(x)]
                let row = rows[Int(r)]
                var d = 0.0
                for c in Int(row.start)..<Int(row.start + row.count) {
                    let cell = pool[c]
                    let s = Int(cell.sym)
                    if kinds[s] == .external {
                        if rowOf[s] >= 0 { d += cell.coef * residuals.correction[s] }
                    } else {
                        d -= cell.coef * residuals.implied[s]
                    }
                }
                residuals.correction[Int(x)] = d
            }
            for x in order {
                extValue[Int(x)] += residuals.correction[Int(x)]
                residuals.correction[Int(x)] = 0
            }
            for entry in residuals.entries { residuals.implied[Int(entry.marker)] = 0 }
        }
        writeBackConstants()
    }

    /// The value each constraint's residual at the current values implies for its marker, into
    /// `residuals.implied`, where none of its tag symbols is basic (a basic one takes it up itself: its
    /// value is no input to a definition). False when every residual is 0.
    mutating func impliedMarkerValues() -> Bool {
        var start = 0
        var any = false
        for entry in residuals.entries {
            let end = Int(entry.end)
            let residual = residualOf(entry, terms: start..<end)
            start = end
            if rowOf[Int(entry.marker)] >= 0 || (entry.other >= 0 && rowOf[Int(entry.other)] >= 0) { continue }
            if residual != 0 {
                residuals.implied[Int(entry.marker)] = -residual / entry.markerCoefficient
                any = true
            }
        }
        return any
    }

    /// A constraint's `constant + Σ coefficient·value` (an edit's suggestion subtracted), its tag left out.
    @inlinable
    func residualOf(_ entry: ResidualProgram.Entry, terms: Range<Int>) -> Double {
        var residual = entry.constant
        if entry.edit >= 0 { residual -= editInfos[Int(entry.edit)].constant }
        for k in terms { residual += residuals.coefficients[k] * extValue[Int(residuals.symbols[k])] }
        return residual
    }

    /// Each definition's constant set so that it gives the refined value, and each basic tag symbol's
    /// row constant set to the value its constraint gives it there (a redundant equality's dummy: 0
    /// to the rounding of the constraint's own sum, where pivots had left 1e-8).
    mutating func writeBackConstants() {
        for x in order {
            let r = rowOf[Int(x)]
            let row = rows[Int(r)]
            var c = extValue[Int(x)]
            for k in Int(row.start)..<Int(row.start + row.count) {
                let cell = pool[k]
                let y = Int(cell.sym)
                if kinds[y] == .external && rowOf[y] >= 0 { c -= cell.coef * extValue[y] }
            }
            rows[Int(r)].constant = c
        }
        var start = 0
        for entry in residuals.entries {
            let end = Int(entry.end)
            let markerRow = rowOf[Int(entry.marker)]
            let otherRow = entry.other >= 0 ? rowOf[Int(entry.other)] : -1
            if (markerRow >= 0) != (otherRow >= 0) {
                let residual = residualOf(entry, terms: start..<end)
                if markerRow >= 0 {
                    rows[Int(markerRow)].constant = -residual / entry.markerCoefficient
                } else {
                    rows[Int(otherRow)].constant = -residual / entry.otherCoefficient
                }
            }
            start = end
        }
    }
}
