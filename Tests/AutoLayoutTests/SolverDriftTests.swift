import ConstraintModel
import Geometry
import Testing
import Translation
import ViewTree

@testable import AutoLayout
@testable import Solver

/// `AutoLayoutEngine.solverDrift`, the check behind `layoutlab sweep --verify-solver`: a sound engine
/// agrees with a fresh solve at every step; one whose solver is deliberately moved to a wrong vertex
/// does not, and the check names the views moved.
@Suite struct SolverDriftTests {
    /// Two views, the second placed after the first by a hand-written constraint, the first by its mask.
    static func engine(
        timing: TranslationTiming,
        width: [LayoutConstraint] = [LayoutConstraint("b", .width, .equal, nil, nil, constant: 50)]
    ) throws -> AutoLayoutEngine {
        let tree = try ViewTree(
            superviewSize: Size(width: 320, height: 480),
            views: [
                View(
                    id: "a", frame: Rect(x: 10, y: 10, width: 100, height: 40),
                    mask: [.flexibleWidth, .flexibleBottomMargin]),
                View(id: "b", frame: Rect(x: 120, y: 10, width: 50, height: 40), mask: [], translatesMask: false),
            ])
        let constraints =
            [
                LayoutConstraint("b", .leading, .equal, "a", .trailing, constant: 8),
                LayoutConstraint("b", .top, .equal, "a", .top),
                LayoutConstraint("b", .height, .equal, "a", .height),
            ] + width
        return AutoLayoutEngine(
            tree: tree, constraints: constraints,
            configuration: AutoLayoutConfiguration(translation: .modern, timing: timing))
    }

    @Test(arguments: [TranslationTiming.once, .everyStep])
    func aSoundEngineAgreesWithAFreshSolveAtEveryStep(timing: TranslationTiming) throws {
        let e = try Self.engine(timing: timing)
        for (k, w) in [320.0, 200, 0, 50, 500, 321.5, 1].enumerated() {
            _ = e.resize(to: Size(width: w, height: 480 - Double(k) * 30))
            #expect(e.solverDrift().isEmpty, "step \(k) at width \(w): \(e.solverDrift())")
        }
    }

    @Test func aPerturbedSolverIsCaught() throws {
        // b's width wants 50 (priority 250) but may not pass 40: the optimum is a choice of vertex.
        let e = try Self.engine(
            timing: .once,
            width: [
                LayoutConstraint("b", .width, .equal, nil, nil, constant: 50, priority: 250),
                LayoutConstraint("b", .width, .lessThanOrEqual, nil, nil, constant: 40),
            ])
        _ = e.resize(to: Size(width: 300, height: 400))
        #expect(e.solverDrift().isEmpty)
        // Move the solver to another vertex, as a wrong decision of a drifting solver would: a pivot on a
        // row with room (constant > 1) whose entering symbol a definition names, so a variable moves. The
        // values' refinement (`refineValues`) corrects rounding in rows, not a wrong basis.
        let core = e.solver.core
        let pivot = try #require(
            core.rows.indices.lazy.compactMap { r -> (Int32, Int32)? in
                let row = core.rows[r]
                guard row.basic >= 0 && core.kinds[Int(row.basic)] != .external && row.constant > 1 else { return nil }
                for k in 0..<Int(row.count) {
                    let s = core.pool[Int(row.start) + k].sym
                    let named = (0..<core.cols.count(Int(s))).contains { core.isDefinition(core.cols[Int(s), $0].row) }
                    if core.kinds[Int(s)] != .dummy && named { return (Int32(r), s) }
                }
                return nil
            }.first)
        e.solver.core.pivot(pivot.0, entering: pivot.1)
        e.solver.core.programDirty = true
        let drift = e.solverDrift()
        #expect(!drift.isEmpty)
        for d in drift {
            #expect(d.incremental.maxEdgeDifference(to: d.fresh) > 1e-6, "\(d)")
        }
    }
}
