import Environment
import Foundation
import Geometry
import InterfaceBuilder
import Scenario
import VFL
import ViewTree
import Yams

/// Comparisons and the external engines they name.
extension SpecNodeReader {
    func comparison(_ node: Node) throws(SpecError) -> Comparison {
        let m = try mapping(node, "a comparison", allowed: ["a", "b", "scale", "tolerance"])
        func backend(_ k: String) throws(SpecError) -> BackendConfiguration {
            guard let n = m.first(where: { $0.key == k })?.value else { throw error(node, "a comparison needs '\(k)'") }
            guard let s = n.string, let b = BackendConfiguration(s) else {
                throw error(n, "unknown backend configuration (expected \(BackendConfiguration.examples))")
            }
            return b
        }
        let a = try backend("a")
        let b = try backend("b")
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

    /// `engines: {name: {command: [program, args…], timeout: 5, on_error: stop|skip}}`.
    func engines(_ node: Node) throws(SpecError) -> [String: ExternalEngineSpec] {
        guard case .mapping(let m) = node else { throw error(node, "engines must be a mapping from names to engines") }
        var out: [String: ExternalEngineSpec] = [:]
        for (k, v) in m {
            guard let name = k.string, !name.isEmpty else { throw error(k, "an engine needs a name") }
            let e = try mapping(v, "engine \(name)", allowed: ["command", "timeout", "on_error", "heap_variants"])
            func get(_ key: String) -> Node? { e.first { $0.key == key }?.value }
            guard let c = get("command") else {
                throw error(v, "engine \(name) needs 'command' (a list: program and arguments)")
            }
            var command: [String] = []
            if let single = c.string {
                command = [single]
            } else {
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
                guard let s = o.string, let policy = ExternalEngineSpec.OnError(rawValue: s) else {
                    throw error(o, "on_error is stop or skip")
                }
                spec.onError = policy
            }
            if let h = get("heap_variants") { spec.heapVariants = try integer(h, "heap_variants", min: 0) }
            out[name] = spec
        }
        return out
    }
}
