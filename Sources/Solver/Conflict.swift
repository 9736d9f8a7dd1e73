extension SolverCore {
    /// Reduce a conflict set by deletion filtering (each member is dropped if the rest still
    /// contradicts `constraint`), using fresh solvers that do not minimize again. See
    /// `Solver.addConstraint` for the guarantee.
    @usableFromInline
    func minimize(_ constraint: Constraint, _ found: [Constraint]) -> [Constraint] {
        // Distinct members in the order they were added (marker ids grow with addition order).
        var seen = Set<ObjectIdentifier>()
        var set: [(SymbolID, Constraint)] = []
        for c in found where seen.insert(ObjectIdentifier(c)).inserted {
            set.append((slot(of: c).map { records[Int($0)].tag.marker } ?? .max, c))
        }
        set.sort { $0.0 < $1.0 }
        var members = set.map(\.1)
        guard minimizesConflicts, members.count <= 64 else { return members }
        func contradicts(_ cs: [Constraint]) -> Bool {
            var core = SolverCore()
            core.minimizesConflicts = false
            do {
                for c in cs { try core.addConstraint(c) }
                try core.addConstraint(constraint)
            } catch {
                if case .unsatisfiableConstraint = error { return true }
                return false
            }
            return false
        }
        guard contradicts(members) else { return members }
        var i = 0
        while i < members.count {
            var trial = members
            trial.remove(at: i)
            if contradicts(trial) { members = trial } else { i += 1 }
        }
        return members
    }
}
