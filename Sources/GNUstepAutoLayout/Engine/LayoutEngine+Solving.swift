import Geometry
import Solver

/// Solver constraints made from layout constraints, the solve after each change, and the window's
/// content view pinned to its bounds.
extension LayoutEngine {
    /// `-solverConstraintForConstraint:`: `v1 OP constant`, or `v1 OP multiplier·v2 + constant`, at
    /// the priority's strength. GNUstep relates the two attributes' variables as they are: each holds
    /// a position in its own superview's coordinates (the frame `-layout` sets), so views in different
    /// superviews are compared as if they shared one (`Deviation.sharedCoordinates`). Apple evaluates
    /// a constraint in its items' nearest common ancestor: with the switch off, each position also
    /// gets its ancestors' origins up to that ancestor.
    func makeSolverConstraint(_ c: EngineConstraint) -> CassowaryConstraint {
        let v1 = variable(c.item1, c.attr1)
        let made: CassowaryConstraint
        if let item2 = c.item2, let attr2 = c.attr2 {
            let v2 = variable(item2, attr2)
            let rhs = CassowaryExpression(v2, c.multiplier, constant: c.constant, float32: float32)
            if !deviations.contains(.sharedCoordinates) {
                let frame = window.nearestCommonAncestor(c.item1, item2)
                for (o, sign) in offsets(item2, attr2, in: frame) { accumulate(o, c.multiplier * sign, rhs) }
                for (o, sign) in offsets(c.item1, c.attr1, in: frame) { accumulate(o, -sign, rhs) }
            }
            made = .make(v1, c.relation, rhs, float32: float32)
        } else {
            made = .make(v1, c.relation, constant: c.constant, float32: float32)
        }
        let s = strengths.weight(c.priority)
        made.weight = s.weight
        made.isRequired = s.required
        return made
    }

    private func accumulate(_ v: CassowaryVariable, _ k: Double, _ e: CassowaryExpression) {
        e.addVariable(v, e.coefficient(v) + k)
    }

    /// The origins to add to `item`'s `attr` (in its superview's coordinates) to read it in `frame`'s:
    /// each ancestor's below `frame`, or minus its own origin when `item` is `frame`. On Apple's
    /// mirrored axis (leading and trailing in right-to-left) they count negatively.
    private func offsets(_ item: Int, _ attr: EngineAttribute, in frame: Int?) -> [(CassowaryVariable, Double)] {
        guard !attr.isSize else { return [] }
        let origin: EngineAttribute = attr.isHorizontal ? .minX : .minY
        let mirrored =
            window.rightToLeft && !deviations.contains(.leadingIsLeft)
            && (attr == .leading || attr == .trailing)
        let sign = mirrored ? -1.0 : 1.0
        if item == frame { return [(variable(item, origin), -sign)] }
        var out: [(CassowaryVariable, Double)] = []
        var a = window.views[item].parent
        while let ancestor = a, ancestor != frame {
            out.append((variable(ancestor, origin), sign))
            a = window.views[ancestor].parent
        }
        return out
    }

    // MARK: Alignment rectangles

    /// `-updateAlignmentRectsForTrackedViews`: solves, records every tracked view's rectangle, and
    /// marks the superview of each one that changed as needing layout. A view whose last rectangle was
    /// not empty always counts as changed (GNUstep's `isExistingAlignmentRect` test is inverted).
    func updateAlignmentRects() throws(FrameworkException) {
        solver.setExternalVariables()
        var changed: [Int] = []
        for view in trackedViews {
            guard let rect = solvedRect(view) else { continue }
            let existing = alignmentRects[view] ?? .zero
            let wasEmpty = !(existing.width > 0 && existing.height > 0)  // NSIsEmptyRect: NaN is empty
            alignmentRects[view] = rect
            if !wasEmpty || !Self.equal(rect, existing) { changed.append(view) }
        }
        for view in changed { window.setNeedsLayout(superviewOf: view) }
    }

    /// `NSEqualRects`: exact, so NaN never equals.
    static func equal(_ a: Rect, _ b: Rect) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
    }

    /// The view's rectangle in the solution, or nil when a variable of its frame is missing from it
    /// (`-solverCanSolveAlignmentRectForView:solution:`).
    func solvedRect(_ view: Int) -> Rect? {
        guard let x = existingVariable(view, .minX).flatMap(solver.solution),
            let y = existingVariable(view, .minY).flatMap(solver.solution),
            let w = existingVariable(view, .width).flatMap(solver.solution),
            let h = existingVariable(view, .height).flatMap(solver.solution)
        else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// `-alignmentRectForView:`: the solution's rectangle, or the zero rectangle for a view the engine
    /// does not track.
    func alignmentRect(_ view: Int) -> Rect? {
        solver.setExternalVariables()
        return solvedRect(view)
    }

    // MARK: The content view

    /// `-pinContentView:`: the content view's left and bottom edges at its bounds' origin (Apple's
    /// engine pins it too; with `Deviation.yUp` off the pinned edge is the top, which is then minY),
    /// its width and height at its bounds' size, kept to update.
    func pin(contentView view: Int, size: Size) throws(FrameworkException) {
        contentView = view
        let left = EngineConstraint(view, .left, constant: 0)
        let bottom = EngineConstraint(view, deviations.contains(.yUp) ? .bottom : .top, constant: 0)
        let width = EngineConstraint(view, .width, constant: size.width)
        let height = EngineConstraint(view, .height, constant: size.height)
        setContentConstraints(width, height)
        for c in [left, bottom, width, height] { try add(c) }
    }

    /// `-updateContentViewSize`: each of width and height whose constant is not the bounds' any more
    /// is set and updated (removed and added again). True when either changed.
    func updateContentViewSize(_ size: Size) throws(FrameworkException) -> Bool {
        var changed = false
        if let w = contentWidth, w.constant != size.width {
            w.constant = size.width
            try update(w)
            changed = true
        }
        if let h = contentHeight, h.constant != size.height {
            h.constant = size.height
            try update(h)
            changed = true
        }
        return changed
    }
}

/// How priorities become the solver's strengths. GNUstep gives a constraint its priority as a weight
/// and requires it when the weight is 1000 (`GSCSStrength`), so priorities add up
/// (`Deviation.priorityWeights`); Apple orders them strictly, which the emulation gives, as the lab's
/// Auto Layout does, with a ladder of weights far apart (`PriorityLadder`).
struct Strengths {
    let ladder: PriorityLadder?

    init(weights: Bool, priorities: [Double]) {
        ladder =
            weights
            ? nil
            : PriorityLadder(
                priorities: priorities + [CassowaryConstraint.strongStrength],
                lowest: 100, highest: 1e8)
    }

    func weight(_ priority: Double) -> (weight: Double, required: Bool) {
        guard let ladder else { return (priority, CassowaryConstraint.isRequiredStrength(priority)) }
        return priority >= 1000 ? (CassowaryConstraint.requiredStrength, true) : (ladder.strength(priority), false)
    }

    /// The strength of a constraint Apple's rule broke: "not required but higher priority than
    /// anything you can externally specify" (Cocoa Auto Layout Release Notes).
    var broken: Double { ladder == nil ? 1e6 : 5e8 }
}
