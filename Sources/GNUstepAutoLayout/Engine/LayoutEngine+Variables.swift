import Geometry

/// The engine's variables and the internal constraints that tie each one to a view's frame.
extension LayoutEngine {
    /// `-variableForView:andAttribute:` (and `…andViewAttribute:`): made on first use, registering the
    /// view as tracked (`-registerView:`) the first time any of its variables is named.
    func variable(_ view: Int, _ key: EngineVariableKey) -> CassowaryVariable {
        if let v = variables(of: view)[key] { return v }
        if !isTracked(view) { track(view) }
        let v = solver.makeVariable(.external, "view\(view).\(key)")
        setVariable(v, view, key)
        return v
    }

    func existingVariable(_ view: Int, _ attr: EngineAttribute) -> CassowaryVariable? {
        variables(of: view)[.attribute(attr)]
    }

    func variable(_ view: Int, _ attr: EngineAttribute) -> CassowaryVariable { variable(view, .attribute(attr)) }

    /// `-addSupportingInternalConstraintsToView:forAttribute:constraint:`: a view's width and height
    /// (and intrinsic size) constraints with the first constraint that names it, then the constraint
    /// tying the named attribute's variable to the view's `minX`, `maxX`, `minY` or `maxY` — once per
    /// constraint that names it, so an attribute named twice is tied twice.
    func addSupportingConstraints(
        _ view: Int, _ attr: EngineAttribute, for s: CassowaryConstraint
    )
        throws(FrameworkException)
    {
        if internalConstraints(of: view) == nil {
            try addInternal(widthConstraint(view, .width, .minX, .maxX), view)
            try addInternal(widthConstraint(view, .height, .minY, .maxY), view)
            try addIntrinsicSizeConstraints(view)
        }
        let rtl = window.rightToLeft && !deviations.contains(.leadingIsLeft)
        let yUp = deviations.contains(.yUp)
        let tie: CassowaryConstraint
        switch attr {
        case .trailing where rtl: tie = mirrored(view, .trailing, .minX)
        case .leading where rtl: tie = mirrored(view, .leading, .maxX)
        case .trailing:  // `-addInternalTrailingConstraintForView:` names trailing before maxX
            let t = variable(view, .trailing)
            tie = equal(variable(view, .maxX), t)
        case .leading: tie = equal(variable(view, .minX), variable(view, .leading))
        case .left: tie = equal(variable(view, .minX), variable(view, .left))
        case .right: tie = equal(variable(view, .maxX), variable(view, .right))
        case .top: tie = equal(variable(view, yUp ? .maxY : .minY), variable(view, .top))
        case .bottom: tie = equal(variable(view, yUp ? .minY : .maxY), variable(view, .bottom))
        case .centerX: tie = centre(view, .centerX, .width, .minX)
        case .centerY: tie = centre(view, .centerY, .height, .minY)
        default: return
        }
        try addSupporting(tie, for: s)
    }

    private func equal(_ a: CassowaryVariable, _ b: CassowaryVariable) -> CassowaryConstraint {
        .make(a, .equal, b, float32: float32)
    }

    /// `width == maxX − minX` (`-addInternalWidthConstraintForView:`; height likewise).
    private func widthConstraint(
        _ view: Int, _ size: EngineAttribute, _ min: EngineAttribute,
        _ max: EngineAttribute
    ) -> CassowaryConstraint {
        let w = variable(view, size)
        let lo = variable(view, min)
        let hi = variable(view, max)
        let e = CassowaryExpression(hi, float32: float32)
        e.addVariable(lo, -1)
        return .make(w, .equal, e, float32: float32)
    }

    /// `centerX == minX + 0.5·width` (`-addInternalCenterXConstraintsForView:`).
    private func centre(
        _ view: Int, _ centre: EngineAttribute, _ size: EngineAttribute, _ min: EngineAttribute
    )
        -> CassowaryConstraint
    {
        let c = variable(view, centre)
        let s = variable(view, size)
        let lo = variable(view, min)
        let e = CassowaryExpression(lo, float32: float32)
        e.addVariable(s, 0.5)
        return .make(c, .equal, e, float32: float32)
    }

    /// Apple's leading and trailing in right-to-left: positions on a mirrored axis,
    /// `leading == −maxX`, `trailing == −minX` (GNUstep has no such case).
    private func mirrored(_ view: Int, _ attr: EngineAttribute, _ edge: EngineAttribute) -> CassowaryConstraint {
        let a = variable(view, attr)
        return .make(a, .equal, CassowaryExpression(variable(view, edge), -1, float32: float32), float32: float32)
    }

    /// `-addInternalSolverConstraint:forView:`.
    func addInternal(_ c: CassowaryConstraint, _ view: Int) throws(FrameworkException) {
        try addSolverConstraint(c)
        appendInternal(c, view)
    }

    /// `-addSupportingSolverConstraint:forSolverConstraint:`.
    private func addSupporting(_ c: CassowaryConstraint, for s: CassowaryConstraint) throws(FrameworkException) {
        try addSolverConstraint(c)
        appendSupporting(c, for: s)
    }

    /// `-addIntrinsicContentSizeConstraintsToView:`. GNUstep holds the intrinsic length in a variable
    /// with an edit constraint of strength strong (750) and relates the size to that variable, so a
    /// hugging or compression resistance above 750 acts as 750; Apple's content-size constraints
    /// relate the size to the intrinsic length itself.
    private func addIntrinsicSizeConstraints(_ view: Int) throws(FrameworkException) {
        let v = window.views[view]
        for horizontal in [true, false] {
            guard let length = horizontal ? v.intrinsic.width : v.intrinsic.height, length != -1 else { continue }
            let size = variable(view, horizontal ? .width : .height)
            let hugging = strengths.weight(horizontal ? v.hugging.horizontal : v.hugging.vertical)
            let compression = strengths.weight(horizontal ? v.compression.horizontal : v.compression.vertical)
            let hug: CassowaryConstraint
            let resist: CassowaryConstraint
            if deviations.contains(.contentCap) {
                let intrinsic = variable(view, horizontal ? .intrinsicWidth : .intrinsicHeight)
                let strong = strengths.weight(CassowaryConstraint.strongStrength)
                try addInternal(
                    .edit(intrinsic, weight: strong.weight, required: strong.required, float32: float32), view)
                try call(.suggest(intrinsic, length))  // -resolveVariableForView:attribute:
                try updateAlignmentRects()
                hug = .make(size, .lessOrEqual, intrinsic, float32: float32)
                resist = .make(size, .greaterOrEqual, intrinsic, float32: float32)
            } else {
                hug = .make(size, .lessOrEqual, constant: length, float32: float32)
                resist = .make(size, .greaterOrEqual, constant: length, float32: float32)
            }
            hug.weight = hugging.weight
            hug.isRequired = hugging.required
            try addInternal(hug, view)
            resist.weight = compression.weight
            resist.isRequired = compression.required
            try addInternal(resist, view)
        }
    }
}
