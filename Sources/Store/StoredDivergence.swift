import Foundation
import Scenario
import Sweep

/// A divergence read back from results.db with everything needed to recompute it: the scenario, the
/// steps (sizes, or environments), the comparison, the step and view, and its causes (replay, shrink).
public struct StoredDivergence: Sendable {
    public var id: Int64
    public var scenario: Scenario
    public var steps: [SweepStep]
    public var comparison: Comparison
    public var step: Int
    public var viewID: String
    public var causes: [String]
    public var sizesJSON: String
    /// The run's external engines (from its stored spec, commands resolved beside the spec file as
    /// the sweep did), so a replay can run an `external:NAME` side again.
    public var engines: [String: ExternalEngineSpec] = [:]

    public enum LoadError: Error, CustomStringConvertible {
        case notFound(Int64)
        case unreadable(Int64, String)
        public var description: String {
            switch self {
            case .notFound(let id): "no divergence \(id)"
            case .unreadable(let id, let what): "divergence \(id) has unreadable \(what)"
            }
        }
    }

    public static func load(_ db: Database, id: Int64) throws -> StoredDivergence {
        let rows = try db.query(
            """
            SELECT d.step_index, d.view_id, d.causes, s.scenario_json, u.sizes_json,
                   c.a, c.b, c.scale, c.tolerance, u.environments_json, e.spec_text, r.spec_path
            FROM divergences d JOIN units u ON u.id = d.unit_id
            JOIN runs r ON r.id = u.run_id JOIN experiments e ON e.id = r.experiment_id
            JOIN scenarios s ON s.run_id = u.run_id AND s.scenario_index = u.scenario_index
            JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            WHERE d.id = ?
            """, [.integer(id)]
        ).rows
        guard let r = rows.first, case .integer(let step) = r[0], case .text(let viewID) = r[1],
            case .text(let causes) = r[2],
            case .text(let scenarioJSON) = r[3], case .text(let sizesJSON) = r[4], case .text(let aName) = r[5],
            case .text(let bName) = r[6], case .real(let tolerance) = r[8]
        else { throw LoadError.notFound(id) }
        guard let a = BackendConfiguration(aName), let b = BackendConfiguration(bName) else {
            throw LoadError.unreadable(id, "backends \(aName), \(bName)")
        }
        let scale: Int? = if case .integer(let s) = r[7] { Int(s) } else { nil }
        let scenario: Scenario
        do { scenario = try Scenario(json: scenarioJSON) } catch {
            throw LoadError.unreadable(id, "scenario: \(error)")
        }
        guard let sizes = UnitResult.sizes(fromJSON: sizesJSON), Int(step) < sizes.count else {
            throw LoadError.unreadable(id, "sizes \(sizesJSON)")
        }
        var steps = sizes.map { SweepStep(size: $0) }
        if case .text(let json) = r[9] {
            guard let environments = UnitResult.environments(fromJSON: json), environments.count == sizes.count else {
                throw LoadError.unreadable(id, "environments \(json)")
            }
            steps = environments.map(SweepStep.init)
        }
        var engines: [String: ExternalEngineSpec] = [:]
        if a.isExternal || b.isExternal, case .text(let specText) = r[10] {
            let specPath: String? = if case .text(let p) = r[11] { p } else { nil }
            do { engines = try SpecReader.read(text: specText, file: specPath ?? "experiment").engines } catch {
                throw LoadError.unreadable(id, "experiment spec: \(error)")
            }
        }
        return StoredDivergence(
            id: id, scenario: scenario, steps: steps,
            comparison: Comparison(a: a, b: b, scale: scale, tolerance: tolerance),
            step: Int(step), viewID: viewID, causes: causes.split(separator: ",").map(String.init),
            sizesJSON: sizesJSON,
            engines: engines)
    }
}
