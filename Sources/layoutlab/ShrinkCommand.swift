import ArgumentParser
import Foundation
import LabJSON
import Scenario
import Store
import Sweep

/// `layoutlab shrink`: the smallest case that still shows a stored divergence.
struct ShrinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract: "Reduce a stored divergence to the smallest scenario and size sequence that still shows it.",
        discussion: """
            Delta debugging over the stored scenario and steps: fewer steps, fewer views (each with its \
            subviews and the constraints that name them), rounder numbers (whole points, then tens), keeping \
            every change after which the same comparison still diverges with the same causes. The result is \
            deterministic. Against an external engine each candidate runs the engine once, up to \
            --engine-calls. Prints the minimal scenario JSON and the `layoutlab layout` commands that show the \
            divergence; --format json prints {"scenario", "sizes", "comparison", "causes"}.
            """)

    @Argument(help: "The divergence's id (divergences.id).")
    var divergence: Int64

    @Option(help: "The results database.")
    var db = "results.db"

    @Option(help: "At most this many candidates when a side is an external engine (each runs the engine once).")
    var engineCalls = Shrinker.defaultEngineCalls

    @Option(help: "text (default) or json.")
    var format: Kind = .text

    enum Kind: String, ExpressibleByArgument { case text, json }

    func run() throws {
        let stored: StoredDivergence
        do { stored = try StoredDivergence.load(try Database(path: db, readOnly: true), id: divergence) } catch {
            printError("\(db): \(error)")
            throw ExitCode(1)
        }
        let causes = Set(stored.causes)
        let start = Shrinker.Case(scenario: stored.scenario, steps: Array(stored.steps.prefix(stored.step + 1)))
        guard Shrinker.reproduces(start, comparison: stored.comparison, causes: causes, engines: stored.engines) else {
            printError("divergence \(divergence) does not reproduce with the current code (see layoutlab regress)")
            throw ExitCode(1)
        }
        let outcome = Shrinker.shrink(
            start, comparison: stored.comparison, causes: causes, engines: stored.engines, engineCalls: engineCalls)
        if outcome.budgetExhausted {
            printNote("stopped after \(outcome.calls) engine calls (--engine-calls): the case may shrink further")
        }
        let small = outcome.result
        let scenarioJSON = small.scenario.json()
        let sizes = small.steps.map { $0.size }
        switch format {
        case .json:
            let scenarioValue = try JSONReader.parse(scenarioJSON)
            print(
                JSONWriter.write(
                    .object([
                        ("scenario", scenarioValue),
                        ("sizes", .array(sizes.map { .array([.number($0.width), .number($0.height)]) })),
                        ("comparison", .string(stored.comparison.description)),
                        ("causes", .array(stored.causes.map(JSONValue.string))),
                    ])))
        case .text:
            print("divergence \(divergence): \(stored.comparison), causes \(stored.causes.joined(separator: ","))")
            let (viewsBefore, viewsAfter) = (stored.scenario.tree.views.count, small.scenario.tree.views.count)
            let (stepsBefore, stepsAfter) = (start.steps.count, small.steps.count)
            print("shrunk from \(viewsBefore) views and \(stepsBefore) steps to \(viewsAfter) and \(stepsAfter)\n")
            print(scenarioJSON)
            let sizeList = sizes.map { LayoutReport.text($0) }
                .joined(separator: ",")
            print("\n# save the scenario as shrunk.json, then:")
            for side in [stored.comparison.a, stored.comparison.b] {
                print(Self.command(side, sizes: sizeList, scale: stored.comparison.scale))
            }
            if small.steps.contains(where: { $0.environment != nil }) {
                let labels = small.steps.compactMap { $0.environment?.label }.joined(separator: "; ")
                print("# (the steps are environments: \(labels); the sizes above are their windows)")
            }
        }
    }

    static func command(_ side: BackendConfiguration, sizes: String, scale: Int?) -> String {
        var cmd = "layoutlab layout shrunk.json --sizes \(sizes)"
        switch side {
        case .springs(let p): cmd += " --engine springs --policy \(p.rawValue)"
        case .autolayout(let t, let timing):
            cmd += " --engine autolayout --translation \(t.rawValue) --timing \(timing.rawValue)"
        case .gnustep: cmd += " --engine autolayout --policy \(side.description.dropFirst("autolayout/".count))"
        case .external(let name):
            return "# \(side): send shrunk.json and the sizes to the engine \(name) (docs/external-engines.md)"
        }
        if let scale { cmd += " --scale \(scale)" }
        return cmd
    }
}
