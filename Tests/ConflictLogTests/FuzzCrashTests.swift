import ConflictLog
import Foundation
import Testing

/// Inputs the reader's fuzz target (Fuzz/run.sh log) stopped on, kept as tests of the target's own
/// invariants: a log whose lines and list lie inside the input, or an error that points inside it,
/// never a trap.
@Suite("Conflict-log fuzz crashes")
struct FuzzCrashTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Crashes")

    static func checkInvariants(_ name: String) throws {
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).count
        do {
            let file = try ConflictLogReader.read(text, file: name)
            for log in file.logs {
                #expect(log.firstLine >= 1 && log.lastLine <= lines && log.firstLine <= log.lastLine)
                #expect(log.listEndLine >= log.firstLine && log.listEndLine <= log.lastLine && !log.constraints.isEmpty)
                for c in log.constraints { #expect(c.line >= log.firstLine && c.line <= log.listEndLine) }
                if let k = log.brokenIndex { #expect(k < log.constraints.count && log.broken != nil) }
            }
            // Cut right after its list, the first log reads again with the same constraints and none broken.
            if let log = file.logs.first, log.isListComplete, (log.broken?.line ?? .max) > log.listEndLine {
                let cut = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
                    .prefix(log.listEndLine).map(String.init).joined(separator: "\n")
                let again = (try? ConflictLogReader.read(cut, file: name))?.logs.first { $0.firstLine == log.firstLine }
                #expect(again != nil, "cut after its list, the log is no longer read")
                #expect(again?.constraints.map(\.text) == log.constraints.map(\.text) && again?.broken == nil)
            }
        } catch {
            #expect(error.line >= 1 && error.line <= max(1, lines) && error.column >= 1, "\(error)")
        }
    }

    @Test func unterminatedLabel() throws {
        try Self.checkInvariants("unterminated-label.log")
    }

    /// What the crash revealed: cut after the list of a log that begins at its advice, the paste holds no
    /// header any more, so an earlier `(` alone on its line was taken for a log's start, and the malformed
    /// constraint after it stopped the reading. A log guessed without a header that does not read is now
    /// other output, and its error is the answer only when nothing else reads.
    @Test func joinedHeaderInList() throws {
        try Self.checkInvariants("joined-header-in-list.log")
    }

    /// What the next crash revealed: resuming on the line after a failed guess read that guess's own
    /// malformed constraint as a new log's first, run on over the lines after it. Reading resumes after
    /// the line the guess failed on.
    @Test func guessFailingInsideItsFirstConstraint() throws {
        try Self.checkInvariants("guess-failing-inside-its-first-constraint.log")
    }

    /// What the third crash revealed: a guess whose malformed first constraint was read on over the
    /// lines after it failed on a line that depended on how much text followed, so cut right after the
    /// list of the log after it, the guess ran to the end of the cut and took that log's line with it. A
    /// description now never runs on into a line that begins a piece of a log (a header, the recovery
    /// line, a constraint, the list's `(`).
    @Test func guessSpanningTheCut() throws {
        try Self.checkInvariants("guess-spanning-the-cut.log")
    }

    /// What the fourth crash revealed: a guess that failed because a header followed before its list
    /// was resumed after the header's line, so that log was lost and a later guess read part of it, but
    /// only where a recovery line followed, which a cut removes. Reading resumes at the header.
    @Test func guessFailingAtAHeader() throws {
        try Self.checkInvariants("guess-failing-at-a-header.log")
    }

    /// A guessed start that does not read, before a log that does: the log is read and the guess's lines
    /// are other output; alone, the guess's error still names its line and column.
    @Test func aFailedGuessGivesWayToALogThatReads() throws {
        let bad = "(\n    \"<NSLayoutConstraint:0x1 UIView:0xa.width ?? 5>\",\n"
        let good =
            "(\n    \"<NSLayoutConstraint:0x2 UIView:0xa.width == 10>\",\n"
            + "    \"<NSLayoutConstraint:0x3 UIView:0xa.width == 20>\"\n)\n"
        let file = try ConflictLogReader.read(bad + good)
        #expect(file.logs.count == 1 && file.logs[0].constraints.map(\.constant) == [10, 20])
        #expect(file.logs[0].firstLine == 3 && file.foreignLines == [1, 2])
        #expect(throws: ConflictLogError.self) { try ConflictLogReader.read(bad) }
        do {
            _ = try ConflictLogReader.read(bad)
        } catch {
            #expect(error.line == 2, "\(error)")
        }
    }

    /// What the crash revealed: "\r\n" is one Swift Character, so a log pasted with Windows line ends
    /// was read as a single line. Read with CRLF, a log gives the same constraints on the same lines.
    @Test func windowsLineEnds() throws {
        let url = Self.folder.deletingLastPathComponent().appendingPathComponent("Logs/modern-cell.log")
        let unix = try String(contentsOf: url, encoding: .utf8)
        let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
        let a = try ConflictLogReader.read(unix, file: "lf.log")
        let b = try ConflictLogReader.read(windows, file: "crlf.log")
        #expect(a.logs.count == 1 && b.logs.count == 1)
        #expect(a.logs.map(\.constraints.count) == b.logs.map(\.constraints.count))
        #expect(a.logs.flatMap { $0.constraints.map(\.line) } == b.logs.flatMap { $0.constraints.map(\.line) })
        #expect(a.logs.first?.broken?.address == b.logs.first?.broken?.address && b.logs.first?.broken != nil)
    }
}
