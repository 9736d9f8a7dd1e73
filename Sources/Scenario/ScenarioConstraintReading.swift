import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

/// Reading a scenario's constraints: the `constraints` list, one constraint per object.
extension Scenario {
    /// The `constraints` list. An id is a constraint's `identifier`, a label for logs: like Apple's, it
    /// need not be unique (Xcode gives every build-time pin the same one).
    static func decodeConstraints(_ list: JSONValue, tree: ViewTree) throws(ScenarioError) -> [LayoutConstraint] {
        guard case .array(let items) = list.kind else {
            throw ScenarioError(
                .wrongType(key: "constraints", expected: "an array", found: list.typeName), at: list.location)
        }
        let known = Set(tree.views.map(\.id) + [ViewTree.superviewID])
        var constraints: [LayoutConstraint] = []
        for (n, item) in items.enumerated() {
            let c = try decodeConstraint(item, index: n)
            if let rule = c.validate(knownItems: known) {
                throw ScenarioError(
                    .invalidConstraint(label: Self.label(c, index: n), rule: rule.description), at: item.location)
            }
            constraints.append(c)
        }
        return constraints
    }

    /// How an error names a constraint: its id, or its position in the file.
    static func label(_ c: LayoutConstraint, index: Int) -> String {
        c.identifier.map { "\"\($0)\"" } ?? "#\(index + 1)"
    }

    static func decodeConstraint(_ node: JSONValue, index: Int) throws(ScenarioError) -> LayoutConstraint {
        var label = "#\(index + 1)"
        if let idNode = node["id"], case .string(let s) = idNode.kind { label = "\"\(s)\"" }
        let f = try Fields(node, key: "constraint \(label)", allowed: constraintKeys, viewID: nil)
        func attribute(_ key: String, _ v: JSONValue) throws(ScenarioError) -> LayoutAttribute {
            let name = try f.string(v, key: key)
            guard let a = LayoutAttribute(name: name), LayoutAttribute.scenarioNames.contains(a.rawValue) else {
                throw ScenarioError(
                    .invalidConstraint(
                        label: label,
                        rule:
                            "unknown attribute \"\(name)\" (valid: "
                            + "\(LayoutAttribute.scenarioNames.joined(separator: ", ")))"
                    ),
                    at: v.location)
            }
            return a
        }
        func optionalString(_ key: String) throws(ScenarioError) -> String? {
            guard let v = f.optional(key) else { return nil }
            if case .null = v.kind { return nil }
            return try f.string(v, key: key)
        }
        let item1 = try f.string(try f.required("item1"), key: "item1")
        let attr1 = try attribute("attr1", try f.required("attr1"))
        let relNode = try f.required("relation")
        let relName = try f.string(relNode, key: "relation")
        guard let relation = LayoutRelation(rawValue: relName) else {
            throw ScenarioError(
                .invalidConstraint(label: label, rule: "relation must be ==, <= or >="), at: relNode.location)
        }
        let item2 = try optionalString("item2")
        var attr2: LayoutAttribute?
        if let a = f.optional("attr2"), !(a.kind.isNull) { attr2 = try attribute("attr2", a) }
        let multiplier =
            try f.optional("multiplier").map { v throws(ScenarioError) in try f.number(v, key: "multiplier") } ?? 1
        let constant =
            try f.optional("constant").map { v throws(ScenarioError) in try f.number(v, key: "constant") } ?? 0
        let priority =
            try f.optional("priority").map { p throws(ScenarioError) in
                try decodePriority(p, fields: f, label: label)
            } ?? LayoutPriority.required
        var active = true
        if let a = f.optional("active") {
            guard case .bool(let b) = a.kind else {
                throw ScenarioError(
                    .wrongType(key: "active", expected: "true or false", found: a.typeName), at: a.location)
            }
            active = b
        }
        return LayoutConstraint(
            item1, attr1, relation, item2, attr2, multiplier: multiplier, constant: constant,
            priority: priority, identifier: try optionalString("id"), isActive: active)
    }

    /// A number, or one of UIKit's named priorities (`required`, `high`, `low`, `fittingSize`).
    static func decodePriority(_ p: JSONValue, fields f: Fields, label: String) throws(ScenarioError) -> Double {
        guard case .string(let name) = p.kind else { return try f.number(p, key: "priority") }
        guard let named = LayoutPriority.names.first(where: { $0.0 == name }) else {
            throw ScenarioError(
                .invalidConstraint(
                    label: label,
                    rule: "unknown priority \"\(name)\" (a number 1…1000 or required, high, low, fittingSize)"),
                at: p.location)
        }
        return named.1
    }
}
