import Environment
import Foundation
import Geometry
import InterfaceBuilder
import Scenario
import VFL
import ViewTree
import Yams

/// Size and environment sequences.
extension SpecNodeReader {
    /// A sequence entry: one sequence, or for environment sequences one per device (and orientation).
    func sequenceSpecs(_ node: Node) throws(SpecError) -> [SequenceSpec] {
        if case .mapping(let m) = node, m.count == 1, let key = m.first?.key.string,
            let kind = EnvironmentSequenceKind.allCases.first(where: { $0.key == key })
        {
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
                throw error(
                    item, "unknown device '\(item.string ?? "")' (valid: \(presets.ids.joined(separator: ", ")))")
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
            guard let s = item.string, let o = Orientation(rawValue: s) else {
                throw error(item, "an orientation is portrait or landscape")
            }
            out.append(o)
        }
        guard !out.isEmpty else { throw error(node, "orientations must not be empty") }
        return out
    }

    func environmentSequences(_ kind: EnvironmentSequenceKind, _ v: Node) throws(SpecError) -> [SequenceSpec] {
        let allowed: [String] =
            switch kind {
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
                guard let s = n.string, let o = Orientation(rawValue: s) else {
                    throw error(n, "start is portrait or landscape")
                }
                start = o
            }
            return devices.map { .environments(kind, EnvironmentSequenceKind.rotate($0, start: start, steps: steps)) }
        case .splitView:
            if devicesNode?.string == "all" { devices = devices.filter { !$0.landscapeSplitWidths.isEmpty } }
            if let phone = devices.first(where: { $0.landscapeSplitWidths.isEmpty }) {
                let iPads = DevicePresets.standard.devices.filter { !$0.landscapeSplitWidths.isEmpty }.map(\.id)
                throw error(
                    devicesNode, "\(phone.id) has no split view (iPads only: \(iPads.joined(separator: ", ")))")
            }
            let orientations = try self.orientations(get("orientations"), default: [.landscape, .portrait])
            return devices.flatMap { d in
                orientations.map { .environments(kind, EnvironmentSequenceKind.splitView(d, orientation: $0)) }
            }
        case .inCall:
            let orientations = try self.orientations(get("orientations"), default: [.portrait])
            return devices.flatMap { d in
                orientations.map {
                    .environments(kind, EnvironmentSequenceKind.inCall(d, orientation: $0, steps: steps))
                }
            }
        case .deviceMatrix:
            let orientations = try self.orientations(get("orientations"), default: [.portrait, .landscape])
            return [.environments(kind, EnvironmentSequenceKind.deviceMatrix(devices, orientations: orientations))]
        case .device:
            let orientations = try self.orientations(get("orientations"), default: [.portrait])
            return devices.flatMap { d in
                orientations.map { .environments(kind, [Environment(device: d, orientation: $0)]) }
            }
        }
    }

    func sequenceSpec(_ node: Node) throws(SpecError) -> SequenceSpec {
        let kinds =
            ["sizes", "ramp", "through_zero", "oscillation", "random_walk"]
            + EnvironmentSequenceKind.allCases.map(\.key)
        let m = try mapping(node, "a sequence", allowed: kinds)
        guard m.count == 1 else { throw error(node, "a sequence is one of: \(kinds.joined(separator: ", "))") }
        let (key, _, v) = m[0]
        if key == "sizes" {
            var sizes: [Size] = []
            for item in try sequence(v, "sizes") { sizes.append(try size(item, "a size")) }
            guard !sizes.isEmpty else { throw error(v, "sizes must not be empty") }
            return .explicit(sizes)
        }
        let allowed: [String] =
            switch key {
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
        case "oscillation":
            return .oscillation(
                amplitude: try number(try get("amplitude"), "amplitude"), steps: steps, axis: try axis(axisNode))
        default:
            return .randomWalk(
                steps: steps, maxStep: try number(try get("max_step"), "max_step"), axis: try axis(axisNode))
        }
    }
}
