import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

extension Scenario {
    /// The scenario as JSON in the same format, masks as UIKit names (exact, unlike the notation,
    /// which prints none and flexibleRightMargin alike). Reading it back gives an equal scenario.
    public func json() -> String {
        // Written token by token (JSONTextWriter): a run writes every scenario before its first unit.
        var w = JSONTextWriter(capacity: 64 + 128 * tree.views.count)
        w.beginObject()
        if let description {
            w.key("description")
            w.string(description)
        }
        if tree.layoutDirection != .leftToRight {
            w.key("layoutDirection")
            w.string(tree.layoutDirection.rawValue)
        }
        writeSuperview(into: &w)
        w.key("views")
        w.beginArray()
        for v in tree.views { Self.write(v, into: &w) }
        w.endArray()
        let handWritten = constraints.filter(\.isHandWritten)
        if !handWritten.isEmpty { w.member("constraints", .array(handWritten.map(Self.constraint))) }
        if !visualFormats.isEmpty { w.member("visualFormat", .array(visualFormats.map(Self.visualFormat))) }
        w.endObject()
        return w.text
    }

    private func writeSuperview(into w: inout JSONTextWriter) {
        w.key("superview")
        w.beginObject()
        w.key("width")
        w.number(tree.superviewSize.width)
        w.key("height")
        w.number(tree.superviewSize.height)
        let root = tree.root
        if let d = root.directionalLayoutMargins {
            w.member("directionalLayoutMargins", Self.directional(d))
        } else if root.layoutMargins != (root.viewController == nil ? .defaultLayoutMargins : .zero) {
            w.member("layoutMargins", Self.insets(root.layoutMargins))
        }
        if !root.insetsLayoutMarginsFromSafeArea { w.member("insetsLayoutMarginsFromSafeArea", .bool(false)) }
        if root.safeAreaInsets != .zero { w.member("safeAreaInsets", Self.insets(root.safeAreaInsets)) }
        if let vc = root.viewController { w.member("viewController", Self.viewController(vc)) }
        w.endObject()
    }

    /// One view: id, parent, frame and mask always; every other key only when it is not the default.
    private static func write(_ v: View, into w: inout JSONTextWriter) {
        w.beginObject()
        w.key("id")
        w.string(v.id)
        if let p = v.parentID {
            w.key("parent")
            w.string(p)
        }
        w.key("frame")
        w.beginArray()
        w.number(v.frame.x)
        w.number(v.frame.y)
        w.number(v.frame.width)
        w.number(v.frame.height)
        w.endArray()
        w.key("mask")
        w.beginArray()
        for (name, part) in AutoresizingMask.uikitNames where v.mask.contains(part) { w.string(name) }
        w.endArray()
        if !v.translatesMask { w.member("translatesMask", .bool(false)) }
        if let d = v.directionalLayoutMargins {
            w.member("directionalLayoutMargins", directional(d))
        } else if v.layoutMargins != .defaultLayoutMargins {
            w.member("layoutMargins", insets(v.layoutMargins))
        }
        if v.preservesSuperviewLayoutMargins { w.member("preservesSuperviewLayoutMargins", .bool(true)) }
        if !v.insetsLayoutMarginsFromSafeArea { w.member("insetsLayoutMarginsFromSafeArea", .bool(false)) }
        if let sv = v.scrollView { w.member("scrollView", scrollView(sv)) }
        if v.intrinsicContentSize != .none {
            w.member(
                "intrinsicContentSize",
                .array(
                    [v.intrinsicContentSize.width, v.intrinsicContentSize.height].map {
                        $0.map(JSONValue.number) ?? .null
                    }
                ))
        }
        if v.contentHuggingPriority != .defaultHugging {
            w.member("contentHuggingPriority", priorities(v.contentHuggingPriority))
        }
        if v.alignmentRectInsets != .zero { w.member("alignmentRectInsets", insets(v.alignmentRectInsets)) }
        if let b = v.baselineOffsets {
            w.member("baselineOffsets", .object([("first", .number(b.first)), ("last", .number(b.last))]))
        }
        if v.contentCompressionResistancePriority != .defaultCompressionResistance {
            w.member("contentCompressionResistancePriority", priorities(v.contentCompressionResistancePriority))
        }
        w.endObject()
    }
}

extension Scenario {
    static func constraint(_ c: LayoutConstraint) -> JSONValue {
        var m: [(String, JSONValue)] = []
        if let id = c.identifier { m.append(("id", .string(id))) }
        m += [
            ("item1", .string(c.item1)), ("attr1", .string(c.attr1.rawValue)),
            ("relation", .string(c.relation.rawValue)),
        ]
        if let item2 = c.item2, let attr2 = c.attr2 {
            m += [("item2", .string(item2)), ("attr2", .string(attr2.rawValue))]
        }
        m += [
            ("multiplier", .number(c.multiplier)), ("constant", .number(c.constant)), ("priority", .number(c.priority)),
        ]
        if !c.isActive { m.append(("active", .bool(false))) }
        return .object(m)
    }

    static func visualFormat(_ e: VisualFormatEntry) -> JSONValue {
        var m: [(String, JSONValue)] = [("format", .string(e.format))]
        if !e.metrics.isEmpty {
            m.append(
                ("metrics", .object(e.metrics.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number($0.value)) })))
        }
        if !e.options.isEmpty { m.append(("options", .array(e.options.nameList.map(JSONValue.string)))) }
        if e.platform != .uikit { m.append(("platform", .string(e.platform.rawValue))) }
        return .object(m)
    }

    static func insets(_ e: EdgeInsets) -> JSONValue {
        .object([
            "top": .number(e.top), "left": .number(e.left), "bottom": .number(e.bottom), "right": .number(e.right),
        ])
    }

    static func priorities(_ p: AxisPriorities) -> JSONValue {
        .object(["horizontal": .number(p.horizontal), "vertical": .number(p.vertical)])
    }

    static func directional(_ e: DirectionalEdgeInsets) -> JSONValue {
        .object([
            "top": .number(e.top), "leading": .number(e.leading), "bottom": .number(e.bottom),
            "trailing": .number(e.trailing),
        ])
    }

    static func viewController(_ vc: ViewController) -> JSONValue {
        var m: [(String, JSONValue)] = []
        if let nav = vc.navigationBar {
            m.append(
                (
                    "navigationBar",
                    .object([
                        "isTranslucent": .bool(nav.isTranslucent), "prefersLargeTitles": .bool(nav.prefersLargeTitles),
                    ])
                ))
        }
        if let bar = vc.tabBar { m.append(("tabBar", .object(["isTranslucent": .bool(bar.isTranslucent)]))) }
        if let bar = vc.toolbar { m.append(("toolbar", .object(["isTranslucent": .bool(bar.isTranslucent)]))) }
        if vc.edgesForExtendedLayout != .all {
            m.append(("edgesForExtendedLayout", .array(vc.edgesForExtendedLayout.nameList.map(JSONValue.string))))
        }
        if vc.extendedLayoutIncludesOpaqueBars { m.append(("extendedLayoutIncludesOpaqueBars", .bool(true))) }
        if !vc.viewRespectsSystemMinimumLayoutMargins {
            m.append(("viewRespectsSystemMinimumLayoutMargins", .bool(false)))
        }
        if vc.additionalSafeAreaInsets != .zero {
            m.append(("additionalSafeAreaInsets", insets(vc.additionalSafeAreaInsets)))
        }
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
