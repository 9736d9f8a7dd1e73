import ArgumentParser
import Foundation
import Store

/// `layoutlab merge`: the shards of a sweep (`sweep --shard I/N`) into one run.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the databases of a sharded sweep into one run, equal to the unsharded sweep's.",
        discussion: """
            Each SHARD.db holds one shard's run (layoutlab sweep EXP --shard I/N --db SHARD.db). The merge \
            checks that all are the same experiment text and code version, that every shard 0..<N is there \
            once and complete, and that no unit is missing or duplicated; then it writes one run, units in \
            order, into the target (created if missing; other runs in it are kept). Nothing is written \
            when a check fails. Exit 0 merged, 1 a check failed. See docs/scale-out.md.
            """)

    @Argument(help: "The shards' databases, in any order.")
    var shards: [String]

    @Option(help: "The database to merge into.")
    var into: String

    func validate() throws {
        guard !shards.isEmpty else { throw ValidationError("give the shards' databases") }
    }

    func run() throws {
        let outcome: ShardMerge.Outcome
        do {
            outcome = try ShardMerge.merge(shards, into: into)
        } catch let error as ShardMerge.MergeError {
            printError(error.description)
            throw ExitCode(1)
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        print(
            "merged \(outcome.shards) shard\(outcome.shards == 1 ? "" : "s") into \(into) as run \(outcome.runID): "
                + "\(outcome.units) units, \(outcome.viewSteps) view-steps, \(outcome.divergences) divergences\n")
        let store = try Database(path: into, readOnly: true)
        let seconds = try store.query("SELECT seconds FROM runs WHERE id = ?", [.integer(outcome.runID)]).rows[0][0]
            .double
        try Summary.print(store, run: outcome.runID, seconds: seconds, viewSteps: outcome.viewSteps)
    }
}
