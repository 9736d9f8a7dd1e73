import ArgumentParser
import AutoLayout
import Environment
import GNUstepAutoLayout
import Geometry
import Margins
import Scenario
import Springs
import Sweep
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
                  --translation ios6-12 --timing every-step --sizes 200x100,50x100
              layoutlab layout experiments/scenarios/safe-area-screen.json --engine autolayout \\
                  --device iphone-x --orientation portrait,landscape --show-margins
            With --device the steps are the device's orientations (the root takes the area its view \
            controller's bars leave, and under Auto Layout the device's safe area); `--device list` prints \
            the presets. --show-margins adds every view's effective layoutMargins and safeAreaInsets.
            Springs policies: \(SpringsPolicy.names.joined(separator: ", ")).
            Auto Layout policies (--engine autolayout --policy): gnustep-master is GNUstep master's engine \
            emulated (no GNUstep needed); gnustep-master+apple:SWITCHES gives the named deviations Apple's \
            behaviour instead, appkit+gnustep:SWITCHES keeps only them. Switches: \
            \(Deviation.names.joined(separator: ", ")).
            Translations: \(TranslationPolicy.names.joined(separator: ", ")) (`modern` is the lab's exact
            reference form, which no platform logs; ios6-12 is the centre form, alias ios7-center; ios13
            and appkit the min-edge form iOS 13+ and macOS log);
            timings: \(TranslationTiming.names.joined(separator: ", ")).
            """)

    @Argument(help: "The scenario file (JSON).")
    var scenario: String?

    @Option(help: "The layout engine: \(Engine.allValueStrings.joined(separator: ", ")).")
    var engine: Engine = .springs

    @Option(
        help: """
            springs: the resizing policy (\(SpringsPolicy.names.joined(separator: ", "))), default documented; \
            autolayout: gnustep-master[+apple:SWITCHES] or appkit+gnustep:SWITCHES (GNUstep master's engine emulated).
            """)
    var policy: String?

    @Option(
        help: """
            autolayout: how masks become constraints (\(TranslationPolicy.names.joined(separator: ", "))). \
            Default: modern.
            """
    )
    var translation: TranslationPolicy?

    @Option(help: "autolayout: translate once, from the initial frames, or again before every step. Default: once.")
    var timing: TranslationTiming?

    @Option(help: "Superview sizes WxH, comma-separated, applied in sequence (e.g. 200x100,50x100); or use --device.")
    var sizes: SizeList?

    @OptionGroup var environment: EnvironmentOptions

    @Flag(
        help: """
            Add every view's effective layoutMargins and safeAreaInsets (and a scroll view's \
            adjustedContentInset) per step.
            """
    )
    var showMargins = false

    @Option(
        help: """
            Pixels per point: 1, 2 or 3. springs: the grid of the rounding policies (default 1); autolayout: \
            round frames' edges to it (default: no rounding).
            """
    )
    var scale: Int?

    @Option(help: "Output format: json or table (default: table on a terminal, json otherwise).")
    var format: OutputFormat?

    func validate() throws {
        if environment.listsDevices { return }
        if scenario == nil { throw ValidationError("give a scenario file (or --device list)") }
        switch (sizes, environment.device) {
        case (nil, nil):
            throw ValidationError("give --sizes WxH[,WxH…] or --device NAME (\(EnvironmentOptions.validDevices))")
        case (.some, .some): throw ValidationError("--sizes and --device are alternatives: a device gives the sizes")
        default: break
        }
        if let scale, ![1, 2, 3].contains(scale) { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale))") }
        switch engine {
        case .springs where translation != nil || timing != nil:
            throw ValidationError("--translation and --timing apply to --engine autolayout")
        case .springs where policy != nil && SpringsPolicy(rawValue: policy!) == nil:
            throw ValidationError("unknown springs policy \(policy!) (\(SpringsPolicy.names.joined(separator: ", ")))")
        case .autolayout where policy != nil:
            guard case .gnustep? = BackendConfiguration("autolayout/" + policy!) else {
                throw ValidationError(
                    "--policy with --engine autolayout is gnustep-master[+apple:SWITCHES] or appkit+gnustep:SWITCHES "
                        + "(switches: \(Deviation.names.joined(separator: ", ")))")
            }
            if let t = translation, t != .appkit {
                throw ValidationError("GNUstep's engine translates masks as AppKit does: --translation appkit or none")
            }
            if timing == .everyStep { throw ValidationError("GNUstep's engine translates masks once") }
        default: break
        }
    }

    func run() throws {
        if environment.listsDevices {
            print(EnvironmentOptions.listing(), terminator: "")
            return
        }
        let path = scenario!
        let scenario = try ScenarioFile.load(path)
        do { try environment.check(scenario, path: path) } catch {
            printError("\(error)")
            throw ExitCode(64)
        }
        // Each step: the root's size and insets for each kind of backend, and the environment's label.
        let roots: [(springs: (Size, RootInsets), autoLayout: (Size, RootInsets), label: String?)]
        if let environments = environment.environments {
            roots = environments.map { e in
                let p = RootPlacement.place(scenario.tree.root, in: e)
                return ((p.springsFrame.size, p.springsInsets), (p.autoLayoutFrame.size, p.insets), e.label)
            }
        } else {
            roots = sizes!.sizes.map { size in
                let insets = RootPlacement.place(scenario.tree.root, size: size)
                return ((size, insets), (size, insets), nil)
            }
        }
        let report: LayoutReport
        switch engine {
        case .autolayout where policy != nil:
            report = try gnustepReport(scenario, sizes: roots.map(\.springs.0), labels: roots.map(\.label))
        case .springs:
            let policy = policy.flatMap(SpringsPolicy.init(rawValue:)) ?? .documented
            if let scale, scale != 1, ![.gnustep029, .appkit].contains(policy) {
                printNote(
                    "--scale \(scale) has no effect on \(policy.rawValue): it rounds on whole points or not at all, "
                        + "as the live implementation does")
            }
            let steps = Springs.resize(
                scenario.tree, through: roots.map(\.springs.0), policy: policy, scale: scale ?? 1)
            report = LayoutReport(
                engine: engine.rawValue, settings: [("policy", policy.rawValue)],
                steps: zip(steps, roots).map { step, root in
                    var s = LayoutReport.Step(tree: step.tree)
                    s.environment = root.label
                    if showMargins {
                        s.insets = LayoutMargins.resolve(
                            step.tree, frames: step.tree.frames, rootSize: step.tree.superviewSize,
                            root: root.springs.1)
                    }
                    return s
                })
        case .autolayout:
            let config = AutoLayoutConfiguration(
                translation: translation ?? .modern, timing: timing ?? .once, scale: scale)
            let engine = AutoLayoutEngine(
                tree: scenario.tree, constraints: scenario.constraints, configuration: config,
                root: roots.first?.autoLayout.1 ?? .none)
            var out: [LayoutReport.Step] = []
            for root in roots {
                let step = engine.resize(to: root.autoLayout.0, root: root.autoLayout.1)
                var s = LayoutReport.Step(tree: step.tree)
                s.conflicts = step.conflicts
                s.ambiguous = step.ambiguous
                s.degenerate = step.degenerate.map(\.description)
                s.ties = step.ties.map(\.description)
                s.environment = root.label
                s.passes = step.passes
                s.settled = step.settled
                if showMargins { s.insets = engine.resolvedInsets() }
                out.append(s)
            }
            report = LayoutReport(
                engine: self.engine.rawValue,
                settings: [("translation", config.translation.rawValue), ("timing", config.timing.rawValue)], steps: out
            )
        }
        print(report.render(format ?? .defaultForTerminal), terminator: "")
    }
}

extension Layout {
    /// GNUstep master's engine emulated (`GNUstepAutoLayoutModel`) through the sizes; a refusal is
    /// the engine's own message, printed as an error.
    func gnustepReport(_ scenario: Scenario, sizes: [Size], labels: [String?]) throws -> LayoutReport {
        guard case .gnustep(let deviations)? = BackendConfiguration("autolayout/" + policy!) else { throw ExitCode(64) }
        switch GNUstepAutoLayoutModel.layout(scenario, sizes: sizes, deviations: deviations) {
        case .failure(let refusal):
            printError("GNUstep master's engine refuses this scenario: \(refusal.message)")
            throw ExitCode(1)
        case .success(let frames):
            var steps: [LayoutReport.Step] = []
            for (k, f) in frames.enumerated() {
                var tree = scenario.tree
                tree.superviewSize = sizes[k]
                tree.setFrames(f)
                var s = LayoutReport.Step(tree: tree)
                s.environment = labels[k]
                steps.append(s)
            }
            return LayoutReport(engine: engine.rawValue, settings: [("policy", policy!)], steps: steps)
        }
    }
}

/// The layout backends.
enum Engine: String, CaseIterable, ExpressibleByArgument {
    case springs
    case autolayout
}

extension SpringsPolicy: ExpressibleByArgument {}
extension TranslationPolicy: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}
extension TranslationTiming: ExpressibleByArgument {}
