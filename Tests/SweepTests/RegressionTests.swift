import Foundation
import Store
import Sweep
import Testing

/// `layoutlab regress`: re-running a baseline's experiments finds every added, removed and changed
/// divergence, and nothing when behaviour is the same.
@Suite("Regression baselines")
struct RegressionTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let spec = """
        name: regress-small
        seed: 5
        scenarios:
          - generate: {count: 8, views: [2, 5]}
          - grid: {superview: [100, 100], masks: all, origins: [10], sizes: [0, 130]}
        sequences:
          - sizes: [[200, 200], [50, 50], [0, 0], [100, 100]]
        comparisons:
          - {a: springs/documented, b: autolayout/modern/once}
          - {a: springs/gnustep-0.29, b: springs/appkit, scale: 2}
        """

    static func baseline() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).db")
            .path
        let store = try ResultsStore(path: path)
        #expect(
            try store.runSession(
                SweepPlan(try SpecReader.read(text: spec, file: "regress.yaml")), jobs: 2, resume: false,
                codeVersion: "test", shouldStop: { false }
            ).completed)
        return path
    }

    @Test func anUnchangedTreeIsIdentical() throws {
        let reports = try Regression.check(baseline: try Self.baseline(), jobs: 2)
        #expect(reports.count == 1 && reports[0].identical)
        #expect(reports[0].name == "regress-small")
    }

    /// A change of behaviour, made in the baseline (as a changed policy constant would make it in the
    /// code): one frame edited, one divergence deleted, one invented — each is found and named.
    @Test func changesAreFoundAndNamed() throws {
        let path = try Self.baseline()
        let db = try Database(path: path)
        let victims = try db.query(
            "SELECT d.id, u.unit_index, d.step_index, d.view_id FROM divergences d JOIN units u ON u.id = d.unit_id "
                + "ORDER BY d.id LIMIT 2"
        ).rows
        guard case .integer(let changedID) = victims[0][0], case .integer(let changedUnit) = victims[0][1],
            case .integer(let deletedID) = victims[1][0], case .integer(let deletedUnit) = victims[1][1]
        else {
            Issue.record("the baseline has too few divergences")
            return
        }
        // Schema version 2: the measured values are in divergence_rows (divergences is a view of them).
        try db.execute("UPDATE divergence_rows SET b_x = b_x + 1 WHERE id = \(changedID)")
        try db.execute("DELETE FROM divergence_rows WHERE id = \(deletedID)")
        try db.execute(
            """
            INSERT INTO divergence_rows (unit_id, step_index, view_id, mask, a_x, a_y, a_width, a_height,
                                         b_x, b_y, b_width, b_height, cause_bits)
            SELECT unit_id, step_index, 'ghost', 0, 0, 0, 1, 1, 5, 0, 1, 1, 0
            FROM divergence_rows WHERE id = \(changedID)
            """)
        let report = try #require(try Regression.check(baseline: path, jobs: 2).first)
        #expect(!report.identical)
        let kinds = Dictionary(grouping: report.differences, by: \.kind)
        #expect(kinds[.changed]?.count == 1 && kinds[.added]?.count == 1 && kinds[.removed]?.count == 1)
        #expect(kinds[.changed]?.first?.current?.unit == Int(changedUnit))
        #expect(kinds[.added]?.first?.current?.unit == Int(deletedUnit))
        #expect(kinds[.removed]?.first?.baseline?.view == "ghost")
        // Accepting makes the current results the baseline: identical again, one run kept.
        try Regression.accept(report, into: path, codeVersion: "test")
        #expect(try Regression.check(baseline: path, jobs: 2).allSatisfy(\.identical))
        #expect(try Database(path: path).query("SELECT COUNT(*) FROM runs").rows[0][0] == .integer(1))
    }

    /// The repository's results.db is the lab's baseline: any change of behaviour fails here until
    /// accepted (`swift run -c release layoutlab regress results.db --accept`).
    @Test func theCommittedBaselineIsUnchanged() throws {
        let reports = try Regression.check(
            baseline: Self.repo.appendingPathComponent("results.db").path, jobs: 2, relativeTo: Self.repo.path)
        #expect(!reports.isEmpty)
        for r in reports {
            let summary = r.counts.filter { $0.added + $0.removed + $0.changed > 0 }.map {
                "\($0.comparison): +\($0.added) −\($0.removed) ~\($0.changed)"
            }
            let identical = r.identical
            #expect(
                identical,
                "\(r.name): \(summary.joined(separator: "; ")) — accept with: layoutlab regress results.db --accept")
        }
    }

    /// Every divergence of the quick sweep (the committed baseline) has a cause.
    @Test func theQuickSweepLeavesNothingUnexplained() throws {
        let db = try Database(path: Self.repo.appendingPathComponent("results.db").path, readOnly: true)
        let rows = try db.query(
            """
            SELECT count(*) FROM divergences d JOIN units u ON u.id = d.unit_id
            WHERE u.run_id = (SELECT max(r.id) FROM runs r WHERE r.status = 'completed')
              AND d.causes LIKE '%unexplained%'
            """
        ).rows
        #expect(rows == [[.integer(0)]])
        #expect(try db.query("SELECT count(*) > 0 FROM divergences").rows == [[.integer(1)]])
    }
}
