// The solver's own arrays: written in place with no copy-on-write check.

/// An array of the solver's state, written in place. A Swift `Array` stored in a struct checks that
/// its buffer is uniquely referenced before every write (a call into the runtime, through the PLT
/// where the runtime is a shared library): in building a layout engine's tableau those checks were
/// 13% of the samples (`Tools/profile.sh EngineC4tree11constraints -- .build/release/layoutlab-bench
/// --only sweep --op autolayout_build`). Here a write through the subscript goes straight to the
/// elements.
///
/// The price is reference semantics: a copy of a `SolverArray` shares its elements with the
/// original. The solver never copies its state (its `SolverCore` lives in one `Solver` object;
/// a non-mutating method may read through a copy, which changes nothing), and no loop iterates one
/// of these arrays while its body writes to the same array: both hold for the arrays made
/// `SolverArray` (see `SolverCore`). Reads and writes are bounds-checked as an `Array`'s are.
@usableFromInline
struct SolverArray<Element> {
    @usableFromInline var storage: Storage

    @inlinable init() { storage = Storage.make(capacity: 0) }

    @inlinable var count: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }
    @inlinable var capacity: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

    @inlinable subscript(i: Int) -> Element {
        get {
            precondition(
                i >= 0 && i < storage.withUnsafeMutablePointerToHeader { $0.pointee.count }, "index out of range")
            return storage.withUnsafeMutablePointerToElements { $0[i] }
        }
        nonmutating set {
            precondition(
                i >= 0 && i < storage.withUnsafeMutablePointerToHeader { $0.pointee.count }, "index out of range")
            storage.withUnsafeMutablePointerToElements { $0[i] = newValue }
        }
    }

    // The header is read in place, not through `capacity`: through the property, kiwi's chain of 1000
    // resizes measured 2584 ns against 2314 (`layoutlab-bench --only chain:1000 --op resize`).
    @inlinable mutating func append(_ element: Element) {
        let n = count
        if n == storage.withUnsafeMutablePointerToHeader({ $0.pointee.capacity }) { grow(to: n + 1) }
        storage.withUnsafeMutablePointers { header, elements in
            (elements + n).initialize(to: element)
            header.pointee.count = n + 1
        }
    }

    @inlinable mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        let n = count
        let extra = elements.underestimatedCount
        if n + extra > storage.withUnsafeMutablePointerToHeader({ $0.pointee.capacity }) { grow(to: n + extra) }
        var it = elements.makeIterator()
        // The underestimated part in place, then one by one.
        storage.withUnsafeMutablePointers { header, base in
            var k = n
            while k < n + extra, let e = it.next() {
                (base + k).initialize(to: e)
                k += 1
            }
            header.pointee.count = k
        }
        while let e = it.next() { append(e) }
    }

    @inlinable mutating func reserveCapacity(_ n: Int) {
        if n > storage.withUnsafeMutablePointerToHeader({ $0.pointee.capacity }) { grow(to: n, exactly: true) }
    }

    /// Removes every element; the storage is kept when asked (as `Array.removeAll(keepingCapacity:)`).
    @inlinable mutating func removeAll(keepingCapacity keep: Bool = false) {
        if !keep {
            storage = Storage.make(capacity: 0)
            return
        }
        storage.withUnsafeMutablePointers { header, elements in
            elements.deinitialize(count: header.pointee.count)
            header.pointee.count = 0
        }
    }

    @discardableResult
    @inlinable mutating func removeLast() -> Element {
        let n = count
        precondition(n > 0, "removeLast from an empty SolverArray")
        return storage.withUnsafeMutablePointers { header, elements in
            header.pointee.count = n - 1
            return (elements + n - 1).move()
        }
    }

    @inlinable mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removeLast(\(k)) of \(count)")
        let n = count
        storage.withUnsafeMutablePointers { header, elements in
            (elements + n - k).deinitialize(count: k)
            header.pointee.count = n - k
        }
    }

    @inlinable mutating func popLast() -> Element? { count == 0 ? nil : removeLast() }

    // `mutating`, though they change nothing but what the body writes: an in-place access, so the
    // storage is neither retained nor released around the call (a read-only access of a solver
    // field, with the solver itself open to the body, retains it).
    @inlinable mutating func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        storage.withUnsafeMutablePointers { header, elements in
            body(UnsafeBufferPointer(start: elements, count: header.pointee.count))
        }
    }

    /// As `Array`'s: the buffer may be written, not resized.
    @inlinable mutating func withUnsafeMutableBufferPointer<R>(
        _ body: (inout UnsafeMutableBufferPointer<Element>) -> R
    ) -> R {
        storage.withUnsafeMutablePointers { header, elements in
            var buffer = UnsafeMutableBufferPointer(start: elements, count: header.pointee.count)
            return body(&buffer)
        }
    }

    /// Moves the elements into storage of at least `needed` slots (doubling, as `Array` grows).
    @usableFromInline mutating func grow(to needed: Int, exactly: Bool = false) {
        let n = count
        let fresh = Storage.make(
            capacity: exactly
                ? needed : Swift.max(needed, 2 * storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity }, 4))
        storage.withUnsafeMutablePointers { header, old in
            fresh.withUnsafeMutablePointers { freshHeader, new in
                new.moveInitialize(from: old, count: n)
                freshHeader.pointee.count = n
                header.pointee.count = 0
            }
        }
        storage = fresh
    }
}

extension SolverArray {
    /// The count, and the capacity (`ManagedBuffer.capacity` asks the allocator each time).
    @usableFromInline struct Header {
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int
        @inlinable init(count: Int, capacity: Int) {
            self.count = count
            self.capacity = capacity
        }
    }

    @usableFromInline final class Storage: ManagedBuffer<Header, Element> {
        @inlinable static func make(capacity: Int) -> Storage {
            let buffer = Storage.create(minimumCapacity: capacity) { Header(count: 0, capacity: $0.capacity) }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        @inlinable deinit {
            _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
        }
    }
}

extension SolverArray: RandomAccessCollection, MutableCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }
    @inlinable func index(after i: Int) -> Int { i + 1 }
    @inlinable func index(before i: Int) -> Int { i - 1 }

    // The standard library's algorithms take the elements as one buffer through these: without them
    // `sort` sorts a temporary array and writes every element back, and appending a slice of one to
    // an `Array` copies it element by element through the checked subscript.
    @inlinable mutating func withContiguousMutableStorageIfAvailable<R>(
        _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
    ) rethrows -> R? {
        try storage.withUnsafeMutablePointers { header, elements in
            var buffer = UnsafeMutableBufferPointer(start: elements, count: header.pointee.count)
            return try body(&buffer)
        }
    }

    @inlinable func withContiguousStorageIfAvailable<R>(
        _ body: (UnsafeBufferPointer<Element>) throws -> R
    ) rethrows -> R? {
        try storage.withUnsafeMutablePointers { header, elements in
            try body(UnsafeBufferPointer(start: elements, count: header.pointee.count))
        }
    }
}

extension SolverArray: ExpressibleByArrayLiteral {
    @inlinable init(arrayLiteral elements: Element...) {
        self.init()
        append(contentsOf: elements)
    }
}

/// Printed and reflected as the `Array` of its elements (the recycling test compares a solver's
/// fields through `Mirror`).
extension SolverArray: CustomStringConvertible, CustomReflectable {
    @usableFromInline var description: String { Array(self).description }
    @usableFromInline var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }
}
