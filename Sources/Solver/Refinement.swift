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

/// Every live constraint as `constant + Σ coefficient·variable` with its tag, kept as constraints are
/// added (its terms as written, before any expansion) and removed, for the refinement and for
/// `coefficientDrift`. A removed constraint's entry is marked dead and the arrays are compacted once
/// the dead outnumber the live: a sweep step that adds and removes constraints pays O(terms) for
/// each, as the add itself does, never a pass over every constraint.
@usableFromInline
struct ResidualProgram {
    @usableFromInline
    struct Entry {
        /// This constraint's terms: `symbols[start..<end]`, `coefficients[start..<end]`.
        @usableFromInline var start: Int32
        @usableFromInline var end: Int32
        @usableFromInline var constant: Double
        /// The marker and the other tag symbol (-1 when none), and their coefficients in the row.
        @usableFromInline var marker: Int32
        @usableFromInline var other: Int32
        @usableFromInline var markerCoefficient: Double
        @usableFromInline var otherCoefficient: Double
        /// The constraint's record slot; -1 once it is removed.
        @usableFromInline var slot: Int32
        /// An edit constraint (its current suggestion is subtracted: `SolverCore.suggestion(for:)`).
        @usableFromInline var isEdit: Bool
    }

    @usableFromInline var entries: SolverArray<Entry> = []
    @usableFromInline var symbols: SolverArray<Int32> = []
    @usableFromInline var coefficients: SolverArray<Double> = []
    /// Per record slot, its entry, or -1.
    @usableFromInline var entryOf: SolverArray<Int32> = []
    @usableFromInline var dead = 0
    /// Where the terms of the constraint being added begin (`beginResidualTerms`).
    @usableFromInline var pending: Int32 = 0
    /// Per symbol: the value a constraint's residual implies for its marker, and each definition's
    /// correction (both 0 outside a refinement).
    @usableFromInline var implied: SolverArray<Double> = []
    @usableFromInline var correction: SolverArray<Double> = []

    @inlinable init() {}

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        symbols.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        entryOf.removeAll(keepingCapacity: true)
        implied.removeAll(keepingCapacity: true)
        correction.removeAll(keepingCapacity: true)
        (dead, pending) = (0, 0)
    }
}

extension SolverCore {
    /// Notes the terms of the constraint being added, from the accumulator as `addAccumulated` receives
    /// it (the expression's terms, each variable once, and its constant).
    @inlinable
    mutating func beginResidualTerms() {
        residuals.pending = Int32(residuals.symbols.count)
        for i in acc.indices {
            residuals.symbols.append(acc[i].sym)
            residuals.coefficients.append(acc[i].coef)
        }
    }

    /// The add was refused: its terms go.
    @inlinable
    mutating func dropResidualTerms() {
        let n = residuals.symbols.count - Int(residuals.pending)
        residuals.symbols.removeLast(n)
        residuals.coefficients.removeLast(n)
    }

    /// The add is committed as record `slot` with `tag`: its entry.
    @usableFromInline
    mutating func addResidualEntry(slot: Int32, tag: Tag, op: RelationalOperator, constant: Double, isEdit: Bool) {
        let (markerCoefficient, otherCoefficient) = tagCoefficients(marker: tag.marker, op)
        while residuals.entryOf.count <= Int(slot) { residuals.entryOf.append(-1) }
        residuals.entryOf[Int(slot)] = Int32(residuals.entries.count)
        residuals.entries.append(
            ResidualProgram.Entry(
                start: residuals.pending, end: Int32(residuals.symbols.count), constant: constant,
                marker: tag.marker, other: tag.other, markerCoefficient: markerCoefficient,
                otherCoefficient: otherCoefficient, slot: slot, isEdit: isEdit))
    }

    /// Record `slot`'s constraint is removed: its entry is dead; the arrays are compacted once the
    /// dead outnumber the live.
    @usableFromInline
    mutating func removeResidualEntry(slot: Int32) {
        guard Int(slot) < residuals.entryOf.count, residuals.entryOf[Int(slot)] >= 0 else { return }
        residuals.entries[Int(residuals.entryOf[Int(slot)])].slot = -1
        residuals.entryOf[Int(slot)] = -1
        residuals.dead += 1
        if residuals.dead * 2 > residuals.entries.count + 16 { compactResiduals() }
    }

    mutating func compactResiduals() {
        var entries: SolverArray<ResidualProgram.Entry> = []
        var symbols: SolverArray<Int32> = []
        var coefficients: SolverArray<Double> = []
        for e in residuals.entries.indices where residuals.entries[e].slot >= 0 {
            var entry = residuals.entries[e]
            let start = Int32(symbols.count)
            for k in Int(entry.start)..<Int(entry.end) {
                symbols.append(residuals.symbols[k])
                coefficients.append(residuals.coefficients[k])
            }
            (entry.start, entry.end) = (start, Int32(symbols.count))
            residuals.entryOf[Int(entry.slot)] = Int32(entries.count)
            entries.append(entry)
        }
        (residuals.entries, residuals.symbols, residuals.coefficients, residuals.dead) =
            (entries, symbols, coefficients, 0)
    }

    /// The suggestion an edit constraint's entry subtracts: its edit's current value.
    @inlinable
    func suggestion(for entry: ResidualProgram.Entry) -> Double {
        for e in editInfos.indices where editInfos[e].marker == entry.marker { return editInfos[e].constant }
        return 0
    }

    /// Room for every symbol in the per-symbol scratch arrays.
    @inlinable
    mutating func reserveResidualScratch() {
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
            for entry in residuals.entries where entry.slot >= 0 { residuals.implied[Int(entry.marker)] = 0 }
        }
        writeBackConstants()
    }

    /// The value each constraint's residual at the current values implies for its marker, into
    /// `residuals.implied`, where none of its tag symbols is basic (a basic one takes it up itself: its
    /// value is no input to a definition). False when every residual is 0.
    mutating func impliedMarkerValues() -> Bool {
        reserveResidualScratch()
        var any = false
        for entry in residuals.entries where entry.slot >= 0 {
            let residual = residualOf(entry)
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
    func residualOf(_ entry: ResidualProgram.Entry) -> Double {
        var residual = entry.constant
        if entry.isEdit { residual -= suggestion(for: entry) }
        for k in Int(entry.start)..<Int(entry.end) {
            residual += residuals.coefficients[k] * extValue[Int(residuals.symbols[k])]
        }
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
        for entry in residuals.entries where entry.slot >= 0 {
            let markerRow = rowOf[Int(entry.marker)]
            let otherRow = entry.other >= 0 ? rowOf[Int(entry.other)] : -1
            if (markerRow >= 0) != (otherRow >= 0) {
                let residual = residualOf(entry)
                if markerRow >= 0 {
                    rows[Int(markerRow)].constant = -residual / entry.markerCoefficient
                } else {
                    rows[Int(otherRow)].constant = -residual / entry.otherCoefficient
                }
            }
        }
    }
}
