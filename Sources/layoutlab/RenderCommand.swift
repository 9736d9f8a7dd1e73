import ArgumentParser
import Environment
import Foundation
import Geometry
import LabJSON
import Margins
import Report
import Scenario
import Store
import Sweep

/// `layoutlab render`: a divergence as a picture (SVG), from a stored divergence or a scenario file.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a comparison at a step as SVG: both sides' frames, diverging edges marked.",
        discussion: """
            Side A is drawn solid, side B dashed; edges that differ beyond the tolerance are thick, red and \
            dotted; every view is labelled with its id and mask (`*` marks a diverging one). Examples:
              layoutlab render --db results.db 42 > d42.svg
              layoutlab render --db results.db 42 --steps all --out d42-path.svg
              layoutlab render experiments/scenarios/example.json --a springs/documented \\
                  --b autolayout/ios6-12/once --sizes 200x100,50x100 --steps all
            """)

    @Argument(help: "A divergence id (with --db), or a scenario file (JSON) with --a, --b and --sizes.")
    var subject: String

    @Option(help: "The results database the divergence is read from. (default: results.db)")
    var db: String?

    @Option(help: "Side A of the comparison (e.g. springs/documented), for a scenario file.")
    var a: String?
    @Option(help: "Side B of the comparison (e.g. autolayout/modern/once), for a scenario file.")
    var b: String?
    @Option(help: "Superview sizes WxH, comma-separated, for a scenario file.")
    var sizes: SizeList?
    @Option(help: "Pixels per point for the rounding policies (scenario file).")
    var scale: Int?
    @Option(help: "Edges further apart than this diverge (scenario file).")
    var tolerance: Double = 1e-6

    @Option(
        help: """
            Which step: a number from 1, or `all` for a strip of the whole sequence. \
            (default: the divergence's step, or the last)
            """
    )
    var steps: String?

    @Option(help: "Write the SVG here instead of standard output.")
    var out: String?

    @Flag(
        help: "Also draw the root's safe area (bars included) and layout margins, and every view's margins (side A's).")
    var showMargins = false

    func run() throws {
        let scenario: Scenario
        let sweepSteps: [SweepStep]
        let comparison: Comparison
        var chosen: Int
        var engines: [String: ExternalEngineSpec] = [:]
        if let id = Int64(subject), a == nil, b == nil, sizes == nil {
            let path = db ?? "results.db"
            let stored: StoredDivergence
            do { stored = try StoredDivergence.load(try Database(path: path, readOnly: true), id: id) } catch {
                printError("\(path): \(error)")
                throw ExitCode(1)
            }
            (scenario, sweepSteps, comparison, chosen, engines) = (
                stored.scenario, stored.steps, stored.comparison, stored.step, stored.engines
            )
        } else {
            guard db == nil else { throw ValidationError("--db takes a divergence id, not a scenario file") }
            guard let a, let b, let sizes else { throw ValidationError("a scenario file needs --a, --b and --sizes") }
            guard let ca = BackendConfiguration(a), let cb = BackendConfiguration(b) else {
                throw ValidationError(
                    "unknown backend in --a \(a) / --b \(b) (e.g. springs/documented, autolayout/modern/once)")
            }
            scenario = try ScenarioFile.load(subject)
            sweepSteps = sizes.sizes.map { SweepStep(size: $0) }
            comparison = Comparison(a: ca, b: cb, scale: scale, tolerance: tolerance)
            chosen = sizes.sizes.count - 1
        }
        var indices = [chosen]
        switch steps {
        case nil: break
        case "all"?: indices = Array(sweepSteps.indices)
        case let s?:
            guard let k = Int(s), k >= 1, k <= sweepSteps.count else {
                throw ValidationError("--steps takes a step from 1 to \(sweepSteps.count), or all")
            }
            chosen = k - 1
            indices = [chosen]
        }
        var pictures: [DivergencePicture] = []
        for k in indices {
            let frames: (a: [Rect], b: [Rect])
            do {
                frames = try UnitRunner.replay(
                    scenario, steps: sweepSteps, comparison: comparison, step: k, engines: engines)
            } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
            let size = sweepSteps[k].size
            var insets: DivergencePicture.Insets?
            if showMargins {
                let root =
                    sweepSteps[k].environment.map { RootPlacement.place(scenario.tree.root, in: $0).insets }
                    ?? RootPlacement.place(scenario.tree.root, size: size)
                var tree = scenario.tree
                tree.superviewSize = size
                tree.setFrames(frames.a)
                let resolved = LayoutMargins.resolve(tree, frames: frames.a, rootSize: size, root: root)
                insets = DivergencePicture.Insets(
                    rootSafeArea: resolved.rootSafeArea, rootMargins: resolved.rootMargins, margins: resolved.margins)
            }
            pictures.append(
                DivergencePicture(
                    tree: scenario.tree, superview: size, a: frames.a, b: frames.b, labelA: "\(comparison.a)",
                    labelB: "\(comparison.b)",
                    tolerance: comparison.tolerance,
                    caption: "step \(k + 1) of \(sweepSteps.count), superview \(LayoutReport.text(size, by: "×"))",
                    insets: insets))
        }
        let svg = pictures.count == 1 ? pictures[0].svg() : DivergencePicture.strip(pictures)
        if let out {
            // Written whole or not at all.
            do { try Data(svg.utf8).write(to: URL(fileURLWithPath: out), options: .atomic) } catch {
                printError("\(out): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        } else {
            print(svg, terminator: "")
        }
    }
}
