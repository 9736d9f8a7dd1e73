import ConflictLog
import Foundation
import Testing

/// The forms the held-out logs (`HeldOut/`) showed that the corpus did not, each on a log written for
/// the test: a paste that begins after the header, Flutter's time column on every line, a Markdown
/// editor's `\<…\>`, a space typed after a description's `<`, and a whole log on one line.
@Suite("Paste forms")
struct PasteFormTests {
    static let list = [
        "<NSLayoutConstraint:0x1 UIView:0xa.width == 10   (active)>",
        "<NSLayoutConstraint:0x2 UIView:0xa.width == 20   (active)>",
    ]
    static let advice = """
            Probably at least one of the constraints in the following list is one you don't want. 
            Try this: 
                (1) look at each constraint and try to figure out which you don't expect; 
                (2) find the code that added the unwanted constraint or constraints and fix it. 
        """
    static let note =
        "    (Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the "
        + "documentation for the UIView property translatesAutoresizingMaskIntoConstraints) "
    static let parenthesised = "(\n" + list.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n"
    static let recovery = "\nWill attempt to recover by breaking constraint \n\(list[1])\n"

    static func one(_ text: String) throws -> (ConflictLog, ConflictLogFile) {
        let file = try ConflictLogReader.read(text)
        return (try #require(file.logs.first), file)
    }

    /// Selected from the advice, its note or the list on: a log without a header, whole and cut after
    /// its list, with no line left unread.
    @Test(arguments: [advice + "\n" + parenthesised, note + "\n" + parenthesised, parenthesised])
    func pasteBeginningAfterTheHeader(start: String) throws {
        let (log, file) = try Self.one(start + Self.recovery)
        #expect(file.logs.count == 1 && file.foreignLines.isEmpty && log.header.isEmpty)
        #expect(log.constraints.map(\.constant) == [10, 20] && log.brokenIndex == 1)
        if start.hasPrefix("(") { return }  // the list alone, cut: below
        let (cut, _) = try Self.one(start)
        #expect(cut.constraints.count == 2 && cut.broken == nil && cut.isListComplete)
    }

    /// The list alone, without its parentheses: a log when a recovery line follows it or nothing else is
    /// in the paste; among other logs, a stray line that holds a constraint is other output.
    @Test func bareListIsALogOnlyWhenNothingElseCanBe() throws {
        let bare = Self.list.map { "\"\($0)\"" }.joined(separator: ",\n") + "\n"
        let (log, _) = try Self.one(bare + Self.recovery)
        #expect(log.constraints.count == 2 && log.brokenIndex == 1)
        let (cut, _) = try Self.one(bare)
        #expect(cut.constraints.count == 2 && cut.broken == nil)
        let other = "Unable to simultaneously satisfy constraints.\n" + Self.parenthesised + Self.recovery
        let dump = try ConflictLogReader.read("po constraint\n\(Self.list[0])\n" + other)
        #expect(dump.logs.count == 1 && dump.foreignLines == [1, 2] && dump.logs[0].firstLine == 3)
    }

    /// `flutter run --verbose` prints each device line after the time since the previous one.
    @Test func flutterTimeColumnOnEveryLine() throws {
        let text =
            "[LayoutConstraints] Unable to simultaneously satisfy constraints.\n" + Self.advice + "\n"
            + Self.parenthesised + Self.recovery
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { k, l in
            (k == 0 ? "[  +30 ms] " : k % 3 == 0 ? "[+1,027 ms] " : "[        ] ") + l
        }
        let (log, file) = try Self.one(lines.joined(separator: "\n"))
        #expect(file.foreignLines.isEmpty && log.prefix == "[LayoutConstraints] " && log.brokenIndex == 1)
        // A bracket that holds no time is the log's own text (the header's prefix here), not decoration.
        let (other, _) = try Self.one("[+30 s] " + text)
        #expect(other.prefix == "[+30 s] [LayoutConstraints] ")
    }

    /// A Markdown editor's backslashes before both brackets, in the list and on the recovery line.
    @Test func markdownEscapedBrackets() throws {
        let escaped = Self.list.map { "\\" + $0.dropLast() + "\\>" }
        let text =
            "Unable to simultaneously satisfy constraints.\n(\n"
            + escaped.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\n"
            + "Will attempt to recover by breaking constraint \n\(escaped[1])\n"
        let (log, _) = try Self.one(text)
        #expect(log.constraints.map(\.constant) == [10, 20] && log.brokenIndex == 1)
        #expect(log.constraints[1].address == "0x2" && log.constraints[1].isActive == true)
    }

    /// `"< NSLayoutConstraint:…>"`: a space typed after the bracket so a web page shows the text.
    @Test func spaceAfterTheOpeningBracket() throws {
        let spaced = "\"< " + Self.list[1].dropFirst() + "\""
        let text =
            "Unable to simultaneously satisfy constraints.\n" + Self.parenthesised
            + "\nWill attempt to recover by breaking constraint \n\(spaced)\n"
        let (log, _) = try Self.one(text)
        #expect(log.broken?.address == "0x2" && log.brokenIndex == 1)
    }

    /// A web page's text that lost the log's line breaks: header, advice, list, recovery line and closing
    /// advice run together on one line, with and without the quotes, spaces and a trailing comma; whole,
    /// and cut right before the recovery phrase.
    @Test(arguments: [" ", ""])
    func wholeLogOnOneLine(gap: String) throws {
        let advice = Self.advice.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let quoted = "(" + gap + Self.list.map { "\"\($0)\"" }.joined(separator: "," + gap) + gap + ")"
        let bare = "(" + gap + Self.list.joined(separator: "," + gap) + ",)"
        for list in [quoted, bare] {
            let head =
                "[LayoutConstraints] Unable to simultaneously satisfy constraints." + gap
                + advice.joined(separator: gap) + gap + list
            let text =
                head + gap + "Will attempt to recover by breaking constraint" + gap + Self.list[1]
                + "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger."
            let (log, file) = try Self.one(text)
            #expect(file.logs.count == 1 && file.foreignLines.isEmpty && log.prefix == "[LayoutConstraints] ")
            #expect(log.constraints.map(\.constant) == [10, 20] && log.brokenIndex == 1, "\(text)")
            let (cut, _) = try Self.one(head + gap)
            #expect(cut.constraints.count == 2 && cut.broken == nil && cut.isListComplete, "\(head)")
        }
        // The advice's own parentheses, `(1)`, `(2)`, are not the list's.
        let noList = "Unable to simultaneously satisfy constraints." + gap + advice.joined(separator: gap)
        #expect(throws: ConflictLogError.self) { try ConflictLogReader.read(noList) }
    }

    /// Two logs pasted one after the other, the first cut inside its broken constraint: the constraint
    /// does not run on into the next log's header, so the first log is read without Apple's choice and
    /// the second whole. A list's constraint cut the same way is an error on its own line.
    @Test func brokenConstraintCutBeforeTheNextLog() throws {
        let header = "Unable to simultaneously satisfy constraints.\n"
        let second = "<NSLayoutConstraint:0x3 UIView:0xb.height == 30>"
        let next = header + "(\n    \"\(second)\"\n)\nWill attempt to recover by breaking constraint \n\(second)\n"
        let first =
            header + Self.parenthesised
            + "Will attempt to recover by breaking constraint \n<NSLayoutConstraint:0x2 UIVi"
        let file = try ConflictLogReader.read(first + "\n" + next)
        #expect(file.logs.map(\.firstLine) == [1, 8] && file.logs.map(\.lastLine) == [7, 13])
        #expect(file.logs[0].constraints.count == 2 && file.logs[0].broken == nil)
        #expect(file.logs[1].constraints.map(\.constant) == [30] && file.logs[1].brokenIndex == 0)
        let cutInList = header + "(\n    \"<NSLayoutConstraint:0x1 UIView:0xa.wid\n" + next
        #expect {
            try ConflictLogReader.read(cutInList)
        } throws: { error in
            (error as? ConflictLogError)?.line == 3
        }
    }
}
