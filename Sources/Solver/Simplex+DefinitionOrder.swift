/// The order in which definitions are evaluated and expanded (see Simplex.swift).
extension SolverCore {
    // MARK: - Definition order

    /// Recompute the dependency order of definition rows (iterative DFS: chains can be 10⁴ deep).
    /// `order` sorted for evaluation (`updateVariables`, ambiguity).
    @usableFromInline
    mutating func ensureOrder() {
        ensureDefPos()
        if orderNeedsSort {
            order.sort { defPos[Int($0)] < defPos[Int($1)] }
            orderNeedsSort = false
        }
    }

    /// Valid `defPos` and `hasParam` (what building rows needs); `order` may still need sorting.
    @usableFromInline
    mutating func ensureDefPos() {
        guard orderDirty else { return }
        order.removeAll(keepingCapacity: true)
        stampC &+= 2
        let inProgress = stampC &- 1
        let done = stampC
        var stack: [(SymbolID, Int)] = []
        for root in varSyms where rowOf[Int(root)] >= 0 && markC[Int(root)] != done {
            markC[Int(root)] = inProgress
            stack.append((root, 0))
            while let (s, i) = stack.last {
                let r = rowOf[Int(s)]
                if i < cellCount(r) {
                    stack[stack.count - 1].1 = i + 1
                    let t = cellAt(r, i).sym
                    if kinds[Int(t)] == .external && rowOf[Int(t)] >= 0 && markC[Int(t)] != done
                        && markC[Int(t)] != inProgress
                    {
                        markC[Int(t)] = inProgress
                        stack.append((t, 0))
                    }
                } else {
                    stack.removeLast()
                    markC[Int(s)] = done
                    defPos[Int(s)] = Int32(order.count)
                    order.append(s)
                    var param = false
                    for k in 0..<cellCount(r) {
                        let cell = cellAt(r, k)
                        if kinds[Int(cell.sym)] == .external && (rowOf[Int(cell.sym)] < 0 || hasParam[Int(cell.sym)]) {
                            param = true
                        }
                    }
                    hasParam[Int(s)] = param
                }
            }
        }
        orderDirty = false
        orderNeedsSort = false
        nextBack = Int32(order.count)
        nextFront = -1
    }
}
