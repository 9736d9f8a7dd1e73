import Geometry
import Solver

/// A view whose frame in the engine's incremental solution differs from a fresh solve of the same
/// constraints (`AutoLayoutEngine.solverDrift`): the solver's history left something behind.
public struct SolverDrift: Hashable, Sendable {
    public var view: Int
    /// The frame the engine laid out (unrounded), and the frame a fresh solve gives (parent coordinates).
    public var incremental: Rect
    public var fresh: Rect
}

extension AutoLayoutEngine {
    /// The views whose unrounded frames differ by more than `tolerance` points on any edge between the
    /// solver's current solution and a fresh solver fed the constraints installed now, in the order
    /// they were installed, with the superview's size and the insets at their current suggestions
    /// (`Solver.compareWithFreshSolve`). A view whose variables either solve finds ambiguous is not
    /// compared (another optimum gives it another frame, as right as this one). Cost: one build of the
    /// tree's system.
    ///
    /// This is a check of the lab against itself, for `layoutlab sweep --verify-solver`: `every-step`
    /// timing against `once` is not one (the two differ by design, `every-step` translating the masks
    /// again from the current frames), but each against its own fresh solve is.
    public func solverDrift(tolerance: Double = 1e-9) -> [SolverDrift] {
        let comparison = solver.compareWithFreshSolve(tolerance: 0)
        var values: [Double] = []
        solver.values(of: variables.block, into: &values)
        var fresh = values
        var touched = Set<Int>()
        for d in comparison.drifted {
            guard let k = solver.index(of: d.variable, in: variables.block) else { continue }
            fresh[k] = d.fresh
            touched.insert(k / 4)
        }
        guard !touched.isEmpty else { return [] }
        let a = tree.relativeFrames(absolute: absoluteFrames(values: values))
        let b = tree.relativeFrames(absolute: absoluteFrames(values: fresh))
        return touched.sorted().compactMap { i in
            a[i].maxEdgeDifference(to: b[i]) > tolerance ? SolverDrift(view: i, incremental: a[i], fresh: b[i]) : nil
        }
    }

    /// Every view's frame in the root's coordinates from its four values (x, y, width, height per view).
    func absoluteFrames(values: [Double]) -> [Rect] {
        tree.views.indices.map { i in
            let rect = Rect(x: values[4 * i], y: values[4 * i + 1], width: values[4 * i + 2], height: values[4 * i + 3])
            return variables.hasAlignmentInsets ? tree.views[i].frame(forAlignmentRect: rect) : rect
        }
    }
}
