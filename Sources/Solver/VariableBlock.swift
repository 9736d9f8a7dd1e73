// Variables in a block: many variables the solver keeps with no object each.
//
// A `Variable` is an object (kiwi's design: constraints hold variables by identity, and
// `updateVariables` writes each value into its variable). A layout engine makes four per view on
// every build, and allocating, registering and releasing them was an eighth of building a tree
//. A block's variables are numbers instead: a batch's terms name them by index, values
// are read back in one pass (`values(of:into:)`), and an object is made for one only when asked
// (to write a `Constraint` over it, to report it as ambiguous, to name a batch constraint).
//
// A block variable is met by the solver when a constraint first uses it, exactly as an object is:
// it then takes the next place in the variable list and a new external symbol, so building with a
// block gives the tableau, symbol for symbol, that building with objects gives.

/// Variables a solver keeps with no object each (`Solver.addVariables(count:name:)`).
public struct VariableBlock: Hashable, Sendable {
    /// The block's number in its solver and its first entry among the solver's block entries.
    @usableFromInline let id: Int32
    @usableFromInline let start: Int32
    public let count: Int
}

@usableFromInline
struct BlockInfo {
    @usableFromInline let start: Int32
    @usableFromInline let count: Int32
    /// Names a variable of the block by its index, when its object is made.
    @usableFromInline let name: (Int) -> String
}

extension SolverCore {
    @usableFromInline
    mutating func addVariables(count: Int, name: @escaping (Int) -> String) -> VariableBlock {
        let start = Int32(blockVar.count)
        blocks.append(BlockInfo(start: start, count: Int32(count), name: name))
        blockVar.append(contentsOf: repeatElement(-1, count: count))
        blockObjects.append(contentsOf: repeatElement(nil, count: count))
        return VariableBlock(id: Int32(blocks.count - 1), start: start, count: count)
    }

    // `check`, `blockEntry(of:)` and `values(of:into:)` change nothing but are `mutating`: called
    // through the `Solver` class, a non-mutating method works on a copy of the whole core (a retain
    // and release of each of its arrays, which was half of every step).
    @inlinable
    mutating func check(_ block: VariableBlock) {
        let b = Int(block.id)
        precondition(
            b < blocks.count && blocks[b].start == block.start && Int(blocks[b].count) == block.count,
            "a variable block of another solver")
    }

    /// The symbol of block entry `e`, meeting the variable now if no constraint used it before.
    @inlinable
    mutating func blockSymbol(_ e: Int) -> SymbolID {
        let i = Int(blockVar[e])
        if i >= 0 { return varSyms[i] }
        let s = newSymbol(.external)
        blockVar[e] = Int32(varList.count)
        appendVariable(blockObjects[e], symbol: s, blockEntry: Int32(e))
        return s
    }

    /// The object of block entry `e`, made on first request (its value: the last `updateVariables`'s).
    @usableFromInline
    mutating func blockVariable(_ e: Int) -> Variable {
        if let v = blockObjects[e] { return v }
        let b = blocks.lastIndex { Int($0.start) <= e }!
        let v = Variable(blocks[b].name(e - Int(blocks[b].start)))
        v.blockEntry = Int32(e)
        blockObjects[e] = v
        let i = Int(blockVar[e])
        if i >= 0 {
            varList[i] = v
            objectRefs.append(ObjectRef(v, variable: i, symbol: varSyms[i]))
            v.value = value(ofVariable: i)
        }
        return v
    }

    /// Block entry `e` if `v` is this solver's object for it.
    @inlinable
    mutating func blockEntry(of v: Variable) -> Int? {
        let e = Int(v.blockEntry)
        return e >= 0 && e < blockObjects.count && blockObjects[e] === v ? e : nil
    }

    /// The value of variable-list entry `i` as of the last `updateVariables`.
    @inlinable
    func value(ofVariable i: Int) -> Double {
        let s = Int(varSyms[i])
        return rowOf[s] >= 0 ? extValue[s] : 0
    }

    /// The block's values as of the last `updateVariables` (0 for a variable no constraint uses).
    @usableFromInline
    mutating func values(of block: VariableBlock, into values: inout [Double]) {
        check(block)
        if values.count != block.count { values = [Double](repeating: 0, count: block.count) }
        let start = Int(block.start)
        for k in 0..<block.count {
            let i = Int(blockVar[start + k])
            values[k] = i >= 0 ? value(ofVariable: i) : 0
        }
    }
}

extension Solver {
    /// Adds `count` variables with no object each; a batch's terms use them by index
    /// (`ConstraintBatch(block:variables:)`). `name` names variable k when its object is made
    /// (`variable(_:_:)`; conflicts and ambiguity reports make them).
    public func addVariables(count: Int, name: @escaping (Int) -> String) -> VariableBlock {
        core.addVariables(count: count, name: name)
    }

    /// Variable `k` of a block as an object (made on first request, then always the same object):
    /// for writing a `Constraint` over it or comparing it with the variables a report names.
    public func variable(_ block: VariableBlock, _ k: Int) -> Variable {
        core.check(block)
        precondition(k >= 0 && k < block.count, "variable \(k) of a block of \(block.count)")
        return core.blockVariable(Int(block.start) + k)
    }

    /// The index in `block` of a variable this solver made for it, or nil.
    public func index(of variable: Variable, in block: VariableBlock) -> Int? {
        core.check(block)
        guard let e = core.blockEntry(of: variable) else { return nil }
        let k = e - Int(block.start)
        return k >= 0 && k < block.count ? k : nil
    }

    /// The values of a block's variables as of the last `updateVariables()`, in order, written over
    /// `values`: one pass over the solver's arrays (a variable no constraint uses is 0, as an object
    /// never added keeps its 0).
    public func values(of block: VariableBlock, into values: inout [Double]) {
        core.values(of: block, into: &values)
    }
}
