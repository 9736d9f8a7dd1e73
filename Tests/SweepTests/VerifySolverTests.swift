import Foundation
import Sweep
import TestSupport
import Testing

/// `verify_solver` (`layoutlab sweep --verify-solver`): every Auto Layout step of the curated
/// experiment checked against a fresh solve records no `solver-drift`, and changes nothing else.
@Suite struct VerifySolverTests {
    static let experiment = RepositoryFiles.path("experiments/solver-drift.yaml")

    @Test func theCuratedExperimentAsksForTheCheck() throws {
        let spec = try SpecReader.read(path: Self.experiment)
        #expect(spec.verifySolver)
        #expect(SweepPlan(spec).verifySolver)
    }

    @Test func aSweepOfTheCuratedExperimentHasNoSolverDriftAndOtherwiseTheSameRows() throws {
        let spec = try SpecReader.read(path: Self.experiment)
        var checked = SweepPlan(spec)
        var unchecked = SweepPlan(spec)
        unchecked.verifySolver = false
        // Every twelfth unit (the debug build is slow): all kinds of source, sequence and comparison.
        var drift = 0
        var steps = 0
        for unit in stride(from: 0, to: checked.unitCount, by: 12) {
            checked.verifySolver = true
            let a = checked.run(unit)
            let b = unchecked.run(unit)
            drift += a.divergences.filter { $0.causes.contains(.solverDrift) }.count
            steps += a.sizes.count
            #expect(a.divergences.filter { !$0.causes.contains(.solverDrift) } == b.divergences, "unit \(unit)")
        }
        print("verify-solver: \(steps) steps of \(checked.unitCount / 4) units checked, \(drift) solver-drift")
        #expect(drift == 0)
        #expect(steps > 1500)
    }

    @Test func verifySolverMustBeABoolean() {
        let text =
            "seed: 1\nverify_solver: maybe\nscenarios:\n  - grid: {superview: [100, 100], masks: [0], origins: [0], sizes: [10]}\n"
            + "sequences:\n  - sizes: [[50, 50]]\ncomparisons:\n  - {a: springs/documented, b: autolayout/modern/once}\n"
        #expect(throws: SpecError.self) { try SpecReader.read(text: text, file: "v.yaml") }
        do { _ = try SpecReader.read(text: text, file: "v.yaml") } catch {
            #expect(error.description == "v.yaml:2:16: verify_solver must be true or false")
        }
    }
}
