import ConflictLog
import Foundation
import Testing

/// Where real consoles and pastes put a line break, a constant or a bracket differently from the
/// corpus's logs, each on a log written for the test (`Logs/`, or inline): the three forms of the
/// logs that were not read (an iOS 6 centre with nothing after `==`, the list's `)` on its last
/// constraint's line, an iOS 8 list in column 1 with the broken constraint on the recovery line) and
/// the others a scan of the reader found.
@Suite("Console forms")
struct ConsoleFormTests {
    /// iOS 6 printed a translated centre of 0 with nothing after the relation: `UILabel:0x….midX ==>`.
    /// It is the constant 0 against the superview, so the label's centre at 0 and width 0 put its
    /// leading edge at 0, against the pin's 20.
    @Test func iOS6CentreWithNothingAfterTheRelation() throws {
        let log = try ReaderTests.one("ios6-centre.log")
        let centre = log.constraints[0]
        #expect(centre.isAutoresizing && centre.firstAttribute == "midX" && centre.relation == "==")
        #expect(centre.second == nil && centre.constant == 0 && centre.form == .equation)
        #expect(centre.text == "<NSAutoresizingMaskLayoutConstraint:0x7537c10 h=--& v=--& UILabel:0x7536b60.midX ==>")
        #expect(log.constraints[2].firstAttribute == "midY" && log.constraints[2].constant == 0)
        #expect(log.constraints.count == 4 && log.brokenIndex == 3)
        // With a space before the `>` too, and against a constant that is printed.
        let spaced = try #require(
            try ConflictLogReader.read(Self.log(["<NSLayoutConstraint:0x1 UIView:0xa.midX == >"])).logs.first)
        #expect(spaced.constraints[0].constant == 0 && spaced.constraints[0].second == nil)
    }

    /// The list's closing parenthesis on the line of its last constraint: `…(Names: '|':X:0x… )>" )`.
    @Test func closingParenthesisOnTheLastConstraintsLine() throws {
        let log = try ReaderTests.one("closing-paren.log")
        #expect(log.constraints.count == 4 && log.listEndLine == 7 && log.isListComplete)
        #expect(log.constraints[3].form == .trailingPin && log.constraints[3].superview?.address == "0x16d5d4d0")
        #expect(log.brokenIndex == 1 && log.lastLine == 12)
    }

    /// iOS 8 pasted with the list in column 1 and the broken constraint on the recovery line itself.
    @Test func columnOneListAndTheBrokenConstraintOnTheRecoveryLine() throws {
        let log = try ReaderTests.one("ios8-column1.log")
        #expect(log.constraints.count == 4 && log.constraints.allSatisfy { $0.column == 2 })
        #expect(log.broken?.line == 10 && log.broken?.column == 48 && log.brokenIndex == 0)
        #expect(log.lastLine == 13)
    }

    /// A list on one line, the first constraint on the `(` line, no `)` before the recovery line.
    @Test(arguments: [
        "(\"<NSLayoutConstraint:0x1 UIView:0xa.width == 10>\", \"<NSLayoutConstraint:0x2 UIView:0xa.width == 20>\")",
        "(\"<NSLayoutConstraint:0x1 UIView:0xa.width == 10>\",\n\"<NSLayoutConstraint:0x2 UIView:0xa.width == 20>\"\n)",
        "(\n  <NSLayoutConstraint:0x1 UIView:0xa.width == 10>,\n  <NSLayoutConstraint:0x2 UIView:0xa.width == 20>\n)",
        "(\n\"<NSLayoutConstraint:0x1 UIView:0xa.width == 10>\",\n\"<NSLayoutConstraint:0x2 UIView:0xa.width == 20>\"",
        "\"<NSLayoutConstraint:0x1 UIView:0xa.width == 10>\",\n\"<NSLayoutConstraint:0x2 UIView:0xa.width == 20>\"",
    ])
    func listsBrokenAnyWay(list: String) throws {
        let text =
            "Unable to simultaneously satisfy constraints.\n\(list)\n\nWill attempt to recover by breaking "
            + "constraint\n<NSLayoutConstraint:0x2 UIView:0xa.width == 20>\n"
        let log = try #require(try ConflictLogReader.read(text).logs.first)
        #expect(log.constraints.map(\.constant) == [10, 20] && log.brokenIndex == 1)
    }

    /// A long constraint wrapped by a web page or a terminal: at a space (kept or dropped) or inside
    /// a word, the next line indented or not. The constraint reads as it was printed.
    @Test(arguments: [
        "\"<NSLayoutConstraint:0x2 UILabel:0xb'Title'.leading ==\n    UIView:0xa.leading + 8   (active)>\"",
        "\"<NSLayoutConstraint:0x2 UILabel:0xb'Title'.leading == \nUIView:0xa.leading + 8   (active)>\"",
        "\"<NSLayoutConstraint:0x2 UILabel:0xb'Title'.leading == UIVi\new:0xa.leading + 8   (active)>\"",
        "\"<NSLayoutConstraint:0x2 UILabel:0xb'Title'.leading == UIView:0xa.leading + 8   (acti\n  ve)>\"",
    ])
    func wrappedConstraint(item: String) throws {
        let text =
            "Unable to simultaneously satisfy constraints.\n(\n"
            + "    \"<NSLayoutConstraint:0x1 UILabel:0xb'Title'.width == 300   (active)>\",\n    \(item),\n"
            + "    \"<NSLayoutConstraint:0x3 UIView:0xa.width == 100   (active)>\"\n)\n\n"
            + "Will attempt to recover by breaking constraint\n"
            + "<NSLayoutConstraint:0x2 UILabel:0xb'Title'.leading == UIView:0xa.leading + 8   (active)>\n"
        let log = try #require(try ConflictLogReader.read(text).logs.first)
        let c = log.constraints[1]
        #expect(log.constraints.count == 3 && c.line == 4)
        #expect(c.first.label == "Title" && c.second?.address == "0xa" && c.constant == 8 && c.isActive == true)
        #expect(log.brokenIndex == 1)
    }

    /// What web pages do to text: no-break spaces for indentation, typographic quotes around the
    /// descriptions and the labels, a byte-order mark; and a Markdown quote on every line.
    @Test func webPagesAndMarkdownQuotes() throws {
        let typographic =
            "\u{FEFF}Unable to simultaneously satisfy constraints.\n(\n"
            + "\u{A0}\u{A0}\u{A0}\u{A0}\u{201C}<NSLayoutConstraint:0x1 UILabel:0xb\u{2018}Ann\u{2019}s\u{2019}"
            + ".width == 300>\u{201D},\n\u{A0}\u{A0}\u{A0}\u{A0}\u{201C}<NSLayoutConstraint:0x2 H:|-(8)-[UILabel:0xb]"
            + "   (Names: \u{2018}|\u{2019}:UIView:0xa )>\u{201D}\n"
            + ")\n\nWill attempt to recover by breaking constraint\n"
            + "<NSLayoutConstraint:0x1 UILabel:0xb\u{2018}Ann\u{2019}s\u{2019}.width == 300>\n"
        let log = try #require(try ConflictLogReader.read(typographic).logs.first)
        #expect(log.constraints[0].first.label == "Ann\u{2019}s" && log.constraints[0].constant == 300)
        #expect(log.constraints[1].superview?.address == "0xa" && log.brokenIndex == 0)
        let quoted = try String(contentsOfFile: LogCommandTests.logPath("ios7-autoresizing.log"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map { "> \($0)" }.joined(separator: "\n")
        let again = try #require(try ConflictLogReader.read(quoted).logs.first)
        #expect(again.constraints.count == 5 && again.brokenIndex == 2)
    }

    /// iOS 6–7's advice paragraph joined to the header's line, as a reflowed paste has it.
    @Test func adviceOnTheHeadersLine() throws {
        let text =
            "Unable to simultaneously satisfy constraints.  Probably at least one of the constraints in "
            + "the following list is one you don't want. Try this: (1) look at each constraint\n(\n"
            + "    \"<NSLayoutConstraint:0x1 UIView:0xa.width == 10>\",\n"
            + "    \"<NSLayoutConstraint:0x2 UIView:0xa.width == 20>\"\n"
            + ")\n\nWill attempt to recover by breaking constraint\n<NSLayoutConstraint:0x1 UIView:0xa.width == 10>\n"
        let log = try #require(try ConflictLogReader.read(text).logs.first)
        #expect(log.header == "Unable to simultaneously satisfy constraints." && log.brokenIndex == 0)
    }

    /// Other console output between the list and the recovery line is skipped and counted; the log
    /// keeps its recovery line.
    @Test func outputBetweenTheListAndTheRecoveryLine() throws {
        let text = Self.log(["<NSLayoutConstraint:0x1 UIView:0xa.width == 10>"], between: "2024-01-01 App[1:2] tick")
        let f = try ConflictLogReader.read(text)
        #expect(f.logs.count == 1 && f.logs[0].brokenIndex == 0 && f.foreignLines == [6])
    }

    /// A log of `items` (one a line) whose recovery line names the first, with `between` (if any)
    /// between the list and the recovery line.
    static func log(_ items: [String], between: String? = nil) -> String {
        "Unable to simultaneously satisfy constraints.\n(\n"
            + items.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\n"
            + (between.map { "\($0)\n" } ?? "")
            + "Will attempt to recover by breaking constraint\n\(items[0])\n"
    }
}
