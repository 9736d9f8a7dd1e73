import ConstraintModel
import Geometry
import LabJSON
import ViewTree

/// A scenario: the lab's input, one view tree (issue 2). The file format is JSON:
///
///     { "superview": { "width": 100, "height": 100 },
///       "views": [ { "id": "a", "frame": [10, 10, 30, 30], "mask": "h=&&- v=--&" },
///                  { "id": "b", "parent": "a", "frame": [0, 0, 30, 10], "mask": ["flexibleWidth"] } ] }
///
/// `frame` is `[x, y, width, height]` in the parent's coordinates; `parent` absent (or "superview")
/// means the root; `mask` is an integer (UIKit bits), an array of UIKit names, or Apple's notation,
/// absent meaning none. An optional top-level `"description"` string is kept for people.
///
/// For Auto Layout a view may also set `"translatesMask": false` and `"layoutMargins"`
/// (`{"top":…,"left":…,"bottom":…,"right":…}`, default 8 each; the superview takes it too), the
/// scenario may set `"layoutDirection": "rightToLeft"` and carry hand-written `"constraints"`:
/// `{"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"leadingMargin",
/// "multiplier":1,"constant":0,"priority":1000,"id":"a-lead","active":true}` (`item2` null or absent
/// for a constant constraint; multiplier 1, constant 0, priority 1000 and active true by default).
public struct Scenario: Hashable, Sendable {
    public var tree: ViewTree
    public var constraints: [LayoutConstraint]
    public var description: String?

    public init(tree: ViewTree, constraints: [LayoutConstraint] = [], description: String? = nil) {
        self.tree = tree
        self.constraints = constraints
        self.description = description
    }
}

extension Scenario {
    static let topKeys = ["description", "superview", "views", "layoutDirection", "constraints"]
    static let viewKeys = ["id", "parent", "frame", "mask", "translatesMask", "layoutMargins"]
    static let constraintKeys = ["id", "item1", "attr1", "relation", "item2", "attr2", "multiplier", "constant", "priority", "active"]

    /// Reads a scenario from JSON text. `file` only labels errors. Every problem is reported with its
    /// line and column and, inside a view, the view's id; nothing is half-read.
    public init(json text: String, file: String? = nil) throws(ScenarioError) {
        do {
            self = try Self.decode(text)
        } catch var error {
            error.file = file
            throw error
        }
    }

    private static func decode(_ text: String) throws(ScenarioError) -> Scenario {
        let root: JSONValue
        do {
            root = try JSONReader.parse(text)
        } catch {
            throw ScenarioError(.syntax(error.message), at: error.location)
        }
        let top = try Fields(root, key: "scenario", allowed: topKeys, viewID: nil)
        let description = try top.optional("description").map { v throws(ScenarioError) in try top.string(v, key: "description") }

        let superNode = try top.required("superview")
        let superFields = try Fields(superNode, key: "superview", allowed: ["width", "height", "layoutMargins"], viewID: nil)
        let superMargins = try superFields.optional("layoutMargins").map { m throws(ScenarioError) in try decodeInsets(m, fields: superFields) }
            ?? .defaultLayoutMargins
        var direction = LayoutDirection.leftToRight
        if let d = top.optional("layoutDirection") {
            let name = try top.string(d, key: "layoutDirection")
            guard let parsed = LayoutDirection(rawValue: name) else {
                throw ScenarioError(.invalidValue(key: "layoutDirection", reason: "must be leftToRight or rightToLeft"), at: d.location)
            }
            direction = parsed
        }
        let size = Size(
            width: try superFields.number(superFields.required("width"), key: "width"),
            height: try superFields.number(superFields.required("height"), key: "height"))
        for (key, v) in [("width", size.width), ("height", size.height)] where v < 0 {
            throw ScenarioError(.invalidValue(key: key, reason: "of the superview must not be negative"), at: superNode.location)
        }

        let viewsNode = try top.required("views")
        guard case .array(let items) = viewsNode.kind else {
            throw ScenarioError(.wrongType(key: "views", expected: "an array", found: viewsNode.typeName), at: viewsNode.location)
        }
        var views: [View] = []
        var locations: [String: SourceLocation] = [:]
        for item in items {
            let view = try decodeView(item)
            views.append(view)
            if locations[view.id] == nil { locations[view.id] = item.location }
        }
        let tree: ViewTree
        do {
            tree = try ViewTree(superviewSize: size, views: views, superviewMargins: superMargins, layoutDirection: direction)
        } catch {
            // Point at the view the structural problem names (for a duplicate, its second occurrence).
            var at = locations[error.viewID] ?? viewsNode.location
            if error.problem == .duplicateID, let second = items.dropFirst().last(where: { $0["id"].flatMap(Self.stringValue) == error.viewID }) {
                at = second.location
            }
            throw ScenarioError(.structure(error.problem), viewID: error.viewID, at: at)
        }
        var constraints: [LayoutConstraint] = []
        if let list = top.optional("constraints") {
            guard case .array(let items) = list.kind else {
                throw ScenarioError(.wrongType(key: "constraints", expected: "an array", found: list.typeName), at: list.location)
            }
            let known = Set(tree.views.map(\.id) + [ViewTree.superviewID])
            var ids: Set<String> = []
            for (n, item) in items.enumerated() {
                let c = try decodeConstraint(item, index: n)
                if let rule = c.validate(knownItems: known) {
                    throw ScenarioError(.invalidConstraint(label: Self.label(c, index: n), rule: rule.description), at: item.location)
                }
                if let id = c.identifier, !ids.insert(id).inserted {
                    throw ScenarioError(.invalidConstraint(label: Self.label(c, index: n), rule: "duplicate constraint id"), at: item.location)
                }
                constraints.append(c)
            }
        }
        return Scenario(tree: tree, constraints: constraints, description: description)
    }

    /// How an error names a constraint: its id, or its position in the file.
    static func label(_ c: LayoutConstraint, index: Int) -> String {
        c.identifier.map { "\"\($0)\"" } ?? "#\(index + 1)"
    }

    private static func decodeInsets(_ node: JSONValue, fields: Fields) throws(ScenarioError) -> EdgeInsets {
        let f = try Fields(node, key: "layoutMargins", allowed: ["top", "left", "bottom", "right"], viewID: fields.viewID)
        func edge(_ k: String) throws(ScenarioError) -> Double {
            try f.optional(k).map { v throws(ScenarioError) in try f.number(v, key: k) } ?? 8
        }
        return EdgeInsets(top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
    }

    private static func decodeConstraint(_ node: JSONValue, index: Int) throws(ScenarioError) -> LayoutConstraint {
        var label = "#\(index + 1)"
        if let idNode = node["id"], case .string(let s) = idNode.kind { label = "\"\(s)\"" }
        let f = try Fields(node, key: "constraint \(label)", allowed: constraintKeys, viewID: nil)
        func attribute(_ key: String, _ v: JSONValue) throws(ScenarioError) -> LayoutAttribute {
            let name = try f.string(v, key: key)
            guard let a = LayoutAttribute(rawValue: name), LayoutAttribute.scenarioNames.contains(name) else {
                throw ScenarioError(.invalidConstraint(label: label, rule: "unknown attribute \"\(name)\" (valid: \(LayoutAttribute.scenarioNames.joined(separator: ", ")))"),
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
            throw ScenarioError(.invalidConstraint(label: label, rule: "relation must be ==, <= or >="), at: relNode.location)
        }
        let item2 = try optionalString("item2")
        var attr2: LayoutAttribute?
        if let a = f.optional("attr2"), !(a.kind.isNull) { attr2 = try attribute("attr2", a) }
        let multiplier = try f.optional("multiplier").map { v throws(ScenarioError) in try f.number(v, key: "multiplier") } ?? 1
        let constant = try f.optional("constant").map { v throws(ScenarioError) in try f.number(v, key: "constant") } ?? 0
        var priority = LayoutPriority.required
        if let p = f.optional("priority") {
            if case .string(let name) = p.kind {
                guard let named = LayoutPriority.names.first(where: { $0.0 == name }) else {
                    throw ScenarioError(.invalidConstraint(label: label, rule: "unknown priority \"\(name)\" (a number 1…1000 or required, high, low, fittingSize)"),
                                        at: p.location)
                }
                priority = named.1
            } else {
                priority = try f.number(p, key: "priority")
            }
        }
        var active = true
        if let a = f.optional("active") {
            guard case .bool(let b) = a.kind else {
                throw ScenarioError(.wrongType(key: "active", expected: "true or false", found: a.typeName), at: a.location)
            }
            active = b
        }
        return LayoutConstraint(item1, attr1, relation, item2, attr2, multiplier: multiplier, constant: constant,
                                priority: priority, identifier: try optionalString("id"), isActive: active)
    }

    private static func stringValue(_ v: JSONValue) -> String? {
        if case .string(let s) = v.kind { return s }
        return nil
    }

    private static func decodeView(_ node: JSONValue) throws(ScenarioError) -> View {
        // The id first, so every later error can name the view.
        var id: String?
        if let idNode = node["id"], case .string(let s) = idNode.kind { id = s }
        let fields = try Fields(node, key: "view", allowed: viewKeys, viewID: id)
        let viewID = try fields.string(fields.required("id"), key: "id")
        let parent = try fields.optional("parent").flatMap { v throws(ScenarioError) -> String? in
            if case .null = v.kind { return nil }
            return try fields.string(v, key: "parent")
        }
        let frameNode = try fields.required("frame")
        guard case .array(let parts) = frameNode.kind else {
            throw ScenarioError(.wrongType(key: "frame", expected: "an array [x, y, width, height]", found: frameNode.typeName),
                                viewID: viewID, at: frameNode.location)
        }
        guard parts.count == 4 else {
            throw ScenarioError(.invalidValue(key: "frame", reason: "must hold 4 numbers [x, y, width, height], found \(parts.count)"),
                                viewID: viewID, at: frameNode.location)
        }
        var numbers: [Double] = []
        for (name, part) in zip(["frame x", "frame y", "frame width", "frame height"], parts) {
            numbers.append(try fields.number(part, key: name))
        }
        let mask = try fields.optional("mask").map { m throws(ScenarioError) in try decodeMask(m, viewID: viewID) } ?? .none
        var translates = true
        if let t = fields.optional("translatesMask") {
            guard case .bool(let b) = t.kind else {
                throw ScenarioError(.wrongType(key: "translatesMask", expected: "true or false", found: t.typeName), viewID: viewID, at: t.location)
            }
            translates = b
        }
        let margins = try fields.optional("layoutMargins").map { m throws(ScenarioError) in try decodeInsets(m, fields: fields) }
            ?? .defaultLayoutMargins
        return View(id: viewID, parentID: parent,
                    frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), mask: mask,
                    translatesMask: translates, layoutMargins: margins)
    }

    private static func decodeMask(_ node: JSONValue, viewID: String) throws(ScenarioError) -> AutoresizingMask {
        switch node.kind {
        case .number(let v):
            guard v == v.rounded(), v >= 0, v <= Double(AutoresizingMask.maxRawValue) else {
                throw ScenarioError(.invalidMask("\(JSONWriter.plainNumber(v)) is not an integer from 0 to 63"), viewID: viewID, at: node.location)
            }
            return AutoresizingMask(rawValue: Int(v))
        case .string(let s):
            guard let mask = AutoresizingMask(notation: s) else {
                throw ScenarioError(.invalidMask("\"\(s)\" is not Apple's notation \"h=XYZ v=XYZ\" with & or - per part (e.g. \"h=&-& v=--&\")"),
                                    viewID: viewID, at: node.location)
            }
            return mask
        case .array(let names):
            var mask = AutoresizingMask.none
            for n in names {
                guard case .string(let s) = n.kind, let bit = AutoresizingMask.uikitNames.first(where: { $0.name == s }) else {
                    let shown = if case .string(let s) = n.kind { "\"\(s)\"" } else { n.typeName }
                    throw ScenarioError(.invalidMask("unknown name \(shown) (valid: \(AutoresizingMask.uikitNames.map(\.name).joined(separator: ", ")))"),
                                        viewID: viewID, at: n.location)
                }
                mask.insert(bit.mask)
            }
            return mask
        default:
            throw ScenarioError(.wrongType(key: "mask", expected: "an integer, an array of UIKit names or Apple's notation", found: node.typeName),
                                viewID: viewID, at: node.location)
        }
    }
}

extension Scenario {
    /// The scenario as JSON in the same format, masks as UIKit names (exact, unlike the notation,
    /// which prints none and flexibleRightMargin alike). Reading it back gives an equal scenario.
    public func json() -> String {
        var top: [(String, JSONValue)] = []
        if let description { top.append(("description", .string(description))) }
        if tree.layoutDirection != .leftToRight { top.append(("layoutDirection", .string(tree.layoutDirection.rawValue))) }
        var superview: [(String, JSONValue)] = [("width", .number(tree.superviewSize.width)), ("height", .number(tree.superviewSize.height))]
        if tree.superviewMargins != .defaultLayoutMargins { superview.append(("layoutMargins", Self.insets(tree.superviewMargins))) }
        top.append(("superview", .object(superview)))
        top.append(("views", .array(tree.views.map { v in
            var members: [(String, JSONValue)] = [("id", .string(v.id))]
            if let p = v.parentID { members.append(("parent", .string(p))) }
            members.append(("frame", .array([v.frame.x, v.frame.y, v.frame.width, v.frame.height].map(JSONValue.number))))
            members.append(("mask", .array(v.mask.uikitNameList.map(JSONValue.string))))
            if !v.translatesMask { members.append(("translatesMask", .bool(false))) }
            if v.layoutMargins != .defaultLayoutMargins { members.append(("layoutMargins", Self.insets(v.layoutMargins))) }
            return .object(members)
        })))
        if !constraints.isEmpty {
            top.append(("constraints", .array(constraints.map { c in
                var m: [(String, JSONValue)] = []
                if let id = c.identifier { m.append(("id", .string(id))) }
                m += [("item1", .string(c.item1)), ("attr1", .string(c.attr1.rawValue)), ("relation", .string(c.relation.rawValue))]
                if let item2 = c.item2, let attr2 = c.attr2 { m += [("item2", .string(item2)), ("attr2", .string(attr2.rawValue))] }
                m += [("multiplier", .number(c.multiplier)), ("constant", .number(c.constant)), ("priority", .number(c.priority))]
                if !c.isActive { m.append(("active", .bool(false))) }
                return .object(m)
            })))
        }
        return JSONWriter.write(.object(top))
    }
}

extension Scenario {
    static func insets(_ e: EdgeInsets) -> JSONValue {
        .object(["top": .number(e.top), "left": .number(e.left), "bottom": .number(e.bottom), "right": .number(e.right)])
    }
}

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
            throw ScenarioError(.wrongType(key: key, expected: "an object", found: node.typeName), viewID: viewID, at: node.location)
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
            throw ScenarioError(.wrongType(key: key, expected: "a number", found: v.typeName), viewID: viewID, at: v.location)
        }
        guard x.isFinite else { throw ScenarioError(.nonFinite(key: key), viewID: viewID, at: v.location) }
        return x
    }

    func string(_ v: JSONValue, key: String) throws(ScenarioError) -> String {
        guard case .string(let s) = v.kind else {
            throw ScenarioError(.wrongType(key: key, expected: "a string", found: v.typeName), viewID: viewID, at: v.location)
        }
        return s
    }
}
