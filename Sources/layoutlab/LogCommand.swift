import ArgumentParser
import AutoLayout
import ConflictAnalysis
import ConflictLog
import Foundation
import LabJSON
import Report

/// `layoutlab log`: a pasted "Unable to simultaneously satisfy constraints" log explained.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Explain an Auto Layout conflict log: the system rebuilt and solved, what conflicts and why, fixes.",
        discussion: """
            Reads every log in FILE (or standard input with -): a single log or a whole console dump, with the \
            decorations pastes carry, whole or cut anywhere after the list. For each: what each constraint says \
            and where it comes from (the app, a translated autoresizing mask, a cell's encapsulated size, a \
            stack view, …), whether the listed constraints truly cannot hold together (rebuilt and solved: views \
            as rectangles, sizes never negative, margins of 8) and, when they can, what the log omits, the \
            minimal sets that conflict, the constraint Apple broke (or that the paste ends before naming it), \
            the one the lab's breaking rule picks without reading the recovery line with the rule's \
            cross-validated accuracy, and the usual fixes, each checked by solving again. A line the reader \
            cannot read exits 2 with its line and column.
            --format json prints {"conflicts":[{"constraints":[{"key","address","text","kind","mask"?}], \
            "unsatisfiable", "omits", "minimal":[[key…]], "apple_choice_in_paste", "apple_broke", \
            "lab_breaks", "lab_tied_with", "lab_rule", "explanation"}]} (each constraint also with its words, \
            form, constant, whether it is in a minimal conflicting set, whether the breaking rule protects it, \
            the depth of its owner in the hierarchy inferred from the list, whether it spaces two views, and \
            every feature the rule's steps can read; each conflict with its lines, platform, whether its list \
            is whole, fixes and \
            unsatisfiable_within_printing: true also when the constraints hold only with no slack; lab_rule \
            with the rule's steps, its accuracy cross-validated and in-sample, the kinds of conflict the log \
            shows and those the rule is weaker on).
            Examples:
              layoutlab log console.txt
              pbpaste | layoutlab log - --format json
              layoutlab log crash.log --scenario conflict.json --svg conflict.svg
            """)

    @Argument(help: "The log (a file, or - for standard input).")
    var file: String

    @Option(help: "text (the default) or json.")
    var format: Kind = .text

    @Option(help: "Write the first log's system as a scenario file (for layout, explain, render).")
    var scenario: String?

    @Option(help: "Draw the first log's views and mark the conflicting constraints' edges (SVG).")
    var svg: String?

    enum Kind: String, ExpressibleByArgument { case text, json }

    func run() throws {
        let text: String
        if file == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            text = String(decoding: data, as: UTF8.self)
        }
        let read: ConflictLogFile
        do {
            read = try ConflictLogReader.read(text, file: file == "-" ? "<stdin>" : file)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        var analyses: [ConflictAnalysis] = []
        for log in read.logs {
            do { analyses.append(try ConflictAnalysis(log)) } catch {
                FileHandle.standardError.write(Data("error: \(file):\(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        if let scenario, let first = analyses.first {
            let (made, left) = first.scenario()
            try Data(made.json().utf8).write(to: URL(fileURLWithPath: scenario))
            for l in left { FileHandle.standardError.write(Data("note: left out of \(scenario): \(l)\n".utf8)) }
        }
        if let svg, let first = analyses.first {
            let caption =
                "Conflict at lines \(first.log.firstLine)–\(first.log.lastLine), "
                + "constraints numbered as layoutlab log lists them"
            try Data(first.picture(caption: caption).svg.utf8).write(to: URL(fileURLWithPath: svg))
        }
        switch format {
        case .json:
            print(JSONWriter.write(.object([("conflicts", .array(analyses.map(\.json)))])))
        case .text:
            for (k, a) in analyses.enumerated() {
                if k > 0 { print("") }
                let where_ = "lines \(a.log.firstLine)–\(a.log.lastLine)"
                print(
                    "Log \(k + 1) of \(analyses.count) (\(where_), \(a.log.platform == .appkit ? "AppKit" : "UIKit")):")
                print(a.explanation)
            }
            if !read.foreignLines.isEmpty {
                let skipped = read.foreignLines.count
                print("\n(\(skipped) other line\(skipped == 1 ? "" : "s") of the input skipped)")
            }
        }
    }
}
