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
        } catch {
            #expect(error.line >= 1 && error.line <= max(1, lines) && error.column >= 1, "\(error)")
        }
    }

    @Test func unterminatedLabel() throws {
        try Self.checkInvariants("unterminated-label.log")
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
