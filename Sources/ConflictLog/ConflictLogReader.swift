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
        let anyHeader = lines.contains { LogPhrases.header(LogLine($0)) != nil }
        // A log without a header is a guess from its first line; where the guess does not read, its lines
        // up to the one it failed on are other output, and its error is the answer only if no log reads.
        var failedGuess: ConflictLogError?
        while n < lines.count {
            let l = LogLine(lines[n])
            if let h = LogPhrases.header(l) {
                try readLog(l, h)
            } else if let h = headerlessStart(l, anyHeader: anyHeader) {
                let before = (n, logs.count, foreign.count)
                do {
                    try readLog(l, h)
                } catch {
                    failedGuess = failedGuess ?? error
                    (logs, foreign) = (Array(logs.prefix(before.1)), Array(foreign.prefix(before.2)))
                    // Past the line it failed on, unless that line is a header: a log begins there.
                    let failed = error.line - 1
                    let header = failed < lines.count && LogPhrases.header(LogLine(lines[failed])) != nil
                    n = min(max(before.0 + 1, header ? failed : error.line), lines.count)
                    foreign += ((before.0 + 1)...n).filter { !LogLine(lines[$0 - 1]).isBlank }
                }
            } else {
                if !l.isBlank { foreign.append(n + 1) }
                n += 1
            }
        }
        guard !logs.isEmpty else {
            throw failedGuess
                ?? error(0, 1, "no conflict log found (expected \"Unable to simultaneously satisfy constraints\")")
        }
        return ConflictLogFile(logs: logs, foreignLines: foreign.sorted())
    }
}

extension Reader {
    /// A paste that begins after the header (a person selecting from the advice or the list on) is a
    /// log without one: from the advice's opening sentence (`Probably at least one…`, `(Note: If you're
    /// seeing…`) when the list follows it, or from the list itself (its `(` alone on the line, or a
    /// first constraint) when a recovery line follows before any header or the input holds no header.
    func headerlessStart(_ l: LogLine, anyHeader: Bool) -> (prefix: String, header: String, restAt: Int)? {
        let none = (prefix: "", header: "", restAt: l.start)
        if LogPhrases.openingAdvice.contains(where: { l.has($0, at: l.start) }) {
            return listFollows(after: n) ? none : nil
        }
        guard Self.opensList(l) else { return nil }
        return !anyHeader || recoveryLine(after: n) != nil ? none : nil
    }

    /// The line is the list's `(` alone or begins with a constraint.
    static func opensList(_ l: LogLine) -> Bool {
        (l.has("(", at: l.start) && l.skippingSpaces(l.start + 1) == l.end) || descriptionStart(l, l.start) != nil
    }

    /// After line `line`, past blank lines and advice, the list begins.
    func listFollows(after line: Int) -> Bool {
        for k in (line + 1)..<max(line + 1, lines.count) {
            let l = LogLine(lines[k])
            if l.isBlank || LogPhrases.advice.contains(where: { l.has($0, at: l.start) }) { continue }
            return Self.opensList(l)
        }
        return false
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
