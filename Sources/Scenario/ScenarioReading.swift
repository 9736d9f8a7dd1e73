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
        let tree = try decodeTree(top)
        let constraints =
            try top.optional("constraints").map { list throws(ScenarioError) in
                try decodeConstraints(list, tree: tree)
            } ?? []
        let (made, formats) =
            try top.optional("visualFormat").map { list throws(ScenarioError) in
                try decodeVisualFormats(list, tree: tree)
            } ?? ([], [])
        return Scenario(
            tree: tree, constraints: constraints + made, description: description, visualFormats: formats)
    }

    /// The superview, the layout direction and the views, checked together as one tree.
    private static func decodeTree(_ top: Fields) throws(ScenarioError) -> ViewTree {
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
        do {
            return try ViewTree(superviewSize: size, views: views, layoutDirection: direction, root: rootView)
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
    }

    static func stringValue(_ v: JSONValue) -> String? {
        if case .string(let s) = v.kind { return s }
        return nil
    }
}
