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
            --format json prints {"conflicts":[{"constraints":[{"address","text","kind","mask"?}], \
            "unsatisfiable", "omits", "minimal":[[address…]], "apple_choice_in_paste", "apple_broke", \
            "lab_breaks", "lab_tied_with", "lab_rule", "explanation"}]} (each constraint also with its words, \
            form, constant, whether the breaking rule protects it, the depth of its owner in the hierarchy \
            inferred from the list, whether it spaces two views, and every feature the rule's steps can read; \
            each conflict with its lines, platform, whether its list is whole, fixes and \
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
            let rects = first.resolvedRects
            let views = first.system.views.indices.map {
                ConflictPicture.View(name: first.system.views[$0].name, rect: rects[$0])
            }
            let marks = first.conflictMarks.map {
                ConflictPicture.Mark(from: $0.from, to: $0.to, label: "\($0.member + 1)")
            }
            let caption =
                "Conflict at lines \(first.log.firstLine)–\(first.log.lastLine), constraints numbered as layoutlab log lists them"
            try Data(ConflictPicture(views: views, marks: marks, caption: caption).svg.utf8).write(
                to: URL(fileURLWithPath: svg))
        }
        switch format {
        case .json:
            print(JSONWriter.write(.object([("conflicts", .array(analyses.map(Self.json)))])))
        case .text:
            for (k, a) in analyses.enumerated() {
                if k > 0 { print("") }
                let where_ = "lines \(a.log.firstLine)–\(a.log.lastLine)"
                print(
                    "Log \(k + 1) of \(analyses.count) (\(where_), \(a.log.platform == .appkit ? "AppKit" : "UIKit")):")
                print(a.explanation)
            }
            if !read.foreignLines.isEmpty {
                print(
                    "\n(\(read.foreignLines.count) other line\(read.foreignLines.count == 1 ? "" : "s") of the input skipped)"
                )
            }
        }
    }

    static func json(_ a: ConflictAnalysis) -> JSONValue {
        func key(_ k: Int?) -> JSONValue { k.map { .string(a.members[$0].constraint.key) } ?? .null }
        let constraints: [JSONValue] = a.members.indices.map { k in
            let (m, candidate) = (a.members[k], a.candidates[k])
            var members: [(String, JSONValue)] = [
                ("address", m.constraint.address.map(JSONValue.string) ?? .null), ("text", .string(m.constraint.text)),
                ("kind", .string(m.kind.rawValue)),
            ]
            if let mask = m.constraint.mask { members.append(("mask", .string(mask))) }
            members += [
                ("words", .string(m.words)), ("form", .string(m.constraint.form.rawValue)),
                ("constant", .number(m.constraint.constant)),
                ("protected", .bool(candidate.isProtected)), ("owner_depth", .number(Double(candidate.ownerDepth))),
                ("spacing", .bool(candidate.isSpacing)),
                ("features", .object(a.ruleFeatures[k].map { ($0.name, .number($0.value)) })),
            ]
            return .object(members)
        }
        let fixes: [JSONValue] = a.fixes.map { f in
            .object([
                ("action", .string(f.action)), ("resolves", .bool(f.resolves)), ("effect", .string(f.effect)),
            ])
        }
        return .object([
            ("lines", .array([.number(Double(a.log.firstLine)), .number(Double(a.log.lastLine))])),
            ("platform", .string(a.log.platform.rawValue)),
            ("constraints", .array(constraints)),
            ("list_complete", .bool(a.log.isListComplete)),
            ("unsatisfiable", .bool(a.isUnsatisfiable)),
            ("unsatisfiable_within_printing", .bool(a.isUnsatisfiableWithinPrinting)),
            ("omits", .array(a.omissions.map { .string($0.rawValue) })),
            ("minimal", .array(a.minimal.map { .array($0.map { key($0) }) })),
            ("apple_choice_in_paste", .bool(a.log.broken != nil)),
            ("apple_broke", key(a.appleBroke)),
            ("lab_breaks", key(a.labBreaks)),
            ("lab_tied_with", .array(a.labTiedWith.map { key($0) })),
            ("lab_rule", ruleJSON(a)),
            ("fixes", .array(fixes)),
            ("explanation", .string(a.explanation)),
        ])
    }

    /// The rule behind `lab_breaks`: its steps, how sure it is overall and on this log's kinds of
    /// conflict (cross-validated, `RuleAccuracy`).
    static func ruleJSON(_ a: ConflictAnalysis) -> JSONValue {
        func figure(_ f: RuleAccuracy.Figure) -> JSONValue {
            .object([
                ("hits", .number(Double(f.hits))), ("logs", .number(Double(f.logs))), ("accuracy", .number(f.fraction)),
            ])
        }
        let rule = BreakingRule.rule
        return .object([
            ("steps", .array(rule.steps.map { .string($0.description) })),
            ("evidence", .string(ConflictAnalysis.ruleEvidence.rawValue)),
            ("ties", .string(rule.ties.rawValue)),
            ("cross_validated", figure(RuleAccuracy.crossValidated)),
            ("in_sample", figure(RuleAccuracy.inSample)),
            ("shapes", .array(a.shapes.map { .string($0.rawValue) })),
            (
                "shape_accuracy",
                .object(a.shapes.compactMap { s in RuleAccuracy.byShape[s].map { (s.rawValue, figure($0)) } })
            ),
            ("weak_shapes", .array(a.shapes.filter(RuleAccuracy.isWeak).map { .string($0.rawValue) })),
        ])
    }
}
