import Foundation
import Geometry
import Scenario
import Store
import Sweep
import Testing
import ViewTree

/// External engines (docs/external-engines.md): the three ways an engine can fail are three clear
/// errors naming the engine (and, in a sweep, the unit); `on_error` decides whether the sweep goes on;
/// and the live GNUstep engine agrees with `springs/gnustep-0.29` everywhere.
@Suite("External engines")
struct ExternalEngineTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let misbehaving = repo.appendingPathComponent("Tests/SweepTests/Fixtures/misbehaving-engine.sh").path

    static let scenario = try! Scenario(
        json: """
            {"superview": {"width": 100, "height": 100},
             "views": [{"id": "v1", "frame": [10, 10, 30, 30], "mask": ["flexibleWidth"]}]}
            """)

    /// The engine's failure in `mode`. The timeout is wide except where the test is about it: these
    /// engines are bash scripts, and on two cores busy with the whole suite a start can take seconds
    /// (the likeliest cause of a CI failure of the schema test, whose fixture engine is this one).
    func problem(_ mode: String, timeout: Double = 60) -> ExternalEngineError.Problem? {
        let spec = ExternalEngineSpec(name: "bad-\(mode)", command: [Self.misbehaving, mode], timeout: timeout)
        do {
            _ = try spec.run(Self.scenario, sizes: [Size(width: 200, height: 100)])
            return nil
        } catch {
            #expect(error.engine == "bad-\(mode)")
            return error.problem
        }
    }

    @Test func anEngineThatDiesIsReportedWithItsExitStatus() {
        #expect(problem("crash") == .died(status: 3))
    }

    /// The pipe closes before the child is reaped: the lab waits for the exit status (it once waited
    /// 50 ms and recorded "exit status -1", which made a loaded CI machine's units differ).
    @Test func anEngineThatExitsAfterClosingItsOutputIsReportedWithItsExitStatus() {
        #expect(problem("slow-exit") == .died(status: 3))
    }

    @Test func anEngineThatHangsTimesOut() {
        let start = Date()
        #expect(problem("hang", timeout: 0.5) == .timedOut(seconds: 0.5))
        #expect(Date().timeIntervalSince(start) < 10, "the hung engine was not abandoned")
    }

    @Test func anEngineThatAnswersGarbageIsReportedWithTheLine() {
        #expect(problem("garbage") == .garbage("frames: all fine"))
    }

    @Test func anEngineReportedErrorIsPassedOn() {
        #expect(problem("report") == .reported("cannot lay out view v1"))
        let missing = ExternalEngineSpec(name: "missing", command: ["/nonexistent/engine"])
        #expect(throws: ExternalEngineError.self) {
            _ = try missing.run(Self.scenario, sizes: [Size(width: 1, height: 1)])
        }
    }

    func spec(onError: String) throws -> ExperimentSpec {
        try SpecReader.read(
            text: """
                name: misbehaving
                seed: 1
                engines:
                  bad: {command: [\(Self.misbehaving), crash], timeout: 60, on_error: \(onError)}
                scenarios:
                  - generate: {count: 3, views: [1, 3]}
                sequences:
                  - sizes: [[200, 100], [50, 100]]
                comparisons:
                  - {a: external:bad, b: springs/gnustep-0.29, scale: 1}
                """, file: "misbehaving.yaml")
    }

    func temporaryStore() throws -> (ResultsStore, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("external-\(UUID().uuidString).db")
            .path
        return (try ResultsStore(path: path), path)
    }

    /// `on_error: skip`: every unit is written with its error and no divergences, and the run completes.
    @Test func skipKeepsSweeping() throws {
        let (store, path) = try temporaryStore()
        let outcome = try store.runSession(
            SweepPlan(try spec(onError: "skip")), jobs: 2, resume: false, codeVersion: "test",
            shouldStop: { false })
        #expect(outcome.completed)
        let db = try Database(path: path, readOnly: true)
        let rows = try db.query("SELECT unit_index, error FROM units ORDER BY unit_index").rows
        #expect(rows.count == 3)
        for row in rows {
            guard case .integer(let unit) = row[0], case .text(let error) = row[1] else {
                Issue.record("unit without error: \(row)")
                continue
            }
            #expect(error == "unit \(unit): external engine bad died (exit status 3)")
        }
        #expect(try db.query("SELECT count(*) FROM divergences").rows == [[.integer(0)]])
    }

    /// `on_error: stop`: the sweep stops with an error naming the unit; the run is left unfinished.
    @Test func stopEndsTheSweepNamingTheUnit() throws {
        let (store, path) = try temporaryStore()
        do {
            _ = try store.runSession(
                SweepPlan(try spec(onError: "stop")), jobs: 1, resume: false, codeVersion: "test", shouldStop: { false }
            )
            Issue.record("the sweep went on past a failing engine")
        } catch {
            #expect("\(error)" == "unit 0: external engine bad died (exit status 3)")
        }
        let db = try Database(path: path, readOnly: true)
        #expect(try db.query("SELECT status FROM runs").rows == [[.text("interrupted")]])
        #expect(try db.query("SELECT count(*) FROM units").rows == [[.integer(0)]])
    }

    static let gnustepEngine = repo.appendingPathComponent(".build-gnustep/gnustep-engine").path
    /// `Engines/gnustep/build.sh` builds the engine (docs/platforms.md) and .ci/run runs it first (a
    /// failed build fails CI), so in CI this always runs; `LAYOUTLAB_REQUIRE_GNUSTEP=1` makes a missing
    /// engine a failure anywhere.
    static var gnustepAvailable: Bool {
        #if os(Linux)
            ProcessInfo.processInfo.environment["LAYOUTLAB_REQUIRE_GNUSTEP"] == "1"
                || FileManager.default.isExecutableFile(atPath: gnustepEngine)
        #else
            false
        #endif
    }

    static var gnustepSkipReason: Comment {
        #if os(Linux)
            "the GNUstep engine is not built (Engines/gnustep/build.sh)"
        #else
            "Linux only: the live GNUstep 0.29 engine builds against Debian's GNUstep packages (docs/platforms.md)"
        #endif
    }

    /// The curated experiment: real NSViews of GNUstep gui 0.29 against `springs/gnustep-0.29`, and the
    /// same views rounding by libs-gui master's floor rule against `springs/appkit`, 10,000 units of
    /// random trees and walks each, zero divergences.
    @Test(.enabled(if: gnustepAvailable, gnustepSkipReason))
    func liveGNUstepAgreesWithItsEmulation() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.gnustepEngine), "run Engines/gnustep/build.sh")
        let spec = try SpecReader.read(path: Self.repo.appendingPathComponent("experiments/gnustep-live.yaml").path)
        let (store, path) = try temporaryStore()
        let outcome = try store.runSession(
            SweepPlan(spec), jobs: 2, resume: false, codeVersion: "test", shouldStop: { false })
        #expect(outcome.completed)
        let db = try Database(path: path, readOnly: true)
        #expect(try db.query("SELECT count(*), count(error) FROM units").rows == [[.integer(20_000), .integer(0)]])
        #expect(try db.query("SELECT count(*) FROM divergences").rows == [[.integer(0)]])
    }
}
