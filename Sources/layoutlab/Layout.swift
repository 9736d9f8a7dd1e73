import ArgumentParser
import AutoLayout
import Geometry
import Scenario
import Springs
import Translation
import ViewTree

/// `layoutlab layout`: one scenario, one backend, a sequence of superview sizes.
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resize a scenario's superview through a sequence of sizes and print the frames.",
        discussion: """
            Each size starts from the previous step's result, so the path matters (as it does live). \
            Both engines print the same shape, so their outputs can be diffed. Examples:
              layoutlab layout experiments/scenarios/example.json --policy gnustep-0.29 \\
                  --sizes 200x100,50x100,0x100,100x100
              layoutlab layout experiments/scenarios/example.json --engine autolayout \\
                  --translation ios7-center --timing every-step --sizes 200x100,50x100
            Springs policies: \(SpringsPolicy.names.joined(separator: ", ")).
            Translations: \(TranslationPolicy.names.joined(separator: ", ")); timings: \(TranslationTiming.names.joined(separator: ", ")).
            """)

    @Argument(help: "The scenario file (JSON).")
    var scenario: String

    @Option(help: "The layout engine: \(Engine.allValueStrings.joined(separator: ", ")).")
    var engine: Engine = .springs

    @Option(help: "springs: the resizing policy (\(SpringsPolicy.names.joined(separator: ", "))). Default: documented.")
    var policy: SpringsPolicy?

    @Option(help: "autolayout: how masks become constraints (\(TranslationPolicy.names.joined(separator: ", "))). Default: modern.")
    var translation: TranslationPolicy?

    @Option(help: "autolayout: translate once, from the initial frames, or again before every step. Default: once.")
    var timing: TranslationTiming?

    @Option(help: "Superview sizes WxH, comma-separated, applied in sequence (e.g. 200x100,50x100).")
    var sizes: SizeList

    @Option(help: "Pixels per point: 1, 2 or 3. springs: the grid of the rounding policies (default 1); autolayout: round frames' edges to it (default: no rounding).")
    var scale: Int?

    @Option(help: "Output format: json or table (default: table on a terminal, json otherwise).")
    var format: OutputFormat?

    func validate() throws {
        if let scale, ![1, 2, 3].contains(scale) { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale))") }
        switch engine {
        case .springs where translation != nil || timing != nil:
            throw ValidationError("--translation and --timing apply to --engine autolayout")
        case .autolayout where policy != nil:
            throw ValidationError("--policy applies to --engine springs; use --translation and --timing with autolayout")
        default: break
        }
    }

    func run() throws {
        let scenario = try ScenarioFile.load(scenario)
        let report: LayoutReport
        switch engine {
        case .springs:
            let policy = policy ?? .documented
            if let scale, scale != 1, ![.gnustep029, .appkit].contains(policy) {
                printNote("--scale \(scale) has no effect on \(policy.rawValue): it rounds on whole points or not at all, as the live implementation does")
            }
            let steps = Springs.resize(scenario.tree, through: sizes.sizes, policy: policy, scale: scale ?? 1)
            report = LayoutReport(engine: engine.rawValue, settings: [("policy", policy.rawValue)],
                                  steps: steps.map { LayoutReport.Step(tree: $0.tree) })
        case .autolayout:
            let config = AutoLayoutConfiguration(translation: translation ?? .modern, timing: timing ?? .once, scale: scale)
            let steps = AutoLayout.layout(scenario.tree, constraints: scenario.constraints, through: sizes.sizes, configuration: config)
            report = LayoutReport(
                engine: engine.rawValue,
                settings: [("translation", config.translation.rawValue), ("timing", config.timing.rawValue)],
                steps: steps.map { step in
                    var s = LayoutReport.Step(tree: step.tree)
                    s.conflicts = step.conflicts
                    s.ambiguous = step.ambiguous
                    s.degenerate = step.degenerate.map(\.description)
                    return s
                })
        }
        print(report.render(format ?? .defaultForTerminal), terminator: "")
    }
}

/// The layout backends.
enum Engine: String, CaseIterable, ExpressibleByArgument {
    case springs
    case autolayout
}

extension SpringsPolicy: ExpressibleByArgument {}
extension TranslationPolicy: ExpressibleByArgument {}
extension TranslationTiming: ExpressibleByArgument {}
