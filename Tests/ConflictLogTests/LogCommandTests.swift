import AutoLayout
import ConflictAnalysis
import Foundation
import TestSupport
import Testing

/// `layoutlab log`'s three outputs (the explanation, JSON, and the scenario and picture files) and its
/// errors, run as a user runs them.
@Suite("layoutlab log")
struct LogCommandTests {
    static func logPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Logs/\(name)").path
    }

    /// Runs `layoutlab` with `arguments` (standard input from `input`); its status and outputs.
    static func run(_ arguments: [String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try LabExecutable.run(arguments, input: input)
    }

    @Test func explanationAsText() throws {
        let r = try Self.run(["log", Self.logPath("ios7-autoresizing.log")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("Log 1 of 1 (lines 1–14, UIKit):\n5 constraints listed; they cannot all hold"))
        #expect(r.out.contains("These cannot hold together:\n  {1, 2, 3}"))
        #expect(r.out.contains("Apple broke 3: imageView.leading = view.leading + 20."))
        #expect(
            r.out.contains(
                "- turn translatesAutoresizingMaskIntoConstraints off for UIImageView:0x8a6f2a0 (mask h=--& v=--&): resolves"
            ))
    }

    /// JSON, from standard input: one object per log of a dump, addresses as keys.
    @Test func jsonFromStandardInput() throws {
        let dump = try String(contentsOfFile: Self.logPath("dump.log"), encoding: .utf8)
        let r = try Self.run(["log", "-", "--format", "json"], input: dump)
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let conflicts = try #require(json["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 3)
        let first = conflicts[0]
        #expect(first["unsatisfiable"] as? Bool == true)
        #expect(
            first["apple_broke"] as? String == "0x600000d06df0" && first["lab_breaks"] as? String == "0x600000d06df0")
        let minimal = try #require(first["minimal"] as? [[String]])
        #expect(minimal == [["0x600000d01f90", "0x600000d06e40", "0x600000d06e90"]])
        let constraints = try #require(first["constraints"] as? [[String: Any]])
        #expect(constraints.count == 4 && constraints[0]["mask"] as? String == "h=--& v=--&")
        #expect(constraints[0]["kind"] as? String == "autoresizing" && constraints[1]["mask"] == nil)
        #expect(constraints[1]["address"] as? String == "0x600000d06df0" && constraints[1]["text"] is String)
        #expect((first["explanation"] as? String)?.contains("Apple broke 2") == true)
        #expect(conflicts[2]["minimal"] as? [[String]] == [["0x600000d0b000"]])
        // What the breaking rule read: the translated mask is protected; each constraint has its
        // owner's depth in the inferred hierarchy and whether it spaces two views.
        #expect(constraints[0]["protected"] as? Bool == true && constraints[1]["protected"] as? Bool == false)
        // The button sits in UIView …c6f0 ('|'): its height is the button's own (depth 1), the view's
        // height and the two insets belong to the view (depth 0); none spaces two views.
        #expect(constraints.map { $0["owner_depth"] as? Double } == [0, 1, 0, 0])
        #expect(constraints.map { $0["spacing"] as? Bool } == [false, false, false, false])
    }

    /// A paste cut right after the list: read; `apple_broke` null, Apple's choice not in the paste; the
    /// lab's pick given with the rule behind it, its cross-validated accuracy and the kinds of conflict
    /// the log shows — in the text too.
    @Test func aPasteCutAfterTheList() throws {
        let whole = try String(contentsOfFile: Self.logPath("dump.log"), encoding: .utf8)
        let cut = whole.components(separatedBy: "\n\nWill attempt")[0]
        let r = try Self.run(["log", "-", "--format", "json"], input: cut)
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let conflict = try #require((json["conflicts"] as? [[String: Any]])?.first)
        #expect(conflict["apple_broke"] is NSNull && conflict["apple_choice_in_paste"] as? Bool == false)
        #expect(conflict["lab_breaks"] as? String == "0x600000d06df0" && conflict["list_complete"] as? Bool == true)
        let rule = try #require(conflict["lab_rule"] as? [String: Any])
        let cv = try #require(rule["cross_validated"] as? [String: Any])
        #expect(cv["hits"] as? Double == Double(RuleAccuracy.crossValidated.hits) && cv["logs"] as? Double == 94)
        #expect(rule["steps"] as? [String] == BreakingRule.rule.steps.map(\.description))
        #expect(rule["shapes"] as? [String] == ["translated-mask"])
        let text = try Self.run(["log", "-"], input: cut)
        #expect(text.out.contains("Apple's choice is not in the paste"))
        #expect(
            text.out.contains(
                "The lab's rule picks 2: button 'Buy'.height = 44; it names Apple's choice in "
                    + "\(RuleAccuracy.crossValidated.hits) of \(RuleAccuracy.crossValidated.logs) corpus logs"))
    }

    /// A cell's `height >= 48` against its encapsulated height printed as 48: satisfiable as printed,
    /// unsatisfiable within the printing precision.
    @Test func unsatisfiableWithinPrinting() throws {
        let log = try String(contentsOfFile: Self.logPath("tight-cell.log"), encoding: .utf8)
        let r = try Self.run(["log", "-", "--format", "json"], input: log)
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let conflict = try #require((json["conflicts"] as? [[String: Any]])?.first)
        #expect(conflict["unsatisfiable"] as? Bool == false)
        #expect(conflict["unsatisfiable_within_printing"] as? Bool == true)
        #expect(conflict["omits"] as? [String] == ["rounding"])
    }

    /// `--scenario` writes a file `layout` lays out (meeting the same conflict), `--svg` a picture with
    /// the conflicting edges marked.
    @Test func scenarioAndPictureFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = dir.appendingPathComponent("s.json").path
        let svg = dir.appendingPathComponent("s.svg").path
        let r = try Self.run(["log", Self.logPath("macos14.log"), "--scenario", scenario, "--svg", svg])
        #expect(r.status == 0, "\(r.err)")
        let laid = try Self.run(["layout", scenario, "--engine", "autolayout", "--sizes", "100x100"])
        #expect(laid.status == 0, "\(laid.err)")
        #expect(
            laid.out.contains(
                "\"broken\":\"<NSLayoutConstraint '0x6000031c9900' NSImageView:0x7fd7bef276a0.width == 16>\""))
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<svg") && picture.contains("imageView") && picture.contains("stroke=\"#d00\""))
        #expect(picture.components(separatedBy: "<line ").count - 1 >= 4)
    }

    @Test func unreadableInputExits2WithWhere() throws {
        let r = try Self.run(
            ["log", "-"],
            input:
                "Unable to simultaneously satisfy constraints.\n(\n  \"<NSLayoutConstraint:0x1 V:[UIView:0x2(>x)]>\"\n)\n"
        )
        #expect(r.status == 2 && r.out.isEmpty)
        #expect(r.err.hasPrefix("error: <stdin>:3:"), "\(r.err)")
    }
}
