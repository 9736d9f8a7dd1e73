import LabJSON

extension JSONValue.Kind {
    var isNull: Bool { if case .null = self { true } else { false } }
}

/// Checked access to an object's members: unknown keys, missing keys and wrong types become
/// `ScenarioError`s with locations.
struct Fields {
    let node: JSONValue
    let members: [JSONValue.Member]
    let viewID: String?

    init(_ node: JSONValue, key: String, allowed: [String], viewID: String?) throws(ScenarioError) {
        guard case .object(let members) = node.kind else {
            throw ScenarioError(
                .wrongType(key: key, expected: "an object", found: node.typeName), viewID: viewID, at: node.location)
        }
        for m in members where !allowed.contains(m.key) {
            throw ScenarioError(.unknownKey(m.key, allowed: allowed), viewID: viewID, at: m.keyLocation)
        }
        self.node = node
        self.members = members
        self.viewID = viewID
    }

    func optional(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    func required(_ key: String) throws(ScenarioError) -> JSONValue {
        guard let v = optional(key) else { throw ScenarioError(.missingKey(key), viewID: viewID, at: node.location) }
        return v
    }

    func number(_ v: JSONValue, key: String) throws(ScenarioError) -> Double {
        guard case .number(let x) = v.kind else {
            throw ScenarioError(
                .wrongType(key: key, expected: "a number", found: v.typeName), viewID: viewID, at: v.location)
        }
        guard x.isFinite else { throw ScenarioError(.nonFinite(key: key), viewID: viewID, at: v.location) }
        return x
    }

    /// An optional boolean member.
    func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let v = optional(key) else { return nil }
        guard case .bool(let b) = v.kind else {
            throw ScenarioError(
                .wrongType(key: key, expected: "true or false", found: v.typeName), viewID: viewID, at: v.location)
        }
        return b
    }

    func string(_ v: JSONValue, key: String) throws(ScenarioError) -> String {
        guard case .string(let s) = v.kind else {
            throw ScenarioError(
                .wrongType(key: key, expected: "a string", found: v.typeName), viewID: viewID, at: v.location)
        }
        return s
    }
}
