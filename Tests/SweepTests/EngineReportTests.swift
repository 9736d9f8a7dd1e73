import ConstraintModel
import EngineReport
import Foundation
import GNUstepAutoLayout
import Geometry
import Scenario
import Store
import Sweep
import Testing
import ViewTree

/// `layoutlab engine-report`'s pieces: the Objective-C of a minimal case sends the engine what the
/// sweep sent it; the ablation attributes every diverging view-step of a small mixed run between
/// GNUstep's emulated engine and Apple's rules to the deviations that cause it; a database without an
/// engine's run is refused by name.
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

    /// The same four kinds of tree as experiments/gnustep-autolayout.yaml, a few of each, GNUstep's side
    /// being its emulation (the live engine's stand-in where GNUstep is not built), plus a tree of our
    /// own where a nested view pinned by its top needs two deviations.
    static let mixed = """
        name: mixed
        seed: 25
        scenarios:
          - generate: {count: 8, views: [1, 5], depth: 2, masks: all, superview: [[320, 480]]}
            comparisons: [0]
          - constrained: {count: 6, views: [2, 4], depth: 3, superview: [[320, 480]], vertical_forms: [centre]}
            comparisons: [0]
          - constrained: {count: 4, views: [2, 4], depth: 3, superview: [[320, 480]], forms: [edge_and_size],
                          vertical_forms: [edges]}
            comparisons: [0]
          - rows: {count: 4, views: [2, 3], axis: both, superview: [[320, 480]], platform: appkit}
            comparisons: [0]
          - file: nested.json
            comparisons: [0]
        sequences:
          - sizes: [[400, 500], [200, 300]]
        comparisons:
          - {a: autolayout/gnustep-master, b: autolayout/appkit, tolerance: 1e-9}
        """

    /// `inner.top == outer.top + 10` inside `outer.top == superview.top + 20`: GNUstep reads top as
    /// maxY and both variables in one space, so inner's y needs y-up and shared-coordinates both.
    static let nested = """
        {"superview":{"width":320,"height":480},"views":[
          {"id":"outer","frame":[20,20,200,200],"translatesMask":false},
          {"id":"inner","parent":"outer","frame":[10,10,50,50],"translatesMask":false}],
         "constraints":[{"item1":"outer","attr1":"left","relation":"==","item2":"superview","attr2":"left","constant":20},
                        {"item1":"outer","attr1":"top","relation":"==","item2":"superview","attr2":"top","constant":20},
                        {"item1":"outer","attr1":"width","relation":"==","constant":200},
                        {"item1":"outer","attr1":"height","relation":"==","constant":200},
                        {"item1":"inner","attr1":"left","relation":"==","item2":"outer","attr2":"left","constant":10},
                        {"item1":"inner","attr1":"top","relation":"==","item2":"outer","attr2":"top","constant":10},
                        {"item1":"inner","attr1":"width","relation":"==","constant":50},
                        {"item1":"inner","attr1":"height","relation":"==","constant":50}]}
        """

    @Test func ablationAttributesEveryDivergingViewStepOfAMixedRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ablation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.nested.write(to: folder.appendingPathComponent("nested.json"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("mixed.yaml").path
        let spec = try SpecReader.read(text: Self.mixed, file: file)
        let path = folder.appendingPathComponent("mixed.db").path
        let store = try ResultsStore(path: path)
        #expect(
            try store.runSession(SweepPlan(spec), jobs: 1, resume: false, codeVersion: "t", shouldStop: { false })
                .completed)
        let run = try EngineRun.load(try Database(path: path, readOnly: true), run: 1)
        let diverging = run.comparisons[0].divergences
        #expect(diverging > 0)
        var shrunk: [Deviation] = []
        let report = DeviationReport.build(run, title: "T", provenance: "P", jobs: 2) { d, examples in
            guard d == .yUp, !examples.isEmpty else { return DeviationReport.MinimalCase() }
            shrunk.append(d)
            return MinimalCases.shrink(d, examples, engines: [:], tolerance: 1e-9, engineCalls: 50)
        }
        // Every diverging view-step is in the first table once; the emulation is GNUstep's side here, so
        // none is unreproduced.
        #expect(report.rows.reduce(0) { $0 + $1.viewSteps } == diverging)
        #expect(!report.rows.contains { $0.attribution == .unreproduced || $0.attribution == .heapOrder })
        let labels = Set(report.rows.map(\.attribution))
        #expect(labels.contains(.deviations([.yUp])), "vertical edges: \(report.rows.map(\.attribution.label))")
        #expect(labels.contains(.deviations([.maskForms])), "mask-only trees")
        #expect(labels.contains(.deviations([.yUp, .sharedCoordinates])), "the nested view pinned by its top")
        // The nested tree's inner view: y-up alone moves it, shared-coordinates alone moves it; both are
        // needed, at both sizes.
        let nested = try #require(run.units.first { $0.scenario.tree.views.map(\.id) == ["outer", "inner"] })
        let attributions = DeviationAttribution.attribute(
            nested, liveIsA: true, tolerance: 1e-9, heapExplained: { _, _ in false })
        let inner = zip(nested.divergences, attributions).filter { $0.0.view == "inner" }.map(\.1)
        #expect(inner == [.deviations([.yUp, .sharedCoordinates]), .deviations([.yUp, .sharedCoordinates])])
        // One section per deviation, the y-up one with a minimal case that still shows it.
        #expect(report.sections.count == Deviation.allCases.count)
        let yUp = try #require(report.sections.first { $0.deviation == .yUp })
        #expect(yUp.aloneViewSteps > 0 && shrunk == [.yUp])
        let minimal = try #require(yUp.minimal.scenario)
        #expect(minimal.tree.views.count <= 2 && !yUp.minimal.sizes.isEmpty)
        let text = report.markdown()
        for d in Deviation.allCases { #expect(text.contains("### \(d.rawValue): \(d.note.title)")) }
        #expect(text.contains("| **total** | **\(diverging)** |"))
        #expect(text.components(separatedBy: "```objc").count - 1 == 1)
    }

    /// A database whose runs compare none of GNUstep's sides with anything has nothing to report.
    @Test func aDatabaseWithoutAnEngineRunIsRefused() throws {
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
        #expect(throws: EngineRun.NotFound.self) { try EngineRun.load(db) }
        let run = try EngineRun.load(db, run: 1)
        #expect(run.comparisons.map(\.units) == [4] && run.experiment == "lab-only" && run.appleComparisons.isEmpty)
        #expect(throws: EngineRun.NotFound.self) { try EngineRun.load(db, run: 2) }
    }
}
