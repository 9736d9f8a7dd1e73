import ArgumentParser
import Foundation
import Geometry
import LabJSON
import Scenario
import Store
import Sweep

/// `layoutlab replay`: recompute a stored divergence's step with both backends.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Recompute the step of a stored divergence and print both backends' frames.",
        discussion: "The scenario, sizes and comparison are read from the database, so the replay needs nothing else.")

    @Option(help: "The results database.")
    var db = "results.db"

    @Argument(help: "The divergence's id (divergences.id).")
    var divergence: Int64

    func run() throws {
        let database = try Database(path: db, readOnly: true)
        let row = try database.query("""
            SELECT d.step_index, d.view_id, d.causes, s.scenario_json, u.sizes_json, c.a, c.b, c.scale, c.tolerance,
                   u.environments_json
            FROM divergences d JOIN units u ON u.id = d.unit_id
            JOIN scenarios s ON s.run_id = u.run_id AND s.scenario_index = u.scenario_index
            JOIN comparisons c ON c.run_id = u.run_id AND c.comparison_index = u.comparison_index
            WHERE d.id = ?
            """, [.integer(divergence)]).rows
        guard let r = row.first, case .integer(let step) = r[0], case .text(let viewID) = r[1], case .text(let causes) = r[2],
              case .text(let scenarioJSON) = r[3], case .text(let sizesJSON) = r[4], case .text(let aName) = r[5],
              case .text(let bName) = r[6], case .real(let tolerance) = r[8],
              let a = BackendConfiguration(aName), let b = BackendConfiguration(bName)
        else {
            printError("\(db): no divergence \(divergence)")
            throw ExitCode(1)
        }
        let scale: Int? = if case .integer(let s) = r[7] { Int(s) } else { nil }
        let scenario = try Scenario(json: scenarioJSON)
        guard let sizes = UnitResult.sizes(fromJSON: sizesJSON), Int(step) < sizes.count else {
            printError("\(db): divergence \(divergence) has unreadable sizes: \(sizesJSON)")
            throw ExitCode(1)
        }
        var steps = sizes.map { SweepStep(size: $0) }
        if case .text(let json) = r[9] {
            guard let environments = UnitResult.environments(fromJSON: json), environments.count == sizes.count else {
                printError("\(db): divergence \(divergence) has unreadable environments: \(json)")
                throw ExitCode(1)
            }
            steps = environments.map(SweepStep.init)
        }
        let comparison = Comparison(a: a, b: b, scale: scale, tolerance: tolerance)
        let frames = UnitRunner.replay(tree: scenario.tree, constraints: scenario.constraints, steps: steps, comparison: comparison,
                                       step: Int(step))
        let size = sizes[Int(step)]
        let environment = steps[Int(step)].environment.map { ", \($0.label)" } ?? ""
        print("divergence \(divergence): view \(viewID), step \(step + 1) of \(sizes.count), superview \(JSONWriter.plainNumber(size.width))x\(JSONWriter.plainNumber(size.height))\(environment)")
        print("causes: \(causes)")
        print("A = \(a)   B = \(b)\(scale.map { "   scale \($0)" } ?? "")   tolerance \(JSONWriter.plainNumber(tolerance))\n")
        func f(_ r: Rect) -> String { [r.x, r.y, r.width, r.height].map(JSONWriter.plainNumber).joined(separator: " ") }
        var rows = [["", "view", "mask", "A: x y width height", "B: x y width height", "max |Δ edge|"]]
        for (i, v) in scenario.tree.views.enumerated() {
            let d = frames.a[i].maxEdgeDifference(to: frames.b[i])
            rows.append([v.id == viewID ? "→" : (d > tolerance ? "*" : ""), v.id, v.mask.notation, f(frames.a[i]), f(frames.b[i]),
                         JSONWriter.plainNumber(d)])
        }
        print(TextTable.render(rows), terminator: "")
        print("\nsizes applied: \(sizesJSON)")
    }
}
