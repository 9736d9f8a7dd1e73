import Environment
import Foundation
import Geometry
import InterfaceBuilder
import Scenario
import VFL
import ViewTree
import Yams

/// Scenario sources: files, generated trees, Interface Builder documents, and which sequences and
/// comparisons each one runs through.
extension SpecNodeReader {
    /// A source's optional `comparisons: [index, …]`: the comparisons its scenarios run under, by
    /// position in the experiment's list from 0 (the `comparison_index` results.db stores), so one
    /// experiment can hold one comparison per kind of scenario.
    func sourceComparisons(_ node: Node, count: Int) throws(SpecError) -> Set<Int>? {
        guard case .mapping(let m) = node, let list = m.first(where: { $0.key.string == "comparisons" })?.value else {
            return nil
        }
        var out = Set<Int>()
        for item in try sequence(list, "comparisons") {
            let k = try integer(item, "comparisons", min: 0)
            guard k < count else {
                throw error(item, "comparison \(k) does not exist: the experiment has \(count), numbered from 0")
            }
            out.insert(k)
        }
        guard !out.isEmpty else { throw error(list, "comparisons must not be empty") }
        return out
    }

    /// A source's optional `sequences: [kind, …]`: the kinds of sequence its scenarios run through.
    func sourceSequenceKinds(_ node: Node) throws(SpecError) -> Set<String>? {
        guard case .mapping(let m) = node, let list = m.first(where: { $0.key.string == "sequences" })?.value else {
            return nil
        }
        var out = Set<String>()
        for item in try sequence(list, "sequences") {
            guard let s = item.string else {
                throw error(item, "sequences lists sequence kinds (sizes, ramp, through-zero, …)")
            }
            out.insert(s)
        }
        return out
    }

    func scenarioSource(_ node: Node) throws(SpecError) -> ScenarioSource {
        let all = try mapping(
            node, "a scenario source",
            allowed: ["file", "generate", "grid", "rows", "constrained", "ib", "sequences", "comparisons"])
        let m = all.filter { $0.key != "sequences" && $0.key != "comparisons" }
        guard m.count == 1 else {
            throw error(
                node,
                "a scenario source is one of 'file', 'generate', 'grid', 'rows', 'constrained' or 'ib' (with optional "
                    + "'sequences' and 'comparisons')"
            )
        }
        let (key, _, v) = m[0]
        if key == "rows" { return .rows(try rows(v)) }
        if key == "constrained" { return .constrained(try constrained(v)) }
        if key == "ib" { return try interfaceBuilder(v) }
        if key == "file" {
            guard let relative = v.string else { throw error(v, "file must be a path") }
            let path = relative.hasPrefix("/") ? relative : (directory as NSString).appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw error(v, "cannot read scenario file \(path)")
            }
            do {
                return .file(
                    path: relative, scenario: try Scenario(json: String(decoding: data, as: UTF8.self), file: path))
            } catch {
                throw self.error(v, "scenario file: \(error)")
            }
        }
        if key == "grid" { return .grid(try grid(v)) }
        let g = try mapping(
            v, "generate",
            allowed: [
                "count", "views", "depth", "fanout", "masks", "superview",
                "zero_size", "edge_touching", "larger_than_superview",
            ])
        var spec = TreeGeneratorSpec(count: 0)
        guard let countNode = g.first(where: { $0.key == "count" })?.value else {
            throw error(v, "generate needs 'count'")
        }
        spec.count = try integer(countNode, "count", min: 1)
        for (key, _, value) in g {
            switch key {
            case "views": spec.views = try range(value, "views", min: 1)
            case "depth": spec.depth = try integer(value, "depth", min: 1)
            case "fanout": spec.fanout = try integer(value, "fanout", min: 1)
            case "masks": spec.masks = try masks(value)
            case "superview":
                let items = try sequence(value, "superview")
                if let first = items.first, case .sequence = first {
                    spec.superviews = []
                    for item in items { spec.superviews.append(try size(item, "superview")) }
                } else {
                    spec.superviews = [try size(value, "superview")]
                }
            case "zero_size": spec.zeroSize = try probability(value, "zero_size")
            case "edge_touching": spec.edgeTouching = try probability(value, "edge_touching")
            case "larger_than_superview": spec.largerThanSuperview = try probability(value, "larger_than_superview")
            default: break
            }
        }
        guard spec.zeroSize + spec.edgeTouching + spec.largerThanSuperview <= 1 else {
            throw error(v, "zero_size + edge_touching + larger_than_superview must not exceed 1")
        }
        return .generated(spec)
    }

    /// `ib: {path, devices, orientations}`: the scenes of every document under the path. Documents
    /// the importer cannot read (legacy archives) are left out and named in `ibSkipped`. A document
    /// with size-class variations is also imported for the size classes of each device and
    /// orientation the source steps to (`IBSceneEntry.variants`).
    func interfaceBuilder(_ node: Node) throws(SpecError) -> ScenarioSource {
        let g = try mapping(node, "ib", allowed: ["path", "devices", "orientations"])
        func get(_ k: String) -> Node? { g.first { $0.key == k }?.value }
        guard let p = get("path"), let relative = p.string else {
            throw error(node, "ib needs 'path' (a .xib, a .storyboard or a folder)")
        }
        let path = relative.hasPrefix("/") ? relative : (directory as NSString).appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw error(p, "no such file or folder: \(path)")
        }
        let files: [String] =
            isDirectory.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
                $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard")
            }.sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            : [path]
        var traits: Set<SizeClasses> = []
        if let devicesNode = get("devices") {
            let orientations = try self.orientations(get("orientations"), default: [.portrait])
            for d in try devices(devicesNode, "ib") { for o in orientations { traits.insert(d.sizeClasses(o)) } }
        }
        var scenes: [IBSceneEntry] = []
        for f in files {
            guard let data = FileManager.default.contents(atPath: f) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            guard let doc = try? InterfaceBuilder.importDocument(text: text, file: f) else { continue }
            var variants: [SizeClasses: [String: Scenario]] = [:]
            if InterfaceBuilder.hasSizeClassVariations(text) {
                for t in traits {
                    guard let other = try? InterfaceBuilder.importDocument(text: text, file: f, sizeClasses: t) else {
                        continue
                    }
                    variants[t] = Dictionary(other.scenes.map { ($0.name, Self.sweepable($0.scenario)) }) { a, _ in a }
                }
            }
            let name = (f as NSString).lastPathComponent
            for scene in doc.scenes where !scene.scenario.tree.views.isEmpty {
                let forms = variants.compactMapValues { $0[scene.name] }.filter { !$0.value.tree.views.isEmpty }
                scenes.append(
                    IBSceneEntry(
                        source: "ib:\(name)#\(scene.name)", scenario: Self.sweepable(scene.scenario), variants: forms))
            }
        }
        return .interfaceBuilder(path: relative, scenes: scenes)
    }

    /// An imported scene as a sweep runs it: the environment gives the root its safe area.
    static func sweepable(_ scenario: Scenario) -> Scenario {
        var s = scenario
        s.tree.root.safeAreaInsets = .zero
        return s
    }
}
