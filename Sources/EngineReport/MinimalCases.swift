import AutoLayout
import GNUstepAutoLayout
import Geometry
import Scenario
import Sweep

/// A deviation's example shrunk against the live engine: the smallest case in which GNUstep master and
/// Apple's rules still disagree at some view and step, the emulation with every deviation on gives the
/// live frame there, and the emulation without this one deviation gives Apple's (or, when no candidate
/// can show that, at least another frame).
public enum MinimalCases {
    /// The first of `examples` that still shows the deviation, shrunk.
    public static func shrink(
        _ deviation: Deviation, _ examples: [DeviationReport.Example], engines: [String: ExternalEngineSpec],
        tolerance: Double, engineCalls: Int
    ) -> DeviationReport.MinimalCase {
        var m = DeviationReport.MinimalCase()
        m.note = "no view-step of the run needs it"
        var calls = 0
        for example in examples {
            m = shrink(deviation, example, engines: engines, tolerance: tolerance, engineCalls: engineCalls)
            calls += m.calls
            m.calls = calls
            if m.scenario != nil { return m }
        }
        return m
    }

    static func shrink(
        _ deviation: Deviation, _ example: DeviationReport.Example, engines: [String: ExternalEngineSpec],
        tolerance: Double, engineCalls: Int
    ) -> DeviationReport.MinimalCase {
        var m = DeviationReport.MinimalCase()
        // The live side without heap variants: a shrink asks for frames, not for explanations.
        var engines = engines
        for k in engines.keys { engines[k]?.heapVariants = 0 }
        let comparison = Comparison(
            a: example.comparison.a, b: example.comparison.b, scale: example.comparison.scale,
            tolerance: -1)
        let liveIsA = EngineRun.gnustepIsA(comparison)
        let without = GNUstepDeviations.all.removing(deviation)
        func frames(_ c: Shrinker.Case) -> (live: [[Rect]], apple: [[Rect]])? {
            let r = UnitRunner.run(c.scenario, steps: c.steps, comparison: comparison, unit: 0, engines: engines)
            guard r.error == nil else { return nil }
            let n = c.scenario.tree.views.count
            var live = [[Rect]](repeating: [], count: c.steps.count)
            var apple = live
            for d in r.divergences.sorted(by: { ($0.step, $0.view) < ($1.step, $1.view) }) where d.view < n {
                live[d.step].append(liveIsA ? d.a : d.b)
                apple[d.step].append(liveIsA ? d.b : d.a)
            }
            return (live, apple)
        }
        func shows(_ c: Shrinker.Case, strict: Bool) -> Bool {
            guard let f = frames(c) else { return false }
            let sizes = c.steps.map(\.size)
            // Apple's frame must be determined: a view its constraints leave free reads as nothing.
            let ambiguous = AutoLayout.layout(
                c.scenario.tree, constraints: c.scenario.constraints, through: sizes,
                configuration: AutoLayoutConfiguration(translation: .appkit, timing: .once)
            ).map { Set($0.ambiguous) }
            guard case .success(let all) = GNUstepAutoLayoutModel.layout(c.scenario, sizes: sizes),
                case .success(let off) = GNUstepAutoLayoutModel.layout(c.scenario, sizes: sizes, deviations: without)
            else { return false }
            func close(_ a: Rect, _ b: Rect, _ t: Double) -> Bool { !(a.maxEdgeDifference(to: b) > t) }
            for s in f.live.indices where s < all.count && s < off.count {
                for v in f.live[s].indices
                where v < all[s].count && v < f.apple[s].count
                    && !ambiguous[s].contains(c.scenario.tree.views[v].id)
                {
                    let live = f.live[s][v]
                    let apple = f.apple[s][v]
                    let size = live.maxEdgeDifference(to: apple)
                    guard size > example.comparison.tolerance, close(all[s][v], live, tolerance) else { continue }
                    // As the attribution: switched off, the view moves by more than a thousandth of the divergence.
                    let moved = max(1e-9, size.isFinite ? size * 1e-3 : 1e-9)
                    if strict ? close(off[s][v], apple, moved) : !close(off[s][v], all[s][v], moved) { return true }
                }
            }
            return false
        }
        let start = Shrinker.Case(
            scenario: example.unit.scenario,
            steps: example.unit.sizes.prefix(example.step + 1).map { SweepStep(size: $0) })
        let strict = shows(start, strict: true)
        let external = comparison.a.isExternal || comparison.b.isExternal
        let outcome = Shrinker.shrink(start, engineCalls: external ? engineCalls : nil) { shows($0, strict: strict) }
        m.calls = outcome.calls + 1
        guard outcome.reproduced else {
            m.note = "no example of the run shows it with the current code and engine (\(m.calls) calls)"
            return m
        }
        var notes: [String] = []
        if !strict { notes.append("switching it off gives another frame, not Apple's") }
        if outcome.budgetExhausted { notes.append("stopped at the budget of \(engineCalls) calls") }
        m.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        let small = outcome.result
        m.scenario = small.scenario
        m.sizes = small.steps.map(\.size)
        guard let f = frames(small), let last = f.live.last, let apple = f.apple.last else { return m }
        let ids = small.scenario.tree.views.map(\.id)
        m.engineFrames = Dictionary(uniqueKeysWithValues: zip(ids, last))
        m.appleFrames = Dictionary(uniqueKeysWithValues: zip(ids, apple))
        let differences = zip(last, apple).map { $0.maxEdgeDifference(to: $1) }
        m.view = differences.indices.max { differences[$0] < differences[$1] }.map { ids[$0] } ?? ""
        return m
    }
}
