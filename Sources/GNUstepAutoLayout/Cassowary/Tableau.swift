/// GNUstep's simplex tableau (`GSCSTableau`): rows (a basic variable and the expression it equals),
/// columns (for each parametric variable, the rows that hold it), the rows an edit left infeasible,
/// and the objective row. The methods follow GNUstep's, including what they leave stale: a column may
/// name a row that no longer holds the variable, and a lookup of a missing row reads as a message to
/// nil (zero).
final class Tableau {
    private(set) var rows: [CassowaryVariable: CassowaryExpression] = [:]
    private(set) var columns: [CassowaryVariable: ColumnSet] = [:]
    /// `_infeasibleRows`: an array, with repeats; only an edit's dual optimization empties it.
    var infeasibleRows: [CassowaryVariable] = []
    let objective: CassowaryVariable
    let order: HashOrder

    init(objective: CassowaryVariable, order: HashOrder, float32: Bool) {
        self.objective = objective
        self.order = order
        addRow(objective, CassowaryExpression(float32: float32))
    }

    func row(_ v: CassowaryVariable) -> CassowaryExpression? { rows[v] }
    func isBasic(_ v: CassowaryVariable) -> Bool { rows[v] != nil }
    func hasColumn(_ v: CassowaryVariable) -> Bool { columns[v] != nil }
    func column(_ v: CassowaryVariable) -> ColumnSet? { columns[v] }

    /// A column's rows in the emulated hash order.
    func columnRows(_ v: CassowaryVariable) -> [CassowaryVariable] {
        columns[v].map { order.ordered($0.members) } ?? []
    }

    /// `-addRowForVariable:equalsExpression:`.
    func addRow(_ v: CassowaryVariable, _ e: CassowaryExpression) {
        rows[v] = e
        for t in e.variables { addMapping(t, row: v) }
    }

    /// `-removeRowForVariable:`; GNUstep raises for a variable without a row.
    @discardableResult
    func removeRow(_ v: CassowaryVariable) throws(FrameworkException) -> CassowaryExpression {
        guard let e = rows.removeValue(forKey: v) else {
            throw .invalidArgument("No expression exists for the provided variable")
        }
        for t in e.variables { removeMapping(t, row: v) }
        return e
    }

    func addMapping(_ column: CassowaryVariable, row: CassowaryVariable) {
        if let set = columns[column] {
            set.insert(row)
        } else {
            let set = ColumnSet()
            set.insert(row)
            columns[column] = set
        }
    }

    func removeMapping(_ column: CassowaryVariable, row: CassowaryVariable) { columns[column]?.remove(row) }

    /// `-removeColumn:`: the variable leaves every row its column names, and the column goes.
    func removeColumn(_ v: CassowaryVariable) {
        if let set = columns[v] {
            for r in set.members { rows[r]?.removeVariable(v) }
        }
        columns[v] = nil
    }

    /// `-substituteOutVariable:forExpression:`: every row holding `v` gets `expression` in its place;
    /// a restricted row left negative joins the infeasible rows; `v`'s column goes.
    func substituteOut(_ v: CassowaryVariable, _ expression: CassowaryExpression) {
        for r in columnRows(v) {
            let e = rows[r]
            if let e {
                substituteOutTerm(v, expression, in: e, subject: r)
            } else {
                // A stale column entry: GNUstep messages a nil row, which still maps the new terms to it.
                for t in expression.variables { addMapping(t, row: r) }
            }
            if r.isRestricted && (e?.constant ?? 0) < 0 { infeasibleRows.append(r) }
        }
        columns[v] = nil
    }

    /// `-substituteOutTerm:withExpression:inExpression:subject:`.
    func substituteOutTerm(
        _ term: CassowaryVariable, _ new: CassowaryExpression, in e: CassowaryExpression, subject: CassowaryVariable
    ) {
        let multiplier = e.coefficient(term)
        e.removeVariable(term)
        e.constant = multiplier * new.constant + e.constant
        for t in new.variables {
            let inNew = new.coefficient(t)
            if let existing = e.storedCoefficient(t) {
                let c = existing + multiplier * inNew
                if CassowaryExpression.isApproximatelyZero(c) {
                    e.removeVariable(t)
                    removeMapping(t, row: subject)
                } else {
                    e.addVariable(t, c)
                }
            } else {
                e.addVariable(t, multiplier * inNew)
                addMapping(t, row: subject)
            }
        }
    }

    /// `-addVariable:toExpression:withCoefficient:subject:`: adds to an existing coefficient (the term
    /// goes when the sum is within epsilon of zero), or sets a new term and maps it to `subject`.
    func addVariable(
        _ v: CassowaryVariable, to e: CassowaryExpression, _ coefficient: Double, subject: CassowaryVariable?
    ) {
        if e.isTerm(v) {
            let c = e.coefficient(v) + coefficient
            if c == 0 || CassowaryExpression.isApproximatelyZero(c) {
                e.removeVariable(v)
                if let subject { columns[v]?.remove(subject) }
            } else {
                e.addVariable(v, c)
            }
        } else if !CassowaryExpression.isApproximatelyZero(coefficient) {
            e.addVariable(v, coefficient)
            if let subject { addMapping(v, row: subject) }
        }
    }

    /// `-addNewExpression:toExpression:n:subject:`.
    func addNewExpression(
        _ new: CassowaryExpression, to e: CassowaryExpression, n: Double, subject: CassowaryVariable?
    ) {
        e.constant = e.constant + n * new.constant
        for t in new.variables { addVariable(t, to: e, new.coefficient(t) * n, subject: subject) }
    }

    /// `-pivotWithEntryVariable:exitVariable:`.
    func pivot(entry: CassowaryVariable, exit: CassowaryVariable) throws(FrameworkException) {
        let e = try removeRow(exit)
        let reciprocal = e.newSubject(entry)  // -changeSubjectOnExpression:existingSubject:newSubject:
        e.addVariable(exit, reciprocal)
        substituteOut(entry, e)
        addRow(entry, e)
    }

    /// `-findPivotableExitVariable:`: the pivotable row with the smallest ratio −constant/coefficient
    /// among those with a negative coefficient; the first found wins a tie (GNUstep's Bland rule
    /// compares `-id`, which is never set, so it never fires).
    func pivotableExitVariable(_ entry: CassowaryVariable) -> CassowaryVariable? {
        var minRatio = Double.greatestFiniteMagnitude
        var exit: CassowaryVariable?
        for v in columnRows(entry) where v.isPivotable {
            let e = rows[v]
            let c = e?.coefficient(entry) ?? 0
            if c < 0 {
                let r = -(e?.constant ?? 0) / c
                if r < minRatio {
                    minRatio = r
                    exit = v
                }
            }
        }
        return exit
    }
}
