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
        let stored: StoredDivergence
        do { stored = try StoredDivergence.load(try Database(path: db, readOnly: true), id: divergence) } catch {
            printError("\(db): \(error)")
            throw ExitCode(1)
        }
        let scenario = stored.scenario
        let steps = stored.steps
        let step = stored.step
        let viewID = stored.viewID
        let causes = stored.causes.joined(separator: ",")
        let sizesJSON = stored.sizesJSON
        let sizes = steps.map { $0.size }
        let (a, b, scale, tolerance) = (
            stored.comparison.a, stored.comparison.b, stored.comparison.scale, stored.comparison.tolerance
        )
        let comparison = Comparison(a: a, b: b, scale: scale, tolerance: tolerance)
        let frames: (a: [Rect], b: [Rect])
        do {
            frames = try UnitRunner.replay(
                scenario, steps: steps, comparison: comparison, step: Int(step),
                engines: stored.engines)
        } catch {
            printError("divergence \(divergence): \(error)")
            throw ExitCode(1)
        }
        let size = sizes[Int(step)]
        let environment = steps[Int(step)].environment.map { ", \($0.label)" } ?? ""
        print(
            "divergence \(divergence): view \(viewID), step \(step + 1) of \(sizes.count), "
                + "superview \(LayoutReport.text(size))\(environment)")
        print("causes: \(causes)")
        let scaleText = scale.map { "   scale \($0)" } ?? ""
        print("A = \(a)   B = \(b)\(scaleText)   tolerance \(JSONWriter.plainNumber(tolerance))\n")
        func f(_ r: Rect) -> String {
            [r.x, r.y, r.width, r.height].map(JSONWriter.plainNumber).joined(separator: " ")
        }
        var rows = [["", "view", "mask", "A: x y width height", "B: x y width height", "max |Δ edge|"]]
        for (i, v) in scenario.tree.views.enumerated() {
            let d = frames.a[i].maxEdgeDifference(to: frames.b[i])
            rows.append([
                v.id == viewID ? "→" : (d > tolerance ? "*" : ""), v.id, v.mask.notation, f(frames.a[i]),
                f(frames.b[i]),
                JSONWriter.plainNumber(d),
            ])
        }
        print(TextTable.render(rows), terminator: "")
        print("\nsizes applied: \(sizesJSON)")
    }
}
