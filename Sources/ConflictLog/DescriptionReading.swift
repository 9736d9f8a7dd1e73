/// A constraint's description read where it starts on a line, running on over the next lines where
/// the text breaks: a label with a real line break (the recovery line prints it unescaped), or a long
/// line a web page or a terminal wrapped (at a space, which the wrap may keep or drop, or inside a
/// word).
extension Reader {
    /// How a line break inside a description is read, in the order tried: a real line break (in a
    /// label), a wrap at a space, a wrap inside a word.
    static let joins = ["\n", " ", ""]

    /// At most this many line breaks inside one description.
    static let maxJoins = 4

    /// The description at scalar `at` of line `n`, and the line and offset just past it (`n` moves to
    /// that line). Nil when the input ends inside it and `allowCut` (a paste cut there).
    mutating func description(
        _ line: LogLine, at: Int, allowCut: Bool
    ) throws(ConflictLogError)
        -> (LoggedConstraint, (LogLine, Int))?
    {
        var text = line.raw
        // Per line joined on: where its text starts in `text`, and at which scalar of its own line.
        var pieces = [(inText: 0, inLine: 0)]
        let first = n
        while true {
            var p = DescriptionParser(text)
            p.i = at
            let failure: DescriptionParser.Failure
            do {
                let c = try p.parse(line: first + 1, columnOffset: 0)
                let piece = pieces[pieces.count - 1]
                let l = n == first ? line : LogLine(lines[n])
                return (c, (l, p.i - piece.inText + piece.inLine))
            } catch {
                failure = error
            }
            // The text ended before the description did: read on, or the paste ends here. A line that
            // begins a piece of a log is never the rest of a description, so the description ends
            // before it, whatever follows it in the input.
            let endsEarly = failure.reachedEnd
            let stop = n + 1 >= lines.count || Self.beginsLogPiece(LogLine(lines[n + 1]))
            guard endsEarly, !stop, pieces.count <= Self.maxJoins else {
                if endsEarly, stop {
                    if allowCut { return nil }
                    let message =
                        n + 1 >= lines.count
                        ? "the paste ends inside a constraint" : "the constraint does not end before the next line"
                    throw error(n, LogLine(lines[n]).end + 1, message)
                }
                let (k, column) = Self.locate(failure.column - 1, pieces, first)
                throw error(k, column + 1, "cannot read the constraint: expected \(failure.expected)")
            }
            n += 1
            let next = LogLine(lines[n])
            let (joined, offset) = joinedText(text, next, from: at, first: first)
            pieces.append((joined.unicodeScalars.count - (next.scalars.count - offset), offset))
            text = joined
        }
    }

    /// A line no wrap or label produces: a header, the advice's opening sentence, the list's `(` alone, a
    /// line that begins with a constraint, or the recovery line. These are where a log or its parts begin.
    static func beginsLogPiece(_ l: LogLine) -> Bool {
        LogPhrases.header(l) != nil || l.has(LogPhrases.recovery, at: l.start)
            || LogPhrases.openingAdvice.contains { l.has($0, at: l.start) } || opensList(l)
    }

    /// `text` with line `next` joined on in the way that reads furthest: the first join whose text
    /// parses, else the one that fails latest. Returns the text and where in `next` it continues.
    func joinedText(_ text: String, _ next: LogLine, from at: Int, first: Int) -> (String, Int) {
        var best: (text: String, offset: Int, reach: Int)?
        for join in Self.joins {
            // A real line break keeps the next line as it is; a wrap drops its indentation.
            let offset = join == "\n" ? 0 : next.start
            let joined = text + join + String(String.UnicodeScalarView(next.scalars[offset...]))
            var p = DescriptionParser(joined)
            p.i = at
            let reach: Int
            do {
                _ = try p.parse(line: first + 1, columnOffset: 0)
                return (joined, offset)
            } catch {
                reach = error.reachedEnd ? Int.max : error.column
            }
            if best == nil || reach > best!.reach { best = (joined, offset, reach) }
        }
        return (best!.text, best!.offset)
    }

    /// A scalar offset in the joined text as a line (0-based) and a scalar offset in that line.
    static func locate(_ offset: Int, _ pieces: [(inText: Int, inLine: Int)], _ first: Int) -> (Int, Int) {
        var k = pieces.count - 1
        while k > 0, offset < pieces[k].inText { k -= 1 }
        return (first + k, max(0, offset - pieces[k].inText) + pieces[k].inLine)
    }
}
