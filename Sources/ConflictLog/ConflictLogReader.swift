/// Reads Auto Layout conflict logs as engineers paste them: whole console dumps with any number of
/// logs among other output, with the decorations pastes carry (indentation, `//` or `/*` comment
/// residue, Markdown quote markers, timestamps and process prefixes, os_log categories), in every
/// era's form (`docs/conflict-logs.md` lists them with examples), and cut anywhere after the list (a
/// person selecting the list copies no more). Lines outside a log are skipped and counted; inside a log
/// every line must be one of the log's own, or reading stops with its line and column.
public enum ConflictLogReader {
    /// Every conflict log in `text`, with the lines outside them counted; `file` names the input in
    /// errors (`file:line:column: …`).
    public static func read(_ text: String, file: String = "") throws(ConflictLogError) -> ConflictLogFile {
        var reader = Reader(lines: lines(of: text), file: file)
        return try reader.run()
    }

    /// The input's lines. Split on the scalar, not the Character: "\r\n" is one grapheme, so a log
    /// pasted with Windows line ends would otherwise be one line. A byte-order mark and zero-width
    /// spaces (copied from web pages) are dropped; they are never part of what a console printed.
    static func lines(of text: String) -> [String] {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let kept = (line.last == "\r" ? line.dropLast() : line).filter { $0 != "\u{FEFF}" && $0 != "\u{200B}" }
            return String(String.UnicodeScalarView(kept))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// The reading of one input: line by line, a log from each header on.
struct Reader {
    let lines: [String]
    let file: String
    /// The current line (0-based).
    var n = 0
    var logs: [ConflictLog] = []
    var foreign: [Int] = []

    init(lines: [String], file: String) {
        self.lines = lines
        self.file = file
    }

    func error(_ line: Int, _ column: Int, _ message: String) -> ConflictLogError {
        ConflictLogError(file: file, line: line + 1, column: column, message)
    }

    mutating func run() throws(ConflictLogError) -> ConflictLogFile {
        while n < lines.count {
            let l = LogLine(lines[n])
            if let h = LogPhrases.header(l) {
                try readLog(l, h)
            } else {
                if !l.isBlank { foreign.append(n + 1) }
                n += 1
            }
        }
        guard !logs.isEmpty else {
            throw error(0, 1, "no conflict log found (expected \"Unable to simultaneously satisfy constraints\")")
        }
        return ConflictLogFile(logs: logs, foreignLines: foreign.sorted())
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.unicodeScalars.first, LogLine.isSpace(c) { s = Substring(s.unicodeScalars.dropFirst()) }
        while let c = s.unicodeScalars.last, LogLine.isSpace(c) { s = Substring(s.unicodeScalars.dropLast()) }
        return String(s)
    }
}
