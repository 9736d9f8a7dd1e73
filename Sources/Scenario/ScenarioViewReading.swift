import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

/// Reading a scenario's views: frame, mask, margins, intrinsic size and priorities.
extension Scenario {
    static func decodeView(_ node: JSONValue) throws(ScenarioError) -> View {
        // The id first, so every later error can name the view.
        var id: String?
        if let idNode = node["id"], case .string(let s) = idNode.kind { id = s }
        let fields = try Fields(node, key: "view", allowed: viewKeys, viewID: id)
        let viewID = try fields.string(fields.required("id"), key: "id")
        let parent = try fields.optional("parent").flatMap { v throws(ScenarioError) -> String? in
            if case .null = v.kind { return nil }
            return try fields.string(v, key: "parent")
        }
        let frame = try decodeFrame(try fields.required("frame"), fields: fields, viewID: viewID)
        let mask =
            try fields.optional("mask").map { m throws(ScenarioError) in try decodeMask(m, viewID: viewID) } ?? .none
        var translates = true
        if let t = fields.optional("translatesMask") {
            guard case .bool(let b) = t.kind else {
                throw ScenarioError(
                    .wrongType(key: "translatesMask", expected: "true or false", found: t.typeName), viewID: viewID,
                    at: t.location)
            }
            translates = b
        }
        let (margins, directional) = try decodeMargins(fields, default: .defaultLayoutMargins)
        var view = View(
            id: viewID, parentID: parent,
            frame: frame, mask: mask,
            translatesMask: translates, layoutMargins: margins, directionalLayoutMargins: directional,
            preservesSuperviewLayoutMargins: try fields.bool("preservesSuperviewLayoutMargins") ?? false,
            insetsLayoutMarginsFromSafeArea: try fields.bool("insetsLayoutMarginsFromSafeArea") ?? true,
            scrollView: try fields.optional("scrollView").map { n throws(ScenarioError) in
                try decodeScrollView(n, fields: fields)
            },
            intrinsicContentSize: try fields.optional("intrinsicContentSize").map { n throws(ScenarioError) in
                try decodeIntrinsicSize(n, fields: fields)
            } ?? .none,
            contentHuggingPriority: try fields.optional("contentHuggingPriority").map { n throws(ScenarioError) in
                try decodeAxisPriorities(n, key: "contentHuggingPriority", fields: fields, default: .defaultHugging)
            } ?? .defaultHugging,
            contentCompressionResistancePriority: try fields.optional("contentCompressionResistancePriority").map {
                n throws(ScenarioError) in
                try decodeAxisPriorities(
                    n, key: "contentCompressionResistancePriority", fields: fields,
                    default: .defaultCompressionResistance)
            } ?? .defaultCompressionResistance)
        if let n = fields.optional("alignmentRectInsets") {
            view.alignmentRectInsets = try decodeInsets(n, key: "alignmentRectInsets", fields: fields, missing: 0)
        }
        if let n = fields.optional("baselineOffsets") {
            let f = try Fields(n, key: "baselineOffsets", allowed: ["first", "last"], viewID: viewID)
            view.baselineOffsets = BaselineOffsets(
                first: try f.number(try f.required("first"), key: "baselineOffsets.first"),
                last: try f.number(try f.required("last"), key: "baselineOffsets.last"))
        }
        return view
    }

    /// `[x, y, width, height]`.
    static func decodeFrame(_ node: JSONValue, fields: Fields, viewID: String) throws(ScenarioError) -> Rect {
        guard case .array(let parts) = node.kind else {
            throw ScenarioError(
                .wrongType(key: "frame", expected: "an array [x, y, width, height]", found: node.typeName),
                viewID: viewID, at: node.location)
        }
        guard parts.count == 4 else {
            throw ScenarioError(
                .invalidValue(key: "frame", reason: "must hold 4 numbers [x, y, width, height], found \(parts.count)"),
                viewID: viewID, at: node.location)
        }
        var numbers: [Double] = []
        for (name, part) in zip(["frame x", "frame y", "frame width", "frame height"], parts) {
            numbers.append(try fields.number(part, key: name))
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// `[w, h]` with null for no intrinsic metric on an axis.
    static func decodeIntrinsicSize(_ node: JSONValue, fields: Fields) throws(ScenarioError) -> IntrinsicContentSize {
        guard case .array(let parts) = node.kind, parts.count == 2 else {
            throw ScenarioError(
                .invalidValue(
                    key: "intrinsicContentSize", reason: "must be [width, height] (null for none on an axis)"),
                viewID: fields.viewID, at: node.location)
        }
        var lengths: [Double?] = []
        for (name, part) in zip(["width", "height"], parts) {
            if case .null = part.kind {
                lengths.append(nil)
                continue
            }
            let v = try fields.number(part, key: "intrinsicContentSize \(name)")
            guard v >= 0 else {
                throw ScenarioError(
                    .invalidValue(key: "intrinsicContentSize", reason: "must not be negative"), viewID: fields.viewID,
                    at: part.location)
            }
            lengths.append(v)
        }
        return IntrinsicContentSize(width: lengths[0], height: lengths[1])
    }

    /// `{"horizontal": 251, "vertical": 250}`; a missing axis keeps UIKit's default.
    static func decodeAxisPriorities(
        _ node: JSONValue, key: String, fields: Fields, default value: AxisPriorities
    ) throws(ScenarioError) -> AxisPriorities {
        let f = try Fields(node, key: key, allowed: ["horizontal", "vertical"], viewID: fields.viewID)
        var out = value
        for (axis, name) in [(Axis.horizontal, "horizontal"), (.vertical, "vertical")] {
            guard let v = f.optional(name) else { continue }
            var p: Double
            if case .string(let s) = v.kind, let named = LayoutPriority.names.first(where: { $0.0 == s }) {
                p = named.1
            } else {
                p = try f.number(v, key: "\(key).\(name)")
            }
            guard p >= 1 && p <= 1000 else {
                throw ScenarioError(
                    .invalidValue(key: "\(key).\(name)", reason: "must be a priority from 1 to 1000"),
                    viewID: fields.viewID, at: v.location)
            }
            p = Double(Float(p))
            if axis == .horizontal { out.horizontal = p } else { out.vertical = p }
        }
        return out
    }

    /// Reads `{"top","left","bottom","right"}`; a missing edge takes `missing` (8 for margins, UIKit's
    /// default; 0 for safe-area insets). `nonNegative` rejects negative edges (safe areas).
    static func decodeInsets(
        _ node: JSONValue, key: String = "layoutMargins", fields: Fields, missing: Double = 8,
        nonNegative: Bool = false
    ) throws(ScenarioError) -> EdgeInsets {
        let f = try Fields(node, key: key, allowed: ["top", "left", "bottom", "right"], viewID: fields.viewID)
        func edge(_ k: String) throws(ScenarioError) -> Double {
            guard let v = f.optional(k) else { return missing }
            let x = try f.number(v, key: "\(key).\(k)")
            if nonNegative && x < 0 {
                throw ScenarioError(
                    .invalidValue(
                        key: "\(key).\(k)", reason: "must not be negative (got \(JSONWriter.plainNumber(x)))"),
                    viewID: fields.viewID, at: v.location)
            }
            return x
        }
        return EdgeInsets(
            top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
    }

    /// Reads `{"top","leading","bottom","trailing"}` (NSDirectionalEdgeInsets; missing edges 8).
    static func decodeDirectionalInsets(
        _ node: JSONValue, fields: Fields
    ) throws(ScenarioError) -> DirectionalEdgeInsets {
        let key = "directionalLayoutMargins"
        let f = try Fields(node, key: key, allowed: ["top", "leading", "bottom", "trailing"], viewID: fields.viewID)
        func edge(_ k: String) throws(ScenarioError) -> Double {
            try f.optional(k).map { v throws(ScenarioError) in try f.number(v, key: "\(key).\(k)") } ?? 8
        }
        return DirectionalEdgeInsets(
            top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
            trailing: try edge("trailing"))
    }

    /// The margins a view or the root sets: `layoutMargins` or `directionalLayoutMargins`, not both.
    static func decodeMargins(
        _ fields: Fields, default value: EdgeInsets
    ) throws(ScenarioError) -> (EdgeInsets, DirectionalEdgeInsets?) {
        let absolute = fields.optional("layoutMargins")
        let directional = fields.optional("directionalLayoutMargins")
        if absolute != nil, let d = directional {
            throw ScenarioError(
                .contradiction("set layoutMargins or directionalLayoutMargins, not both (UIKit keeps one of them)"),
                viewID: fields.viewID, at: d.location)
        }
        let margins = try absolute.map { m throws(ScenarioError) in try decodeInsets(m, fields: fields) } ?? value
        return (
            margins, try directional.map { m throws(ScenarioError) in try decodeDirectionalInsets(m, fields: fields) }
        )
    }
}
