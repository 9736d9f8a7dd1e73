/// A variable of GNUstep's Cassowary tableau (`GSCSVariable`): an engine's variable (external), a
/// slack or error variable, a dummy (the marker of a required equality) or an objective.
final class CassowaryVariable {
    enum Kind {
        case external, slack, dummy, objective
    }

    let kind: Kind
    let name: String
    /// Creation order in its solver: stands in for the object's address where GNUstep iterates a hash
    /// table (`HashOrder`).
    let ordinal: Int
    var value = 0.0

    init(_ kind: Kind, name: String, ordinal: Int) {
        self.kind = kind
        self.name = name
        self.ordinal = ordinal
    }

    var isDummy: Bool { kind == .dummy }
    var isExternal: Bool { kind == .external }
    /// Only slack variables (errors, slacks, artificials) may enter or leave the basis in a pivot.
    var isPivotable: Bool { kind == .slack }
    var isRestricted: Bool { kind == .dummy || kind == .slack }
}

extension CassowaryVariable: Hashable, CustomStringConvertible {
    static func == (a: CassowaryVariable, b: CassowaryVariable) -> Bool { a === b }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    var description: String { name }
}
