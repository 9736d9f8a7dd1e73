import Foundation
import Geometry
import Scenario
import Store
import Sweep
import Testing

/// Runs against a real SQLite file in a temporary directory.
@Suite("Sweep runs into results.db")
struct RunTests {
    static let spec = """
        name: small
        seed: 11
        scenarios:
          - generate: {count: 30, views: [2, 8], depth: 3, fanout: 3, masks: all}
        sequences:
          - through_zero: {steps: 4, axis: width}
          - random_walk: {steps: 6, max_step: 80, axis: both}
        comparisons:
          - {a: springs/documented, b: autolayout/modern/once}
          - {a: springs/gnustep-0.29, b: springs/appkit, scale: 2}
        """

    func temporaryDB() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("results.db").path
    }

    func contents(_ path: String) throws -> [[SQLValue]] { try storedDivergenceRows(path) }

    func sweep(
        _ path: String, jobs: Int, resume: Bool = false, stopAfter: Int? = nil
    ) throws -> ResultsStore.SessionOutcome {
        let plan = SweepPlan(try SpecReader.read(text: Self.spec, file: "small.yaml"))
        let store = try ResultsStore(path: path)
        let delivered = Locked(0)
        return try store.runSession(
            plan, jobs: jobs, resume: resume, codeVersion: "test",
            shouldStop: { stopAfter.map { delivered.load() >= $0 } ?? false },
            progress: { _, _ in delivered.update { $0 += 1 } })
    }

    @Test func sameSeedSameRowsWhateverTheJobs() throws {
        let one = temporaryDB()
        let two = temporaryDB()
        let a = try sweep(one, jobs: 1)
        let b = try sweep(two, jobs: 2)
        #expect(a.completed && b.completed)
        let rows = try contents(one)
        #expect(rows.count > 50)  // the experiment does diverge
        #expect(rows == (try contents(two)))
        // Same order of insertion too: ids follow unit order.
        let ids = try Database(path: two, readOnly: true).query(
            "SELECT u.unit_index FROM divergences d JOIN units u ON u.id = d.unit_id ORDER BY d.id"
        ).rows
        #expect(
            ids == ids.sorted { if case .integer(let x) = $0[0], case .integer(let y) = $1[0] { x < y } else { false } }
        )
    }

    @Test func resumeFinishesAnInterruptedRunWithoutDuplicates() throws {
        let path = temporaryDB()
        let first = try sweep(path, jobs: 2, stopAfter: 25)
        #expect(!first.completed)
        #expect(first.unitsDone >= 25 && first.unitsDone < 120)
        let db = try Database(path: path, readOnly: true)
        #expect(try db.query("SELECT status FROM runs").rows == [[.text("interrupted")]])

        let second = try sweep(path, jobs: 2, resume: true)
        #expect(second.completed)
        #expect(second.runID == first.runID)
        #expect(second.unitsThisSession == 120 - first.unitsDone)
        #expect(try db.query("SELECT status, units_total FROM runs").rows == [[.text("completed"), .integer(120)]])
        #expect(
            try db.query("SELECT COUNT(*), COUNT(DISTINCT unit_index) FROM units").rows == [
                [.integer(120), .integer(120)]
            ])

        let fresh = temporaryDB()
        _ = try sweep(fresh, jobs: 1)
        #expect(try contents(path) == contents(fresh))
    }

    /// `--resume` is idempotent: with no run it starts one, on a complete run it does nothing.
    @Test func resumeStartsOrDoesNothing() throws {
        let path = temporaryDB()
        let started = try sweep(path, jobs: 1, resume: true)
        #expect(started.completed && !started.alreadyComplete && started.unitsThisSession == 120)
        let before = try contents(path)
        let again = try sweep(path, jobs: 1, resume: true)
        #expect(
            again.alreadyComplete && again.runID == started.runID && again.unitsThisSession == 0
                && again.unitsDone == 120)
        let db = try Database(path: path, readOnly: true)
        #expect(try db.query("SELECT count(*) FROM runs").rows == [[.integer(1)]])
        #expect(try contents(path) == before)
        let fresh = temporaryDB()
        _ = try sweep(fresh, jobs: 2)
        #expect(before == (try contents(fresh)))
    }

    /// The summary views answer the first questions.
    @Test func summaryViewsAddUp() throws {
        let path = temporaryDB()
        let outcome = try sweep(path, jobs: 2)
        let db = try Database(path: path, readOnly: true)
        let total = try db.query("SELECT COUNT(*) FROM divergences").rows[0][0]
        let byComparison = try db.query(
            "SELECT SUM(divergences) FROM summary_by_comparison WHERE run_id = ?", [.integer(outcome.runID)]
        ).rows[0][0]
        #expect(total == byComparison)
        let viewSteps = try db.query("SELECT SUM(view_steps) FROM summary_by_comparison").rows[0][0]
        #expect(viewSteps == .integer(Int64(outcome.viewSteps)))
        // Every divergence has at least one cause row ('unexplained' counts as one).
        let withCause = try db.query(
            "SELECT COUNT(DISTINCT divergence_id) FROM divergence_causes WHERE run_id = ?", [.integer(outcome.runID)]
        ).rows[0][0]
        #expect(withCause == total)
    }
}

/// `layoutlab replay` recomputes a stored divergence from what the database holds; the recomputed
/// frames must be the stored ones.
@Suite("Replay")
struct ReplayTests {
    @Test func storedDivergencesReplayExactly() throws {
        let path = RunTests().temporaryDB()
        _ = try RunTests().sweep(path, jobs: 2)
        let db = try Database(path: path, readOnly: true)
        let rows = try db.query(
            """
            SELECT d.step_index, d.view_id, s.scenario_json, u.sizes_json, c.a, c.b, c.scale, c.tolerance,
                   d.a_x, d.a_y, d.a_width, d.a_height, d.b_x, d.b_y, d.b_width, d.b_height
            FROM divergences d JOIN units u ON u.id = d.unit_id
            JOIN scenarios s ON s.run_id = u.run_id AND s.scenario_index = u.scenario_index
            JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            WHERE d.id % 7 = 0 LIMIT 40
            """
        ).rows
        #expect(rows.count == 40)
        func text(_ v: SQLValue) -> String { if case .text(let s) = v { s } else { "" } }
        func real(_ v: SQLValue) -> Double {
            if case .real(let d) = v { d } else if case .integer(let i) = v { Double(i) } else { .nan }
        }
        for r in rows {
            guard case .integer(let step) = r[0] else { continue }
            let scenario = try Scenario(json: text(r[2]))
            let sizes = try #require(UnitResult.sizes(fromJSON: text(r[3])))
            let scale: Int? = if case .integer(let s) = r[6] { Int(s) } else { nil }
            let comparison = Comparison(
                a: BackendConfiguration(text(r[4]))!, b: BackendConfiguration(text(r[5]))!, scale: scale,
                tolerance: real(r[7]))
            let frames = try UnitRunner.replay(
                scenario, steps: sizes.map { SweepStep(size: $0) }, comparison: comparison,
                step: Int(step))
            let i = try #require(scenario.tree.index(of: text(r[1])))
            let a = Rect(x: real(r[8]), y: real(r[9]), width: real(r[10]), height: real(r[11]))
            let b = Rect(x: real(r[12]), y: real(r[13]), width: real(r[14]), height: real(r[15]))
            #expect(
                frames.a[i].maxEdgeDifference(to: a) == 0 && frames.b[i].maxEdgeDifference(to: b) == 0,
                "\(text(r[1])) step \(step): replay \(frames.a[i]) / \(frames.b[i]), stored \(a) / \(b)")
        }
    }
}

@Suite("Runner")
struct RunnerTests {
    /// A delivery that fails ends the run: the error comes back and nothing more is delivered (the
    /// workers are told to stop taking units).
    @Test func aFailingDeliveryStopsTheWorkers() throws {
        struct WriteFailed: Error {}
        let plan = SweepPlan(try SpecReader.read(text: RunTests.spec, file: "small.yaml"))
        var delivered = 0
        #expect(throws: WriteFailed.self) {
            try SweepRunner.run(plan, jobs: 2, shouldStop: { false }) { _ in
                delivered += 1
                if delivered == 3 { throw WriteFailed() }
            }
        }
        #expect(delivered == 3)
    }
}
