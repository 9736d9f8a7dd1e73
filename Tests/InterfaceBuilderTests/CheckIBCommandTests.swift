import Foundation
import TestSupport
import Testing

/// `layoutlab check-ib` run as a user runs it: `--rules-off` shows what a fitted rule does, and an
/// unknown rule is refused with the names it knows.
@Suite("layoutlab check-ib")
struct CheckIBCommandTests {
    /// `IBRuleTests.cellPinnedToMargins` in an Xcode 26 storyboard, written to a temporary file.
    static func xcode26Cell() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "check-ib-\(UUID().uuidString).storyboard")
        try IBRuleTests.cellDocument(IBRuleTests.cellPinnedToMargins, inTable: true, toolsVersion: "24127").write(
            to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func agreeing(_ arguments: [String]) throws -> Int {
        let r = try LabExecutable.run(["check-ib", "--format", "json"] + arguments)
        #expect(r.status == 0, "\(r.err)")
        let last = try #require(r.out.split(separator: "\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let total = try #require(json["total"] as? [String: Any])
        return try #require(total["agree"] as? Int)
    }

    @Test func rulesOffShowsWhatARuleDoes() throws {
        let url = try Self.xcode26Cell()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try Self.agreeing([url.path]) == 1)
        #expect(try Self.agreeing(["--rules-off", "cell-margins-26", url.path]) == 0)
        #expect(try Self.agreeing(["--rules-off", "sheets, notch-by-xcode", url.path]) == 1)
    }

    @Test func unknownRuleIsRefused() throws {
        let r = try LabExecutable.run(["check-ib", "--rules-off", "cell-margins-27", "x.storyboard"])
        #expect(r.status == 64)
        #expect(r.err.contains("no fitted rule 'cell-margins-27'") && r.err.contains("cell-margins-26"))
        let mixed = try LabExecutable.run(["check-ib", "--rules-off", "sheets", "--cross-validate", "x.storyboard"])
        #expect(mixed.status == 64 && mixed.err.contains("--rules-off applies to a check"))
    }

    /// `--conflicts` names the conflict the lab breaks and whether IB's stored frames broke the same: with
    /// the canvas rule, `UISV-hiding`, as IB did; without it, the hidden view's width.
    @Test func conflictsSayWhichConstraintIBBroke() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("check-ib-\(UUID().uuidString).xib")
        try ImportTests.hiddenArrangedView.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        for (off, same) in [([String](), 1), (["--rules-off", "canvas-breaks-generated"], 0)] {
            let r = try LabExecutable.run(["check-ib", "--conflicts", "--format", "json"] + off + [url.path])
            #expect(r.status == 0, "\(r.err)")
            let lines = r.out.split(separator: "\n").map(String.init)
            let first = try #require(lines.first)
            let conflict = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
            // IB's stored frames break `UISV-hiding` (the hidden view is stored 40 wide), whatever the lab does.
            let set = try #require(conflict["conflicting"] as? [String])
            let ib = try #require(conflict["ib_broke"] as? Int)
            #expect(set[ib].contains("'UISV-hiding' h.width == 0"), "\(set)")
            #expect(lines.last?.contains(#""lab_breaks_the_same":\#(same)"#) == true, "\(r.out)")
        }
        let table = try LabExecutable.run(["check-ib", "--conflicts", url.path])
        #expect(table.out.contains("[violated] <NSLayoutConstraint 'UISV-hiding' h.width == 0>"), "\(table.out)")
        let mixed = try LabExecutable.run(["check-ib", "--conflicts", "--per-view", url.path])
        #expect(mixed.status == 64 && mixed.err.contains("--conflicts cannot be combined"))
    }

    /// Every unreadable path is named, however many: 3,000 missing files write some 200 KB of errors,
    /// more than a pipe holds, and the run still finishes with all of them (`LabExecutable.run` drains
    /// standard error while it reads the output).
    @Test func manyUnreadablePathsAreAllNamed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)").path
        let paths = (0..<3000).map { "\(base)-\($0)-a-long-enough-name-to-fill-the-pipe.xib" }
        let r = try #require(finishing(within: 120) { try? LabExecutable.run(["check-ib"] + paths) })
        #expect(r?.status == 2)
        #expect(r?.err.components(separatedBy: ": no such file").count == paths.count + 1)
    }

    /// A path that is missing or a folder says so, rather than passing for a document with malformed XML;
    /// the other files are still checked, and the exit status is 2.
    @Test func unreadablePathsSayWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-ib-\(UUID().uuidString).xib")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cell = try Self.xcode26Cell()
        defer { for url in [folder, cell] { try? FileManager.default.removeItem(at: url) } }
        let missing = folder.deletingLastPathComponent().appendingPathComponent("no-such-\(UUID().uuidString).xib")
        let r = try LabExecutable.run(["check-ib", folder.path, missing.path, cell.path])
        #expect(r.status == 2)
        #expect(r.err.contains("\(folder.path): is a folder, not a document"))
        #expect(r.err.contains("\(missing.path): no such file"))
        #expect(!r.err.contains("malformed XML"))
        #expect(r.out.contains("iOS: 100.0% (1 agree of 1"))
    }
}
