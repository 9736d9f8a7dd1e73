import ConstraintModel
import Geometry
import LabJSON
import VFL
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
    /// Every constraint the backends install besides translated and content-size ones: the
    /// hand-written ones in file order, then those the Visual Format entries make.
    public var constraints: [LayoutConstraint]
    public var description: String?
    /// The `"visualFormat"` entries as written (their constraints are in `constraints`).
    public var visualFormats: [VisualFormatEntry]

    public init(tree: ViewTree, constraints: [LayoutConstraint] = [], description: String? = nil,
                visualFormats: [VisualFormatEntry] = []) {
        self.tree = tree
        self.constraints = constraints
        self.description = description
        self.visualFormats = visualFormats
    }
}

/// One `"visualFormat"` entry of a scenario: `{"format": "H:|-[a]-[b]-|", "metrics": {…}, "options": […]}`.
public struct VisualFormatEntry: Hashable, Sendable {
    public var format: String
    public var metrics: [String: Double]
    public var options: VisualFormatOptions
    public var platform: VisualFormatPlatform

    public init(format: String, metrics: [String: Double] = [:], options: VisualFormatOptions = [], platform: VisualFormatPlatform = .uikit) {
        self.format = format
        self.metrics = metrics
        self.options = options
        self.platform = platform
    }
}

extension Scenario {
    static let topKeys = ["description", "superview", "views", "layoutDirection", "constraints", "visualFormat"]
    static let visualFormatKeys = ["format", "metrics", "options", "platform"]
    static let viewKeys = ["id", "parent", "frame", "mask", "translatesMask", "layoutMargins", "directionalLayoutMargins",
                           "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea", "scrollView",
                           "intrinsicContentSize", "contentHuggingPriority", "contentCompressionResistancePriority"]
    static let superviewKeys = ["width", "height", "layoutMargins", "directionalLayoutMargins", "insetsLayoutMarginsFromSafeArea",
                                "safeAreaInsets", "viewController"]
    static let viewControllerKeys = ["navigationBar", "tabBar", "toolbar", "edgesForExtendedLayout", "extendedLayoutIncludesOpaqueBars",
                                     "viewRespectsSystemMinimumLayoutMargins", "additionalSafeAreaInsets"]
    static let scrollViewKeys = ["contentInset", "contentInsetAdjustmentBehavior", "contentSize", "alwaysBounceHorizontal", "alwaysBounceVertical"]
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
        let superFields = try Fields(superNode, key: "superview", allowed: superviewKeys, viewID: nil)
        let rootView = try decodeRoot(superFields)
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
            tree = try ViewTree(superviewSize: size, views: views, layoutDirection: direction, root: rootView)
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
        var formats: [VisualFormatEntry] = []
        if let list = top.optional("visualFormat") {
            guard case .array(let items) = list.kind else {
                throw ScenarioError(.wrongType(key: "visualFormat", expected: "an array", found: list.typeName), at: list.location)
            }
            let known = Set(tree.views.map(\.id) + [ViewTree.superviewID])
            for (n, item) in items.enumerated() {
                let (entry, formatNode) = try decodeVisualFormat(item)
                let made: [LayoutConstraint]
                do {
                    made = try VisualFormat.constraints(entry.format, isView: { tree.index(of: $0) != nil }, metrics: entry.metrics,
                                                        options: entry.options, platform: entry.platform,
                                                        superview: { id in tree.views[tree.index(of: id)!].parentID ?? ViewTree.superviewID })
                } catch {
                    // Point at the offending character inside the string when it has no escapes.
                    var at = formatNode.location
                    if let index = error.index, !Self.hasEscapes(entry.format) { at.column += 1 + index }
                    throw ScenarioError(.visualFormat(entry: n + 1, error.description), at: at)
                }
                for c in made {
                    if let rule = c.validate(knownItems: known) {
                        throw ScenarioError(.invalidConstraint(label: "from visualFormat #\(n + 1)", rule: rule.description), at: formatNode.location)
                    }
                }
                constraints += made
                formats.append(entry)
            }
        }
        return Scenario(tree: tree, constraints: constraints, description: description, visualFormats: formats)
    }

    /// Whether a string needed escapes in JSON (then columns inside it are not character offsets).
    static func hasEscapes(_ s: String) -> Bool { s.contains { $0 == "\"" || $0 == "\\" || $0.asciiValue.map { $0 < 32 } ?? true } }

    static func decodeVisualFormat(_ node: JSONValue) throws(ScenarioError) -> (VisualFormatEntry, JSONValue) {
        let f = try Fields(node, key: "visualFormat entry", allowed: visualFormatKeys, viewID: nil)
        let formatNode = try f.required("format")
        var entry = VisualFormatEntry(format: try f.string(formatNode, key: "format"))
        if let m = f.optional("metrics") {
            guard case .object(let members) = m.kind else {
                throw ScenarioError(.wrongType(key: "metrics", expected: "an object of numbers", found: m.typeName), at: m.location)
            }
            for member in members { entry.metrics[member.key] = try f.number(member.value, key: "metrics.\(member.key)") }
        }
        if let o = f.optional("options") {
            guard case .array(let names) = o.kind else {
                throw ScenarioError(.wrongType(key: "options", expected: "an array of option names", found: o.typeName), at: o.location)
            }
            for n in names {
                guard case .string(let name) = n.kind, let option = VisualFormatOptions(name: name) else {
                    throw ScenarioError(.invalidValue(key: "options", reason: "must name options from \(VisualFormatOptions.names.map(\.0).joined(separator: ", "))"),
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
            throw ScenarioError(.invalidValue(key: "intrinsicContentSize", reason: "must be [width, height] (null for none on an axis)"),
                                viewID: fields.viewID, at: node.location)
        }
        var lengths: [Double?] = []
        for (name, part) in zip(["width", "height"], parts) {
            if case .null = part.kind { lengths.append(nil); continue }
            let v = try fields.number(part, key: "intrinsicContentSize \(name)")
            guard v >= 0 else {
                throw ScenarioError(.invalidValue(key: "intrinsicContentSize", reason: "must not be negative"), viewID: fields.viewID, at: part.location)
            }
            lengths.append(v)
        }
        return IntrinsicContentSize(width: lengths[0], height: lengths[1])
    }

    /// `{"horizontal": 251, "vertical": 250}`; a missing axis keeps UIKit's default.
    static func decodeAxisPriorities(_ node: JSONValue, key: String, fields: Fields, default value: AxisPriorities) throws(ScenarioError) -> AxisPriorities {
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
                throw ScenarioError(.invalidValue(key: "\(key).\(name)", reason: "must be a priority from 1 to 1000"), viewID: fields.viewID, at: v.location)
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
    static func decodeInsets(_ node: JSONValue, key: String = "layoutMargins", fields: Fields, missing: Double = 8,
                             nonNegative: Bool = false) throws(ScenarioError) -> EdgeInsets {
        let f = try Fields(node, key: key, allowed: ["top", "left", "bottom", "right"], viewID: fields.viewID)
        func edge(_ k: String) throws(ScenarioError) -> Double {
            guard let v = f.optional(k) else { return missing }
            let x = try f.number(v, key: "\(key).\(k)")
            if nonNegative && x < 0 {
                throw ScenarioError(.invalidValue(key: "\(key).\(k)", reason: "must not be negative (got \(JSONWriter.plainNumber(x)))"),
                                    viewID: fields.viewID, at: v.location)
            }
            return x
        }
        return EdgeInsets(top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
    }

    /// Reads `{"top","leading","bottom","trailing"}` (NSDirectionalEdgeInsets; missing edges 8).
    static func decodeDirectionalInsets(_ node: JSONValue, fields: Fields) throws(ScenarioError) -> DirectionalEdgeInsets {
        let key = "directionalLayoutMargins"
        let f = try Fields(node, key: key, allowed: ["top", "leading", "bottom", "trailing"], viewID: fields.viewID)
        func edge(_ k: String) throws(ScenarioError) -> Double {
            try f.optional(k).map { v throws(ScenarioError) in try f.number(v, key: "\(key).\(k)") } ?? 8
        }
        return DirectionalEdgeInsets(top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"), trailing: try edge("trailing"))
    }

    /// The margins a view or the root sets: `layoutMargins` or `directionalLayoutMargins`, not both.
    static func decodeMargins(_ fields: Fields, default value: EdgeInsets) throws(ScenarioError) -> (EdgeInsets, DirectionalEdgeInsets?) {
        let absolute = fields.optional("layoutMargins"), directional = fields.optional("directionalLayoutMargins")
        if absolute != nil, let d = directional {
            throw ScenarioError(.contradiction("set layoutMargins or directionalLayoutMargins, not both (UIKit keeps one of them)"),
                                viewID: fields.viewID, at: d.location)
        }
        let margins = try absolute.map { m throws(ScenarioError) in try decodeInsets(m, fields: fields) } ?? value
        return (margins, try directional.map { m throws(ScenarioError) in try decodeDirectionalInsets(m, fields: fields) })
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
        let (margins, directional) = try decodeMargins(fields, default: .defaultLayoutMargins)
        return View(id: viewID, parentID: parent,
                    frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), mask: mask,
                    translatesMask: translates, layoutMargins: margins, directionalLayoutMargins: directional,
                    preservesSuperviewLayoutMargins: try fields.bool("preservesSuperviewLayoutMargins") ?? false,
                    insetsLayoutMarginsFromSafeArea: try fields.bool("insetsLayoutMarginsFromSafeArea") ?? true,
                    scrollView: try fields.optional("scrollView").map { n throws(ScenarioError) in try decodeScrollView(n, fields: fields) },
                    intrinsicContentSize: try fields.optional("intrinsicContentSize").map { n throws(ScenarioError) in try decodeIntrinsicSize(n, fields: fields) } ?? .none,
                    contentHuggingPriority: try fields.optional("contentHuggingPriority").map { n throws(ScenarioError) in
                        try decodeAxisPriorities(n, key: "contentHuggingPriority", fields: fields, default: .defaultHugging)
                    } ?? .defaultHugging,
                    contentCompressionResistancePriority: try fields.optional("contentCompressionResistancePriority").map { n throws(ScenarioError) in
                        try decodeAxisPriorities(n, key: "contentCompressionResistancePriority", fields: fields, default: .defaultCompressionResistance)
                    } ?? .defaultCompressionResistance)
    }

    /// The root: its margins, safe area and view controller (DESIGN 5, 9). A view controller's root
    /// has own margins of 0 unless the file sets them: the system minimum gives it its sides.
    static func decodeRoot(_ f: Fields) throws(ScenarioError) -> RootView {
        let vc = try f.optional("viewController").map { n throws(ScenarioError) in try decodeViewController(n) }
        let (margins, directional) = try decodeMargins(f, default: vc == nil ? .defaultLayoutMargins : .zero)
        let safe = try f.optional("safeAreaInsets").map { n throws(ScenarioError) in
            try decodeInsets(n, key: "safeAreaInsets", fields: f, missing: 0, nonNegative: true)
        } ?? .zero
        return RootView(layoutMargins: margins, directionalLayoutMargins: directional,
                        insetsLayoutMarginsFromSafeArea: try f.bool("insetsLayoutMarginsFromSafeArea") ?? true,
                        safeAreaInsets: safe, viewController: vc)
    }

    static func decodeViewController(_ node: JSONValue) throws(ScenarioError) -> ViewController {
        let f = try Fields(node, key: "viewController", allowed: viewControllerKeys, viewID: nil)
        var vc = ViewController()
        /// A bar: absent or false for none, true for a translucent bar, or an object.
        func bar(_ key: String, allowed: [String]) throws(ScenarioError) -> Fields?? {
            guard let n = f.optional(key) else { return .some(nil) }
            switch n.kind {
            case .bool(let present): return present ? .some(nil) : nil
            case .object: return .some(try Fields(n, key: key, allowed: allowed, viewID: nil))
            default: throw ScenarioError(.wrongType(key: key, expected: "true, false or an object", found: n.typeName), at: n.location)
            }
        }
        if f.optional("navigationBar") != nil, let fields = try bar("navigationBar", allowed: ["isTranslucent", "prefersLargeTitles"]) {
            vc.navigationBar = ViewController.NavigationBar(isTranslucent: try fields?.bool("isTranslucent") ?? true,
                                                            prefersLargeTitles: try fields?.bool("prefersLargeTitles") ?? false)
        }
        if f.optional("tabBar") != nil, let fields = try bar("tabBar", allowed: ["isTranslucent"]) {
            vc.tabBar = ViewController.Bar(isTranslucent: try fields?.bool("isTranslucent") ?? true)
        }
        if f.optional("toolbar") != nil, let fields = try bar("toolbar", allowed: ["isTranslucent"]) {
            vc.toolbar = ViewController.Bar(isTranslucent: try fields?.bool("isTranslucent") ?? true)
        }
        if let e = f.optional("edgesForExtendedLayout") {
            vc.edgesForExtendedLayout = try decodeEdges(e, fields: f)
        }
        vc.extendedLayoutIncludesOpaqueBars = try f.bool("extendedLayoutIncludesOpaqueBars") ?? false
        vc.viewRespectsSystemMinimumLayoutMargins = try f.bool("viewRespectsSystemMinimumLayoutMargins") ?? true
        if let a = f.optional("additionalSafeAreaInsets") {
            vc.additionalSafeAreaInsets = try decodeInsets(a, key: "additionalSafeAreaInsets", fields: f, missing: 0)
        }
        if vc.extendedLayoutIncludesOpaqueBars, let n = f.optional("extendedLayoutIncludesOpaqueBars"),
           vc.navigationBar == nil && vc.tabBar == nil && vc.toolbar == nil {
            throw ScenarioError(.contradiction("extendedLayoutIncludesOpaqueBars is set but the view controller has no bars"), at: n.location)
        }
        return vc
    }

    /// `"all"`, `"none"` or a list of `top`, `left`, `bottom`, `right` (UIRectEdge).
    static func decodeEdges(_ node: JSONValue, fields: Fields) throws(ScenarioError) -> RectEdges {
        let valid = "\"all\", \"none\" or a list of " + RectEdges.names.map(\.0).joined(separator: ", ")
        switch node.kind {
        case .string("all"): return .all
        case .string("none"): return .none
        case .array(let items):
            var edges = RectEdges.none
            for item in items {
                guard case .string(let name) = item.kind, let e = RectEdges.names.first(where: { $0.0 == name }) else {
                    throw ScenarioError(.invalidValue(key: "edgesForExtendedLayout", reason: "must be \(valid)"), at: item.location)
                }
                edges.insert(e.1)
            }
            return edges
        default:
            throw ScenarioError(.invalidValue(key: "edgesForExtendedLayout", reason: "must be \(valid)"), at: node.location)
        }
    }

    static func decodeScrollView(_ node: JSONValue, fields: Fields) throws(ScenarioError) -> ScrollViewProperties {
        if case .bool(true) = node.kind { return ScrollViewProperties() }
        let f = try Fields(node, key: "scrollView", allowed: scrollViewKeys, viewID: fields.viewID)
        var s = ScrollViewProperties()
        if let c = f.optional("contentInset") { s.contentInset = try decodeInsets(c, key: "contentInset", fields: f, missing: 0) }
        if let b = f.optional("contentInsetAdjustmentBehavior") {
            let name = try f.string(b, key: "contentInsetAdjustmentBehavior")
            guard let behavior = ContentInsetAdjustmentBehavior(rawValue: name) else {
                throw ScenarioError(.invalidValue(key: "contentInsetAdjustmentBehavior",
                                                  reason: "must be one of \(ContentInsetAdjustmentBehavior.allCases.map(\.rawValue).joined(separator: ", "))"),
                                    viewID: fields.viewID, at: b.location)
            }
            s.contentInsetAdjustmentBehavior = behavior
        }
        if let c = f.optional("contentSize") {
            guard case .array(let parts) = c.kind, parts.count == 2 else {
                throw ScenarioError(.invalidValue(key: "contentSize", reason: "must be [width, height]"), viewID: fields.viewID, at: c.location)
            }
            s.contentSize = Size(width: try f.number(parts[0], key: "contentSize width"), height: try f.number(parts[1], key: "contentSize height"))
        }
        s.alwaysBounceHorizontal = try f.bool("alwaysBounceHorizontal") ?? false
        s.alwaysBounceVertical = try f.bool("alwaysBounceVertical") ?? false
        return s
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
        let root = tree.root
        if let d = root.directionalLayoutMargins {
            superview.append(("directionalLayoutMargins", Self.directional(d)))
        } else if root.layoutMargins != (root.viewController == nil ? .defaultLayoutMargins : .zero) {
            superview.append(("layoutMargins", Self.insets(root.layoutMargins)))
        }
        if !root.insetsLayoutMarginsFromSafeArea { superview.append(("insetsLayoutMarginsFromSafeArea", .bool(false))) }
        if root.safeAreaInsets != .zero { superview.append(("safeAreaInsets", Self.insets(root.safeAreaInsets))) }
        if let vc = root.viewController { superview.append(("viewController", Self.viewController(vc))) }
        top.append(("superview", .object(superview)))
        top.append(("views", .array(tree.views.map { v in
            var members: [(String, JSONValue)] = [("id", .string(v.id))]
            if let p = v.parentID { members.append(("parent", .string(p))) }
            members.append(("frame", .array([v.frame.x, v.frame.y, v.frame.width, v.frame.height].map(JSONValue.number))))
            members.append(("mask", .array(v.mask.uikitNameList.map(JSONValue.string))))
            if !v.translatesMask { members.append(("translatesMask", .bool(false))) }
            if let d = v.directionalLayoutMargins {
                members.append(("directionalLayoutMargins", Self.directional(d)))
            } else if v.layoutMargins != .defaultLayoutMargins {
                members.append(("layoutMargins", Self.insets(v.layoutMargins)))
            }
            if v.preservesSuperviewLayoutMargins { members.append(("preservesSuperviewLayoutMargins", .bool(true))) }
            if !v.insetsLayoutMarginsFromSafeArea { members.append(("insetsLayoutMarginsFromSafeArea", .bool(false))) }
            if let sv = v.scrollView { members.append(("scrollView", Self.scrollView(sv))) }
            if v.intrinsicContentSize != .none {
                members.append(("intrinsicContentSize", .array([v.intrinsicContentSize.width, v.intrinsicContentSize.height].map { $0.map(JSONValue.number) ?? .null })))
            }
            if v.contentHuggingPriority != .defaultHugging { members.append(("contentHuggingPriority", Self.priorities(v.contentHuggingPriority))) }
            if v.contentCompressionResistancePriority != .defaultCompressionResistance {
                members.append(("contentCompressionResistancePriority", Self.priorities(v.contentCompressionResistancePriority)))
            }
            return .object(members)
        })))
        let handWritten = constraints.filter { if case .handWritten = $0.origin { true } else { false } }
        if !handWritten.isEmpty {
            top.append(("constraints", .array(handWritten.map { c in
                var m: [(String, JSONValue)] = []
                if let id = c.identifier { m.append(("id", .string(id))) }
                m += [("item1", .string(c.item1)), ("attr1", .string(c.attr1.rawValue)), ("relation", .string(c.relation.rawValue))]
                if let item2 = c.item2, let attr2 = c.attr2 { m += [("item2", .string(item2)), ("attr2", .string(attr2.rawValue))] }
                m += [("multiplier", .number(c.multiplier)), ("constant", .number(c.constant)), ("priority", .number(c.priority))]
                if !c.isActive { m.append(("active", .bool(false))) }
                return .object(m)
            })))
        }
        if !visualFormats.isEmpty {
            top.append(("visualFormat", .array(visualFormats.map { e in
                var m: [(String, JSONValue)] = [("format", .string(e.format))]
                if !e.metrics.isEmpty { m.append(("metrics", .object(e.metrics.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number($0.value)) }))) }
                if !e.options.isEmpty { m.append(("options", .array(e.options.nameList.map(JSONValue.string)))) }
                if e.platform != .uikit { m.append(("platform", .string(e.platform.rawValue))) }
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

    static func priorities(_ p: AxisPriorities) -> JSONValue {
        .object(["horizontal": .number(p.horizontal), "vertical": .number(p.vertical)])
    }

    static func directional(_ e: DirectionalEdgeInsets) -> JSONValue {
        .object(["top": .number(e.top), "leading": .number(e.leading), "bottom": .number(e.bottom), "trailing": .number(e.trailing)])
    }

    static func viewController(_ vc: ViewController) -> JSONValue {
        var m: [(String, JSONValue)] = []
        if let nav = vc.navigationBar {
            m.append(("navigationBar", .object(["isTranslucent": .bool(nav.isTranslucent), "prefersLargeTitles": .bool(nav.prefersLargeTitles)])))
        }
        if let bar = vc.tabBar { m.append(("tabBar", .object(["isTranslucent": .bool(bar.isTranslucent)]))) }
        if let bar = vc.toolbar { m.append(("toolbar", .object(["isTranslucent": .bool(bar.isTranslucent)]))) }
        if vc.edgesForExtendedLayout != .all {
            m.append(("edgesForExtendedLayout", .array(vc.edgesForExtendedLayout.nameList.map(JSONValue.string))))
        }
        if vc.extendedLayoutIncludesOpaqueBars { m.append(("extendedLayoutIncludesOpaqueBars", .bool(true))) }
        if !vc.viewRespectsSystemMinimumLayoutMargins { m.append(("viewRespectsSystemMinimumLayoutMargins", .bool(false))) }
        if vc.additionalSafeAreaInsets != .zero { m.append(("additionalSafeAreaInsets", insets(vc.additionalSafeAreaInsets))) }
        return .object(m)
    }

    static func scrollView(_ s: ScrollViewProperties) -> JSONValue {
        var m: [(String, JSONValue)] = []
        if s.contentInset != .zero { m.append(("contentInset", insets(s.contentInset))) }
        m.append(("contentInsetAdjustmentBehavior", .string(s.contentInsetAdjustmentBehavior.rawValue)))
        if let c = s.contentSize { m.append(("contentSize", .array([.number(c.width), .number(c.height)]))) }
        if s.alwaysBounceHorizontal { m.append(("alwaysBounceHorizontal", .bool(true))) }
        if s.alwaysBounceVertical { m.append(("alwaysBounceVertical", .bool(true))) }
        return .object(m)
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

    /// An optional boolean member.
    func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let v = optional(key) else { return nil }
        guard case .bool(let b) = v.kind else {
            throw ScenarioError(.wrongType(key: key, expected: "true or false", found: v.typeName), viewID: viewID, at: v.location)
        }
        return b
    }

    func string(_ v: JSONValue, key: String) throws(ScenarioError) -> String {
        guard case .string(let s) = v.kind else {
            throw ScenarioError(.wrongType(key: key, expected: "a string", found: v.typeName), viewID: viewID, at: v.location)
        }
        return s
    }
}
