import Foundation
import Store
import Sweep
import Testing

/// The curated questions (experiments/queries/*.sql) must be answerable from a quick run.
@Suite("Curated queries")
struct CuratedQueryTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The migration study's storyboard (ours: experiments/ib/README.md lists its masks).
    static let dashboard = repo.appendingPathComponent("experiments/ib/Dashboard.storyboard").path

    static let spec = """
        name: curated-small
        seed: 2
        scenarios:
          - grid: {superview: [100, 100], masks: all, origins: [10], sizes: [0, 30, 130]}
          - generate: {count: 10, views: [1, 6]}
          - rows: {count: 40, views: [2, 4], axis: width, superview: [[320, 100]]}
        sequences:
          - sizes: [[200, 200], [50, 50], [0, 0], [100, 100]]
          - random_walk: {steps: 12, max_step: 20, axis: both}
          - in_call: {devices: [iphone-8, iphone-x], orientations: [portrait], steps: 2}
          - ramp: {to: [40, 100], steps: 14}
        comparisons:
          - {a: springs/documented, b: autolayout/modern/once}
          - {a: springs/documented, b: autolayout/ios6-12/once}
          - {a: springs/gnustep-0.29, b: springs/appkit, scale: 1}
          - {a: springs/gnustep-0.29, b: springs/appkit, scale: 3}
          - {a: springs/documented, b: springs/cocotron}
        """

    @Test func everyCuratedQueryAnswers() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("curated-\(UUID().uuidString).db").path
        let store = try ResultsStore(path: path)
        let outcome = try store.runSession(
            SweepPlan(try SpecReader.read(text: Self.spec, file: "c.yaml")), jobs: 2, resume: false,
            codeVersion: "test", shouldStop: { false })
        #expect(outcome.completed)
        let db = try Database(path: path, readOnly: true)
        func answer(_ name: String) throws -> (columns: [String], rows: [[SQLValue]]) {
            let sql = try String(
                contentsOf: Self.repo.appendingPathComponent("experiments/queries/\(name).sql"), encoding: .utf8)
            return try db.query(sql)
        }
        // (a) one row per springs-vs-springs comparison (GNUstep/AppKit at two scales, documented/Cocotron)
        #expect(try answer("springs-policies").rows.count == 3)
        // (b) divergences with causes, none unexplained
        let b = try answer("documented-vs-modern")
        #expect(b.rows.count == 1)
        #expect(b.rows[0][b.columns.firstIndex(of: "unexplained")!] == .integer(0))
        // (c) only masks with both margins flexible on an axis
        let c = try answer("ios7-center")
        #expect(!c.rows.isEmpty)
        for row in c.rows {
            guard case .text(let notation) = row[0] else { continue }
            let m = Array(notation)  // "h=ABC v=DEF"
            #expect((m[2] == "&" && m[4] == "&") || (m[8] == "&" && m[10] == "&"), "\(notation)")
        }
        // (d) both scales, blocks of ten steps
        let d = try answer("rounding")
        #expect(Set(d.rows.map { $0[0] }) == [.integer(1), .integer(3)])
        // (e) the in-call bar changes trees on the home-button iPhone 8, none on the notched iPhone X
        let e = try answer("in-call")
        let changed = Dictionary(
            uniqueKeysWithValues: e.rows.map { ($0[0], $0[e.columns.firstIndex(of: "trees_changed")!]) })
        #expect(changed.count == 2)
        guard case .integer(let n8)? = changed[.text("iphone-8")] else {
            Issue.record("no iphone-8 row")
            return
        }
        #expect(n8 > 0)
        #expect(changed[.text("iphone-x")] == .integer(0))
        // (f) rows squeezed as they narrow: the first view to give up space always has the row's lowest
        // compression resistance; rows whose lowest is tied are the ambiguous ones
        let f = try answer("vfl-rows")
        let col = { (name: String) in f.columns.firstIndex(of: name)! }
        #expect(!f.rows.isEmpty)
        var squeezedRows = 0
        var ambiguousTied = 0
        for row in f.rows {
            #expect(row[col("squeezed")] == row[col("first_to_give_is_lowest")], "\(row)")
            if case .integer(let n) = row[col("squeezed")] { squeezedRows += Int(n) }
            // Where one view has the lowest resistance, squeezing is decided: any ambiguity is a
            // hugging tie over spare space, before the row is squeezed.
            if row[col("lowest_resistance")] == .text("one view") {
                #expect(row[col("ambiguous_rows")] == row[col("ambiguous_before_squeeze")])
            } else if case .integer(let n) = row[col("ambiguous_rows")] {
                ambiguousTied += Int(n)
            }
        }
        #expect(squeezedRows > 0 && ambiguousTied > 0)
    }

    /// (g) The migration study on the repository's dashboard storyboard, on three devices: the 4-inch
    /// iPhone it was designed on (nothing resizes there, so nothing moves) and two others. Of its masks,
    /// only a flexible size beside one flexible margin (the header's stats, L+W; the split panes, W+R
    /// and L+W) is migrated to a rule that differs from the proportional split: a proportional size.
    /// The chart, flexible everywhere, keeps its proportions either way; the settings table and its
    /// cell (W, L, symmetric T+B) do not move.
    @Test func theMigrationQueryAnswers() throws {
        let spec = """
            name: migration-small
            seed: 1
            scenarios:
              - ib: {path: "\(Self.dashboard)", devices: [ipad-pro-12.9, iphone-se-1, iphone-8], orientations: [portrait]}
            sequences: []
            comparisons:
              - {a: springs/documented, b: autolayout/modern/once}
              - {a: springs/documented, b: autolayout/idiomatic/once}
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("migration-\(UUID().uuidString).db")
            .path
        let store = try ResultsStore(path: path)
        #expect(
            try store.runSession(
                SweepPlan(try SpecReader.read(text: spec, file: "m.yaml")), jobs: 2, resume: false,
                codeVersion: "test", shouldStop: { false }
            ).completed)
        let db = try Database(path: path, readOnly: true)
        let sql = try String(
            contentsOf: Self.repo.appendingPathComponent("experiments/queries/ib-migration.sql"), encoding: .utf8)
        let g = try db.query(sql)
        let column = { (name: String) in g.columns.firstIndex(of: name)! }
        #expect(g.rows.count == 1)
        #expect(g.rows.first?[0] == .text("ib:Dashboard.storyboard#scene dsh-sc-main Dashboard"))
        #expect(g.rows.first?[column("views_moved")] == .integer(3))
        #expect(g.rows.first?[column("device_steps")] == .integer(2))
        if case .text(let causes)? = g.rows.first?[column("causes")] {
            #expect(causes == "idiomatic-rule")
        } else {
            Issue.record("no causes")
        }
        // The translated masks agree with springs and struts everywhere.
        let modern = try db.query(
            """
            SELECT count(*) FROM divergences d JOIN units u ON u.id = d.unit_id
            JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            WHERE c.b LIKE 'autolayout/modern/%'
            """)
        #expect(modern.rows == [[.integer(0)]])
    }
}
