import ArgumentParser
import Foundation
import LabServer

/// `layoutlab serve`: the lab in a browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "The lab in a browser: resize a tree live under both backends, explain a pasted log, browse results.db.",
        discussion: """
            Four pages at http://127.0.0.1:PORT/: the playground (a scenario file, an Interface Builder scene or a \
            generated tree, laid out both ways as you drag the superview's corner or pick a device), the log \
            explainer (paste a console dump), the results browser (runs, summaries, divergences filtered by \
            comparison, cause, mask, device and size, each with its picture, and a read-only SQL box with the \
            curated queries), and the Interface Builder check (a document's views coloured by status, IB's \
            rectangle and the lab's overlaid). Files are read from under --root only; the database is opened \
            read-only; it listens on the loopback unless --host says otherwise. Ctrl-C stops it.
            Examples:
              layoutlab serve --open
              layoutlab serve --db results.db --root . --port 8080
            """)

    @Option(help: "The results database the Results page browses (opened read-only).")
    var db = "results.db"

    @Option(help: "Scenarios and Interface Builder documents are served from under this folder only.")
    var root = "."

    @Option(help: "The port (0: any free one).")
    var port: UInt16 = 8080

    @Option(help: "The address to listen on. The default, the loopback, keeps the lab off the network.")
    var host = "127.0.0.1"

    @Option(help: "The curated queries the SQL box offers (a folder of .sql files).")
    var queries = "experiments/queries"

    @Option(help: "Refuse request bodies larger than this many bytes.")
    var bodyLimit = 8 << 20

    @Flag(help: "Open the playground in the default browser once the server listens.")
    var open = false

    func validate() throws {
        guard bodyLimit > 0 else { throw ValidationError("--body-limit must be positive") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root \(root) is not a folder")
        }
    }

    func run() async throws {
        let configuration = ServerConfiguration(
            database: FileManager.default.fileExists(atPath: db) ? db : nil, root: root, host: host, port: port,
            bodyLimit: bodyLimit, queries: FileManager.default.fileExists(atPath: queries) ? queries : nil)
        if configuration.database == nil { printError("note: \(db) does not exist; the Results page will say so") }
        let server: LabServer
        do { server = try LabServer(configuration) } catch {
            printError(error.message)
            throw ExitCode(2)
        }
        let serving = Task { try await server.run() }
        do {
            let bound = try await server.waitUntilListening()
            let address = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/"
            // Written at once (a pipe or a file would hold `print`'s buffer): scripts read the address from it.
            let database = configuration.database ?? "none"
            let line = "layoutlab serve: \(address) (root \(root), database \(database)); Ctrl-C stops"
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            if open { Self.openBrowser(address) }
        } catch {
            printError("cannot listen on \(host):\(port): \(error)")
            serving.cancel()
            throw ExitCode(1)
        }
        try await serving.value
    }

    /// The system's opener: `open` on macOS, `xdg-open` elsewhere; a missing one is only a note.
    static func openBrowser(_ address: String) {
        #if os(macOS)
            let opener = "/usr/bin/open"
        #else
            let opener = "/usr/bin/xdg-open"
        #endif
        let p = Process()
        p.executableURL = URL(fileURLWithPath: opener)
        p.arguments = [address]
        do { try p.run() } catch { printError("note: cannot open a browser (\(opener)): open \(address) yourself") }
    }
}
