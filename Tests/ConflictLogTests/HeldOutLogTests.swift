import ConflictAnalysis
import ConflictLog
import Foundation
import Testing

/// The logs of projects the breaking rule never saw (`HeldOut/`, in the repository, so these run in every
/// clone): each reads whole and cut right after its list, and the rule, which never reads the recovery
/// line, names Apple's choice in at least as many as `Tools/heldout-logs.py --write` recorded in
/// `HeldOut/figures.json` (the rule was fitted on the corpus alone; a change to the rule or the reader that
/// moves the figure must be measured and recorded again, docs/conflict-logs.md). Without the folder (a
/// copy of the package that leaves the tests' data out) the tests skip and say so.
@Suite("Held-out conflict logs", .enabled(if: HeldOutFolder.isPresent, HeldOutFolder.skipReason))
struct HeldOutLogTests {
    static let folder = HeldOutFolder.url

    struct Row {
        var file: String
        var constraints: Int
        /// The address of the constraint Apple broke, as the manifest prints it.
        var brokenAddress: String?
    }

    struct Figures: Decodable {
        var logs: Int
        var read: Int
        var read_cut: Int
        var unsatisfiable: Int
        var unsatisfiable_within_printing: Int
        var rule_agrees: Int
        var rule_misses: [String]
    }

    static func manifest() throws -> [Row] {
        let text = try String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let header = lines.removeFirst().split(separator: "\t").map(String.init)
        let column = { (name: String) in header.firstIndex(of: name)! }
        return lines.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let broken = f[column("broken")]
            let address = broken.range(of: #"0x[0-9a-fA-F]+"#, options: .regularExpression).map { String(broken[$0]) }
            let count = Int(f[column("constraints")]) ?? -1
            return Row(file: f[column("file")], constraints: count, brokenAddress: address)
        }
    }

    static func figures() throws -> Figures {
        try JSONDecoder().decode(Figures.self, from: Data(contentsOf: folder.appendingPathComponent("figures.json")))
    }

    static func text(_ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    /// The text before "Will attempt to recover", as a person selecting the list copies it (where a web
    /// page ran the log on one line, the list's line up to the phrase).
    static func cutAfterList(_ text: String) throws -> String {
        String(text[..<(try #require(text.range(of: "Will attempt to recover"))).lowerBound])
    }

    /// Every log reads with no unread line, as many constraints as the manifest counts, the broken
    /// constraint found in the list under the manifest's address; and again cut right after its list, with
    /// the same list and no broken constraint.
    @Test func everyLogReadsWholeAndCutAfterItsList() throws {
        let rows = try Self.manifest()
        let figures = try Self.figures()
        #expect(rows.count == figures.logs && figures.read == rows.count && figures.read_cut == rows.count)
        var read = 0
        var readCut = 0
        for row in rows {
            let text = try Self.text(row.file)
            do {
                let file = try ConflictLogReader.read(text, file: row.file)
                let log = try #require(file.logs.first)
                #expect(file.logs.count == 1 && file.foreignLines.isEmpty, "\(row.file): \(file.foreignLines)")
                #expect(log.constraints.count == row.constraints, "\(row.file)")
                #expect(log.brokenIndex != nil && log.broken?.address == row.brokenAddress, "\(row.file)")
                if file.logs.count == 1 && log.constraints.count == row.constraints && log.brokenIndex != nil {
                    read += 1
                }
                let cut = try ConflictLogReader.read(try Self.cutAfterList(text), file: row.file)
                let again = try #require(cut.logs.first)
                let same = again.constraints.map(\.text) == log.constraints.map(\.text) && again.broken == nil
                #expect(same, "\(row.file)")
                if same { readCut += 1 }
            } catch {
                Issue.record("\(row.file): \(error)")
            }
        }
        print("held-out conflict logs: \(read) of \(rows.count) read whole, \(readCut) cut after their list")
        #expect(read == figures.read && readCut == figures.read_cut)
    }

    /// The systems rebuilt from the lists, and the breaking rule's agreement with Apple's choice: no fewer
    /// logs than the tool recorded (a floor: a rule that names Apple's choice in more passes, and the
    /// figure is then measured and recorded again), the systems as unsatisfiable as recorded.
    @Test func ruleAgreementIsAtLeastTheRecordedFigure() throws {
        let figures = try Self.figures()
        var agrees = 0
        var misses: [String] = []
        var unsatisfiable = 0
        var withinPrinting = 0
        for row in try Self.manifest() {
            let log = try #require(try ConflictLogReader.read(try Self.text(row.file), file: row.file).logs.first)
            let a = try ConflictAnalysis(log)
            if a.isUnsatisfiable { unsatisfiable += 1 }
            if a.isUnsatisfiableWithinPrinting { withinPrinting += 1 }
            if a.labBreaks != nil && a.labBreaks == a.appleBroke { agrees += 1 } else { misses.append(row.file) }
        }
        print(
            "held-out conflict logs: \(unsatisfiable) unsatisfiable as logged, \(withinPrinting) within the printing"
                + " precision; the breaking rule names Apple's choice in \(agrees) of \(figures.logs)"
                + " (misses: \(misses))")
        #expect(agrees >= figures.rule_agrees, "misses: \(misses), recorded: \(figures.rule_misses)")
        // What `layoutlab log` tells its reader about logs of other projects is the recorded figure.
        #expect(RuleAccuracy.heldOut == RuleAccuracy.Figure(figures.rule_agrees, of: figures.logs))
        #expect(unsatisfiable == figures.unsatisfiable && withinPrinting == figures.unsatisfiable_within_printing)
    }
}

/// Where the held-out logs are, and why their suite skips when they are not there (Swift Testing prints
/// the reason with the skip).
enum HeldOutFolder {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HeldOut")
    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.tsv").path)
    }
    static var skipReason: Comment {
        Comment(rawValue: "no held-out conflict logs at \(url.path) (its MANIFEST.tsv is absent)")
    }
}
