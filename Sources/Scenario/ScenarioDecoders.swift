import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

extension Scenario {
    /// The root: its margins, safe area and view controller. A view controller's root
    /// has own margins of 0 unless the file sets them: the system minimum gives it its sides.
    static func decodeRoot(_ f: Fields) throws(ScenarioError) -> RootView {
        let vc = try f.optional("viewController").map { n throws(ScenarioError) in try decodeViewController(n) }
        let (margins, directional) = try decodeMargins(f, default: vc == nil ? .defaultLayoutMargins : .zero)
        let safe =
            try f.optional("safeAreaInsets").map { n throws(ScenarioError) in
                try decodeInsets(n, key: "safeAreaInsets", fields: f, missing: 0, nonNegative: true)
            } ?? .zero
        return RootView(
            layoutMargins: margins, directionalLayoutMargins: directional,
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
            default:
                throw ScenarioError(
                    .wrongType(key: key, expected: "true, false or an object", found: n.typeName), at: n.location)
            }
        }
        if f.optional("navigationBar") != nil,
            let fields = try bar("navigationBar", allowed: ["isTranslucent", "prefersLargeTitles"])
        {
            vc.navigationBar = ViewController.NavigationBar(
                isTranslucent: try fields?.bool("isTranslucent") ?? true,
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
            vc.navigationBar == nil && vc.tabBar == nil && vc.toolbar == nil
        {
            throw ScenarioError(
                .contradiction("extendedLayoutIncludesOpaqueBars is set but the view controller has no bars"),
                at: n.location)
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
                    throw ScenarioError(
                        .invalidValue(key: "edgesForExtendedLayout", reason: "must be \(valid)"), at: item.location)
                }
                edges.insert(e.1)
            }
            return edges
        default:
            throw ScenarioError(
                .invalidValue(key: "edgesForExtendedLayout", reason: "must be \(valid)"), at: node.location)
        }
    }

    static func decodeScrollView(_ node: JSONValue, fields: Fields) throws(ScenarioError) -> ScrollViewProperties {
        if case .bool(true) = node.kind { return ScrollViewProperties() }
        let f = try Fields(node, key: "scrollView", allowed: scrollViewKeys, viewID: fields.viewID)
        var s = ScrollViewProperties()
        if let c = f.optional("contentInset") {
            s.contentInset = try decodeInsets(c, key: "contentInset", fields: f, missing: 0)
        }
        if let b = f.optional("contentInsetAdjustmentBehavior") {
            let name = try f.string(b, key: "contentInsetAdjustmentBehavior")
            guard let behavior = ContentInsetAdjustmentBehavior(rawValue: name) else {
                throw ScenarioError(
                    .invalidValue(
                        key: "contentInsetAdjustmentBehavior",
                        reason:
                            "must be one of "
                            + "\(ContentInsetAdjustmentBehavior.allCases.map(\.rawValue).joined(separator: ", "))"
                    ),
                    viewID: fields.viewID, at: b.location)
            }
            s.contentInsetAdjustmentBehavior = behavior
        }
        if let c = f.optional("contentSize") {
            guard case .array(let parts) = c.kind, parts.count == 2 else {
                throw ScenarioError(
                    .invalidValue(key: "contentSize", reason: "must be [width, height]"), viewID: fields.viewID,
                    at: c.location)
            }
            s.contentSize = Size(
                width: try f.number(parts[0], key: "contentSize width"),
                height: try f.number(parts[1], key: "contentSize height"))
        }
        s.alwaysBounceHorizontal = try f.bool("alwaysBounceHorizontal") ?? false
        s.alwaysBounceVertical = try f.bool("alwaysBounceVertical") ?? false
        return s
    }

    static func decodeMask(_ node: JSONValue, viewID: String) throws(ScenarioError) -> AutoresizingMask {
        switch node.kind {
        case .number(let v):
            guard v == v.rounded(), v >= 0, v <= Double(AutoresizingMask.maxRawValue) else {
                throw ScenarioError(
                    .invalidMask("\(JSONWriter.plainNumber(v)) is not an integer from 0 to 63"), viewID: viewID,
                    at: node.location)
            }
            return AutoresizingMask(rawValue: Int(v))
        case .string(let s):
            guard let mask = AutoresizingMask(notation: s) else {
                throw ScenarioError(
                    .invalidMask(
                        "\"\(s)\" is not Apple's notation \"h=XYZ v=XYZ\" with & or - per part (e.g. \"h=&-& v=--&\")"),
                    viewID: viewID, at: node.location)
            }
            return mask
        case .array(let names):
            var mask = AutoresizingMask.none
            for n in names {
                guard case .string(let s) = n.kind, let bit = AutoresizingMask.uikitNames.first(where: { $0.name == s })
                else {
                    let shown = if case .string(let s) = n.kind { "\"\(s)\"" } else { n.typeName }
                    throw ScenarioError(
                        .invalidMask(
                            "unknown name \(shown) (valid: "
                                + "\(AutoresizingMask.uikitNames.map(\.name).joined(separator: ", ")))"
                        ),
                        viewID: viewID, at: n.location)
                }
                mask.insert(bit.mask)
            }
            return mask
        default:
            throw ScenarioError(
                .wrongType(
                    key: "mask", expected: "an integer, an array of UIKit names or Apple's notation",
                    found: node.typeName),
                viewID: viewID, at: node.location)
        }
    }
}
