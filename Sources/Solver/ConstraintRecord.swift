/// A constraint in a solver (kiwi identifies constraints by object; here every constraint, added as
/// an object or from a `ConstraintBatch`, has a slot, and the handle names the slot). A handle
/// stays valid until its constraint is removed; its slot may then be reused, and the generation
/// tells the new constraint from the old.
public struct ConstraintHandle: Hashable, Sendable {
    /// Small and dense: callers may index arrays by it.
    public let slot: Int32
    @usableFromInline let generation: UInt32

    /// A handle no constraint has (a placeholder until a constraint is added).
    public static let none = ConstraintHandle(slot: -1, generation: 0)

    @inlinable init(slot: Int32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }
}

/// What the solver keeps per constraint: its tableau symbols, its strength, and where its content
/// is: an object, or a batch and an index into it (the object is made on first request).
@usableFromInline
struct ConstraintRecord {
    @usableFromInline var tag = Tag(marker: -1, other: -1)
    @usableFromInline var strength: Double = 0
    @usableFromInline var generation: UInt32 = 0
    /// When it was added, among all the solver's adds (slots are reused, so their order is not it).
    @usableFromInline var sequence: UInt64 = 0
    @usableFromInline var live = false
    @usableFromInline var object: Constraint?
    /// Index into `SolverCore.batches`, or -1.
    @usableFromInline var batch: Int32 = -1
    @usableFromInline var index: Int32 = 0

    @inlinable init() {}
}

/// A constraint being added, before it has a record: what to name it by if it is refused.
@usableFromInline
enum PendingConstraint {
    case object(Constraint)
    case batch(Int32, Int32)
    /// A constraint present, added again while the tableau is rebuilt (`Refactor.swift`): its record
    /// stays, with new symbols.
    case rebuilt(Int32)
}

extension SolverCore {
    /// A free record slot for a constraint with this tag and strength.
    @usableFromInline
    mutating func newRecord(_ pending: PendingConstraint, tag: Tag, strength: Double) -> Int32 {
        if case .rebuilt(let slot) = pending {
            records[Int(slot)].tag = tag
            return slot
        }
        let slot: Int32
        if let free = freeRecords.popLast() {
            slot = free
        } else {
            slot = Int32(records.count)
            records.append(ConstraintRecord())
        }
        let i = Int(slot)
        nextSequence &+= 1
        records[i].sequence = nextSequence
        records[i].tag = tag
        records[i].strength = strength
        records[i].live = true
        switch pending {
        case .object(let c):
            records[i].object = c
            records[i].batch = -1
            register(c, slot)
        case .batch(let b, let k):
            records[i].object = nil
            records[i].batch = b
            records[i].index = k
            batchLive[Int(b)] += 1
        case .rebuilt:
            break
        }
        return slot
    }

    /// Forget a removed constraint's record (its batch is dropped when none of its constraints is left).
    @usableFromInline
    mutating func freeRecord(_ slot: Int32) {
        let i = Int(slot)
        if let c = records[i].object { unregister(c, slot) }
        let b = records[i].batch
        if b >= 0 {
            batchLive[Int(b)] -= 1
            if batchLive[Int(b)] == 0 {
                batches[Int(b)] = nil
                freeBatches.append(b)  // `every-step` re-translation adds a batch every step
            }
        }
        records[i].object = nil
        records[i].batch = -1
        records[i].live = false
        records[i].generation &+= 1
        freeRecords.append(slot)
    }

    @inlinable
    func handle(_ slot: Int32) -> ConstraintHandle {
        ConstraintHandle(slot: slot, generation: records[Int(slot)].generation)
    }

    /// The record slot of a live handle.
    @inlinable
    func slot(of h: ConstraintHandle) -> Int32? {
        let i = Int(h.slot)
        guard i >= 0, i < records.count, records[i].live, records[i].generation == h.generation else { return nil }
        return h.slot
    }

    /// The constraint in a record slot as an object, made from its batch on first request and kept,
    /// so the same constraint is always the same object (it can be removed by it, compared by identity).
    @usableFromInline
    mutating func object(_ slot: Int32) -> Constraint {
        let i = Int(slot)
        if let c = records[i].object { return c }
        let c = batchConstraint(records[i].batch, records[i].index)
        records[i].object = c
        register(c, slot)
        return c
    }

    /// The record slot of a constraint object this solver holds: through the object's own note when
    /// this solver made it (checked: a note from another solver names another object or none here),
    /// else through this solver's table.
    @inlinable
    func slot(of c: Constraint) -> Int32? {
        let i = Int(c.solverSlot)
        if i >= 0 && i < records.count && records[i].live && records[i].object === c { return Int32(i) }
        return recordOf.isEmpty ? nil : recordOf[ObjectIdentifier(c)]
    }

    /// Notes where a constraint object's record is: in the object when no solver has noted it yet
    /// (the common case: one solver per constraint, no hashing), else in this solver's table.
    @usableFromInline
    mutating func register(_ c: Constraint, _ slot: Int32) {
        if c.solverSlot < 0 { c.solverSlot = slot } else { recordOf[ObjectIdentifier(c)] = slot }
    }

    /// Clears the notes this solver left in the constraint objects it holds (when it is reset or
    /// goes away), so the next solver to hold them notes them there too instead of hashing.
    @usableFromInline
    func releaseObjectNotes() {
        for (i, r) in records.enumerated() where r.live {
            if let c = r.object, Int(c.solverSlot) == i, recordOf.isEmpty || recordOf[ObjectIdentifier(c)] == nil {
                c.solverSlot = -1
            }
        }
    }

    @usableFromInline
    mutating func unregister(_ c: Constraint, _ slot: Int32) {
        if recordOf.isEmpty || recordOf.removeValue(forKey: ObjectIdentifier(c)) == nil {
            c.solverSlot = -1  // noted in the object: free for the next solver
        }
    }

    /// The required constraint owning a marker symbol, as an object (for conflict sets). A
    /// non-required constraint's error symbol can be left in a failing row by rounding (constants
    /// of 1e12 beside coefficients of 1), but it never causes a conflict: it is not named.
    @usableFromInline
    mutating func requiredOwner(_ s: SymbolID) -> Constraint? {
        let r = owner[Int(s)]
        return r >= 0 && records[Int(r)].strength >= Strength.required ? object(r) : nil
    }

    /// The object a pending constraint is named by.
    @usableFromInline
    mutating func object(_ pending: PendingConstraint) -> Constraint {
        switch pending {
        case .object(let c): c
        case .batch(let b, let k): batchConstraint(b, k)
        case .rebuilt(let slot): object(slot)
        }
    }

    /// Constraint `k` of batch `b` as a new object, its block variables' objects made as needed.
    @usableFromInline
    mutating func batchConstraint(_ b: Int32, _ k: Int32) -> Constraint {
        let batch = batches[Int(b)]!
        let start = Int(batch.block?.start ?? 0)
        return batch.constraint(Int(k)) { blockVariable(start + $0) }
    }
}
