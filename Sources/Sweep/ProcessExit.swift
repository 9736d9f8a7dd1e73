import Foundation

extension Process {
    /// The exit status once the process has exited, waiting up to `seconds`; nil if it still runs.
    ///
    /// Polls every millisecond instead of calling `waitUntilExit`, which in swift-corelibs-foundation
    /// runs the run loop in 0.05 s slices: a child of a few milliseconds (`git rev-parse`, the code
    /// version stored with every run) cost a whole slice. Foundation also learns of a child's exit on
    /// its own thread, some time after the child's pipes close: on a loaded machine more than the 50 ms
    /// the external engines once waited, which recorded "exit status -1" for an engine that exited 3.
    public func exitStatus(waitingAtMost seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(1_000) }
        return isRunning ? nil : terminationStatus
    }
}
