/// The order in which the emulation visits a column of the tableau, where GNUstep iterates an
/// `NSMutableSet` of row variables. GNUstep's order follows the buckets of a hash table keyed by the
/// variables' addresses (`-[NSObject hash]` is the address shifted right by 4), so it depends on the
/// heap; the live engine pins the heap per unit (Engines/appkit/NOTES.md, "Determinism") but the
/// addresses are not knowable from outside. Only three decisions depend on the order: ties in the
/// ratio tests (`-findPivotableExitVariable:`, `-exitVariableForMarker:`), the row that leaves when a
/// marker sits only in unrestricted rows (the *last* one visited), and the order in which rows made
/// infeasible by an edit are repaired. The answer is the same whatever the order whenever the layout
/// is determined; it can differ in the last float bits, or where the layout is ambiguous.
public enum HashOrder: String, CaseIterable, Sendable {
    /// Rows in the order they joined the column.
    case insertion
    /// Rows by their variables' creation, oldest first (addresses mostly grow with creation).
    case creation
    /// Rows by creation, newest first.
    case reverseCreation = "reverse-creation"
    /// Rows by a pseudo-random bucket of 35 per variable (a small `NSMutableSet` has 35 buckets; the
    /// bucket is the address shifted right by 4, modulo 35), as if addresses were random.
    case scrambled

    func ordered(_ members: [CassowaryVariable]) -> [CassowaryVariable] {
        switch self {
        case .insertion: members
        case .creation: members.sorted { $0.ordinal < $1.ordinal }
        case .reverseCreation: members.sorted { $0.ordinal > $1.ordinal }
        case .scrambled: members.sorted { ($0.bucket, $0.ordinal) < ($1.bucket, $1.ordinal) }
        }
    }
}

/// A column of the tableau: the row variables whose rows hold a variable (`NSMutableSet`).
final class ColumnSet {
    private(set) var members: [CassowaryVariable] = []

    var count: Int { members.count }
    func contains(_ v: CassowaryVariable) -> Bool { members.contains { $0 === v } }

    func insert(_ v: CassowaryVariable) {
        if !contains(v) { members.append(v) }
    }

    func remove(_ v: CassowaryVariable) {
        if let k = members.firstIndex(where: { $0 === v }) { members.remove(at: k) }
    }
}

extension CassowaryVariable {
    /// A SplitMix64 hash of the ordinal, modulo 35.
    var bucket: UInt64 {
        var z = 1 &+ UInt64(ordinal) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) % 35
    }
}
