import ArgumentParser
import AutoLayout
import Scenario
import Translation

/// `layoutlab explain`: every constraint of a scenario's tree, translated and hand-written, as Apple logs them.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every constraint the Auto Layout backend installs for a scenario, in Apple's log style.",
        discussion: """
            Translated constraints come first (views in file order, x then y), then the hand-written ones in \
            file order. Masks whose translation would divide by zero are listed after them.
            """)

    @Argument(help: "The scenario file (JSON).")
    var scenario: String

    @Option(help: "How masks become constraints: \(TranslationPolicy.names.joined(separator: ", ")).")
    var translation: TranslationPolicy = .modern

    func run() throws {
        let scenario = try ScenarioFile.load(scenario)
        let explained = AutoLayout.explain(scenario.tree, constraints: scenario.constraints, translation: translation)
        for c in explained.constraints { print(c.appleDescription) }
        for d in explained.degenerate { print(d.description) }
    }
}
