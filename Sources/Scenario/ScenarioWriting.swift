import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

extension Scenario {
    /// The scenario as JSON in the same format, masks as UIKit names (exact, unlike the notation,
    /// which prints none and flexibleRightMargin alike). Reading it back gives an equal scenario.
    public func json() -> String {
        var top: [(String, JSONValue)] = []
        if let description { top.append(("description", .string(description))) }
        if tree.layoutDirection != .leftToRight {
            top.append(("layoutDirection", .string(tree.layoutDirection.rawValue)))
        }
        var superview: [(String, JSONValue)] = [
            ("width", .number(tree.superviewSize.width)), ("height", .number(tree.superviewSize.height)),
        ]
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
        top.append(
            (
                "views",
                .array(
                    tree.views.map { v in
                        var members: [(String, JSONValue)] = [("id", .string(v.id))]
                        if let p = v.parentID { members.append(("parent", .string(p))) }
                        members.append(
                            (
                                "frame",
                                .array([v.frame.x, v.frame.y, v.frame.width, v.frame.height].map(JSONValue.number))
                            ))
                        members.append(("mask", .array(v.mask.uikitNameList.map(JSONValue.string))))
                        if !v.translatesMask { members.append(("translatesMask", .bool(false))) }
                        if let d = v.directionalLayoutMargins {
                            members.append(("directionalLayoutMargins", Self.directional(d)))
                        } else if v.layoutMargins != .defaultLayoutMargins {
                            members.append(("layoutMargins", Self.insets(v.layoutMargins)))
                        }
                        if v.preservesSuperviewLayoutMargins {
                            members.append(("preservesSuperviewLayoutMargins", .bool(true)))
                        }
                        if !v.insetsLayoutMarginsFromSafeArea {
                            members.append(("insetsLayoutMarginsFromSafeArea", .bool(false)))
                        }
                        if let sv = v.scrollView { members.append(("scrollView", Self.scrollView(sv))) }
                        if v.intrinsicContentSize != .none {
                            members.append(
                                (
                                    "intrinsicContentSize",
                                    .array(
                                        [v.intrinsicContentSize.width, v.intrinsicContentSize.height].map {
                                            $0.map(JSONValue.number) ?? .null
                                        })
                                ))
                        }
                        if v.contentHuggingPriority != .defaultHugging {
                            members.append(("contentHuggingPriority", Self.priorities(v.contentHuggingPriority)))
                        }
                        if v.alignmentRectInsets != .zero {
                            members.append(("alignmentRectInsets", Self.insets(v.alignmentRectInsets)))
                        }
                        if let b = v.baselineOffsets {
                            members.append(
                                ("baselineOffsets", .object([("first", .number(b.first)), ("last", .number(b.last))])))
                        }
                        if v.contentCompressionResistancePriority != .defaultCompressionResistance {
                            members.append(
                                (
                                    "contentCompressionResistancePriority",
                                    Self.priorities(v.contentCompressionResistancePriority)
                                ))
                        }
                        return .object(members)
                    })
            ))
        let handWritten = constraints.filter(\.isHandWritten)
        if !handWritten.isEmpty {
            top.append(
                (
                    "constraints",
                    .array(
                        handWritten.map { c in
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
                                ("multiplier", .number(c.multiplier)), ("constant", .number(c.constant)),
                                ("priority", .number(c.priority)),
                            ]
                            if !c.isActive { m.append(("active", .bool(false))) }
                            return .object(m)
                        })
                ))
        }
        if !visualFormats.isEmpty {
            top.append(
                (
                    "visualFormat",
                    .array(
                        visualFormats.map { e in
                            var m: [(String, JSONValue)] = [("format", .string(e.format))]
                            if !e.metrics.isEmpty {
                                m.append(
                                    (
                                        "metrics",
                                        .object(
                                            e.metrics.sorted { $0.key < $1.key }.map {
                                                ($0.key, JSONValue.number($0.value))
                                            })
                                    ))
                            }
                            if !e.options.isEmpty {
                                m.append(("options", .array(e.options.nameList.map(JSONValue.string))))
                            }
                            if e.platform != .uikit { m.append(("platform", .string(e.platform.rawValue))) }
                            return .object(m)
                        })
                ))
        }
        return JSONWriter.write(.object(top))
    }
}

extension Scenario {
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
