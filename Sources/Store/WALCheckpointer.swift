import CSQLite
import Foundation
import Sweep

/// Copies the write-ahead log back into the database file on a thread of its own, so the results
/// writer never stops to do it.
///
/// SQLite's automatic checkpoint runs inside the COMMIT that takes the log past 1,000 pages, on the
/// committing thread: on the sweep benchmark that was about 40% of the results writer's time
/// (`layoutlab-bench --only sweep`: `sqlite_writer` 118–153 ns per view-step with it, 65–91 with
/// `PRAGMA wal_autocheckpoint = 0` added to `Database.init`). Here the writer's connection keeps
/// SQLite's WAL hook but, past the same 1,000 pages, only wakes this thread, which runs a PASSIVE
/// checkpoint on a connection of its own: it never blocks the writer, and frames committed meanwhile
/// wait for the next one. Closing the writer's connection (the last one) still checkpoints whatever
/// is left and removes the log, as SQLite always does. The thread starts on the first checkpoint
/// asked for.
final class WALCheckpointer: @unchecked Sendable {
    /// The log size, in pages, that asks for a checkpoint (SQLite's own default).
    static let threshold: Int32 = 1000

    private let path: String
    /// The writer's connection, not retained: the thread may outlive the store by a moment (its
    /// closure holds this object), and holding the writer's `Database` kept that connection open
    /// past the store, with the log beside it.
    private let writer: OpaquePointer
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let state = Locked(State())

    private struct State {
        var started = false
        var requested = false
        var stopping = false
        var checkpoints = 0
    }

    /// Takes over `writer`'s checkpoints (a database file at `path`); `stop()` before `writer` closes.
    init(writer: Database, path: String) {
        self.writer = writer.cHandle
        self.path = path
        sqlite3_wal_hook(self.writer, walHook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// How many checkpoints the thread has run.
    var checkpointCount: Int { state.load().checkpoints }

    /// Called by SQLite on the writer's thread after each commit, with the log's size in pages.
    fileprivate func committed(logPages: Int32) {
        guard logPages >= Self.threshold else { return }
        let (signal, startThread) = state.update { s -> (Bool, Bool) in
            if s.stopping || s.requested { return (false, false) }
            s.requested = true
            if s.started { return (true, false) }
            s.started = true
            return (true, true)
        }
        if startThread { Thread { [self] in run() }.start() }
        if signal { wake.signal() }
    }

    private func run() {
        checkpointUntilStopped()  // its connection closed before the writer's may be
        finished.signal()
    }

    private func checkpointUntilStopped() {
        // Its own connection: a checkpoint needs no lock the writer holds (PASSIVE never waits).
        let db = try? Database(path: path)
        while true {
            wake.wait()
            let stop = state.update { s -> Bool in
                s.requested = false
                return s.stopping
            }
            if stop { return }
            if let db {
                sqlite3_wal_checkpoint_v2(db.cHandle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                state.update { $0.checkpoints += 1 }
            }
        }
    }

    /// Stops the thread (waiting for a checkpoint under way) and gives the writer's connection back
    /// SQLite's automatic checkpoint.
    func stop() {
        let running = state.update { s -> Bool in
            if s.stopping { return false }
            s.stopping = true
            return s.started
        }
        sqlite3_wal_autocheckpoint(writer, Self.threshold)  // replaces the hook
        if running {
            wake.signal()
            finished.wait()
        }
    }
}

private func walHook(
    _ context: UnsafeMutableRawPointer?, _ db: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ pages: Int32
) -> Int32 {
    if let context { Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(logPages: pages) }
    return SQLITE_OK
}
