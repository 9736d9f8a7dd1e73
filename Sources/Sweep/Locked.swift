import Foundation

/// A value shared between threads behind a lock: a sweep's stop flag (set from a signal source) and
/// the counters tests keep from worker callbacks. `Synchronization.Atomic` would do this without a
/// lock, but it needs macOS 15 and the package supports macOS 13 (docs/platforms.md); these values
/// are read once per unit, where a lock costs nothing measurable.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func load() -> Value { lock.withLock { value } }

    public func store(_ newValue: Value) { lock.withLock { value = newValue } }

    /// Changes the value in place and returns what `body` returns, all under the lock.
    @discardableResult
    public func update<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
