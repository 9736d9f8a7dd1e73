import ConstraintModel
import Solver
import Translation

/// Installing constraints in the engine's solver, and breaking them when they conflict.
///
/// Translated masks go in as one `ConstraintBatch` per translation: compiled straight into flat
/// arrays over the tree's variables and added in one solver call, with no `Constraint` object per
/// constraint (objects, hashing and allocation per constraint were most of building a
/// tree). The batch adds them in the same order with the same result, bit for bit, as adding them
/// one by one; a constraint the batch refuses goes through `install`, which breaks one of the
/// conflicting set, and the batch resumes after it. Hand-written and content-size constraints are
/// installed one by one.
extension AutoLayoutEngine {
    func strength(_ c: LayoutConstraint) -> Double {
        c.isRequired ? Strength.required : ladder.strength(c.priority)
    }

    /// Installs a hand-written or content-size constraint.
    func install(written c: LayoutConstraint) {
        written.append(c)
        install(.written(written.count - 1), view: nil)
    }

    /// Installs one constraint on its own (breaking one of a conflicting set until it goes in).
    func install(_ source: Source, view: Int?) {
        let c = layout(source, view: view)
        // A translated constraint relates view `view` to its superview, in the superview's coordinates.
        let compiled: Constraint
        variables.insets.beginRecording()
        if let view {
            let parent = tree.parentIndex[view]
            let superviewFirst = c.item1 != tree.views[view].id  // AppKit's `superview.width == view.maxX + R`
            let items: (Int?, Int?) = superviewFirst ? (parent, view) : (view, c.item2 == nil ? nil : parent)
            compiled = variables.compile(
                c, strength: strength(c), items: items, frame: .some(parent), frameSemantics: true)
        } else {
            compiled = variables.compile(c, strength: strength(c))
        }
        let refs = variables.insets.endRecording()
        // Inset variables a constraint reads must be edit variables before it is added.
        if !variables.insets.pending.isEmpty { registerInsetVariables(nil) }
        // A scroll view's content is never smaller than nothing.
        for v in variables.content.pending {
            for size in [variables.content.width[v]!, variables.content.height[v]!] {
                try! solver.addConstraint(
                    Constraint(Expression([Term(size, 1)], constant: 0), .greaterOrEqual, strength: Strength.required))
            }
        }
        variables.content.pending = []
        var current = compiled
        var isBroken = false
        while true {
            do {
                let handle = try solver.addConstraint(current)
                installed.append(
                    Installed(source: source, handle: handle, view: view, insetRefs: refs, isBroken: isBroken))
                reindex()
                return
            } catch SolverError.unsatisfiableConstraint(_, let conflicts) {
                // Only required members can be broken: one already broken is never chosen again (a
                // degenerate system once named one, and lowering it again changed nothing, for ever).
                let members = conflicts.compactMap(installedIndex).filter { !installed[$0].isBroken }
                let list = members.map { layout(of: installed[$0]) } + [c]
                let pick = choose(list)
                pendingConflicts.append(Conflict(broken: list[pick], conflicting: list))
                if pick == members.count {
                    current = lowered(current)
                    isBroken = true
                } else {
                    lower(installed: members[pick])
                }
            } catch {
                preconditionFailure("installing \(c.appleDescription): \(error)")
            }
        }
    }

    /// The member of a conflicting set to break (the new constraint last): the breaking rule's choice,
    /// or, breaking as Interface Builder's canvas does, its choice among what the canvas breaks first.
    func choose(_ list: [LayoutConstraint]) -> Int {
        if configuration.breaksAsCanvas, let pick = CanvasBreaking.choose(list, candidate: breakingCandidate) {
            return pick
        }
        return BreakingRule.choose(list.map(breakingCandidate)) ?? list.count - 1
    }

    /// Where an installed solver constraint (a conflict set's member) sits in `installed`.
    func installedIndex(_ c: Constraint) -> Int? {
        guard let h = solver.handle(of: c) else { return nil }
        if bySlotCache == nil {
            var index = [Int32](repeating: -1, count: 1 + Int(installed.map(\.handle.slot).max() ?? 0))
            for (k, e) in installed.enumerated() { index[Int(e.handle.slot)] = Int32(k) }
            bySlotCache = index
        }
        let slot = Int(h.slot)
        guard let index = bySlotCache, slot < index.count, index[slot] >= 0 else { return nil }
        return Int(index[slot])
    }

    /// Apple's engine lowers a broken constraint "to an internal value that is not required but that is
    /// higher priority than anything you can externally specify" (Cocoa Auto Layout Release Notes,
    /// OS X 10.7): above every level of the ladder, below the root's size and the margins.
    static let brokenStrength = 5e8

    /// A compiled constraint again at `brokenStrength`.
    func lowered(_ compiled: Constraint) -> Constraint {
        Constraint(compiled.expression, compiled.op, strength: Self.brokenStrength)
    }

    /// Lowers an installed constraint to `brokenStrength` (it stays installed).
    func lower(installed k: Int) {
        let entry = installed[k]
        let weaker = lowered(solver.constraint(entry.handle)!)
        try! solver.removeConstraint(entry.handle)
        installed[k].handle = try! solver.addConstraint(weaker)
        installed[k].isBroken = true
        reindex()
    }

    /// What `BreakingRule` reads of an installed or installing constraint: its owner is its items'
    /// nearest common ancestor (a layout guide's, its view's), the root at depth 0, and so are its
    /// items' depths; a leading pin ties `X.leading|left|top` to X's own superview (not a guide of it),
    /// multiplier 1.
    public func breakingCandidate(_ c: LayoutConstraint) -> BreakingRule.Candidate {
        let first = variables.item(c.item1)
        let second = c.item2.map(variables.item)
        let owner = second.map { variables.nearestCommonAncestor(first.view, $0.view) } ?? first.view
        let isLeadingPin =
            [.leading, .left, .top].contains(c.attr1) && c.attr2 == c.attr1 && c.multiplier == 1 && first.guide == nil
            && second.map { $0.guide == nil && $0.view == first.view.flatMap { tree.parentIndex[$0] } } == true
        let depth = { (view: Int?) in self.variables.chain(view).count - 1 }
        return BreakingRule.candidate(
            c, ownerDepth: depth(owner), itemDepths: (depth(first.view), second.map { depth($0.view) } ?? -1),
            isLeadingPin: isLeadingPin)
    }

    /// Translates every mask from the current frames and installs the constraints as one batch (views
    /// in tree order, x then y).
    func translateMasks() {
        // A new batch each time: the solver keeps the last one (to name its constraints on request).
        var batch = ConstraintBatch(block: variables.block, variables: variables.roots)
        batch.reserveCapacity(constraints: 4 * tree.views.count, terms: 12 * tree.views.count)
        // Entries go into `installed` as they are compiled, their handles filled in once added.
        let first = installed.count
        installed.reserveCapacity(first + 4 * tree.views.count)
        let policy = configuration.translation
        let views = tree.views
        let parents = tree.parentIndex
        let rootSize = tree.superviewSize
        // Views are read in place through the buffer (enumerating or subscripting the array copies each).
        views.withUnsafeBufferPointer { views in
            for view in views.indices where views[view].translatesMask {
                let parent = parents[view]
                let made = MaskTranslation.translate(
                    viewID: views[view].id, frame: views[view].frame, mask: views[view].mask,
                    superviewSize: parent.map { views[$0].frame.size } ?? rootSize, policy: policy)
                if !made.degenerate.isEmpty { pendingDegenerate += made.degenerate }
                translationForms[view] = made.forms
                append(made.x.0, view: view, into: &batch)
                append(made.x.1, view: view, into: &batch)
                append(made.y.0, view: view, into: &batch)
                append(made.y.1, view: view, into: &batch)
            }
        }
        var handles: [ConstraintHandle] = []
        handles.reserveCapacity(batch.count)
        var next = 0
        while next < batch.count {
            do {
                try solver.addConstraints(batch, from: next, into: &handles)
            } catch SolverError.unsatisfiableConstraint {
                // Handled below: the refused constraint goes through `install`, which breaks one.
            } catch {
                preconditionFailure("installing translated constraints: \(error)")
            }
            // `handles` ends where the batch stopped. The refused constraint's entry is made again by
            // `install` (after breaking one of its conflict), in its place: the entries after it are
            // set aside meanwhile, so none without a handle is in `installed` while it breaks.
            for k in next..<handles.count { installed[first + k].handle = handles[k] }
            next = handles.count
            if next < batch.count {
                let rest = Array(installed[(first + next)...])
                installed.removeSubrange((first + next)...)
                install(rest[0].source, view: rest[0].view)
                installed += rest.dropFirst()
                handles.append(.none)  // keeps `handles` aligned with the batch
                next += 1
            }
        }
        reindex()
    }

    /// A translated constraint into the batch, its entry into `installed` (handle filled in once
    /// added). A method taking the batch `inout`, not a local function capturing it: a captured
    /// variable is a dynamic exclusivity check on every use (2% of building a tree).
    private func append(_ c: MaskConstraint, view: Int, into batch: inout ConstraintBatch) {
        variables.compileMask(c, view: view, strength: Strength.required, into: &batch)  // all required
        installed.append(Installed(source: .translated(c), handle: .none, view: view))
    }

    /// `every-step`: swap the translated constraints for new ones made from the current frames. The
    /// hand-written constraints stay installed, so a conflict now blames the new translation.
    func retranslateMasks() {
        for entry in installed where entry.view != nil { try! solver.removeConstraint(entry.handle) }
        installed.removeAll { $0.view != nil }
        reindex()
        translateMasks()
    }

    func reindex() {
        unconstrainedCache = nil
        bySlotCache = nil
    }
}
