import ConstraintModel
import EngineReport
import Foundation
import Geometry
import Scenario
import Store
import Sweep
import Testing
import ViewTree

/// `layoutlab engine-report`'s pieces: the Objective-C of a minimal case sends the engine what the
/// sweep sent it (hand-written constraints and the Visual Format strings, not the lab's parse of
/// them), the markdown names every class with the side that is wrong, and a database without an
/// external engine's run is refused by name.
@Suite("Engine report")
struct EngineReportTests {
    /// A row of content-sized views from Visual Format, plus one hand-written width.
    static func row() throws -> Scenario {
        var spec = RowGeneratorSpec(count: 1, views: 3...3)
        spec.platform = .appkit
        var s = RowGenerator.scenario(spec, seed: 7, index: 0, generator: 0)
        s.constraints.append(LayoutConstraint("v0", .width, .greaterThanOrEqual, constant: 12.5, priority: 999))
        return s
    }

    @Test func objectiveCSendsTheFormatsAndOnlyHandWrittenConstraints() throws {
        let s = try Self.row()
        #expect(s.visualFormats.count == 4, "a row and three pins")
        #expect(s.constraints.count > 1 + s.visualFormats.count, "the formats' own constraints are in the scenario")
        let text = ObjectiveCCase.render(
            s, sizes: [Size(width: 400, height: 480)],
            expected: Dictionary(uniqueKeysWithValues: s.tree.views.map { ($0.id, $0.frame) }), diverging: "v0")
        let formatCalls = text.components(separatedBy: "constraintsWithVisualFormat:").count - 1
        #expect(formatCalls == 4)
        for f in s.visualFormats { #expect(text.contains("@\"\(f.format)\""), "\(f.format)") }
        // One constraintWithItem: the hand-written width, with its relation, constant and priority.
        #expect(text.components(separatedBy: "constraintWithItem:").count - 1 == 1)
        #expect(text.contains("relatedBy: NSLayoutRelationGreaterThanOrEqual"))
        #expect(text.contains("constant: 12.5]") && text.contains("[c setPriority: 999]"))
        #expect(text.contains("[window setContentSize: NSMakeSize(400, 480)]"))
        #expect(text.components(separatedBy: "PASS(").count - 1 == s.tree.views.count)
    }

    @Test func markdownNamesEveryClassAndTheWrongSide() throws {
        let summary = EngineClassSummary(
            run: 1, experiment: "x",
            comparisons: [
                .init(
                    index: 0, label: "external:gnustep vs autolayout/appkit", units: 10, viewSteps: 200,
                    divergences: 50, failedUnits: 2, commonError: "Objective function is unbounded")
            ],
            classes: [
                .init(comparison: 0, causes: ["competing-priorities"], viewSteps: 40, units: 6, example: 17),
                .init(comparison: 0, causes: ["clamp"], viewSteps: 10, units: 1, example: 90),
            ])
        var shrunk = EngineReport.MinimalCase()
        shrunk.scenario = try Self.row()
        shrunk.sizes = [Size(width: 300, height: 480)]
        shrunk.view = "v0"
        shrunk.engineFrames = ["v0": Rect(x: 20, y: 0, width: 50, height: 20)]
        shrunk.labFrames = ["v0": Rect(x: 20, y: 0, width: 100, height: 20)]
        shrunk.calls = 31
        var unshrunk = EngineReport.MinimalCase()
        unshrunk.note = "it did not reproduce"
        let text = EngineReport(title: "T", provenance: "P", summary: summary, cases: [shrunk, unshrunk]).markdown()
        #expect(text.contains("| 0: `external:gnustep vs autolayout/appkit` | 10 | 2 | 200 | 50 | 75.0% |"))
        #expect(text.contains("most often `Objective function is unbounded`"))
        #expect(text.contains("| 1 | 0 | competing-priorities | 40 | 6 | GNUstep (competing-priorities) |"))
        #expect(text.contains("| 2 | 0 | clamp | 10 | 1 | undecided (clamp) |"))
        #expect(text.contains("shrunk in 31 engine calls to 3 views"))
        #expect(text.contains("GNUstep master [20, 0, 50, 20], Apple's rules (the lab) [20, 0, 100, 20]"))
        #expect(text.contains("not shrunk: it did not reproduce."))
        #expect(text.components(separatedBy: "```objc").count - 1 == 1)
    }

    /// A database whose runs are all the lab's own backends has nothing to report.
    @Test func aDatabaseWithoutAnExternalRunIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("er-\(UUID().uuidString).db").path
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }
        let spec = try SpecReader.read(
            text: """
                name: lab-only
                seed: 3
                scenarios:
                  - generate: {count: 4, views: [2, 3], masks: all}
                sequences:
                  - sizes: [[400, 500], [200, 300]]
                comparisons:
                  - {a: springs/documented, b: autolayout/modern/once}
                """, file: "lab-only.yaml")
        let store = try ResultsStore(path: path)
        #expect(
            try store.runSession(SweepPlan(spec), jobs: 1, resume: false, codeVersion: "t", shouldStop: { false })
                .completed)
        let db = try Database(path: path, readOnly: true)
        #expect(throws: EngineClassSummary.NotFound.self) { try EngineClassSummary.load(db) }
        let s = try EngineClassSummary.load(db, run: 1)
        #expect(s.comparisons.map(\.units) == [4] && s.experiment == "lab-only")
        #expect(throws: EngineClassSummary.NotFound.self) { try EngineClassSummary.load(db, run: 2) }
    }
}
