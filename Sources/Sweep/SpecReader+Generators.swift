import Foundation
import Geometry
import VFL
import ViewTree
import Yams

/// The scenario sources that generate trees: `constrained:`, `rows:`, `grid:`, and the masks they
/// draw from.
extension SpecNodeReader {
    /// `superview: [w, h]` or a list of them (one is drawn per scenario).
    func superviews(_ node: Node) throws(SpecError) -> [Size] {
        let items = try sequence(node, "superview")
        guard let first = items.first, case .sequence = first else { return [try size(node, "superview")] }
        var out: [Size] = []
        for item in items { out.append(try size(item, "superview")) }
        return out
    }

    /// `constrained: {count, views: [min, max], depth, superview, forms: [edges, centre, …]}`.
    func constrained(_ node: Node) throws(SpecError) -> ConstraintTreeSpec {
        let g = try mapping(
            node, "constrained", allowed: ["count", "views", "depth", "superview", "forms", "vertical_forms"])
        func get(_ k: String) -> Node? { g.first { $0.key == k }?.value }
        guard let countNode = get("count") else { throw error(node, "constrained needs 'count'") }
        var spec = ConstraintTreeSpec(count: try integer(countNode, "count", min: 1))
        if let v = get("views") { spec.views = try range(v, "views", min: 1) }
        if let d = get("depth") { spec.depth = try integer(d, "depth", min: 1) }
        if let s = get("superview") { spec.superviews = try superviews(s) }
        func forms(_ key: String) throws(SpecError) -> [ConstraintTreeSpec.Form]? {
            guard let f = get(key) else { return nil }
            var out: [ConstraintTreeSpec.Form] = []
            for item in try sequence(f, key) {
                guard let name = item.string, let form = ConstraintTreeSpec.Form(rawValue: name) else {
                    let all = ConstraintTreeSpec.Form.allCases.map(\.rawValue).joined(separator: ", ")
                    throw error(item, "unknown form (expected one of: \(all))")
                }
                out.append(form)
            }
            guard !out.isEmpty else { throw error(f, "\(key) must not be empty") }
            return out
        }
        if let f = try forms("forms") { spec.forms = f }
        spec.verticalForms = try forms("vertical_forms")
        return spec
    }

    func rows(_ node: Node) throws(SpecError) -> RowGeneratorSpec {
        let g = try mapping(
            node, "rows",
            allowed: ["count", "views", "axis", "superview", "hugging", "compression_resistance", "platform"])
        func get(_ k: String) -> Node? { g.first { $0.key == k }?.value }
        guard let countNode = get("count") else { throw error(node, "rows needs 'count'") }
        var spec = RowGeneratorSpec(count: try integer(countNode, "count", min: 1))
        if let v = get("views") { spec.views = try range(v, "views", min: 1) }
        if let a = get("axis") { spec.axis = try axis(a) }
        if let s = get("superview") { spec.superviews = try superviews(s) }
        func priorities(_ k: String) throws(SpecError) -> [Double]? {
            guard let n = get(k) else { return nil }
            var out: [Double] = []
            for item in try sequence(n, k) {
                let p = try number(item, k)
                guard p >= 1 && p <= 1000 else { throw error(item, "\(k) priorities are from 1 to 1000") }
                out.append(p)
            }
            guard !out.isEmpty else { throw error(n, "\(k) must not be empty") }
            return out
        }
        if let h = try priorities("hugging") { spec.hugging = h }
        if let c = try priorities("compression_resistance") { spec.compressionResistance = c }
        if let p = get("platform") {
            guard let name = p.string, let platform = VisualFormatPlatform(rawValue: name) else {
                throw error(p, "platform is uikit or appkit (which framework's spacing `|-` and `-` mean)")
            }
            spec.platform = platform
        }
        return spec
    }

    func grid(_ node: Node) throws(SpecError) -> FrameGridSpec {
        let g = try mapping(node, "grid", allowed: ["superview", "masks", "origins", "sizes"])
        func get(_ k: String) throws(SpecError) -> Node {
            guard let n = g.first(where: { $0.key == k })?.value else { throw error(node, "grid needs '\(k)'") }
            return n
        }
        func numbers(_ k: String) throws(SpecError) -> [Double] {
            var out: [Double] = []
            for item in try sequence(try get(k), k) { out.append(try number(item, k)) }
            guard !out.isEmpty else { throw error(try get(k), "\(k) must not be empty") }
            return out
        }
        let masks =
            try g.first { $0.key == "masks" }.map { m throws(SpecError) in try self.masks(m.value).map(\.mask) }
            ?? (0...63).map { AutoresizingMask(rawValue: $0) }
        return FrameGridSpec(
            superview: try size(try get("superview"), "superview"), masks: masks,
            origins: try numbers("origins"), sizes: try numbers("sizes"))
    }

    func mask(_ node: Node) throws(SpecError) -> AutoresizingMask {
        if case .sequence = node {
            var m = AutoresizingMask.none
            for item in try sequence(node, "mask") {
                guard let name = item.string, let bit = AutoresizingMask.uikitNames.first(where: { $0.name == name })
                else {
                    throw error(
                        item,
                        "unknown mask name (valid: \(AutoresizingMask.uikitNames.map(\.name).joined(separator: ", ")))")
                }
                m.insert(bit.mask)
            }
            return m
        }
        if let v = node.int, (0...63).contains(v) { return AutoresizingMask(rawValue: v) }
        if let s = node.string, let m = AutoresizingMask(notation: s) { return m }
        throw error(node, "a mask is an integer 0…63, Apple's notation (\"h=&-& v=--&\") or a list of UIKit names")
    }

    func masks(_ node: Node) throws(SpecError) -> [(mask: AutoresizingMask, weight: Double)] {
        if node.string == "all" { return (0...63).map { (AutoresizingMask(rawValue: $0), 1) } }
        if case .mapping(let m) = node {
            var out: [(AutoresizingMask, Double)] = []
            for (k, v) in m {
                let w = try number(v, "a mask weight")
                guard w >= 0 else { throw error(v, "mask weights must not be negative") }
                out.append((try mask(k), w))
            }
            guard out.contains(where: { $0.1 > 0 }) else {
                throw error(node, "at least one mask weight must be positive")
            }
            return out
        }
        var out: [(AutoresizingMask, Double)] = []
        for item in try sequence(node, "masks") { out.append((try mask(item), 1)) }
        guard !out.isEmpty else { throw error(node, "masks must not be empty") }
        return out
    }
}
