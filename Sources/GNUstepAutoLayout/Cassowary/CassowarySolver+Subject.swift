/// How GNUstep's solver turns a constraint into a tableau row: the augmented expression (basic
/// variables replaced by their rows, slack, error or dummy variables added), the choice of its
/// subject, and the artificial-variable phase when there is none.
extension CassowarySolver {
    /// `-expressionForNewConstraint:marker:errors:`.
    func augmentedExpression(
        _ c: CassowaryConstraint
    )
        -> (expression: CassowaryExpression, marker: CassowaryVariable, errors: [CassowaryVariable]?)
    {
        let source = c.expression
        let e = CassowaryExpression(constant: source.constant, float32: float32)
        for v in source.variables {
            let coefficient = source.coefficient(v)
            if let row = tableau.row(v) {
                addExpression(row, coefficient, to: e)
            } else {
                addVariable(v, coefficient, to: e)
                if v.isExternal { noteExternal(v) }
            }
        }
        let marker: CassowaryVariable
        var errorVariables: [CassowaryVariable]?
        if c.isInequality {
            let slack = makeSlack("s")
            addVariable(slack, -1, to: e)
            marker = slack
            if !c.isRequired {
                let minus = makeSlack("em")
                addVariable(minus, 1, to: e)
                addErrorVariable(minus, weight: c.weight)
                errorVariables = [minus]
            }
        } else if c.isRequired {
            let dummy = makeVariable(.dummy, "d")
            addVariable(dummy, 1, to: e)
            marker = dummy
        } else {
            let plus = makeSlack("ep")
            let minus = makeSlack("em")
            addVariable(plus, -1, to: e)
            addVariable(minus, 1, to: e)
            marker = plus
            addErrorVariable(plus, weight: c.weight)
            addErrorVariable(minus, weight: c.weight)
            errorVariables = [plus, minus]
        }
        if e.constant < 0 { e.normalize() }
        return (e, marker, errorVariables)
    }

    private func makeSlack(_ prefix: String) -> CassowaryVariable { makeVariable(.slack, prefix) }

    /// The solver's own `-addVariable:coefficient:toExpression:`: adds to the running coefficient (the
    /// expression's method would replace it); the term goes when the sum is within epsilon of zero.
    func addVariable(_ v: CassowaryVariable, _ coefficient: Double, to e: CassowaryExpression) {
        let existing = e.isTerm(v) ? e.coefficient(v) : 0
        let updated = existing + coefficient
        if CassowaryExpression.isApproximatelyZero(updated) {
            e.removeVariable(v)
        } else {
            e.addVariable(v, updated)
        }
    }

    /// The solver's `-addExpression:multiplier:toExpression:`.
    func addExpression(_ source: CassowaryExpression, _ multiplier: Double, to e: CassowaryExpression) {
        e.constant = e.constant + multiplier * source.constant
        for v in source.variables { addVariable(v, multiplier * source.coefficient(v), to: e) }
    }

    /// `-addErrorVariable:strength:`: the error variable joins the objective at the constraint's weight.
    private func addErrorVariable(_ v: CassowaryVariable, weight: Double) {
        let z = tableau.objective
        tableau.addVariable(v, to: tableau.row(z)!, weight, subject: z)
    }

    /// `-tryAddingDirectly:`.
    func tryAddingDirectly(_ e: CassowaryExpression) throws(FrameworkException) -> Bool {
        guard let subject = chooseSubject(e) else { return false }
        _ = e.newSubject(subject)
        if tableau.hasColumn(subject) { tableau.substituteOut(subject, e) }
        tableau.addRow(subject, e)
        return true
    }

    /// `-chooseSubject:`: the first unrestricted variable (or, after one, the first unrestricted one
    /// not yet in a column), else a new restricted non-dummy variable with a negative coefficient, else
    /// — when every term is a dummy and the constant is zero — a dummy not yet in a column.
    func chooseSubject(_ e: CassowaryExpression) -> CassowaryVariable? {
        var subject: CassowaryVariable?
        var foundUnrestricted = false
        var foundNewRestricted = false
        let z = tableau.objective
        for v in e.variables {
            let c = e.coefficient(v)
            if foundUnrestricted {
                if !v.isRestricted && !tableau.hasColumn(v) { return v }
            } else if v.isRestricted {
                if !foundNewRestricted && !v.isDummy && c < 0 {
                    let column = tableau.column(v)
                    if column == nil || column!.count == 0 || (column!.count == 1 && column!.contains(z)) {
                        subject = v
                        foundNewRestricted = true
                    }
                }
            } else {
                subject = v
                foundUnrestricted = true
            }
        }
        if subject != nil { return subject }
        var coefficient = 0.0
        for v in e.variables {
            if !v.isDummy { return nil }
            if !tableau.hasColumn(v) {
                subject = v
                coefficient = e.coefficient(v)
            }
        }
        if !CassowaryExpression.isApproximatelyZero(e.constant) { return nil }
        if coefficient > 0 { e.normalize() }
        return subject
    }

    /// `-addWithArtificialVariable:`: minimizes an artificial objective equal to the expression; if it
    /// cannot reach zero the required constraints are unsatisfiable.
    func addWithArtificialVariable(_ e: CassowaryExpression) throws(FrameworkException) {
        let artificial = makeVariable(.slack, "a")
        let az = makeVariable(.objective, "az")
        tableau.addRow(az, e.copy())
        tableau.addRow(artificial, e)
        try optimize(az)
        if !CassowaryExpression.isApproximatelyZero(tableau.row(az)!.constant) {
            try tableau.removeRow(az)
            tableau.removeColumn(artificial)
            throw .unsatisfiable
        }
        if let r = tableau.row(artificial) {
            if r.isConstant {
                try tableau.removeRow(artificial)
                try tableau.removeRow(az)
                return
            }
            // GNUstep pivots on whatever -anyPivotableVariable gives; a row of dummies and engine
            // variables only would give nil, which GNUstep messages on: not met so far.
            guard let entry = r.anyPivotableVariable() else {
                throw .internalInconsistency("the emulation met an artificial row without a pivotable variable")
            }
            try tableau.pivot(entry: entry, exit: artificial)
        }
        try tableau.removeRow(az)
        tableau.removeColumn(artificial)
    }
}
