import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

extension Scenario {
    static let topKeys = ["description", "superview", "views", "layoutDirection", "constraints", "visualFormat"]
    static let visualFormatKeys = ["format", "metrics", "options", "platform"]
    static let viewKeys = [
        "id", "parent", "frame", "mask", "translatesMask", "layoutMargins", "directionalLayoutMargins",
        "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea", "scrollView",
        "intrinsicContentSize", "contentHuggingPriority", "contentCompressionResistancePriority",
        "alignmentRectInsets", "baselineOffsets",
    ]
    static let superviewKeys = [
        "width", "height", "layoutMargins", "directionalLayoutMargins", "insetsLayoutMarginsFromSafeArea",
        "safeAreaInsets", "viewController",
    ]
    static let viewControllerKeys = [
        "navigationBar", "tabBar", "toolbar", "edgesForExtendedLayout", "extendedLayoutIncludesOpaqueBars",
        "viewRespectsSystemMinimumLayoutMargins", "additionalSafeAreaInsets",
    ]
    static let scrollViewKeys = [
        "contentInset", "contentInsetAdjustmentBehavior", "contentSize", "alwaysBounceHorizontal",
        "alwaysBounceVertical",
    ]
    static let constraintKeys = [
        "id", "item1", "attr1", "relation", "item2", "attr2", "multiplier", "constant", "priority", "active",
    ]

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
        let description = try top.optional("description").map { v throws(ScenarioError) in
            try top.string(v, key: "description")
        }

        let superNode = try top.required("superview")
        let superFields = try Fields(superNode, key: "superview", allowed: superviewKeys, viewID: nil)
        let rootView = try decodeRoot(superFields)
        var direction = LayoutDirection.leftToRight
        if let d = top.optional("layoutDirection") {
            let name = try top.string(d, key: "layoutDirection")
            guard let parsed = LayoutDirection(rawValue: name) else {
                throw ScenarioError(
                    .invalidValue(key: "layoutDirection", reason: "must be leftToRight or rightToLeft"), at: d.location)
            }
            direction = parsed
        }
        let size = Size(
            width: try superFields.number(superFields.required("width"), key: "width"),
            height: try superFields.number(superFields.required("height"), key: "height"))
        for (key, v) in [("width", size.width), ("height", size.height)] where v < 0 {
            throw ScenarioError(
                .invalidValue(key: key, reason: "of the superview must not be negative"), at: superNode.location)
        }

        let viewsNode = try top.required("views")
        guard case .array(let items) = viewsNode.kind else {
            throw ScenarioError(
                .wrongType(key: "views", expected: "an array", found: viewsNode.typeName), at: viewsNode.location)
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
            tree = try ViewTree(superviewSize: size, views: views, layoutDirection: direction, root: rootView)
        } catch {
            // Point at the view the structural problem names (for a duplicate, its second occurrence).
            var at = locations[error.viewID] ?? viewsNode.location
            if error.problem == .duplicateID,
                let second = items.dropFirst().last(where: { $0["id"].flatMap(Self.stringValue) == error.viewID })
            {
                at = second.location
            }
            throw ScenarioError(.structure(error.problem), viewID: error.viewID, at: at)
        }
        var constraints: [LayoutConstraint] = []
        if let list = top.optional("constraints") {
            guard case .array(let items) = list.kind else {
                throw ScenarioError(
                    .wrongType(key: "constraints", expected: "an array", found: list.typeName), at: list.location)
            }
            let known = Set(tree.views.map(\.id) + [ViewTree.superviewID])
            // An id is a constraint's `identifier`, a label for logs: like Apple's, it need not be unique
            // (Xcode gives every build-time pin the same one).
            for (n, item) in items.enumerated() {
                let c = try decodeConstraint(item, index: n)
                if let rule = c.validate(knownItems: known) {
                    throw ScenarioError(
                        .invalidConstraint(label: Self.label(c, index: n), rule: rule.description), at: item.location)
                }
                constraints.append(c)
            }
        }
        var formats: [VisualFormatEntry] = []
        if let list = top.optional("visualFormat") {
            guard case .array(let items) = list.kind else {
                throw ScenarioError(
                    .wrongType(key: "visualFormat", expected: "an array", found: list.typeName), at: list.location)
            }
            let known = Set(tree.views.map(\.id) + [ViewTree.superviewID])
            for (n, item) in items.enumerated() {
                let (entry, formatNode) = try decodeVisualFormat(item)
                let made: [LayoutConstraint]
                do {
                    // The root may be named (`superview`); it has no superview, so a `|` beside it is
                    // Apple's "Unable to interpret '|'" error.
                    made = try VisualFormat.constraints(
                        entry.format, isView: { $0 == ViewTree.superviewID || tree.index(of: $0) != nil },
                        metrics: entry.metrics, options: entry.options, platform: entry.platform,
                        superview: { id in
                            id == ViewTree.superviewID
                                ? nil
                                : tree.views[tree.index(of: id)!].parentID ?? ViewTree.superviewID
                        })
                } catch {
                    // Point at the offending character inside the string when it has no escapes.
                    var at = formatNode.location
                    if let index = error.index, !Self.hasEscapes(entry.format) { at.column += 1 + index }
                    throw ScenarioError(.visualFormat(entry: n + 1, error.description), at: at)
                }
                for c in made {
                    if let rule = c.validate(knownItems: known) {
                        throw ScenarioError(
                            .invalidConstraint(label: "from visualFormat #\(n + 1)", rule: rule.description),
                            at: formatNode.location)
                    }
                }
                constraints += made
                formats.append(entry)
            }
        }
        return Scenario(tree: tree, constraints: constraints, description: description, visualFormats: formats)
    }

    /// Whether a string needed escapes in JSON (then columns inside it are not character offsets).
    static func hasEscapes(_ s: String) -> Bool {
        s.contains { $0 == "\"" || $0 == "\\" || $0.asciiValue.map { $0 < 32 } ?? true }
    }

    static func decodeVisualFormat(_ node: JSONValue) throws(ScenarioError) -> (VisualFormatEntry, JSONValue) {
        let f = try Fields(node, key: "visualFormat entry", allowed: visualFormatKeys, viewID: nil)
        let formatNode = try f.required("format")
        var entry = VisualFormatEntry(format: try f.string(formatNode, key: "format"))
        if let m = f.optional("metrics") {
            guard case .object(let members) = m.kind else {
                throw ScenarioError(
                    .wrongType(key: "metrics", expected: "an object of numbers", found: m.typeName), at: m.location)
            }
            for member in members {
                entry.metrics[member.key] = try f.number(member.value, key: "metrics.\(member.key)")
            }
        }
        if let o = f.optional("options") {
            guard case .array(let names) = o.kind else {
                throw ScenarioError(
                    .wrongType(key: "options", expected: "an array of option names", found: o.typeName), at: o.location)
            }
            for n in names {
                guard case .string(let name) = n.kind, let option = VisualFormatOptions(name: name) else {
                    throw ScenarioError(
                        .invalidValue(
                            key: "options",
                            reason:
                                "must name options from \(VisualFormatOptions.names.map(\.0).joined(separator: ", "))"),
                        at: n.location)
                }
                entry.options.insert(option)
            }
        }
        if let p = f.optional("platform") {
            guard let platform = VisualFormatPlatform(rawValue: try f.string(p, key: "platform")) else {
                throw ScenarioError(.invalidValue(key: "platform", reason: "must be uikit or appkit"), at: p.location)
            }
            entry.platform = platform
        }
        return (entry, formatNode)
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

    /// How an error names a constraint: its id, or its position in the file.
    static func label(_ c: LayoutConstraint, index: Int) -> String {
        c.identifier.map { "\"\($0)\"" } ?? "#\(index + 1)"
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

    private static func decodeConstraint(_ node: JSONValue, index: Int) throws(ScenarioError) -> LayoutConstraint {
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
        var priority = LayoutPriority.required
        if let p = f.optional("priority") {
            if case .string(let name) = p.kind {
                guard let named = LayoutPriority.names.first(where: { $0.0 == name }) else {
                    throw ScenarioError(
                        .invalidConstraint(
                            label: label,
                            rule: "unknown priority \"\(name)\" (a number 1…1000 or required, high, low, fittingSize)"),
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
                throw ScenarioError(
                    .wrongType(key: "active", expected: "true or false", found: a.typeName), at: a.location)
            }
            active = b
        }
        return LayoutConstraint(
            item1, attr1, relation, item2, attr2, multiplier: multiplier, constant: constant,
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
            throw ScenarioError(
                .wrongType(key: "frame", expected: "an array [x, y, width, height]", found: frameNode.typeName),
                viewID: viewID, at: frameNode.location)
        }
        guard parts.count == 4 else {
            throw ScenarioError(
                .invalidValue(key: "frame", reason: "must hold 4 numbers [x, y, width, height], found \(parts.count)"),
                viewID: viewID, at: frameNode.location)
        }
        var numbers: [Double] = []
        for (name, part) in zip(["frame x", "frame y", "frame width", "frame height"], parts) {
            numbers.append(try fields.number(part, key: name))
        }
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
            frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), mask: mask,
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
}
