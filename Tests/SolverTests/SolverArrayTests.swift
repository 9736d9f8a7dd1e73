import PropertyBased
import TestSupport
import Testing

@testable import Solver

/// `SolverArray` against `Array`: random sequences of the operations the solver uses give the
/// same elements, count and printed form; storage kept by `removeAll(keepingCapacity: true)` stays;
/// elements are released exactly once however they leave.
@Suite struct SolverArrayTests {
    @Test func randomOperationsMatchArray() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            announce(seed)
            var rng = SplitMix(state: seed)
            var a: SolverArray<Int32> = []
            var b: [Int32] = []
            for step in 0..<400 {
                switch Int.random(in: 0..<9, using: &rng) {
                case 0, 1:
                    let x = Int32.random(in: -50...50, using: &rng)
                    a.append(x)
                    b.append(x)
                case 2:
                    let k = Int.random(in: 0...9, using: &rng)
                    a.append(contentsOf: repeatElement(Int32(step), count: k))
                    b.append(contentsOf: repeatElement(Int32(step), count: k))
                case 3:
                    let xs = (0..<Int.random(in: 0...5, using: &rng)).map { Int32($0 * step) }
                    a.append(contentsOf: xs.lazy.filter { $0 % 2 == 0 })  // underestimates its count
                    b.append(contentsOf: xs.lazy.filter { $0 % 2 == 0 })
                case 4 where !b.isEmpty:
                    let i = Int.random(in: 0..<b.count, using: &rng)
                    a[i] += 7
                    b[i] += 7
                case 5:
                    #expect(a.popLast() == b.popLast())
                case 6 where !b.isEmpty:
                    let k = Int.random(in: 0...b.count, using: &rng)
                    a.removeLast(k)
                    b.removeLast(k)
                case 7:
                    let capacity = a.capacity
                    a.removeAll(keepingCapacity: true)
                    b.removeAll(keepingCapacity: true)
                    #expect(a.capacity == capacity)
                default:
                    a.sort()
                    b.sort()
                }
                #expect(Array(a) == b, "seed \(seed) step \(step)")
            }
            a.withUnsafeMutableBufferPointer { buffer in
                for i in buffer.indices { buffer[i] = -buffer[i] }
            }
            #expect(Array(a) == b.map { -$0 })
            #expect(a.withUnsafeBufferPointer { Array($0) } == b.map { -$0 })
        }
    }

    /// Reflected as a collection of its elements, as `Array` is (the recycling test reads the
    /// solver's fields through `Mirror`).
    @Test func reflectsAsACollection() {
        let a: SolverArray<Int32> = [3, 1, 2]
        let m = Mirror(reflecting: a)
        #expect(m.displayStyle == .collection)
        #expect(m.children.map { $0.value as? Int32 } == [3, 1, 2])
    }

    /// Reserving keeps the elements and makes room without growing again; growing by appends doubles.
    @Test func reservesAndGrows() {
        var a: SolverArray<Int> = [1, 2, 3]
        a.reserveCapacity(100)
        #expect(a.capacity >= 100 && Array(a) == [1, 2, 3])
        let reserved = a.capacity
        for i in 4...reserved { a.append(i) }
        #expect(a.capacity == reserved && Array(a) == Array(1...reserved))
        a.append(0)
        #expect(a.capacity >= 2 * reserved && a.count == reserved + 1 && a.last == 0)
        a.reserveCapacity(10)
        #expect(a.capacity >= 2 * reserved, "a smaller reservation shrinks nothing")
    }

    /// The standard library sorts in place through the contiguous buffer.
    @Test func sortsThroughItsBuffer() {
        var a: SolverArray<Int> = [5, 3, 9, 1]
        #expect(a.withContiguousMutableStorageIfAvailable { $0.count } == 4)
        a.sort()
        #expect(Array(a) == [1, 3, 5, 9])
        var copy: [Int] = []
        copy.append(contentsOf: a[1..<3])
        #expect(copy == [3, 5])
    }

    final class Counted {
        nonisolated(unsafe) static var live = 0
        init() { Counted.live += 1 }
        deinit { Counted.live -= 1 }
    }

    @Test func elementsAreReleasedOnceWhicheverWayTheyLeave() {
        Counted.live = 0
        do {
            var a = SolverArray<Counted>()
            for _ in 0..<100 { a.append(Counted()) }  // grows several times
            #expect(Counted.live == 100)
            _ = a.removeLast()
            a.removeLast(9)
            #expect(Counted.live == 90)
            a.removeAll(keepingCapacity: true)
            #expect(Counted.live == 0)
            a.append(contentsOf: (0..<5).map { _ in Counted() })
            a.removeAll()
            #expect(Counted.live == 0)
            a.append(Counted())
            a[0] = Counted()
            #expect(Counted.live == 1)
        }
        #expect(Counted.live == 0)
    }
}
