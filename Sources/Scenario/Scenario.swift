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
public struct Scenario: Hashable, Sendable {
    public var tree: ViewTree
    public var description: String?

    public init(tree: ViewTree, description: String? = nil) {
        self.tree = tree
        self.description = description
    }
}

extension Scenario {
    static let topKeys = ["description", "superview", "views"]
    static let viewKeys = ["id", "parent", "frame", "mask"]

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
        let superFields = try Fields(superNode, key: "superview", allowed: ["width", "height"], viewID: nil)
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
        do {
            return Scenario(tree: try ViewTree(superviewSize: size, views: views), description: description)
        } catch {
            // Point at the view the structural problem names (for a duplicate, its second occurrence).
            var at = locations[error.viewID] ?? viewsNode.location
            if error.problem == .duplicateID, let second = items.dropFirst().last(where: { $0["id"].flatMap(Self.stringValue) == error.viewID }) {
                at = second.location
            }
            throw ScenarioError(.structure(error.problem), viewID: error.viewID, at: at)
        }
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
        return View(id: viewID, parentID: parent,
                    frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), mask: mask)
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
        top.append(("superview", .object(["width": .number(tree.superviewSize.width), "height": .number(tree.superviewSize.height)])))
        top.append(("views", .array(tree.views.map { v in
            var members: [(String, JSONValue)] = [("id", .string(v.id))]
            if let p = v.parentID { members.append(("parent", .string(p))) }
            members.append(("frame", .array([v.frame.x, v.frame.y, v.frame.width, v.frame.height].map(JSONValue.number))))
            members.append(("mask", .array(v.mask.uikitNameList.map(JSONValue.string))))
            return .object(members)
        })))
        return JSONWriter.write(.object(top))
    }
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
