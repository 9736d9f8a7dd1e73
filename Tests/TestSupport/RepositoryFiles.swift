import Foundation

/// Files the tests read: the repository's own (found from this source file's path), the external
/// corpora that only the lab's own machines have beside the repository, and the `layoutlab`
/// executable that subprocess tests start.
public enum RepositoryFiles {
    /// The package root: Tests/TestSupport/RepositoryFiles.swift → three folders up.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// A file of the repository, by its path from the root.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// A folder of real documents that other people wrote, which the repository does not carry (a user's
/// clone has no `../shared`). A test that needs one runs when the folder is named by its environment
/// variable or found at its default place beside the repository, and otherwise skips with `skipReason`
/// printed. Naming a folder that does not exist is a failure, not a skip: `.ci/run` names both corpora,
/// so in CI every corpus test runs.
public struct ExternalCorpus: Sendable {
    public let variable: String
    public let defaultPath: String
    public let contents: String

    /// Interface Builder documents (`../shared/corpus/ib`).
    public static let interfaceBuilder = ExternalCorpus(
        variable: "LAYOUTLAB_IB_CORPUS", defaultPath: RepositoryFiles.path("../shared/corpus/ib"),
        contents: "the Interface Builder corpus")
    /// More Interface Builder documents, from repositories `ib` does not draw on (`../shared/corpus/ib-more`).
    public static let interfaceBuilderMore = ExternalCorpus(
        variable: "LAYOUTLAB_IB_MORE_CORPUS", defaultPath: RepositoryFiles.path("../shared/corpus/ib-more"),
        contents: "the second Interface Builder corpus")
    /// Auto Layout conflict logs (`../shared/corpus/logs`).
    public static let conflictLogs = ExternalCorpus(
        variable: "LAYOUTLAB_LOG_CORPUS", defaultPath: RepositoryFiles.path("../shared/corpus/logs"),
        contents: "the conflict-log corpus")

    /// The folder named by the variable, else the default one when it exists.
    public var folder: URL? {
        if let named = ProcessInfo.processInfo.environment[variable], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: defaultPath, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return URL(fileURLWithPath: defaultPath).standardizedFileURL
    }

    /// Whether a test of this corpus should run (a named folder always runs, and fails if missing).
    public var isAvailable: Bool { folder != nil }

    public var skipReason: String {
        "\(contents) is not here: set \(variable) to its folder (default \(defaultPath), absent)"
    }

    /// The folder's files with one of `extensions`, sorted; throws when a named folder is missing.
    public func files(withExtensions extensions: Set<String>) throws -> [URL] {
        guard let folder else { throw CorpusMissing(message: skipReason) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw CorpusMissing(message: "\(variable)=\(folder.path) is not a folder")
        }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { extensions.contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    public struct CorpusMissing: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

/// The `layoutlab` executable that `swift build --build-tests` (and so `swift test`) builds beside
/// the test bundle. On Linux the test process is the bundle itself (`CommandLine.arguments[0]`); on
/// macOS it is Xcode's `xctest` or SwiftPM's testing helper, which loads the bundle, so the bundle's
/// folder is found among the loaded bundles. `LAYOUTLAB_EXECUTABLE` overrides both.
public enum LabExecutable {
    public static var candidates: [URL] {
        var folders: [URL] = []
        let process = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        folders += [process, process.deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        var urls = folders.map { $0.appendingPathComponent("layoutlab") }
        if let named = ProcessInfo.processInfo.environment["LAYOUTLAB_EXECUTABLE"], !named.isEmpty {
            urls.insert(URL(fileURLWithPath: named), at: 0)
        }
        return urls
    }

    /// The first candidate that is an executable file.
    public static var layoutlab: URL? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `layoutlab` with `arguments` (standard input from `input`) as a user runs it: its exit
    /// status and outputs. Throws `notFound`'s reason where there is no executable.
    public static func run(
        _ arguments: [String], input: String? = nil
    ) throws -> (status: Int32, out: String, err: String) {
        guard let exe = layoutlab else { throw NotFound(description: notFound) }
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        let inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        // Standard error is drained on a thread of its own while the output is read here: read one after
        // the other, a process that filled the error pipe would wait for ever on a test waiting for it.
        let errors = DrainedPipe(err)
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = errors.wait()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    public struct NotFound: Error, CustomStringConvertible { public var description: String }

    /// A pipe read to its end on a thread of its own.
    final class DrainedPipe: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ pipe: Pipe) {
            Thread {
                self.data = pipe.fileHandleForReading.readDataToEndOfFile()
                self.done.signal()
            }.start()
        }

        /// Everything the pipe carried, once its writer has closed it.
        func wait() -> Data {
            done.wait()
            return data
        }
    }

    /// Why `layoutlab` was not found: every place looked at.
    public static var notFound: String {
        "the layoutlab executable was not found (build it with `swift build`, or set LAYOUTLAB_EXECUTABLE); looked at: "
            + candidates.map(\.path).joined(separator: ", ")
    }
}
