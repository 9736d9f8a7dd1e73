@testable import AutoLayout
import ConstraintModel
import Geometry
@testable import Solver
import Testing
import Translation
import ViewTree

/// `AutoLayoutEngine.solverDrift`, the check behind `layoutlab sweep --verify-solver`: a sound engine
/// agrees with a fresh solve at every step; one whose solver is deliberately knocked off by a point
/// does not, and the check names the views moved.
@Suite struct SolverDriftTests {
    /// Two views, the second placed after the first by a hand-written constraint, the first by its mask.
    static func engine(timing: TranslationTiming) throws -> AutoLayoutEngine {
        let tree = try ViewTree(
            superviewSize: Size(width: 320, height: 480),
            views: [
                View(id: "a", frame: Rect(x: 10, y: 10, width: 100, height: 40), mask: [.flexibleWidth, .flexibleBottomMargin]),
                View(id: "b", frame: Rect(x: 120, y: 10, width: 50, height: 40), mask: [], translatesMask: false),
            ])
        let constraints = [
            LayoutConstraint("b", .leading, .equal, "a", .trailing, constant: 8),
            LayoutConstraint("b", .top, .equal, "a", .top),
            LayoutConstraint("b", .width, .equal, nil, nil, constant: 50),
            LayoutConstraint("b", .height, .equal, "a", .height),
        ]
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
        let e = try Self.engine(timing: .once)
        _ = e.resize(to: Size(width: 300, height: 400))
        #expect(e.solverDrift().isEmpty)
        // Knock one definition's constant off by a point, as a drifting solver would.
        let core = e.solver.core
        let r = try #require(core.rows.indices.first { core.rows[$0].basic >= 0 && core.kinds[Int(core.rows[$0].basic)] == .external })
        e.solver.core.rows[r].constant += 1
        e.solver.core.programDirty = true
        let drift = e.solverDrift()
        #expect(!drift.isEmpty)
        for d in drift {
            #expect(d.incremental.maxEdgeDifference(to: d.fresh) >= 1 - 1e-9, "\(d)")
        }
    }
}
