import Foundation
import Scenario
import Sweep
import TestSupport
import Testing

/// The README and docs/ say only what a clone can check (docs/development.md, "The documentation
/// check"): every repository path they name exists, every link and anchor resolves, every
/// `layoutlab` command and flag they show is one `--help` lists, docs/cli.md is `--help` verbatim, the
/// README's library example is the code of `Examples/`, no page tells the project's history, and
/// every numeric claim in the README sits in a block that names the command printing it.
@Suite struct DocsTests {
    let pages = DocumentationFiles.pages

    @Test func thePagesAreThere() {
        #expect(pages.contains { $0.path == "README.md" && !$0.text.isEmpty })
        #expect(pages.count >= 10, "\(pages.map(\.path))")
    }

    @Test func everyRepositoryPathNamedExists() throws {
        let prefixes = DocumentationFiles.topLevel.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        let pattern = try NSRegularExpression(
            pattern: #"(?<![\w./~$@:-])(?:"# + prefixes + #")(?:/[^\s`'"()\[\],;:|>]*)?"#)
        var missing: [String] = []
        for page in pages {
            let text = page.text.replacingOccurrences(
                of: #"https?://[^\s)>]+"#, with: " ", options: .regularExpression)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                var path = (text as NSString).substring(with: m.range)
                if let anchor = path.firstIndex(of: "#") { path = String(path[..<anchor]) }
                while let last = path.last, ".".contains(last) { path.removeLast() }
                guard path.contains("/") || DocumentationFiles.topLevel.contains(path) else { continue }
                if path.hasSuffix("/") { path.removeLast() }
                if !DocumentationFiles.exists(path) {
                    let line = text[..<Range(m.range, in: text)!.lowerBound].filter { $0 == "\n" }.count + 1
                    missing.append("\(page.path):\(line): \(path)")
                }
            }
        }
        #expect(missing.isEmpty, "paths that do not exist in the clone:\n\(missing.joined(separator: "\n"))")
    }

    @Test func everyLinkAndAnchorResolves() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let byPath = Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0) })
        var broken: [String] = []
        for page in pages {
            let folder = (page.path as NSString).deletingLastPathComponent
            for m in link.matches(in: page.text, range: NSRange(page.text.startIndex..., in: page.text)) {
                let target = (page.text as NSString).substring(with: m.range(at: 1))
                if ["http://", "https://", "mailto:"].contains(where: target.hasPrefix) { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    .map(String.init)
                let file =
                    parts[0].isEmpty
                    ? page.path : Self.normalised((folder as NSString).appendingPathComponent(parts[0]))
                let where_ = "\(page.path):\(page.line(of: Range(m.range, in: page.text)!.lowerBound))"
                guard DocumentationFiles.exists(file) else {
                    broken.append("\(where_): \(target) (no \(file))")
                    continue
                }
                if parts.count == 2, let linked = byPath[file], !linked.anchors.contains(parts[1]) {
                    broken.append("\(where_): \(target) (no anchor #\(parts[1]) in \(file))")
                }
            }
        }
        #expect(broken.isEmpty, "links that do not resolve:\n\(broken.joined(separator: "\n"))")
    }

    @Test func everyCommandAndFlagShownIsOneHelpLists() throws {
        let help = try HelpIndex.load()
        let call = try NSRegularExpression(pattern: #"(?<![\w/.-])layoutlab[ \t]+([a-z][a-z0-9-]*)([^\n]*)"#)
        let flag = try NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z0-9-]*"#)
        var wrong: [String] = []
        for page in pages {
            for block in page.blocks {
                let codes = block.kind == .fence ? Self.commandLines(block.text) : block.codeSpans
                for code in codes {
                    for m in call.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                        let name = (code as NSString).substring(with: m.range(at: 1))
                        let here = "\(page.path):\(block.line): `\(code.prefix(90))`"
                        if name == "help" { continue }
                        guard help.subcommands[name] != nil else {
                            wrong.append("\(here): `layoutlab \(name)` is not a command `layoutlab --help` lists")
                            continue
                        }
                        let rest = Self.ownArguments((code as NSString).substring(with: m.range(at: 2)))
                        for f in flag.matches(in: rest, range: NSRange(rest.startIndex..., in: rest)) {
                            let option = (rest as NSString).substring(with: f.range)
                            if !help.accepts(option, for: name) {
                                wrong.append("\(here): `\(option)` is not an option of `layoutlab \(name)`")
                            }
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "commands and flags that --help does not list:\n\(wrong.joined(separator: "\n"))")
    }

    @Test func theCommandReferenceIsTheHelpVerbatim() throws {
        let help = try HelpIndex.load()
        let page = try #require(pages.first { $0.path == "docs/cli.md" }, "docs/cli.md is missing")
        let fences = page.blocks.filter { $0.kind == .fence }.map(\.text)
        let expected = [help.top] + help.subcommands.keys.sorted().map { help.subcommands[$0]! }
        for text in expected {
            let trimmed = text.trimmingCharacters(in: .newlines)
            #expect(
                fences.contains(trimmed),
                "docs/cli.md lacks this help verbatim (run `python3 Tools/cli-doc.py`):\n\(trimmed.prefix(300))")
        }
        #expect(fences.count == expected.count, "docs/cli.md has \(fences.count) help texts, --help \(expected.count)")
    }

    @Test func theReadmeExampleIsTheExamplesPackage() throws {
        let readme = try #require(pages.first { $0.path == "README.md" })
        let code = try String(
            contentsOfFile: RepositoryFiles.path("Examples/Sources/BothWays/main.swift"), encoding: .utf8)
        let swiftFences = readme.blocks.filter { $0.kind == .fence && $0.text.contains("import ") }.map(\.text)
        #expect(
            swiftFences.contains(code.trimmingCharacters(in: .newlines)),
            "README's Swift example differs from Examples/Sources/BothWays/main.swift; copy the file into the README")
    }

    @Test func noPageTellsTheProjectsHistory() throws {
        let words = try NSRegularExpression(
            pattern: #"\bissues? #?[0-9]+\b|\bthis session\b|\b(earlier|previous|next|later) sessions?\b|\btoday\b|"#
                + #"\bin the morning\b|\byesterday\b|\bthis machine\b|\bDESIGN(\.md\b| [0-9])"#,
            options: .caseInsensitive)
        let hash = try NSRegularExpression(
            pattern: #"(?<![\w.:/-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w-])"#)
        let date = try NSRegularExpression(pattern: #"\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b"#)
        let shared = try NSRegularExpression(pattern: #"\.\./shared(?!/(corpus|vendor)/)"#)
        var found: [String] = []
        func scan(_ r: NSRegularExpression, _ text: String, _ page: MarkdownFile, _ line: Int, _ what: String) {
            for m in r.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.append("\(page.path):\(line): \(what) '\((text as NSString).substring(with: m.range))'")
            }
        }
        for page in pages {
            let records = ["docs/performance.md", "docs/robustness.md"].contains(page.path)
            // A generated report names the code version of the run it was written from: provenance.
            let generated = page.text.components(separatedBy: "\n").prefix(5)
                .contains { $0.hasPrefix("Generated by `layoutlab ") }
            for block in page.blocks {
                scan(words, block.text, page, block.line, "history")
                scan(shared, block.text, page, block.line, "../shared outside an optional corpus")
                guard block.kind != .fence, !(records && block.kind == .table), !generated else { continue }
                scan(hash, block.prose + " " + block.codeSpans.joined(separator: " "), page, block.line, "a commit")
                scan(date, block.prose, page, block.line, "a date")
            }
        }
        #expect(found.isEmpty, "history in the pages:\n\(found.joined(separator: "\n"))")
    }

    /// The format pages' whole examples are files the readers accept: every `yaml` block of
    /// docs/experiment-format.md that is an experiment (it has a `seed`), read as if it sat in
    /// experiments/, and every `json` block of docs/scenario-format.md that is a whole scenario.
    @Test func theFormatPagesExamplesRead() throws {
        let experiments = try #require(pages.first { $0.path == "docs/experiment-format.md" })
        let yaml = experiments.blocks.filter { $0.kind == .fence && $0.text.contains("\nseed: ") }
        #expect(!yaml.isEmpty, "docs/experiment-format.md has no whole experiment to check")
        for block in yaml {
            let file = RepositoryFiles.path("experiments/docs-example.yaml")
            do {
                _ = try SpecReader.read(text: block.text, file: file)
            } catch {
                Issue.record("docs/experiment-format.md:\(block.line): the example does not read: \(error)")
            }
        }
        let scenarios = try #require(pages.first { $0.path == "docs/scenario-format.md" })
        let json = scenarios.blocks.filter {
            $0.kind == .fence && $0.text.hasPrefix("{") && $0.text.contains("\"superview\"")
                && $0.text.contains("\"views\"")
        }
        #expect(!json.isEmpty, "docs/scenario-format.md has no whole scenario to check")
        for block in json {
            do {
                _ = try Scenario(json: block.text, file: "docs/scenario-format.md")
            } catch {
                Issue.record("docs/scenario-format.md:\(block.line): the example does not read: \(error)")
            }
        }
    }

    /// Code comments, help texts, experiment files and scripts speak of the product too: no issue
    /// number, session word or `DESIGN` section reference in any text file under these folders.
    @Test func noSourceTellsTheProjectsHistory() throws {
        let words = try NSRegularExpression(
            pattern: #"\bissues? [0-9]+\b|\bthis session\b|\b(earlier|previous|later) sessions?\b|\btoday\b|"#
                + #"\bin the morning\b|\byesterday\b|\bthis machine\b|\bDESIGN(\.md\b| [0-9]|'s\b)"#,
            options: .caseInsensitive)
        let kinds: Set<String> = [
            "swift", "py", "sh", "yaml", "yml", "json", "sql", "txt", "cpp", "md", "js", "html", "css",
        ]
        var found: [String] = []
        let folders = ["Sources", "experiments", "Tools", "Fuzz", "deploy", "Tests"]
        for path in DocumentationFiles.sourceFiles(under: folders, kinds: kinds) + ["Package.swift"]
        where !path.hasPrefix("Tests/DocsTests/") {
            guard let text = try? String(contentsOfFile: RepositoryFiles.path(path), encoding: .utf8) else { continue }
            for m in words.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let line = text[..<Range(m.range, in: text)!.lowerBound].filter { $0 == "\n" }.count + 1
                found.append("\(path):\(line): '\((text as NSString).substring(with: m.range))'")
            }
        }
        #expect(found.isEmpty, "history in code, experiments or scripts:\n\(found.joined(separator: "\n"))")
    }

    @Test func theReadmeFitsAndEveryNumericClaimNamesItsCommand() throws {
        let readme = try #require(pages.first { $0.path == "README.md" })
        let lines = readme.text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 251, "README.md has \(lines) lines (at most 250)")
        var bare: [String] = []
        for block in readme.blocks where [.paragraph, .listItem, .table].contains(block.kind) {
            let claims = NumericClaims.find(in: block.prose)
            guard !claims.isEmpty, !block.codeSpans.contains(where: NumericClaims.isCommand) else { continue }
            bare.append("README.md:\(block.line): \(claims.joined(separator: ", ")) — \(block.text.prefix(80))…")
        }
        #expect(bare.isEmpty, "numeric claims in blocks that name no command:\n\(bare.joined(separator: "\n"))")
    }

    /// A fence's lines as commands: continuation lines (`\` at the end) joined, the `$ ` prompt dropped.
    static func commandLines(_ text: String) -> [String] {
        var out: [String] = []
        var pending = ""
        for raw in text.components(separatedBy: "\n") {
            var line = raw
            if line.hasPrefix("$ ") { line.removeFirst(2) }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
            } else {
                out.append(pending + line)
                pending = ""
            }
        }
        if !pending.isEmpty { out.append(pending) }
        return out
    }

    /// A command's own arguments: up to a pipe, a list operator, a redirection or a comment.
    static func ownArguments(_ rest: String) -> String {
        var cut = rest
        for stop in [" | ", ";", "&&", "||", " #", " > ", " 2>", " < "] {
            if let r = cut.range(of: stop) { cut = String(cut[..<r.lowerBound]) }
        }
        return cut
    }

    static func normalised(_ path: String) -> String {
        var parts: [String] = []
        for p in path.split(separator: "/").map(String.init) {
            if p == "." { continue }
            if p == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(p) }
        }
        return parts.joined(separator: "/")
    }
}
