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
///            hugging: [249, 250, 251], compression_resistance: [749, 750, 751]}
///     # VFL rows (width) or columns (height)
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
            throw SpecError(
                file: file, line: key.line, column: key.column, message: "a key must be a name, not \(key.what)")
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
    func mapping(
        _ node: Node, _ what: String, allowed: [String]
    ) throws(SpecError) -> [(key: String, keyNode: Node, value: Node)] {
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
        guard case .scalar = node, let v = node.float, v.isFinite else {
            throw error(node, "\(what) must be a finite number")
        }
        return v
    }

    func integer(_ node: Node, _ what: String, min: Int = 0) throws(SpecError) -> Int {
        guard case .scalar = node, let v = node.int, v >= min else {
            throw error(node, "\(what) must be an integer ≥ \(min)")
        }
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
            let lo = try integer(items[0], what, min: min)
            let hi = try integer(items[1], what, min: min)
            guard lo <= hi else { throw error(node, "\(what): min is above max") }
            return lo...hi
        }
        let v = try integer(node, what, min: min)
        return v...v
    }

    func axis(_ node: Node?) throws(SpecError) -> SequenceAxis {
        guard let node else { return .both }
        guard let s = node.string, let a = SequenceAxis(rawValue: s) else {
            throw error(node, "axis must be width, height or both")
        }
        return a
    }

    func experiment(_ root: Node, text: String) throws(SpecError) -> ExperimentSpec {
        let top = try mapping(
            root, "the experiment",
            allowed: ["name", "seed", "scenarios", "sequences", "comparisons", "engines", "verify_solver"])
        func value(_ key: String) -> Node? { top.first { $0.key == key }?.value }
        func required(_ key: String) throws(SpecError) -> Node {
            guard let v = value(key) else { throw error(root, "missing key '\(key)'") }
            return v
        }
        let name = value("name")?.string ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let seedNode = try required("seed")
        guard case .scalar = seedNode, let seed = UInt64(seedNode.string ?? "") else {
            throw error(seedNode, "seed must be a non-negative integer")
        }
        var sources: [ScenarioSource] = []
        var kinds: [Set<String>?] = []
        for item in try sequence(try required("scenarios"), "scenarios") {
            sources.append(try scenarioSource(item))
            kinds.append(try sourceSequenceKinds(item))
        }
        var (sequences, environmentNode) = try ibEnvironments(try required("scenarios"))
        for item in try sequence(try required("sequences"), "sequences") {
            let specs = try sequenceSpecs(item)
            if case .environments? = specs.first, environmentNode == nil { environmentNode = item }
            sequences += specs
        }
        if let environmentNode { try checkNoOwnSafeArea(sources, against: environmentNode) }
        var comparisons: [Comparison] = []
        for item in try sequence(try required("comparisons"), "comparisons") {
            comparisons.append(try comparison(item))
        }
        for (key, list) in [
            ("scenarios", sources.count), ("sequences", sequences.count), ("comparisons", comparisons.count),
        ] where list == 0 {
            throw error(value(key), "\(key) must not be empty")
        }
        try checkSequenceKinds(try required("scenarios"), kinds, known: Set(sequences.map(\.kind)))
        var spec = ExperimentSpec(
            name: name, seed: seed, scenarioSources: sources, sequences: sequences,
            comparisons: comparisons, text: text)
        spec.sourceSequenceKinds = kinds
        spec.sourceComparisons = try sequence(try required("scenarios"), "scenarios").map {
            item throws(SpecError) in try sourceComparisons(item, count: comparisons.count)
        }
        if let e = value("engines") { spec.engines = try engines(e) }
        if let v = value("verify_solver") {
            guard case .scalar = v, let flag = Bool(v.string ?? "") else {
                throw error(v, "verify_solver must be true or false")
            }
            spec.verifySolver = flag
        }
        try checkExternalEngines(try required("comparisons"), engines: spec.engines)
        return spec
    }

    /// An ib source's devices and orientations: one single-step environment sequence each, and the
    /// first such source's node, for errors.
    func ibEnvironments(_ scenarios: Node) throws(SpecError) -> ([SequenceSpec], Node?) {
        var sequences: [SequenceSpec] = []
        var environmentNode: Node?
        for item in try sequence(scenarios, "scenarios") {
            guard case .mapping(let m) = item, let ib = m.first(where: { $0.key.string == "ib" })?.value,
                case .mapping(let p) = ib
            else { continue }
            let devicesNode = p.first { $0.key.string == "devices" }?.value
            guard devicesNode != nil else { continue }
            let devices = try self.devices(devicesNode, "ib")
            let orientations = try self.orientations(
                p.first { $0.key.string == "orientations" }?.value, default: [.portrait])
            for d in devices {
                for o in orientations {
                    sequences.append(.environments(.device, [Environment(device: d, orientation: o)]))
                }
            }
            environmentNode = environmentNode ?? ib
        }
        return (sequences, environmentNode)
    }

    /// A device preset gives the root its safe area; a scenario that sets its own contradicts it.
    func checkNoOwnSafeArea(_ sources: [ScenarioSource], against environmentNode: Node) throws(SpecError) {
        for case .file(let path, let scenario) in sources where scenario.tree.root.safeAreaInsets != .zero {
            throw error(
                environmentNode,
                "scenario file \(path) sets superview.safeAreaInsets, which an environment sequence replaces with "
                    + "the device's; remove one"
            )
        }
    }

    /// Every sequence kind a source names is one the experiment has.
    func checkSequenceKinds(_ scenarios: Node, _ kinds: [Set<String>?], known: Set<String>) throws(SpecError) {
        for (item, set) in zip(try sequence(scenarios, "scenarios"), kinds) {
            for k in set ?? [] where !known.contains(k) {
                throw error(
                    item,
                    "this source names sequence kind '\(k)', which the experiment does not have (it has: "
                        + "\(known.sorted().joined(separator: ", ")))"
                )
            }
        }
    }

    /// Every `external:<engine>` side of a comparison names one of the experiment's engines.
    func checkExternalEngines(_ comparisons: Node, engines: [String: ExternalEngineSpec]) throws(SpecError) {
        for item in try sequence(comparisons, "comparisons") {
            guard case .mapping(let m) = item else { continue }
            for (k, v) in m where ["a", "b"].contains(k.string ?? "") {
                if let s = v.string, s.hasPrefix("external:"), engines[String(s.dropFirst("external:".count))] == nil {
                    throw error(
                        v,
                        "\(s) names no engine of the experiment's engines "
                            + "(\(engines.keys.sorted().joined(separator: ", ")))"
                    )
                }
            }
        }
    }
}
