import Environment
import Foundation
import Geometry
import InterfaceBuilder
import Scenario
import VFL
import ViewTree
import Yams

/// A problem in an experiment file: file, line, column and what is wrong.
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Reads experiment files: YAML, so they can carry comments and stay readable. The format:
///
/// ```yaml
/// name: quick                 # optional (default: the file name)
/// seed: 42
/// scenarios:
///   - file: scenarios/example.json          # relative to this file
///   - generate: {count: 100, views: [1, 10], depth: 3, fanout: 4, masks: all,
///                superview: [[320, 480]], zero_size: 0.05, edge_touching: 0.1, larger_than_superview: 0.05}
///   - grid: {superview: [100, 100], masks: all, origins: [0, 10, 50], sizes: [0, 30, 100, 120]}
///   - rows: {count: 50, views: [2, 4], axis: width, superview: [[320, 100]],
///            hugging: [249, 250, 251], compression_resistance: [749, 750, 751]}   # VFL rows (width) or columns (height)
///   - ib: {path: ../../shared/corpus/ib, devices: all, orientations: [portrait, landscape]}
///     # every scene of every .xib/.storyboard under the path (a file or a folder); the devices and
///     # orientations add one-step environment sequences (`device`), one per device and orientation
/// sequences:
///   - sizes: [[200, 100], [50, 100]]
///   - ramp: {to: [640, 960], steps: 4}            # grow or shrink from the scenario's size
///   - through_zero: {steps: 6, axis: width}       # width, height or both
///   - oscillation: {amplitude: 80, steps: 8, axis: both}
///   - random_walk: {steps: 20, max_step: 60, axis: both}
///   - rotate: {devices: [iphone-8, iphone-x], start: portrait, steps: 3}   # one sequence per device
///   - split_view: {devices: [ipad-pro-12.9], orientations: [landscape]}  # full, each width, full, …
///   - in_call: {devices: all, orientations: [portrait], steps: 3}        # off, on, off
///   - device_matrix: {devices: all, orientations: [portrait, landscape]} # one sequence over them all
///   - device: {devices: all, orientations: [portrait]}                   # one single-step sequence each
/// comparisons:
///   - {a: springs/documented, b: autolayout/modern/once}
///   - {a: springs/gnustep-0.29, b: springs/appkit, scale: 2, tolerance: 0.25}
/// ```
///
/// `masks` is `all`, a list of masks (integers, Apple notation, or lists of UIKit names), or a mapping
/// from mask to weight.
public enum SpecReader {
    public static func read(path: String) throws(SpecError) -> ExperimentSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpecError(file: path, line: 0, column: 0, message: "cannot read the file")
        }
        return try read(text: String(decoding: data, as: UTF8.self), file: path)
    }

    public static func read(text: String, file: String) throws(SpecError) -> ExperimentSpec {
        let r = SpecNodeReader(file: file, directory: (file as NSString).deletingLastPathComponent)
        let root: Node
        if let key = MappingKeyCheck.firstNonScalarKey(in: text) {
            throw SpecError(file: file, line: key.line, column: key.column, message: "a key must be a name, not \(key.what)")
        }
        do {
            guard let node = try Yams.compose(yaml: text) else { throw r.error(nil, "the file is empty") }
            root = node
        } catch let e as SpecError {
            throw e
        } catch let e as YamlError {
            throw r.yamlError(e)
        } catch {
            throw SpecError(file: file, line: 0, column: 0, message: "\(error)")
        }
        var spec = try r.experiment(root, text: text)
        spec.path = file
        return spec
    }
}

/// Reads an experiment's YAML nodes, with file, line and column for every error.
struct SpecNodeReader {
    let file: String
    let directory: String

    func error(_ node: Node?, _ message: String) -> SpecError {
        SpecError(file: file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, message: message)
    }

    func yamlError(_ e: YamlError) -> SpecError {
        switch e {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return SpecError(file: file, line: mark.line, column: mark.column, message: "YAML: \(problem)")
        default:
            return SpecError(file: file, line: 1, column: 1, message: "YAML: \(e)")
        }
    }

    /// The mapping's members, rejecting keys not in `allowed`.
    func mapping(_ node: Node, _ what: String, allowed: [String]) throws(SpecError) -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let m) = node else { throw error(node, "\(what) must be a mapping") }
        var out: [(String, Node, Node)] = []
        for (k, v) in m {
            guard let key = k.string else { throw error(k, "keys must be strings") }
            guard allowed.contains(key) else {
                throw error(k, "unknown key '\(key)' in \(what) (allowed: \(allowed.joined(separator: ", ")))")
            }
            out.append((key, k, v))
        }
        return out
    }

    func sequence(_ node: Node, _ what: String) throws(SpecError) -> [Node] {
        guard case .sequence(let s) = node else { throw error(node, "\(what) must be a list") }
        return Array(s)
    }

    func number(_ node: Node, _ what: String) throws(SpecError) -> Double {
        guard case .scalar = node, let v = node.float, v.isFinite else { throw error(node, "\(what) must be a finite number") }
        return v
    }

    func integer(_ node: Node, _ what: String, min: Int = 0) throws(SpecError) -> Int {
        guard case .scalar = node, let v = node.int, v >= min else { throw error(node, "\(what) must be an integer ≥ \(min)") }
        return v
    }

    func probability(_ node: Node, _ what: String) throws(SpecError) -> Double {
        let p = try number(node, what)
        guard (0...1).contains(p) else { throw error(node, "\(what) must be between 0 and 1") }
        return p
    }

    func size(_ node: Node, _ what: String) throws(SpecError) -> Size {
        let items = try sequence(node, what)
        guard items.count == 2 else { throw error(node, "\(what) must be [width, height]") }
        let s = Size(width: try number(items[0], "\(what) width"), height: try number(items[1], "\(what) height"))
        guard s.width >= 0 && s.height >= 0 else { throw error(node, "\(what) must not be negative") }
        return s
    }

    func range(_ node: Node, _ what: String, min: Int) throws(SpecError) -> ClosedRange<Int> {
        if case .sequence = node {
            let items = try sequence(node, what)
            guard items.count == 2 else { throw error(node, "\(what) must be a number or [min, max]") }
            let lo = try integer(items[0], what, min: min), hi = try integer(items[1], what, min: min)
            guard lo <= hi else { throw error(node, "\(what): min is above max") }
            return lo...hi
        }
        let v = try integer(node, what, min: min)
        return v...v
    }

    func axis(_ node: Node?) throws(SpecError) -> SequenceAxis {
        guard let node else { return .both }
        guard let s = node.string, let a = SequenceAxis(rawValue: s) else { throw error(node, "axis must be width, height or both") }
        return a
    }

    func experiment(_ root: Node, text: String) throws(SpecError) -> ExperimentSpec {
        let top = try mapping(root, "the experiment", allowed: ["name", "seed", "scenarios", "sequences", "comparisons", "engines"])
        func value(_ key: String) -> Node? { top.first { $0.key == key }?.value }
        func required(_ key: String) throws(SpecError) -> Node {
            guard let v = value(key) else { throw error(root, "missing key '\(key)'") }
            return v
        }
        let name = value("name")?.string ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let seedNode = try required("seed")
        guard case .scalar = seedNode, let seed = UInt64(seedNode.string ?? "") else { throw error(seedNode, "seed must be a non-negative integer") }
        var sources: [ScenarioSource] = []
        var kinds: [Set<String>?] = []
        for item in try sequence(try required("scenarios"), "scenarios") {
            sources.append(try scenarioSource(item))
            kinds.append(try sourceSequenceKinds(item))
        }
        var sequences: [SequenceSpec] = []
        var environmentNode: Node?
        // An ib source's devices and orientations: one single-step environment sequence each.
        for item in try sequence(try required("scenarios"), "scenarios") {
            guard case .mapping(let m) = item, let ib = m.first(where: { $0.key.string == "ib" })?.value, case .mapping(let p) = ib else { continue }
            let devicesNode = p.first { $0.key.string == "devices" }?.value
            guard devicesNode != nil else { continue }
            let devices = try self.devices(devicesNode, "ib")
            let orientations = try self.orientations(p.first { $0.key.string == "orientations" }?.value, default: [.portrait])
            for d in devices {
                for o in orientations { sequences.append(.environments(.device, [Environment(device: d, orientation: o)])) }
            }
            environmentNode = environmentNode ?? ib
        }
        for item in try sequence(try required("sequences"), "sequences") {
            let specs = try sequenceSpecs(item)
            if case .environments? = specs.first, environmentNode == nil { environmentNode = item }
            sequences += specs
        }
        // A device preset gives the root its safe area; a scenario that sets its own contradicts it.
        if let environmentNode {
            for case .file(let path, let scenario) in sources where scenario.tree.root.safeAreaInsets != .zero {
                throw error(environmentNode, "scenario file \(path) sets superview.safeAreaInsets, which an environment sequence replaces with the device's; remove one")
            }
        }
        var comparisons: [Comparison] = []
        for item in try sequence(try required("comparisons"), "comparisons") { comparisons.append(try comparison(item)) }
        for (key, list) in [("scenarios", sources.count), ("sequences", sequences.count), ("comparisons", comparisons.count)] where list == 0 {
            throw error(value(key), "\(key) must not be empty")
        }
        let known = Set(sequences.map(\.kind))
        for (item, set) in zip(try sequence(try required("scenarios"), "scenarios"), kinds) {
            for k in set ?? [] where !known.contains(k) {
                throw error(item, "this source names sequence kind '\(k)', which the experiment does not have (it has: \(known.sorted().joined(separator: ", ")))")
            }
        }
        var spec = ExperimentSpec(name: name, seed: seed, scenarioSources: sources, sequences: sequences,
                                  comparisons: comparisons, text: text)
        spec.sourceSequenceKinds = kinds
        spec.sourceComparisons = try sequence(try required("scenarios"), "scenarios").map {
            item throws(SpecError) in try sourceComparisons(item, count: comparisons.count)
        }
        if let e = value("engines") { spec.engines = try engines(e) }
        for item in try sequence(try required("comparisons"), "comparisons") {
            guard case .mapping(let m) = item else { continue }
            for (k, v) in m where ["a", "b"].contains(k.string ?? "") {
                if let s = v.string, s.hasPrefix("external:"), spec.engines[String(s.dropFirst("external:".count))] == nil {
                    throw error(v, "\(s) names no engine of the experiment's engines (\(spec.engines.keys.sorted().joined(separator: ", ")))")
                }
            }
        }
        return spec
    }

    /// `engines: {name: {command: [program, args…], timeout: 5, on_error: stop|skip}}`.
    func engines(_ node: Node) throws(SpecError) -> [String: ExternalEngineSpec] {
        guard case .mapping(let m) = node else { throw error(node, "engines must be a mapping from names to engines") }
        var out: [String: ExternalEngineSpec] = [:]
        for (k, v) in m {
            guard let name = k.string, !name.isEmpty else { throw error(k, "an engine needs a name") }
            let e = try mapping(v, "engine \(name)", allowed: ["command", "timeout", "on_error"])
            func get(_ key: String) -> Node? { e.first { $0.key == key }?.value }
            guard let c = get("command") else { throw error(v, "engine \(name) needs 'command' (a list: program and arguments)") }
            var command: [String] = []
            if let single = c.string { command = [single] } else {
                for item in try sequence(c, "command") {
                    guard let s = item.string else { throw error(item, "command items are strings") }
                    command.append(s)
                }
            }
            guard let program = command.first else { throw error(c, "engine \(name): the command is empty") }
            // A relative program resolves from the experiment file's folder, then the current directory.
            if !program.hasPrefix("/") {
                let beside = (directory as NSString).appendingPathComponent(program)
                command[0] = FileManager.default.isExecutableFile(atPath: beside) ? beside : program
            }
            var spec = ExternalEngineSpec(name: name, command: command)
            if let t = get("timeout") {
                spec.timeout = try number(t, "timeout")
                guard spec.timeout > 0 else { throw error(t, "timeout must be positive (seconds)") }
            }
            if let o = get("on_error") {
                guard let s = o.string, let policy = ExternalEngineSpec.OnError(rawValue: s) else { throw error(o, "on_error is stop or skip") }
                spec.onError = policy
            }
            out[name] = spec
        }
        return out
    }

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
        guard case .mapping(let m) = node, let list = m.first(where: { $0.key.string == "sequences" })?.value else { return nil }
        var out = Set<String>()
        for item in try sequence(list, "sequences") {
            guard let s = item.string else { throw error(item, "sequences lists sequence kinds (sizes, ramp, through-zero, …)") }
            out.insert(s)
        }
        return out
    }

    func scenarioSource(_ node: Node) throws(SpecError) -> ScenarioSource {
        let all = try mapping(
            node, "a scenario source",
            allowed: ["file", "generate", "grid", "rows", "constrained", "ib", "sequences", "comparisons"])
        let m = all.filter { $0.key != "sequences" && $0.key != "comparisons" }
        guard m.count == 1 else { throw error(node, "a scenario source is one of 'file', 'generate', 'grid', 'rows', 'constrained' or 'ib' (with optional 'sequences' and 'comparisons')") }
        let (key, _, v) = m[0]
        if key == "rows" { return .rows(try rows(v)) }
        if key == "constrained" { return .constrained(try constrained(v)) }
        if key == "ib" { return try interfaceBuilder(v) }
        if key == "file" {
            guard let relative = v.string else { throw error(v, "file must be a path") }
            let path = relative.hasPrefix("/") ? relative : (directory as NSString).appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: path) else { throw error(v, "cannot read scenario file \(path)") }
            do {
                return .file(path: relative, scenario: try Scenario(json: String(decoding: data, as: UTF8.self), file: path))
            } catch {
                throw self.error(v, "scenario file: \(error)")
            }
        }
        if key == "grid" { return .grid(try grid(v)) }
        let g = try mapping(v, "generate", allowed: ["count", "views", "depth", "fanout", "masks", "superview",
                                                     "zero_size", "edge_touching", "larger_than_superview"])
        var spec = TreeGeneratorSpec(count: 0)
        guard let countNode = g.first(where: { $0.key == "count" })?.value else { throw error(v, "generate needs 'count'") }
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
        guard let p = get("path"), let relative = p.string else { throw error(node, "ib needs 'path' (a .xib, a .storyboard or a folder)") }
        let path = relative.hasPrefix("/") ? relative : (directory as NSString).appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw error(p, "no such file or folder: \(path)") }
        let files: [String] = isDirectory.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
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
                    guard let other = try? InterfaceBuilder.importDocument(text: text, file: f, sizeClasses: t) else { continue }
                    variants[t] = Dictionary(other.scenes.map { ($0.name, Self.sweepable($0.scenario)) }) { a, _ in a }
                }
            }
            let name = (f as NSString).lastPathComponent
            for scene in doc.scenes where !scene.scenario.tree.views.isEmpty {
                let forms = variants.compactMapValues { $0[scene.name] }.filter { !$0.value.tree.views.isEmpty }
                scenes.append(IBSceneEntry(source: "ib:\(name)#\(scene.name)", scenario: Self.sweepable(scene.scenario), variants: forms))
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

    /// A sequence entry: one sequence, or for environment sequences one per device (and orientation).
    func sequenceSpecs(_ node: Node) throws(SpecError) -> [SequenceSpec] {
        if case .mapping(let m) = node, m.count == 1, let key = m.first?.key.string,
           let kind = EnvironmentSequenceKind.allCases.first(where: { $0.key == key }) {
            return try environmentSequences(kind, m.first!.value)
        }
        return [try sequenceSpec(node)]
    }

    func devices(_ node: Node?, _ what: String) throws(SpecError) -> [DevicePreset] {
        let presets = DevicePresets.standard
        guard let node else { throw self.error(nil, "\(what) needs 'devices' (a list of presets, or all)") }
        if node.string == "all" { return presets.devices }
        var out: [DevicePreset] = []
        for item in try sequence(node, "devices") {
            guard let id = item.string, let d = presets.device(id) else {
                throw error(item, "unknown device '\(item.string ?? "")' (valid: \(presets.ids.joined(separator: ", ")))")
            }
            out.append(d)
        }
        guard !out.isEmpty else { throw error(node, "devices must not be empty") }
        return out
    }

    func orientations(_ node: Node?, default value: [Orientation]) throws(SpecError) -> [Orientation] {
        guard let node else { return value }
        var out: [Orientation] = []
        for item in try sequence(node, "orientations") {
            guard let s = item.string, let o = Orientation(rawValue: s) else { throw error(item, "an orientation is portrait or landscape") }
            out.append(o)
        }
        guard !out.isEmpty else { throw error(node, "orientations must not be empty") }
        return out
    }

    func environmentSequences(_ kind: EnvironmentSequenceKind, _ v: Node) throws(SpecError) -> [SequenceSpec] {
        let allowed: [String] = switch kind {
        case .rotate: ["devices", "start", "steps"]
        case .splitView: ["devices", "orientations"]
        case .inCall: ["devices", "orientations", "steps"]
        case .deviceMatrix, .device: ["devices", "orientations"]
        }
        let p = try mapping(v, kind.key, allowed: allowed)
        func get(_ k: String) -> Node? { p.first { $0.key == k }?.value }
        let devicesNode = get("devices")
        guard devicesNode != nil else { throw error(v, "\(kind.key) needs 'devices' (a list of presets, or all)") }
        var devices = try self.devices(devicesNode, kind.key)
        let steps = try get("steps").map { n throws(SpecError) in try integer(n, "steps", min: 1) } ?? 3
        switch kind {
        case .rotate:
            var start = Orientation.portrait
            if let n = get("start") {
                guard let s = n.string, let o = Orientation(rawValue: s) else { throw error(n, "start is portrait or landscape") }
                start = o
            }
            return devices.map { .environments(kind, EnvironmentSequenceKind.rotate($0, start: start, steps: steps)) }
        case .splitView:
            if devicesNode?.string == "all" { devices = devices.filter { !$0.landscapeSplitWidths.isEmpty } }
            if let phone = devices.first(where: { $0.landscapeSplitWidths.isEmpty }) {
                throw error(devicesNode, "\(phone.id) has no split view (iPads only: \(DevicePresets.standard.devices.filter { !$0.landscapeSplitWidths.isEmpty }.map(\.id).joined(separator: ", ")))")
            }
            let orientations = try self.orientations(get("orientations"), default: [.landscape, .portrait])
            return devices.flatMap { d in orientations.map { .environments(kind, EnvironmentSequenceKind.splitView(d, orientation: $0)) } }
        case .inCall:
            let orientations = try self.orientations(get("orientations"), default: [.portrait])
            return devices.flatMap { d in orientations.map { .environments(kind, EnvironmentSequenceKind.inCall(d, orientation: $0, steps: steps)) } }
        case .deviceMatrix:
            let orientations = try self.orientations(get("orientations"), default: [.portrait, .landscape])
            return [.environments(kind, EnvironmentSequenceKind.deviceMatrix(devices, orientations: orientations))]
        case .device:
            let orientations = try self.orientations(get("orientations"), default: [.portrait])
            return devices.flatMap { d in orientations.map { .environments(kind, [Environment(device: d, orientation: $0)]) } }
        }
    }

    func sequenceSpec(_ node: Node) throws(SpecError) -> SequenceSpec {
        let kinds = ["sizes", "ramp", "through_zero", "oscillation", "random_walk"] + EnvironmentSequenceKind.allCases.map(\.key)
        let m = try mapping(node, "a sequence", allowed: kinds)
        guard m.count == 1 else { throw error(node, "a sequence is one of: \(kinds.joined(separator: ", "))") }
        let (key, _, v) = m[0]
        if key == "sizes" {
            var sizes: [Size] = []
            for item in try sequence(v, "sizes") { sizes.append(try size(item, "a size")) }
            guard !sizes.isEmpty else { throw error(v, "sizes must not be empty") }
            return .explicit(sizes)
        }
        let allowed: [String] = switch key {
        case "ramp": ["to", "steps"]
        case "through_zero": ["steps", "axis"]
        case "oscillation": ["amplitude", "steps", "axis"]
        default: ["steps", "max_step", "axis"]
        }
        let p = try mapping(v, key, allowed: allowed)
        func get(_ k: String) throws(SpecError) -> Node {
            guard let n = p.first(where: { $0.key == k })?.value else { throw error(v, "\(key) needs '\(k)'") }
            return n
        }
        let steps = try integer(try get("steps"), "steps", min: 1)
        let axisNode = p.first { $0.key == "axis" }?.value
        switch key {
        case "ramp": return .ramp(target: try size(try get("to"), "to"), steps: steps)
        case "through_zero": return .throughZero(steps: max(2, steps), axis: try axis(axisNode))
        case "oscillation": return .oscillation(amplitude: try number(try get("amplitude"), "amplitude"), steps: steps, axis: try axis(axisNode))
        default: return .randomWalk(steps: steps, maxStep: try number(try get("max_step"), "max_step"), axis: try axis(axisNode))
        }
    }

    func comparison(_ node: Node) throws(SpecError) -> Comparison {
        let m = try mapping(node, "a comparison", allowed: ["a", "b", "scale", "tolerance"])
        func backend(_ k: String) throws(SpecError) -> BackendConfiguration {
            guard let n = m.first(where: { $0.key == k })?.value else { throw error(node, "a comparison needs '\(k)'") }
            guard let s = n.string, let b = BackendConfiguration(s) else {
                throw error(n, "unknown backend configuration (expected \(BackendConfiguration.examples))")
            }
            return b
        }
        let a = try backend("a"), b = try backend("b")
        var scale: Int?
        if let s = m.first(where: { $0.key == "scale" })?.value {
            let v = try integer(s, "scale", min: 1)
            guard v <= 3 else { throw error(s, "scale must be 1, 2 or 3") }
            scale = v
        }
        var tolerance: Double?
        if let t = m.first(where: { $0.key == "tolerance" })?.value {
            tolerance = try number(t, "tolerance")
            guard tolerance! >= 0 else { throw error(t, "tolerance must not be negative") }
        }
        return Comparison(a: a, b: b, scale: scale, tolerance: tolerance)
    }
}
