/// Where one log stands as it is read: the advice before the list, the list, the wait for the
/// recovery line, the broken constraint, the closing advice.
struct LogProgress {
    enum Stage { case advice, list, afterList, recovery, tail }
    var stage: Stage = .advice
    /// The list opened with `(` (and so ends with `)`, not with a blank line).
    var parenthesised = false
    var items: [LoggedConstraint] = []
    var broken: LoggedConstraint?
    /// The line (0-based) the list ended on.
    var listEnd: Int?
    /// The line (0-based) the last constraint of the list ended on.
    var lastItemEnd: Int?
    /// The last line (0-based) that belongs to the log.
    var last: Int
}

extension Reader {
    /// Reads the log whose header is on the current line. A log ends after its closing advice, at the
    /// next header, at a line that is none of its own once the list is read, or at the end of the
    /// input: a paste may stop anywhere after the list, and the log then names no broken constraint.
    mutating func readLog(
        _ headerLine: LogLine, _ h: (prefix: String, header: String, restAt: Int)
    )
        throws(ConflictLogError)
    {
        let first = n
        var p = LogProgress(last: n)
        // The header's line may go on: the list's parenthesis (macOS 14), advice a paste joined to it.
        try readSegments(headerLine, from: h.restAt, &p)
        n += 1
        while n < lines.count, try readLine(LogLine(lines[n]), &p) {}
        guard !p.items.isEmpty else {
            throw error(min(n, lines.count - 1), 1, "the log that begins on line \(first + 1) lists no constraint")
        }
        let listEnd = p.listEnd ?? p.lastItemEnd ?? first
        logs.append(
            ConflictLog(
                header: h.header, prefix: h.prefix, platform: Self.platform(h.header, p.items), constraints: p.items,
                broken: p.broken, firstLine: first + 1, lastLine: p.last + 1, listEndLine: listEnd + 1,
                isListComplete: !(p.stage == .list && p.parenthesised)))
    }

    /// Reads line `n` into the log and moves past it, or returns false when the line is not the log's
    /// (it is left for the next log or counted as other output).
    mutating func readLine(_ l: LogLine, _ p: inout LogProgress) throws(ConflictLogError) -> Bool {
        if LogPhrases.header(l) != nil {
            guard !p.items.isEmpty else {
                throw error(
                    n, l.start + 1, "a new log begins before this one listed its constraints (a truncated paste?)")
            }
            return false
        }
        if l.isBlank {
            if p.stage == .list, !p.parenthesised, !p.items.isEmpty {
                p.stage = .afterList
                p.listEnd = p.lastItemEnd
            }
            n += 1
            return true
        }
        switch p.stage {
        case .advice, .list:
            try readSegments(l, from: l.start, &p)
        case .afterList:
            if !l.has(LogPhrases.recovery, at: l.start) {
                // Console output between the list and its recovery line; else the paste ends here.
                guard let r = recoveryLine(after: n) else { return false }
                foreign += (n..<r).filter { !LogLine(lines[$0]).isBlank }.map { $0 + 1 }
                n = r
                return true
            }
            try readSegments(l, from: l.start, &p)
        case .recovery:
            // "…breaking constraint" and then no constraint: the paste ends after the phrase.
            guard Self.descriptionStart(l, l.start) != nil else { return false }
            try readSegments(l, from: l.start, &p)
        case .tail:
            guard LogPhrases.tails.contains(where: { l.has($0, at: l.start) }) else { return false }
            p.last = n
        }
        n += 1
        return true
    }

    /// The next line from `line` on that begins with the recovery phrase, before any header.
    func recoveryLine(after line: Int) -> Int? {
        for k in (line + 1)..<max(line + 1, lines.count) {
            let l = LogLine(lines[k])
            if LogPhrases.header(l) != nil { return nil }
            if l.has(LogPhrases.recovery, at: l.start) { return k }
        }
        return nil
    }

    /// A header without punctuation: AppKit if its views are AppKit's.
    static func platform(_ header: String, _ items: [LoggedConstraint]) -> ConflictLog.Platform {
        if header.hasSuffix(":") || header.hasPrefix("Conflicting") { return .appkit }
        if header.hasSuffix(".") { return .uikit }
        let appKit = items.contains { c in
            let items = [c.first] + (c.second.map { [$0] } ?? []) + (c.superview.map { [$0] } ?? [])
            return items.contains { $0.className.hasPrefix("NS") && !$0.className.hasPrefix("NSLayout") }
        }
        return appKit ? .appkit : .uikit
    }
}
