import ConstraintModel
import Geometry
import Margins
import Solver
import Translation
import ViewTree

// The superview's size: two edit variables, and the recovery when required constraints refuse it.

extension AutoLayoutEngine {

    func suggest(_ size: Size) {
        try! solver.suggestValue(variables.rootWidth, size.width)
        try! solver.suggestValue(variables.rootHeight, size.height)
    }

    func rootTakes(_ size: Size) -> Bool {
        abs(variables.rootWidth.value - size.width) <= 1e-6 && abs(variables.rootHeight.value - size.height) <= 1e-6
    }

    /// The requested superview size contradicts required constraints (in UIKit the window holds its
    /// root view's size with required constraints of its own): find the conflicting set by requiring
    /// the size, lower the member `BreakingRule` picks, and try again.
    func recoverRootSize(_ size: Size) {
        let probes = [variables.rootWidth == size.width, variables.rootHeight == size.height]
        for probe in probes {
            while true {
                do {
                    try solver.addConstraint(probe)
                    try! solver.removeConstraint(probe)
                    break
                } catch SolverError.unsatisfiableConstraint(_, let conflicts) {
                    let members = conflicts.compactMap(installedIndex).filter { !installed[$0].isBroken }
                    guard !members.isEmpty else { break }
                    let list = members.map { layout(of: installed[$0]) }
                    let pick = BreakingRule.choose(list.map(breakingCandidate)) ?? 0
                    pendingConflicts.append(Conflict(broken: list[pick], conflicting: list))
                    lower(installed: members[pick])
                } catch {
                    preconditionFailure("probing the superview size: \(error)")
                }
            }
        }
        solver.updateVariables()
    }
}
