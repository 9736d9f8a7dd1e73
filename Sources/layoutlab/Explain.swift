import ArgumentParser
import AutoLayout
import Environment
import Geometry
import LabJSON
import Margins
import Scenario
import Translation

/// `layoutlab explain`: every constraint of a scenario's tree, translated and hand-written, as Apple logs them.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every constraint the Auto Layout backend installs for a scenario, in Apple's log style.",
        discussion: """
            Translated constraints come first (views in file order, x then y), then the hand-written ones in \
            file order. Masks whose translation would divide by zero are listed after them. With --device, \
            the effective layout margins and safe area of every view follow, laid out on that device in \
            each orientation given (margin attributes and guides read these values).
            """)

    @Argument(help: "The scenario file (JSON).")
    var scenario: String

    @Option(
        help: """
            How masks become constraints: \(TranslationPolicy.names.joined(separator: ", ")) (modern: the lab's \
            reference form, which no platform logs; ios6-12, alias ios7-center: the centre form; ios13, appkit: \
            the min-edge form).
            """
    )
    var translation: TranslationPolicy = .modern

    @OptionGroup var environment: EnvironmentOptions

    func run() throws {
        if environment.listsDevices {
            print(EnvironmentOptions.listing(), terminator: "")
            return
        }
        let scenario = try ScenarioFile.load(scenario)
        do { try environment.check(scenario, path: self.scenario) } catch {
            printError("\(error)")
            throw ExitCode(64)
        }
        let explained = AutoLayout.explain(scenario.tree, constraints: scenario.constraints, translation: translation)
        // A content-size pair (hugging and compression resistance) prints as the one line Apple logs.
        var last = ""
        for c in explained.constraints {
            let line = c.appleDescription(era: translation == .ios6to12 ? .ios6to12 : .current)
            if line != last { print(line) }
            last = line
        }
        for d in explained.degenerate { print(d.description) }
        guard let environments = environment.environments else { return }
        let engine = AutoLayoutEngine(
            tree: scenario.tree, constraints: scenario.constraints,
            configuration: AutoLayoutConfiguration(translation: translation))
        for e in environments {
            let p = RootPlacement.place(scenario.tree.root, in: e)
            let step = engine.resize(to: p.autoLayoutFrame.size, root: p.insets)
            let insets = engine.resolvedInsets()
            let (size, y) = (LayoutReport.text(p.autoLayoutFrame.size), JSONWriter.plainNumber(p.autoLayoutFrame.y))
            print(
                "\nmargins at \(e.label): root \(size) at y \(y), passes \(step.passes)"
                    + (step.settled ? "" : " (did not settle)"))
            var rows = [
                ["view", "layoutMargins t l b r", "safeAreaInsets t l b r"],
                ["superview", LayoutReport.text(insets.rootMargins), LayoutReport.text(insets.rootSafeArea)],
            ]
            for (i, v) in scenario.tree.views.enumerated() {
                rows.append([v.id, LayoutReport.text(insets.margins[i]), LayoutReport.text(insets.safeArea[i])])
            }
            print(TextTable.render(rows), terminator: "")
        }
    }
}
