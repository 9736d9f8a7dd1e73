import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The pages the documentation checks read, and what they check them against: the repository's files
/// and `layoutlab --help`.
enum DocumentationFiles {
    /// README.md and every Markdown page under docs/, by path from the repository root.
    static let pages: [MarkdownFile] = {
        var paths = ["README.md"]
        let docs = RepositoryFiles.root.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(atPath: docs.path) {
            for case let p as String in walker where p.hasSuffix(".md") { paths.append("docs/" + p) }
        }
        return paths.sorted().map { path in
            let text = (try? String(contentsOfFile: RepositoryFiles.path(path), encoding: .utf8)) ?? ""
            return MarkdownFile(path: path, text: text)
        }
    }()

    /// Text files under `folders` (paths from the root) whose extension is one of `kinds`.
    static func sourceFiles(under folders: [String], kinds: Set<String>) -> [String] {
        var out: [String] = []
        for folder in folders {
            let url = RepositoryFiles.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            for case let p as String in walker where kinds.contains((p as NSString).pathExtension) {
                out.append(folder + "/" + p)
            }
        }
        return out.sorted()
    }

    /// The top-level entries a path in the pages may start with: the repository's folders (and `.ci`)
    /// and its root files.
    static let topLevel: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.root.path)) ?? []
        return names.filter { name in
            guard !name.hasPrefix(".") || name == ".ci" else { return false }
            return ["README.md", "Package.swift", "LICENSE", "results.db"].contains(name)
                || (try? RepositoryFiles.root.appendingPathComponent(name).resourceValues(forKeys: [.isDirectoryKey]))?
                    .isDirectory == true
        }.sorted()
    }()

    /// Paths that running something creates, which a clone does not hold.
    static let madeByRunning = ["Fuzz/crashes", "experiments/apple-autolayout.yaml"]

    /// Whether `path` (from the root) names something in the clone. A segment with `*` is a glob that
    /// must match at least one entry; a placeholder segment (`NAME`, `<file>`, `…`, `$VAR`, `{a,b}`)
    /// ends the check at its parent.
    static func exists(_ path: String) -> Bool {
        if madeByRunning.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { return true }
        var folders = [RepositoryFiles.root]
        for segment in path.split(separator: "/").map(String.init) {
            if isPlaceholder(segment) { return true }
            var next: [URL] = []
            for folder in folders {
                if segment.contains("*") {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    next += names.filter { fnmatch(segment, $0, 0) == 0 }.map { folder.appendingPathComponent($0) }
                } else {
                    let url = folder.appendingPathComponent(segment)
                    if FileManager.default.fileExists(atPath: url.path) { next.append(url) }
                }
            }
            if next.isEmpty { return false }
            folders = next
        }
        return true
    }

    static func isPlaceholder(_ segment: String) -> Bool {
        if ["…", "<", "{", "$"].contains(where: segment.contains) { return true }
        let letters = segment.filter(\.isLetter)
        return !letters.isEmpty && letters.allSatisfy(\.isUppercase) && segment.count > 1
            && !segment.contains(".") && segment != "README"
    }
}

/// `layoutlab --help` and every subcommand's, as the checks need them.
struct HelpIndex: Sendable {
    /// Subcommand → its `--help` text (COLUMNS=100, as `Tools/cli-doc.py` takes it).
    let subcommands: [String: String]
    let top: String

    static func load() throws -> HelpIndex {
        guard let exe = LabExecutable.layoutlab else { throw HelpError(message: LabExecutable.notFound) }
        let top = try run(exe, ["--help"])
        var subs: [String: String] = [:]
        var inside = false
        for line in top.components(separatedBy: "\n") {
            if line.hasPrefix("SUBCOMMANDS:") {
                inside = true
                continue
            }
            guard inside else { continue }
            if let r = line.range(of: #"^  [a-z][a-z0-9-]*(\s|$)"#, options: .regularExpression) {
                let name = line[r].trimmingCharacters(in: .whitespaces)
                subs[name] = try run(exe, [name, "--help"])
            }
        }
        return HelpIndex(subcommands: subs, top: top)
    }

    static func run(_ exe: URL, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "100"
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw HelpError(message: "layoutlab \(arguments.joined(separator: " ")) exited \(p.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether `flag` (`--name`) is one `subcommand` takes.
    func accepts(_ flag: String, for subcommand: String) -> Bool {
        if flag == "--help" { return true }
        guard let help = subcommands[subcommand] else { return false }
        let pattern = "(?<![\\w-])\(NSRegularExpression.escapedPattern(for: flag))(?![\\w-])"
        return help.range(of: pattern, options: .regularExpression) != nil
    }

    struct HelpError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
