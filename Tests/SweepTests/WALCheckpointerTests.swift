import Foundation
import Store
import Testing

/// The results writer's log is checkpointed on a thread of its own (WALCheckpointer.swift): past
/// 1,000 log pages the pages reach the database file while the writer's connection is still open,
/// without the writer running a checkpoint; closing the store leaves every row in the file and no log.
@Suite("WAL checkpoints off the writer's thread")
struct WALCheckpointerTests {
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test func aGrowingLogIsCheckpointedInTheBackgroundAndNothingIsLost() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var store: ResultsStore? = try ResultsStore(path: path)
        try store!.database.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, payload BLOB)")
        let before = Self.fileSize(path)
        // A few pages per commit, as the writer's batches: about 1,500 pages of 4 KiB in all.
        for _ in 0..<150 { try store!.database.execute("INSERT INTO filler (payload) VALUES (zeroblob(40000))") }
        // Checkpoints run concurrently (one may have started before the last commits): wait for the
        // pages to reach the file, ten seconds at most on a loaded machine.
        let deadline = Date().addingTimeInterval(10)
        while (Self.fileSize(path) <= before + 1_000 * 4096 || store!.backgroundCheckpoints == 0) && Date() < deadline {
            usleep(10_000)
        }
        #expect(store!.backgroundCheckpoints >= 1, "no background checkpoint in 10 s")
        #expect(Self.fileSize(path) > before + 1_000 * 4096, "the database file did not grow: pages still in the log")
        store = nil  // the last connection: closing it checkpoints the rest and removes the log
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the log outlived the store")
        let reader = try Database(path: path, readOnly: true)
        let rows = try reader.query("SELECT count(*), sum(length(payload)) FROM filler").rows
        #expect(rows.first == [.integer(150), .integer(150 * 40_000)])
    }

    /// A store whose log stays small never starts the thread.
    @Test func aSmallLogNeedsNoCheckpointer() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try ResultsStore(path: path)
        try store.database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(store.backgroundCheckpoints == 0)
    }
}
