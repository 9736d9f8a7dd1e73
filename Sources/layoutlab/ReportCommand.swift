import ArgumentParser
import Foundation
import Report
import Store

/// `layoutlab report`: one run of results.db as a static HTML page (DIR/index.html).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a run's HTML report (DIR/index.html): tables, plots, and pictured divergences.",
        discussion: """
            The page is self-contained (inline SVG, no server, no external files) and prints on paper. \
            It shows the run's experiment and code version, divergences by comparison, by cause, by \
            mask (an 8×8 map), by magnitude and by step, then the unexplained divergences and the \
            largest of each cause with their pictures and replay/shrink commands.
            """)

    @Option(help: "The results database.")
    var db = "results.db"

    @Option(name: .customLong("run"), help: "The run (runs.id). (default: the latest completed run)")
    var runID: Int64?

    @Option(help: "The folder to write index.html into (created if missing).")
    var out: String

    func run() throws {
        try ReportCommand.write(db: db, run: runID, out: out)
    }

    static func write(db path: String, run: Int64?, out: String) throws {
        let report: RunReport
        do { report = try ReportGathering.gather(try Database(path: path, readOnly: true), path: path, run: run) } catch
        {
            printError("\(path): \(error)")
            throw ExitCode(1)
        }
        let dir = URL(fileURLWithPath: out, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            // Written whole or not at all.
            try Data(report.html().utf8).write(to: dir.appendingPathComponent("index.html"), options: .atomic)
        } catch {
            printError("\(out): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        printNote(
            "report of run \(report.runID) (\(report.experiment)): \(dir.appendingPathComponent("index.html").path)")
    }
}
