import ArgumentParser
import Geometry
import Scenario
import Springs
import ViewTree

/// `layoutlab layout`: one scenario, one backend, a sequence of superview sizes.
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resize a scenario's superview through a sequence of sizes and print the frames.",
        discussion: """
            Each size starts from the previous step's result, so the path matters (as it does live). \
            Example:
              layoutlab layout experiments/scenarios/example.json --policy gnustep-0.29 \\
                  --sizes 200x100,50x100,0x100,100x100
            Springs policies: \(SpringsPolicy.names.joined(separator: ", ")).
            """)

    @Argument(help: "The scenario file (JSON).")
    var scenario: String

    @Option(help: "The layout engine: \(Engine.allValueStrings.joined(separator: ", ")).")
    var engine: Engine = .springs

    @Option(help: "The springs policy: \(SpringsPolicy.names.joined(separator: ", ")).")
    var policy: SpringsPolicy = .documented

    @Option(help: "Superview sizes WxH, comma-separated, applied in sequence (e.g. 200x100,50x100).")
    var sizes: SizeList

    @Option(help: "Pixels per point for the rounding policies: 1, 2 or 3.")
    var scale: Int = 1

    @Option(help: "Output format: json or table (default: table on a terminal, json otherwise).")
    var format: OutputFormat?

    func validate() throws {
        guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale))") }
    }

    func run() throws {
        let scenario = try ScenarioFile.load(scenario)
        if scale != 1 && [.chameleon, .winobjc, .documented, .cocotron].contains(policy) {
            printNote("--scale \(scale) has no effect on \(policy.rawValue): it rounds on whole points or not at all, as the live implementation does")
        }
        let steps = Springs.resize(scenario.tree, through: sizes.sizes, policy: policy, scale: scale)
        let report = LayoutReport(
            engine: engine.rawValue, settings: [("policy", policy.rawValue)],
            steps: steps.map { step in
                LayoutReport.Step(superview: step.tree.superviewSize,
                                  views: step.tree.views.map { ($0.id, $0.mask, $0.frame) })
            })
        print(report.render(format ?? .defaultForTerminal), terminator: "")
    }
}

/// The layout backends.
enum Engine: String, CaseIterable, ExpressibleByArgument {
    case springs
}

extension SpringsPolicy: ExpressibleByArgument {}
