/// A binary min-heap of 64-bit keys: the solver's two priority queues share it, each encoding its
/// own order in the key. The entering-symbol queue uses the symbol id (kiwi's tie-break: lowest id
/// first); the expansion queue puts the definition position, highest first, above the symbol id.
@usableFromInline
struct KeyHeap {
    @usableFromInline var keys: [UInt64] = []

    @inlinable init() {}

    @inlinable var isEmpty: Bool { keys.isEmpty }

    /// The smallest key (the heap must not be empty).
    @inlinable var min: UInt64 { keys[0] }

    @inlinable
    mutating func push(_ key: UInt64) {
        keys.append(key)
        var i = keys.count - 1
        while i > 0 {
            let p = (i - 1) >> 1
            if keys[p] <= keys[i] { break }
            keys.swapAt(p, i)
            i = p
        }
    }

    @inlinable
    mutating func popMin() -> UInt64 {
        let top = keys[0]
        let last = keys.removeLast()
        if !keys.isEmpty {
            keys[0] = last
            siftDown(0)
        }
        return top
    }

    @inlinable
    mutating func siftDown(_ start: Int) {
        var i = start
        let n = keys.count
        while true {
            let l = 2 * i + 1
            if l >= n { break }
            var m = l
            if l + 1 < n && keys[l + 1] < keys[l] { m = l + 1 }
            if keys[i] <= keys[m] { break }
            keys.swapAt(i, m)
            i = m
        }
    }

    /// Drops the keys `shouldRemove` selects and restores the heap order.
    @inlinable
    mutating func removeAll(where shouldRemove: (UInt64) -> Bool) {
        keys.removeAll(where: shouldRemove)
        var i = keys.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    @inlinable
    mutating func removeAll() { keys.removeAll(keepingCapacity: true) }
}
