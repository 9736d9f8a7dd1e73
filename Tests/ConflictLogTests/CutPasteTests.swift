import ConflictAnalysis
import ConflictLog
import Foundation
import Testing

/// A paste that ends anywhere after the list — a person selecting the list copies no more — is read:
/// the same constraints, no broken constraint (or the whole one, once the paste holds it), and the
/// explanation still says what conflicts and what the lab's rule would break.
@Suite("Pastes cut after the list")
struct CutPasteTests {
    static let logs = [
        "modern-cell.log", "ios7-autoresizing.log", "appkit.log", "macos14.log", "system.log", "multiline-label.log",
        "ios6-centre.log", "closing-paren.log", "ios8-column1.log", "tight-cell.log",
    ]

    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: LogCommandTests.logPath(name), encoding: .utf8)
    }

    /// The text up to `offset` Unicode scalars.
    static func prefix(_ text: String, _ offset: Int) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(offset)))
    }

    /// Cut at every scalar from the end of the list's line to the end: every prefix reads as one log
    /// with the whole log's constraints, and names either no broken constraint or the whole log's.
    @Test(arguments: logs)
    func everyCutAfterTheList(name: String) throws {
        let text = try Self.text(name)
        let whole = try #require(try ConflictLogReader.read(text).logs.first)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let listEnd = lines.prefix(whole.listEndLine).map { $0.unicodeScalars.count + 1 }.reduce(0, +) - 1
        var named = 0
        for offset in listEnd...text.unicodeScalars.count {
            let cut = Self.prefix(text, offset)
            let read: ConflictLogFile
            do { read = try ConflictLogReader.read(cut, file: name) } catch {
                Issue.record("\(name) cut at scalar \(offset): \(error)")
                continue
            }
            let log = try #require(read.logs.first)
            #expect(read.logs.count == 1, "\(name) cut at \(offset)")
            #expect(log.constraints.map(\.text) == whole.constraints.map(\.text), "\(name) cut at \(offset)")
            if let b = log.broken {
                #expect(
                    b.text == whole.broken?.text && log.brokenIndex == whole.brokenIndex, "\(name) cut at \(offset)")
                named += 1
            }
        }
        // Right after the list nothing is named; the whole text names the broken constraint.
        #expect(try ConflictLogReader.read(Self.prefix(text, listEnd)).logs.first?.broken == nil)
        #expect(named > 0)
    }

    /// Cut right after the list: the analysis is the whole log's but for Apple's choice, and the
    /// explanation says that choice was not in the paste.
    @Test func explainedWithoutApplesChoice() throws {
        let text = try Self.text("modern-cell.log")
        let whole = try ConflictAnalysis(try #require(try ConflictLogReader.read(text).logs.first))
        let log = try #require(
            try ConflictLogReader.read(text.components(separatedBy: "\n\nWill attempt")[0]).logs.first)
        let cut = try ConflictAnalysis(log)
        #expect(cut.appleBroke == nil && whole.appleBroke == 2)
        #expect(cut.labBreaks == whole.labBreaks && cut.minimal == whole.minimal && cut.isUnsatisfiable)
        #expect(cut.explanation.contains("Apple's choice is not in the paste"))
        #expect(!whole.explanation.contains("not in the paste"))
    }

    /// The paste ends inside the list (after a whole constraint, before its `)`): read, marked so.
    @Test func endsInsideTheList() throws {
        let text = try Self.text("ios7-autoresizing.log")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let log = try #require(try ConflictLogReader.read(lines.prefix(6).joined(separator: "\n")).logs.first)
        #expect(log.constraints.count == 3 && !log.isListComplete && log.broken == nil)
        #expect(try ConflictAnalysis(log).explanation.contains("The paste ends inside the list, after constraint 3"))
    }

    /// A cut log followed by another log, or by other console output: each log keeps its own lines.
    @Test func aCutLogAmongOthers() throws {
        let first = try Self.text("ios8-column1.log").components(separatedBy: "\n\nWill attempt")[0]
        let dump = first + "\n2015-02-11 16:20:42.001 Chat[4471:1183201] sent\n" + (try Self.text("ios6-centre.log"))
        let f = try ConflictLogReader.read(dump)
        #expect(f.logs.count == 2 && f.logs[0].broken == nil && f.logs[1].brokenIndex == 3)
        #expect(f.logs[0].lastLine == 8 && f.foreignLines == [9])
        let back = try ConflictLogReader.read(first + "\n" + (try Self.text("ios6-centre.log")))
        #expect(back.logs.count == 2 && back.logs[0].broken == nil)
    }
}
