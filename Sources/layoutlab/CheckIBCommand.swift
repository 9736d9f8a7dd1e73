import ArgumentParser
import Foundation
import Geometry
import InterfaceBuilder
import LabJSON

/// `layoutlab check-ib`: solve each imported scene at its design size and compare with IB's frames.
struct CheckIBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-ib",
        abstract:
            "Compare the lab's Auto Layout with the frames Interface Builder stored, per view, per file and overall.",
        discussion: """
            IB stores the frames Apple's engine computed at the document's design size. Each scene is solved \
            there (the modern translation, the design device's safe area and simulated bars, Xcode's build-time \
            pins, IB's placeholder constraints) and every view gets one status: agree (within \
            \(JSONWriter.plainNumber(IBCheck.tolerance)) pt on every edge), disagree, ambiguous (the lab's \
            constraints do not determine it), misplaced (IB says its frame is not where its constraints put it), \
            input (its frame is given: a document laid out with masks only, or a view Xcode pins at build time), \
            translated (it translates its own mask, so its stored frame makes it) or ib-ambiguous (IB marks it \
            ambiguous). The headline is agree / (agree + disagree + ambiguous), overall and per platform; \
            --cross-validate prints it with every fitted value fitted with the document's repository left out \
            (the figure to quote), the in-sample one beside it. --format json prints one object per file and a \
            last {"total": …}; with \
            --per-view, one object per view instead: file, scene, view, element, status, stored, solved, cause; \
            for a disagreeing or ambiguous view also the constraints naming it, the first one IB's stored frames \
            violate (violated), the components nothing fixes (free) and the wrong views it is placed with \
            (follows).
            """)

    @Argument(help: "The .xib and .storyboard files.")
    var files: [String] = []

    @Option(help: "table (default) or json.")
    var format: Kind = .table

    @Flag(help: "With --format json: one record per view (file, scene, view, element, status, stored, solved, cause).")
    var perView = false

    @Option(help: "Fitted values to use instead of the built-in ones (a JSON file as --fit prints it).")
    var fitted: String?

    @Option(
        help: ArgumentHelp(
            """
            Switch these fitted rules off (comma-separated, as Tools/ib-fit-sources.txt names them: \
            \(FittedRule.allCases.map(\.rawValue).joined(separator: ", "))), to see what a rule does.
            """, valueName: "RULES"))
    var rulesOff: String?

    @Flag(help: "Print, per file, the observations the fitted values are fitted on (JSON lines) instead of checking.")
    var votes = false

    @Option(
        help: ArgumentHelp(
            "Print the fitted values of the observations in FILE (JSON lines {\"repository\", \"votes\"}) and exit.",
            valueName: "FILE"))
    var fit: String?

    @Option(
        help: """
            With --fit: fit a value only where at least this many repositories chose it, else leave the \
            style's less specific key to answer (the built-in values use 1).
            """)
    var minimumRepositories = IBFit.minimumRepositories

    @Flag(
        help: """
            Print the agreement cross-validated by repository (each repository checked with the values \
            fitted on the others; repositories from each folder's MANIFEST.tsv, else the file name's \
            owner__repo), with the in-sample figure beside it, per folder and platform.
            """)
    var crossValidate = false

    @Flag(
        help: """
            Print the conflicts the lab breaks instead of the views: each conflicting set, the lab's choice and \
            the members IB's stored frames violate, the constraint IB's engine broke where they single one \
            out; with --format json, one object per conflict and a last {"total": …}.
            """)
    var conflicts = false

    enum Kind: String, ExpressibleByArgument { case table, json }

    func validate() throws {
        guard minimumRepositories >= 1 else {
            throw ValidationError("--minimum-repositories must be at least 1 (got \(minimumRepositories))")
        }
        if rulesOff != nil && (crossValidate || votes || fit != nil) {
            throw ValidationError("--rules-off applies to a check, not to --cross-validate, --votes or --fit")
        }
        if conflicts && (perView || crossValidate || votes || fit != nil) {
            throw ValidationError("--conflicts cannot be combined with --per-view, --cross-validate, --votes or --fit")
        }
        _ = try switchedOff()
    }

    /// The rules `--rules-off` names; an unknown name is an error that lists the known ones.
    func switchedOff() throws -> Set<FittedRule> {
        guard let rulesOff else { return [] }
        return Set(
            try rulesOff.split(separator: ",").map { name in
                let name = name.trimmingCharacters(in: .whitespaces)
                guard let rule = FittedRule(rawValue: name) else {
                    throw ValidationError(
                        "--rules-off: no fitted rule '\(name)' (known: "
                            + FittedRule.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                return rule
            })
    }

    func run() throws {
        if let fit {
            let table = IBFit.fit(try Self.observations(fit), minimumRepositories: minimumRepositories)
            print(JSONWriter.write(FittedValues(table: table).json))
            return
        }
        if votes { return try printVotes() }
        if crossValidate { return try printCrossValidation() }
        var values = try fitted.map(Self.fittedValues) ?? .builtIn
        values.rulesOff.formUnion(try switchedOff())
        if conflicts { return try printConflicts(values) }
        var total = IBTally()
        var byPlatform: [IBImport.Platform: IBTally] = [:]
        var rows = [
            ["file", "views", "agree", "disagree", "ambiguous", "misplaced", "input", "translated", "ib-ambiguous"]
        ]
        let failed = eachDocument(values) { path, doc in
            let result = IBCheck.check(doc)
            let tally = result.tally
            total.add(tally)
            byPlatform[result.platform, default: IBTally()].add(tally)
            switch format {
            case .json where perView: for r in result.results { print(JSONWriter.write(Self.json(r))) }
            case .json: print(JSONWriter.write(Self.json(result)))
            case .table: rows.append([path] + Self.columns(tally))
            }
        }
        switch format {
        case .json:
            var members: [(String, JSONValue)] = [
                ("files", .number(Double(files.count - failed.count))),
                ("not_imported", .number(Double(failed.count))),
            ]
            members += Self.members(total)
            members.append(("derived", .object(Self.members(total.derived))))
            for platform in [IBImport.Platform.iOS, .macOS] {
                let t = byPlatform[platform] ?? IBTally()
                members.append(
                    (platform.rawValue, .object(Self.members(t) + [("derived", .object(Self.members(t.derived)))])))
            }
            print(JSONWriter.write(.object([("total", .object(members))])))
        case .table:
            rows.append(["total"] + Self.columns(total))
            print(TextTable.render(rows, rightAligned: Set(1...8)), terminator: "")
            print(Self.headline("agreement", total))
            for platform in [IBImport.Platform.iOS, .macOS] where byPlatform[platform] != nil {
                print(Self.headline("  \(platform.rawValue)", byPlatform[platform]!))
            }
            print(Self.headline("agreement, sizes the lab derived (not size_from_stored_frame)", total.derived))
            for platform in [IBImport.Platform.iOS, .macOS] where byPlatform[platform] != nil {
                print(Self.headline("  \(platform.rawValue)", byPlatform[platform]!.derived))
            }
            print(
                String(
                    format: "among determined views only (agree / (agree + disagree)): %.1f%%",
                    100 * total.agreementAmongDetermined))
        }
        try Self.exitIfUnread(failed)
    }

    /// Imports each file with `values` and hands it to `body` with its path; the errors of the files that
    /// could not be read or imported, each naming its file, are returned for `exitIfUnread`.
    func eachDocument(_ values: FittedValues, _ body: (String, IBImport) -> Void) -> [String] {
        var failed: [String] = []
        for path in files {
            do {
                body(path, try InterfaceBuilder.importDocument(text: try IBFile.text(path), file: path, fitted: values))
            } catch {
                failed.append("\(error)")
            }
        }
        return failed
    }

    /// After the results: each unread file's error, and exit status 2 if there was one.
    static func exitIfUnread(_ failed: [String]) throws {
        for f in failed { printError(f) }
        if !failed.isEmpty { throw ExitCode(2) }
    }

    static func columns(_ t: IBTally) -> [String] {
        [
            "\(t.views)", "\(t[.agree])", "\(t[.disagree])", "\(t[.ambiguous])", "\(t[.misplaced])", "\(t[.input])",
            "\(t[.translated])", "\(t[.ibAmbiguous])",
        ]
    }

    static func headline(_ label: String, _ t: IBTally) -> String {
        String(
            format: "%@: %.1f%% (%d agree of %d: agree + disagree + ambiguous)", label, 100 * t.agreement, t[.agree],
            t.determinable)
    }

    static func members(_ t: IBTally) -> [(String, JSONValue)] {
        [("views", .number(Double(t.views)))]
            + IBViewResult.Status.allCases.map { ($0.rawValue, JSONValue.number(Double(t[$0]))) }
            + [("agreement", .number((t.agreement * 10000).rounded() / 10000))]
    }

    static func rect(_ f: Rect) -> JSONValue { .array([f.x, f.y, f.width, f.height].map(JSONValue.number)) }

    static func json(_ r: IBViewResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("file", .string(r.file)), ("scene", .string(r.scene)), ("view", .string(r.view)),
            ("element", .string(r.element)),
            ("platform", .string(r.platform.rawValue)), ("status", .string(r.status.rawValue)),
            ("stored", rect(r.stored)),
            ("solved", r.solved.map(rect) ?? .null),
        ]
        if let cause = r.cause { members.append(("cause", .string(cause))) }
        if r.platform == .macOS, r.alignmentRectInsets != .zero, let a = r.solvedAlignmentRect {
            // AppKit controls: the alignment rect the lab solved, and (as `solved`) the frame around it.
            members.append(("solved_alignment_rect", rect(a)))
            let i = r.alignmentRectInsets
            members.append(("alignment_rect_insets", .array([i.top, i.left, i.bottom, i.right].map(JSONValue.number))))
        }
        if r.sizeFromStoredFrame { members.append(("size_from_stored_frame", .bool(true))) }
        if let e = r.explanation {
            // What the lab's constraints say on IB's frames: every one naming the view, the first the
            // stored frames violate, what is left free, the wrong views it is placed with.
            members.append(("constraints", .array(e.constraints.map(JSONValue.string))))
            if let v = e.violated { members.append(("violated", .string(v))) }
            if !e.free.isEmpty { members.append(("free", .array(e.free.map(JSONValue.string)))) }
            if !e.follows.isEmpty { members.append(("follows", .array(e.follows.map(JSONValue.string)))) }
        }
        return .object(members)
    }

    static func json(_ r: IBCheck) -> JSONValue {
        let disagreements = r.results.filter { $0.status == .disagree }.map { d -> JSONValue in
            .object([
                ("scene", .string(d.scene)), ("view", .string(d.view)), ("stored", rect(d.stored)),
                ("solved", d.solved.map(rect) ?? .null), ("cause", .string(d.cause ?? "unexplained")),
            ])
        }
        return .object(
            [("file", .string(r.file)), ("platform", .string(r.platform.rawValue))] + members(r.tally)
                + [("disagreements", .array(disagreements))])
    }
}
