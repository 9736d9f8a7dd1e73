/// Reads Auto Layout conflict logs as engineers paste them: whole console dumps with any
/// number of logs among other output, with the decorations pastes carry (indentation, `//` or `/*`
/// comment residue, timestamps and process prefixes, os_log categories), in every era's form
/// (`docs/conflict-logs.md` lists them with examples). Lines outside a log are skipped and counted;
/// inside a log every line must be one of the log's own, or reading stops with its line and column.
public enum ConflictLogReader {
    /// Every conflict log in `text`, with the lines outside them counted; `file` names the input in
    /// errors (`file:line:column: …`).
    public static func read(_ text: String, file: String = "") throws(ConflictLogError) -> ConflictLogFile {
        // Split on the scalar, not the Character: "\r\n" is one grapheme, so a log pasted with Windows
        // line ends would otherwise be one line.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line))
        }
        if lines.last == "" { lines.removeLast() }
        var reader = Reader(lines: lines, file: file)
        return try reader.run()
    }
}

/// A physical line with its decoration (indentation, `//`, `/*`, a closing `*/`) set apart.
struct LogLine {
    let raw: String
    /// Unicode-scalar offset of the content in `raw`.
    let start: Int
    let content: String

    init(_ raw: String) {
        self.raw = raw
        let scalars = Array(raw.unicodeScalars)
        var i = 0
        func skipSpace() { while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 } }
        skipSpace()
        if i + 1 < scalars.count, scalars[i] == "/", scalars[i + 1] == "/" || scalars[i + 1] == "*" {
            i += 2
            skipSpace()
        }
        var end = scalars.count
        func trimEnd() { while end > i, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 } }
        trimEnd()
        if end - i >= 2, scalars[end - 2] == "*", scalars[end - 1] == "/" {
            end -= 2
            trimEnd()
        }
        start = i
        content = String(String.UnicodeScalarView(scalars[i..<end]))
    }

    var isBlank: Bool { content.isEmpty }
}

private struct Reader {
    let lines: [String]
    let file: String
    var n = 0
    var logs: [ConflictLog] = []
    var foreign: [Int] = []

    init(lines: [String], file: String) {
        self.lines = lines
        self.file = file
    }

    static let headers = ["Unable to simultaneously satisfy constraints", "Conflicting constraints detected:"]
    static let advice = [
        "Probably at least one of the constraints", "Try this:", "(1) look at each constraint", "(2) find the code",
        "(Note: If you're seeing NSAutoresizingMaskLayoutConstraints",
    ]
    static let tails = [
        "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints",
        "The methods in the UIConstraintBasedLayoutDebugging category",
        "Break on objc_exception_throw to catch this in the debugger.",
        "Set the NSUserDefault NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints",
    ]
    static let recovery = "Will attempt to recover by breaking"

    func error(_ line: Int, _ column: Int, _ message: String) -> ConflictLogError {
        ConflictLogError(file: file, line: line + 1, column: column, message)
    }

    /// A header: the phrase, after any prefix, ending the line (`.`, `:`, ` (` may follow).
    static func header(_ l: LogLine) -> (prefix: String, header: String, opensList: Bool)? {
        for h in headers {
            guard let r = l.content.firstRange(of: h) else { continue }
            let rest = String(l.content[r.upperBound...])
            guard ["", ".", ":", " (", ":(", ": ("].contains(rest) || (h.hasSuffix(":") && rest == " (") else {
                continue
            }
            let header = h + (rest.hasSuffix("(") ? rest.dropLast().trimmingSpaces : rest)
            return (String(l.content[..<r.lowerBound]), header, rest.hasSuffix("("))
        }
        return nil
    }

    mutating func run() throws(ConflictLogError) -> ConflictLogFile {
        while n < lines.count {
            let l = LogLine(lines[n])
            if let h = Self.header(l) {
                try readLog(l, h)
            } else {
                if !l.isBlank { foreign.append(n + 1) }
                n += 1
            }
        }
        guard !logs.isEmpty else {
            throw error(0, 1, "no conflict log found (expected \"Unable to simultaneously satisfy constraints\")")
        }
        return ConflictLogFile(logs: logs, foreignLines: foreign)
    }

    enum Stage { case advice, list, afterList, broken, tail }

    mutating func readLog(
        _ headerLine: LogLine, _ h: (prefix: String, header: String, opensList: Bool)
    )
        throws(ConflictLogError)
    {
        let first = n
        n += 1
        var stage: Stage = h.opensList ? .list : .advice
        var parenthesised = h.opensList
        var items: [LoggedConstraint] = []
        var broken: LoggedConstraint?
        var last = first
        scan: while n < lines.count {
            let l = LogLine(lines[n])
            let column = l.start + 1
            if Self.header(l) != nil {
                if stage == .tail { break }
                throw error(
                    n, column, "a new log begins before this one named the constraint it broke (a truncated paste?)")
            }
            switch stage {
            case .advice, .list, .afterList:
                if l.isBlank {
                    if stage == .list && !parenthesised && !items.isEmpty { stage = .afterList }
                    n += 1
                    continue
                }
                if stage == .advice, Self.advice.contains(where: { l.content.hasPrefix($0) }) {
                    n += 1
                    continue
                }
                if stage == .advice, l.content == "(" {
                    stage = .list
                    parenthesised = true
                    n += 1
                    continue
                }
                if l.content.hasPrefix(Self.recovery) {
                    let rest = String(l.content.dropFirst(Self.recovery.count))
                    if rest.trimmingSpaces == "constraint" || rest.trimmingSpaces.isEmpty {
                        stage = .broken
                        n += 1
                        continue
                    }
                    // macOS 14: "Will attempt to recover by breaking <…>." on the same line.
                    let offset = l.start + Self.recovery.unicodeScalars.count
                    guard let at = indexOfDescription(l, from: offset) else {
                        throw error(n, offset + 1, "expected 'constraint' or a constraint <…>")
                    }
                    broken = try description(at: at)
                    stage = .tail
                    last = n
                    n += 1
                    continue
                }
                if stage == .list || stage == .advice, l.content == ")" || l.content == ")." {
                    stage = .afterList
                    n += 1
                    continue
                }
                if stage != .afterList, let at = indexOfDescription(l, from: l.start) {
                    if stage == .advice { stage = .list }
                    let c = try description(at: at, allowing: ["\"", ","])
                    items.append(c)
                    n += 1
                    continue
                }
                throw error(
                    n, column,
                    stage == .afterList
                        ? "expected the recovery line (\"Will attempt to recover by breaking constraint\")"
                        : "expected a constraint (\"<…>\"), ')' or the recovery line")
            case .broken:
                if l.isBlank {
                    n += 1
                    continue
                }
                guard let at = indexOfDescription(l, from: l.start) else {
                    throw error(n, column, "expected the broken constraint <…>")
                }
                broken = try description(at: at)
                last = n
                stage = .tail
                n += 1
            case .tail:
                // Blank lines and Apple's closing advice belong to the log; anything else ends it.
                if l.isBlank {
                    n += 1
                } else if Self.tails.contains(where: { l.content.hasPrefix($0) }) {
                    last = n
                    n += 1
                } else {
                    break scan
                }
            }
        }
        guard broken != nil else {
            throw error(
                min(n, lines.count - 1), 1,
                "the log that begins on line \(first + 1) ends before naming the constraint it broke")
        }
        let platform: ConflictLog.Platform =
            h.header.hasSuffix(":") || h.header.hasPrefix("Conflicting")
            ? .appkit
            : (h.header.hasSuffix(".") ? .uikit : Self.guessPlatform(items))
        logs.append(
            ConflictLog(
                header: h.header, prefix: h.prefix, platform: platform, constraints: items, broken: broken,
                firstLine: first + 1, lastLine: last + 1))
    }

    /// A header without punctuation: AppKit if its views are AppKit's.
    static func guessPlatform(_ items: [LoggedConstraint]) -> ConflictLog.Platform {
        let appKit = items.contains { c in
            let items = [c.first] + (c.second.map { [$0] } ?? []) + (c.superview.map { [$0] } ?? [])
            return items.contains { $0.className.hasPrefix("NS") && !$0.className.hasPrefix("NSLayout") }
        }
        return appKit ? .appkit : .uikit
    }

    /// Where a description starts on a line: at `<`, after an optional `"`.
    func indexOfDescription(_ l: LogLine, from: Int) -> Int? {
        let scalars = Array(l.raw.unicodeScalars)
        var i = from
        while i < scalars.count, scalars[i] == " " { i += 1 }
        if i < scalars.count, scalars[i] == "\"" { i += 1 }
        return i < scalars.count && scalars[i] == "<" ? i : nil
    }

    /// The description at `at` on the current line; a label with a real line break continues it on
    /// the next lines. After it only `allowing` characters (and the line's decoration) may follow.
    mutating func description(
        at: Int, allowing: Set<Unicode.Scalar> = ["."]
    ) throws(ConflictLogError)
        -> LoggedConstraint
    {
        var text = lines[n]
        var joined = 0
        while true {
            var p = DescriptionParser(text)
            p.i = at
            let parsed: LoggedConstraint
            do {
                parsed = try p.parse(line: n + 1 - joined, columnOffset: 0)
            } catch {
                // A real line break inside a label: the description goes on.
                if error.column > text.unicodeScalars.count, joined < 4, n + 1 < lines.count {
                    n += 1
                    joined += 1
                    text += "\n" + lines[n]
                    continue
                }
                let before = Array(text.unicodeScalars).prefix(max(0, error.column - 1))
                let line = n - joined + before.filter { $0 == "\n" }.count
                let column = error.column - (before.lastIndex(of: "\n").map { $0 + 1 } ?? 0)
                throw self.error(line, column, "cannot read the constraint: expected \(error.expected)")
            }
            // What may follow: a closing quote, a comma, a full stop, the decoration.
            let rest = Array(text.unicodeScalars)[p.i...]
            let tail = LogLine(String(String.UnicodeScalarView(rest))).content
            guard tail.unicodeScalars.allSatisfy({ allowing.contains($0) }) else {
                throw error(
                    n, p.i + 1 - (text.unicodeScalars.count - lines[n].unicodeScalars.count),
                    "unexpected text after the constraint: \(tail)")
            }
            return parsed
        }
    }

}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
