/// A log's line read piece by piece, so each piece may share a line with the next however a console
/// or a paste broke them: the list's `(` with its first constraint or the header, constraints with
/// each other, the last constraint with the list's `)`, the recovery phrase with the broken
/// constraint (iOS 8 in column 1, macOS 14 with a full stop).
extension Reader {
    /// Reads the pieces of line `n` from scalar offset `start`; a constraint may run on over the next
    /// lines (`n` then ends on the last of them).
    mutating func readSegments(_ line: LogLine, from start: Int, _ p: inout LogProgress) throws(ConflictLogError) {
        var next: (LogLine, Int)? = (line, start)
        defer { p.last = n }
        while let (l, from) = next {
            let at = l.skippingSpaces(from)
            guard at < l.end else { return }
            switch p.stage {
            case .advice: next = try readAdvice(l, at, &p)
            case .list: next = try readList(l, at, &p)
            case .afterList: next = try readRecoveryPhrase(l, at, &p)
            case .recovery: next = try readBroken(l, at, &p)
            case .tail:
                // After the broken constraint on its line: a quote and macOS 14's full stop, or the closing
                // advice where a paste lost the line break before it.
                if LogPhrases.tails.contains(where: { l.has($0, at: at) }) { return }
                guard Self.separators.contains(l.scalars[at]) || l.scalars[at] == "." else {
                    let rest = String(String.UnicodeScalarView(l.scalars[at..<l.end]))
                    throw error(n, at + 1, "unexpected text after the constraint: \(rest)")
                }
                next = (l, at + 1)
            }
        }
    }

    /// Before the list: advice (the rest of the line), the list's `(`, or a first constraint.
    mutating func readAdvice(
        _ l: LogLine, _ at: Int, _ p: inout LogProgress
    ) throws(ConflictLogError) -> (LogLine, Int)? {
        if LogPhrases.advice.contains(where: { l.has($0, at: at) }) {
            // The advice runs to the end of its line, or to the list's `(` where a paste lost the line
            // breaks (a web page's text runs a whole log on one line).
            return Self.listOpening(l, after: at).map { (l, $0) }
        }
        if l.has("(", at: at) {
            p.stage = .list
            p.parenthesised = true
            return (l, at + 1)
        }
        guard Self.descriptionStart(l, at) != nil else {
            throw error(n, at + 1, "expected a constraint (\"<…>\"), '(' or the recovery line")
        }
        p.stage = .list  // a list printed without parentheses
        return (l, at)
    }

    /// In the list: quotes and commas, a constraint, the list's `)`, or the recovery phrase where the
    /// list has no `)`.
    mutating func readList(_ l: LogLine, _ at: Int, _ p: inout LogProgress) throws(ConflictLogError) -> (LogLine, Int)?
    {
        if Self.separators.contains(l.scalars[at]) { return (l, at + 1) }
        if l.has(")", at: at) {
            p.stage = .afterList
            p.listEnd = n
            return (l, at + (l.has(").", at: at) ? 2 : 1))
        }
        if let d = Self.descriptionStart(l, at) {
            guard let (c, resume) = try description(l, at: d, allowCut: false) else { return nil }
            p.items.append(c)
            p.lastItemEnd = n
            return resume
        }
        guard (!p.parenthesised || !p.items.isEmpty) && l.has(LogPhrases.recovery, at: at) else {
            throw error(
                n, at + 1,
                p.items.isEmpty
                    ? "expected a constraint (\"<…>\"), ')' or the recovery line"
                    : "expected ',', ')', another constraint or the recovery line")
        }
        // No closing parenthesis (or none at all): the recovery line ends the list.
        p.stage = .afterList
        p.listEnd = p.lastItemEnd
        return (l, at)
    }

    /// "Will attempt to recover by breaking", then "constraint" or the constraint itself.
    mutating func readRecoveryPhrase(
        _ l: LogLine, _ at: Int, _ p: inout LogProgress
    ) throws(ConflictLogError)
        -> (LogLine, Int)?
    {
        guard l.has(LogPhrases.recovery, at: at) else {
            throw error(n, at + 1, "expected the recovery line (\"Will attempt to recover by breaking constraint\")")
        }
        let after = at + LogPhrases.recovery.unicodeScalars.count
        let word = l.skippingSpaces(after)
        p.stage = .recovery
        if l.has("constraint", at: word) { return (l, word + "constraint".unicodeScalars.count) }
        if word < l.end, Self.descriptionStart(l, word) == nil {
            // The paste ends inside the word.
            let rest = String(String.UnicodeScalarView(l.scalars[word..<l.end]))
            if n == lines.count - 1, "constraint".hasPrefix(rest) { return nil }
            throw error(n, after + 1, "expected 'constraint' or a constraint <…>")
        }
        return (l, word)
    }

    /// The broken constraint; cut inside it at the end of the paste, Apple's choice is not in it.
    mutating func readBroken(
        _ l: LogLine, _ at: Int, _ p: inout LogProgress
    ) throws(ConflictLogError) -> (LogLine, Int)? {
        guard let d = Self.descriptionStart(l, at) else {
            throw error(n, at + 1, "expected the broken constraint <…>")
        }
        p.stage = .tail
        guard let (c, resume) = try description(l, at: d, allowCut: true) else { return nil }
        p.broken = c
        return resume
    }

    /// The list's `(` in advice text after `at`: one that a constraint follows. The advice's own
    /// parentheses, `(1)`, `(2)` and `(Note: …)`, never open with a `<`.
    static func listOpening(_ l: LogLine, after at: Int) -> Int? {
        var i = at + 1
        while i < l.end {
            if l.scalars[i] == "(", descriptionStart(l, i + 1) != nil { return i }
            i += 1
        }
        return nil
    }

    /// Between constraints: the quotes `-[NSArray description]` puts around each (typographic ones
    /// where a web page changed them) and the commas between them.
    static let separators: Set<Unicode.Scalar> = ["\"", ",", "\u{201C}", "\u{201D}"]

    /// Where a description starts at `at`: at `<`, after an optional quote and the backslash a Markdown
    /// editor puts before a `<` it would otherwise take for a tag (`\<NSLayoutConstraint:…\>`).
    static func descriptionStart(_ l: LogLine, _ at: Int) -> Int? {
        var i = l.skippingSpaces(at)
        if i < l.end, l.scalars[i] == "\"" || l.scalars[i] == "\u{201C}" { i += 1 }
        if i + 1 < l.end, l.scalars[i] == "\\", l.scalars[i + 1] == "<" { i += 1 }
        return i < l.end && l.scalars[i] == "<" ? i : nil
    }
}
