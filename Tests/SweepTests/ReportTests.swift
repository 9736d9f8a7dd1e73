import Foundation
import LabXML
import Report
import Store
import Sweep
import Testing

/// The HTML report of a run, gathered from a real (temporary) results database.
@Suite("Run report")
struct RunReportTests {
    static let spec = """
        name: report-small
        seed: 4
        scenarios:
          - generate: {count: 12, views: [1, 5]}
        sequences:
          - sizes: [[200, 200], [50, 50], [0, 0], [100, 100]]
        comparisons:
          - {a: springs/documented, b: springs/gnustep-0.29, scale: 1}
          - {a: springs/documented, b: autolayout/ios6-12/once}
        """

    func gathered() throws -> (RunReport, Database) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).db").path
        let store = try ResultsStore(path: path)
        _ = try store.runSession(
            SweepPlan(try SpecReader.read(text: Self.spec, file: "r.yaml")), jobs: 2, resume: false,
            codeVersion: "test", shouldStop: { false })
        let db = try Database(path: path, readOnly: true)
        return (try ReportGathering.gather(db, path: path, run: nil), db)
    }

    /// Every count in the report is the database's own, and every mask lands in its cell.
    @Test func countsMatchTheDatabase() throws {
        let (r, db) = try gathered()
        let total = try db.query("SELECT count(*) FROM divergences").rows
        #expect(total == [[.integer(Int64(r.totalDivergences))]])
        #expect(r.totalDivergences > 0)
        #expect(r.maskGrid.flatMap { $0 }.reduce(0, +) == r.totalDivergences)
        #expect(r.magnitudes.map(\.count).reduce(0, +) == r.totalDivergences)
        #expect(r.byStep.map(\.count).reduce(0, +) == r.totalDivergences)
        #expect(r.comparisons.map(\.divergences).reduce(0, +) == r.totalDivergences)
        // h=&-& v=--& (mask 5): horizontal L+R (column 5), vertical none (row 0).
        let five = try db.query("SELECT count(*) FROM divergences WHERE mask = 5").rows
        #expect(five == [[.integer(Int64(r.maskGrid[5][0]))]])
        // One picture per cause at most, after the unexplained ones.
        #expect(!r.featured.isEmpty && r.featured.count <= r.causes.count + 20)
    }

    /// The page has every section; each figure and picture is well-formed SVG; nothing is loaded from outside.
    @Test func thePageIsSelfContained() throws {
        let (r, _) = try gathered()
        let html = r.html()
        for id in RunReport.sectionIDs { #expect(html.contains("<section id=\"\(id)\">"), "\(id)") }
        var svgs: [Substring] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            svgs.append(rest[start.lowerBound..<end.upperBound])
            rest = rest[end.upperBound...]
        }
        #expect(svgs.count == 5 + r.featured.count)
        for svg in svgs { #expect(throws: Never.self) { _ = try XMLReader.parse(String(svg)) } }
        #expect(!html.contains("src="))
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("<img"))
    }
}
