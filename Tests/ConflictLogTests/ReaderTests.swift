import ConflictLog
import Foundation
import Testing

/// Every form of the corpus's README (and of `docs/conflict-logs.md`) on logs written for these tests
/// (`Logs/`): headers, prefixes and decorations, the equation and Visual Format forms, identifiers,
/// `(active)` and names, the three eras' autoresizing constraints, system constraints, library
/// subclasses, mangled names, escapes, a label with a real line break, a console dump.
@Suite("Reading conflict logs")
struct ReaderTests {
    static func read(_ name: String) throws -> ConflictLogFile {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Logs/\(name)")
        return try ConflictLogReader.read(try String(contentsOf: url, encoding: .utf8), file: name)
    }

    static func one(_ name: String) throws -> ConflictLog {
        let f = try read(name)
        #expect(f.logs.count == 1 && f.foreignLines.isEmpty)
        return try #require(f.logs.first)
    }

    /// iOS 13+: os_log prefix and category, advice lines, the equation form with labels (escapes
    /// decoded), margins, `(active)`, SnapKit's subclass with its source location, a cell's encapsulated
    /// height; the recovery line prints the label unescaped and is matched to the list.
    @Test func modernCellLog() throws {
        let log = try Self.one("modern-cell.log")
        #expect(log.platform == .uikit && log.header == "Unable to simultaneously satisfy constraints.")
        #expect(log.prefix == "2024-03-05 09:12:44.120385+0100 Notes[4412:991203] [LayoutConstraints] ")
        #expect(log.constraints.count == 4 && log.firstLine == 1 && log.lastLine == 17)
        let top = log.constraints[0]
        #expect(top.first == LoggedItem(className: "UILabel", address: "0x7f8a1c20b7e0", label: "Café ’s menu"))
        #expect(top.firstAttribute == "top" && top.relation == "==" && top.secondAttribute == "topMargin")
        #expect(top.second?.identity == "UITableViewCellContentView:0x7f8a1c20b5c0" && top.constant == 4)
        #expect(top.isActive == true && top.form == .equation && top.line == 7 && top.column == 6)
        let snap = log.constraints[2]
        #expect(snap.className == "SnapKit.LayoutConstraint" && snap.libraryTag == "MenuCell.swift#48")
        #expect(snap.second == nil && snap.constant == 60)
        #expect(log.constraints[3].identifier == "UIView-Encapsulated-Layout-Height")
        #expect(log.brokenIndex == 2 && log.broken?.first.label == "Café ’s menu")
    }

    /// iOS 6–12: the one-paragraph advice, autoresizing constraints as a centre with a sign and a size
    /// in Visual Format, `(Names: '|':…)`, the standard spacing `NSSpace(8)`, a `>=` inside a gap.
    @Test func iOS7Autoresizing() throws {
        let log = try Self.one("ios7-autoresizing.log")
        let mid = log.constraints[0]
        #expect(mid.isAutoresizing && mid.mask == "h=--& v=--&" && mid.firstAttribute == "midX" && mid.constant == 30)
        #expect(mid.second == nil)
        let size = log.constraints[1]
        #expect(size.form == .size && size.axis == "H" && size.firstAttribute == "width" && size.constant == 40)
        let pin = log.constraints[2]
        #expect(
            pin.form == .leadingPin && pin.firstAttribute == "leading" && pin.second?.identity == "UIView:0x8a6e8f0")
        #expect(pin.constant == 20 && pin.superview?.address == "0x8a6e8f0")
        let gap = log.constraints[3]
        #expect(gap.form == .spacing && gap.first.label == "Title" && gap.second?.address == "0x8a6f2a0")
        #expect(
            gap.firstAttribute == "leading" && gap.secondAttribute == "trailing" && gap.constant == 8
                && gap.isSystemSpacing)
        let trail = log.constraints[4]
        #expect(trail.form == .trailingPin && trail.relation == ">=" && trail.first.identity == "UIView:0x8a6e8f0")
        #expect(trail.second?.identity == "UILabel:0x8a6fb30" && trail.firstAttribute == "trailing")
        #expect(log.brokenIndex == 2)
    }

    /// AppKit: Console.app's prefix, the colon header, autoresizing constraints as Visual Format edges
    /// (the superview first for `[X]-(0)-|`), AppKit's closing advice.
    @Test func appKitLog() throws {
        let log = try Self.one("appkit.log")
        #expect(log.platform == .appkit && log.prefix == "3/7/2017 10:41:02.118 AM Finder Helper[8812]: ")
        let trailing = log.constraints[1]
        #expect(trailing.isAutoresizing && trailing.mask == "h=-&- v=-&-")
        #expect(trailing.form == .trailingPin && trailing.first.identity == "NSView:0x6080001230c0")
        #expect(log.brokenIndex == 3 && log.lastLine == 12)
    }

    /// macOS 14: "Conflicting constraints detected: (" opens the list, `).` closes it, and the broken
    /// constraint follows "breaking" on the same line with a full stop; module-qualified classes.
    @Test func macOS14Log() throws {
        let log = try Self.one("macos14.log")
        #expect(log.platform == .appkit && log.header == "Conflicting constraints detected:")
        #expect(log.constraints.count == 5 && log.constraints[0].first.className == "Menu.ItemView")
        #expect(log.brokenIndex == 4 && log.lastLine == 8)
    }

    /// System and library forms: stack-view identifiers, a safe-area guide with system spacing,
    /// Masonry's key and named view, a scroll view's content height with its engine id, a content-size
    /// constraint's priorities, a multiplier, a Swift-mangled class, old SnapKit's angle brackets,
    /// OS X 10.7's spaces, syslog's prefix and `//` comment residue on every line.
    @Test func systemAndLibraryForms() throws {
        let log = try Self.one("system.log")
        #expect(log.prefix == "Mar  4 18:25:38 build-host Reader[10567]: ")
        let c = log.constraints
        #expect(c.count == 10)
        #expect(
            c[0].identifier == "UISV-spacing" && c[0].form == .spacing && c[0].relation == ">=" && c[0].constant == 30)
        #expect(c[2].form == .trailingPin && c[2].first.identity == "UIStackView:0x7fa835c08e90")
        #expect(c[3].className == "_UISystemBaselineConstraint" && c[3].relation == "<=" && c[3].isSystemSpacing)
        #expect(
            c[3].constant == 8 && c[3].second?.label == "UIViewSafeAreaLayoutGuide"
                && c[3].second?.isLayoutGuide == true)
        #expect(c[4].className == "MASLayoutConstraint" && c[4].libraryTag == "ConflictingConstraint[0]")
        #expect(c[4].first == LoggedItem(className: "UIStackView", name: "stack"))
        #expect(c[5].firstAttribute == "contentHeight{id: 28}" && c[5].constant == 40)
        #expect(c[6].contentHugging == 250 && c[6].contentCompressionResistance == 750 && c[6].priority == 250)
        #expect(c[7].first.className == "_TtCC5UIKit19NavigationButtonBar15ItemWrapperView" && c[7].multiplier == 0.5)
        #expect(c[8].className == "Reader.LayoutConstraint" && c[8].first.identity == "UILabel:0x7fa835c1f530")
        #expect(c[9].address == "0x40082d820" && c[9].first.identity == "NSView:0x4004ea9a0" && c[9].first.label == nil)
        #expect(c[9].second?.label == "OK")
        #expect(log.brokenIndex == 0)
    }

    /// A label with a line break: the list escapes it (`\n`); the recovery line breaks the line.
    @Test func multiLineLabel() throws {
        let log = try Self.one("multiline-label.log")
        #expect(log.constraints[1].first.label == "Two\nlines" && log.constraints[1].relation == ">=")
        #expect(log.broken?.line == 11 && log.lastLine == 12 && log.brokenIndex == 1)
    }

    /// A console dump: three logs among other output; the other lines are skipped and counted, each
    /// log keeps its own lines and recovery line.
    @Test func consoleDumpWithThreeLogs() throws {
        let f = try Self.read("dump.log")
        #expect(f.logs.count == 3)
        #expect(f.logs.map(\.firstLine) == [2, 22, 36] && f.logs.map(\.lastLine) == [19, 34, 43])
        #expect(f.logs.map { $0.constraints.count } == [4, 4, 1] && f.logs.map(\.brokenIndex) == [1, 0, 0])
        #expect(f.foreignLines == [1, 20, 21, 35, 45])
    }

    /// A header and the list's opening parenthesis.
    static let opening = "Unable to simultaneously satisfy constraints.\n(\n"

    /// What cannot be read is named with its line and column; nothing is dropped silently.
    @Test(
        arguments: [
            (
                ReaderTests.opening + "    \"<NSLayoutConstraint:0x1 UIView:0x2.width == *>\"\n)\n",
                3, 50, "expected a view (Class:0x…)"
            ),
            (
                ReaderTests.opening + "    \"<NSLayoutConstraint:0x1 UIView:0x2.width == 40>\"\n  hello\n)\n",
                4, 3, "expected ',', ')', another constraint"
            ),
            ("no log here\n", 1, 1, "no conflict log found"),
            (
                ReaderTests.opening + "    \"<NSLayoutConstraint:0x1 UIView:0x2.wide == 40>\",\n"
                    + "    \"<Foo:0x1 h=-x- v=--& UIView:0x2.width == 0>\"\n)\n", 4, 18, "a mask character"
            ),
            (
                "Unable to simultaneously satisfy constraints.\nUnable to simultaneously satisfy constraints.\n", 2, 1,
                "a new log begins before this one listed its constraints"
            ),
            (
                ReaderTests.opening + "    \"<NSLayoutConstraint:0x1 UIView:0x2.width",
                3, 46, "the paste ends inside a constraint"
            ),
            (
                ReaderTests.opening + "    \"<NSLayoutConstraint:0x1 UIView:0x2.width == 4>\"\n)\n"
                    + "Will attempt to recover by breaking constraint\n<NSLayoutConstraint:0x1 UIView:0x2.wide = 4>\n",
                6, 41,
                "a relation"
            ),
            (
                ReaderTests.opening + "    \"<NSLayoutConstraint:0x1 UIView:0x2.width == 4>\"\n) x\n",
                4, 3, "expected the recovery line"
            ),
        ] as [(String, Int, Int, String)])
    func unreadableInputIsNamed(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try ConflictLogReader.read(text, file: "t.log")
            Issue.record("read without error: \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("t.log:\(line):\(column): "))
        }
    }
}
