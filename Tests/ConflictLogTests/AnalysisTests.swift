import AutoLayout
import ConflictAnalysis
import ConflictLog
import ConstraintModel
import Foundation
import Geometry
import Scenario
import Testing
import ViewTree

/// A log's system rebuilt and solved, explained and fixed, on logs written for the tests.
@Suite("Explaining conflict logs")
struct AnalysisTests {
    static func analysis(_ name: String, log k: Int = 0) throws -> ConflictAnalysis {
        try ConflictAnalysis(try #require(ReaderTests.read(name).logs.dropFirst(k).first))
    }

    /// A cell's label pinned 4 inside its content view's margins with a fixed height of 60, in a row the
    /// table view makes 44 high: 8 + 4 + 60 + 4 + 8 = 84 > 44, so the four cannot hold together, and
    /// lowering any of the app's three to 999 resolves it (each then gives way by the 40 points missing).
    @Test func aCellsContentTallerThanItsRow() throws {
        let a = try Self.analysis("modern-cell.log")
        #expect(a.isUnsatisfiable && a.minimal == [[0, 1, 2, 3]])
        #expect(a.members.map(\.kind) == [.handWritten, .handWritten, .library, .encapsulated])
        #expect(a.members[0].words == "label 'Café ’s menu'.top = contentView.topMargin + 4")
        #expect(a.appleBroke == 2 && a.labBreaks == 2)
        #expect(a.fixes.count == 3 && a.fixes.allSatisfy(\.resolves))
        #expect(a.fixes.allSatisfy { $0.effect.hasSuffix("gives way by 40") })
        #expect(a.explanation.contains("UIView-Encapsulated-Layout-Height: the height its container"))
    }

    /// A view whose mask is still translated (h=--& v=--&: its frame's centre 30 and width 40) pinned 20
    /// from its superview's leading edge: 20 + 40/2 ≠ 30. The explanation names the translation; turning
    /// it off resolves the conflict and leaves the view's vertical place to be constrained.
    @Test func aTranslatedMaskAgainstAPin() throws {
        let a = try Self.analysis("ios7-autoresizing.log")
        #expect(a.isUnsatisfiable && a.minimal == [[0, 1, 2]])
        #expect(a.members[0].kind == .autoresizing && a.members[1].kind == .autoresizing)
        #expect(
            a.explanation.contains(
                "translatesAutoresizingMaskIntoConstraints is on for UIImageView:0x8a6f2a0; its mask h=--& v=--& "
                    + "fixes its width at 40"))
        let off = try #require(a.fixes.first)
        #expect(
            off.action
                == "turn translatesAutoresizingMaskIntoConstraints off for UIImageView:0x8a6f2a0 (mask h=--& v=--&)")
        #expect(off.resolves && off.members == [0, 1])
        #expect(off.effect.contains("vertical position") && !off.effect.contains("horizontal position"))
        // Lowering the pin lets the view sit where its mask put it: 10 points left of the pin's 20.
        let pin = try #require(a.fixes.first { $0.members == [2] })
        #expect(pin.resolves && pin.effect.hasSuffix("gives way by 10"))
    }

    /// The engine keeps sizes non-negative: a width of −16 alone is unsatisfiable (as Apple logs it), and
    /// a zero-height superview cannot hold a button 8 points inside it at the top and bottom.
    @Test func sizesAreNeverNegative() throws {
        let alone = try Self.analysis("dump.log", log: 2)
        #expect(alone.isUnsatisfiable && alone.minimal == [[0]] && alone.negativeSizes == [[0]])
        let button = try Self.analysis("dump.log", log: 0)
        #expect(button.isUnsatisfiable && button.minimal == [[0, 2, 3]])
        #expect(button.explanation.contains("with sizes that cannot be negative"))
    }

    /// A system satisfiable as printed is reported as such: what made it conflict is not in the log.
    @Test func satisfiableAsPrinted() throws {
        let text = try String(contentsOfFile: LogCommandTests.logPath("tight-cell.log"), encoding: .utf8)
        let a = try ConflictAnalysis(try #require(ConflictLogReader.read(text).logs.first))
        #expect(!a.isUnsatisfiable && a.minimal.isEmpty && a.fixes.isEmpty)
        // It holds only at exactly 48: with the height stored as 48.0001 and printed as 48, it conflicts.
        #expect(a.holdsOnlyExactly && a.isUnsatisfiableWithinPrinting)
        #expect(a.explanation.contains("they hold only exactly"))
        // With room to spare (>= 40 against 48) it holds, printed or not.
        let loose = try ConflictAnalysis(
            try #require(ConflictLogReader.read(text.replacingOccurrences(of: ">= 48", with: ">= 40")).logs.first))
        #expect(!loose.isUnsatisfiable && !loose.holdsOnlyExactly && !loose.isUnsatisfiableWithinPrinting)
        #expect(loose.explanation.contains("they can all hold"))
    }

    /// Two independent conflicts in one list: both minimal sets are found.
    @Test func everyMinimalSetIsFound() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x1 UIView:0xa.width == 10>",
                "<NSLayoutConstraint:0x2 UIView:0xa.width == 20>",
                "<NSLayoutConstraint:0x3 UIView:0xa.height == 10>",
                "<NSLayoutConstraint:0x4 UIView:0xa.height == 30>",
                "<NSLayoutConstraint:0x5 UIView:0xa.height >= 25>"
            )

            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x2 UIView:0xa.width == 20>
            """
        let a = try ConflictAnalysis(try #require(ConflictLogReader.read(text).logs.first))
        #expect(a.minimal == [[0, 1], [2, 3], [2, 4]])
    }

    /// The scenario `--scenario` writes: the views under their inferred superviews, the mask's
    /// constraints kept as such (protected from breaking), a unary position made relative to the
    /// superview; laid out by the lab's engine it meets the same conflict and breaks what Apple broke.
    @Test func theSystemAsAScenario() throws {
        let a = try Self.analysis("ios7-autoresizing.log")
        let (s, left) = a.scenario()
        #expect(left.isEmpty)
        let again = try Scenario(json: s.json())
        #expect(
            again.tree.views.map(\.id).sorted() == ["UIImageView:0x8a6f2a0", "UILabel:0x8a6fb30", "UIView:0x8a6e8f0"])
        let image = try #require(again.tree.views.first { $0.id == "UIImageView:0x8a6f2a0" })
        #expect(image.parentID == "UIView:0x8a6e8f0" && !image.translatesMask)
        #expect(again.constraints.filter { $0.identifier == BreakingRule.systemIdentifier }.count == 6)
        let mid = try #require(again.constraints.first)
        #expect(mid.attr1 == .centerX && mid.item2 == "UIView:0x8a6e8f0" && mid.attr2 == .left && mid.constant == 30)
        #expect(mid.identifier?.hasPrefix("NSAutoresizingMaskLayoutConstraint") == true)
        let engine = AutoLayoutEngine(
            tree: again.tree, constraints: again.constraints, configuration: AutoLayoutConfiguration())
        let step = engine.resize(to: again.tree.superviewSize)
        let conflict = try #require(step.conflicts.first)
        #expect(conflict.broken.identifier == "0x8a72010")
        // The image view stays where its mask put it: centre 30, width 40.
        let frame = try #require(step.tree.views.first { $0.id == "UIImageView:0x8a6f2a0" }?.frame)
        #expect(frame.x == 10 && frame.width == 40)
    }

    /// The picture's marks: one per edge or size each conflicting constraint binds.
    @Test func conflictMarks() throws {
        let a = try Self.analysis("ios7-autoresizing.log")
        let members = a.conflictMarks.map(\.member)
        #expect(Set(members) == [0, 1, 2])
        let width = try #require(a.conflictMarks.first { $0.member == 1 })
        #expect(width.to.x - width.from.x == 40 && width.from.y == width.to.y)
    }
}
