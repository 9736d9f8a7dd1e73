// What `infeasible` holds between operations.

extension SolverCore {
    /// Keeps in `infeasible` only restricted symbols whose simplex row is negative beyond rounding
    /// (run as every add, removal and suggestion ends). Between operations an entry must name a
    /// simplex row: symbol ids are reused for any kind, so a stale one could come back as a variable
    /// whose definition row the dual simplex would then pivot, and the definition order would name a
    /// variable that is no longer basic.
    @usableFromInline
    mutating func pruneInfeasible() {
        guard !infeasible.isEmpty else { return }
        var kept = 0
        for i in 0..<infeasible.count {
            let s = infeasible[i]
            let r = rowOf[Int(s)]
            guard r >= 0, kinds[Int(s)] != .external, !isDefinition(r), rows[Int(r)].constant < 0,
                !nearZero(rows[Int(r)].constant)
            else { continue }
            infeasible[kept] = s
            kept += 1
        }
        infeasible.removeLast(infeasible.count - kept)
    }
}
