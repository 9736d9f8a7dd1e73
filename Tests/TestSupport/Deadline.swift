import Foundation

/// Runs `work` on a thread of its own and waits at most `seconds` for it: the result, or nil when it
/// did not finish in time. A hang guard that measures the work itself. Swift Testing's `.timeLimit`
/// counts from when a test is started, so in a parallel run on two cores a quick test can pass its
/// limit while long synchronous tests hold the cooperative threads; a thread of its own is scheduled
/// by the operating system instead. A thread that does not finish is left running until the test
/// process exits.
public func finishing<T: Sendable>(within seconds: Double, _ work: @escaping @Sendable () -> T) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = work()
        done.signal()
    }
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.value
}

/// The finished work's result, written by its thread before it signals and read after the wait.
private final class ResultBox<T>: @unchecked Sendable { var value: T? }
