/// A log's line read piece by piece, so each piece may share a line with the next however a console
/// or a paste broke them: the list's `(` with its first constraint or the header, constraints with
/// each other, the last constraint with the list's `)`, the recovery phrase with the broken
/// constraint (iOS 8 in column 1, macOS 14 with a full stop).
extension Reader {
    /// Reads the pieces of line `n` from scalar offset `start`; a constraint may run on over the next
    /// lines (`n` then ends on the last of them).
    mutating func readSegments(_ line: LogLine, from start: Int, _ p: inout LogProgress) throws(ConflictLogError) {
        var l = line
        var at = start
        defer { p.last = n }
        while true {
            at = l.skippingSpaces(at)
            guard at < l.end else { return }
            switch p.stage {
            case .advice:
                if LogPhrases.advice.contains(where: { l.has($0, at: at) }) { return }
                if l.has("(", at: at) {
                    p.stage = .list
                    p.parenthesised = true
                    at += 1
                } else if Self.descriptionStart(l, at) != nil {
                    p.stage = .list  // a list printed without parentheses
                } else {
                    throw error(n, at + 1, "expected a constraint (\"<…>\"), '(' or the recovery line")
                }
            case .list:
                if Self.separators.contains(l.scalars[at]) {
                    at += 1
                } else if l.has(")", at: at) {
                    p.stage = .afterList
                    p.listEnd = n
                    at += l.has(").", at: at) ? 2 : 1
                } else if let d = Self.descriptionStart(l, at) {
                    guard let (c, resume) = try description(l, at: d, allowCut: false) else { return }
                    p.items.append(c)
                    p.lastItemEnd = n
                    (l, at) = resume
                } else if !p.parenthesised || !p.items.isEmpty, l.has(LogPhrases.recovery, at: at) {
                    // No closing parenthesis (or none at all): the recovery line ends the list.
                    p.stage = .afterList
                    p.listEnd = p.lastItemEnd
                } else {
                    throw error(
                        n, at + 1,
                        p.items.isEmpty
                            ? "expected a constraint (\"<…>\"), ')' or the recovery line"
                            : "expected ',', ')', another constraint or the recovery line")
                }
            case .afterList:
                guard l.has(LogPhrases.recovery, at: at) else {
                    throw error(
                        n, at + 1, "expected the recovery line (\"Will attempt to recover by breaking constraint\")")
                }
                at += LogPhrases.recovery.unicodeScalars.count
                let word = l.skippingSpaces(at)
                p.stage = .recovery
                if l.has("constraint", at: word) {
                    at = word + "constraint".unicodeScalars.count
                } else if word < l.end, Self.descriptionStart(l, word) == nil {
                    // The paste ends inside the word.
                    let rest = String(String.UnicodeScalarView(l.scalars[word..<l.end]))
                    if n == lines.count - 1, "constraint".hasPrefix(rest) { return }
                    throw error(n, at + 1, "expected 'constraint' or a constraint <…>")
                }
            case .recovery:
                guard let d = Self.descriptionStart(l, at) else {
                    throw error(n, at + 1, "expected the broken constraint <…>")
                }
                // Cut inside the broken constraint, at the end of the paste: Apple's choice is not in it.
                guard let (c, resume) = try description(l, at: d, allowCut: true) else {
                    p.stage = .tail
                    return
                }
                p.broken = c
                p.stage = .tail
                (l, at) = resume
            case .tail:
                // After the broken constraint on its line: a quote and macOS 14's full stop.
                guard Self.separators.contains(l.scalars[at]) || l.scalars[at] == "." else {
                    let rest = String(String.UnicodeScalarView(l.scalars[at..<l.end]))
                    throw error(n, at + 1, "unexpected text after the constraint: \(rest)")
                }
                at += 1
            }
        }
    }

    /// Between constraints: the quotes `-[NSArray description]` puts around each (typographic ones
    /// where a web page changed them) and the commas between them.
    static let separators: Set<Unicode.Scalar> = ["\"", ",", "\u{201C}", "\u{201D}"]

    /// Where a description starts at `at`: at `<`, after an optional quote.
    static func descriptionStart(_ l: LogLine, _ at: Int) -> Int? {
        var i = l.skippingSpaces(at)
        if i < l.end, l.scalars[i] == "\"" || l.scalars[i] == "\u{201C}" { i += 1 }
        return i < l.end && l.scalars[i] == "<" ? i : nil
    }
}
