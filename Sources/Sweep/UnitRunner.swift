import ConstraintModel
import Environment
import GNUstepAutoLayout
import Geometry
import LabJSON
import Margins
import Scenario
import ViewTree

/// Runs both sides of a comparison through a sequence in lockstep and records every view whose
/// frames differ beyond the tolerance, with its causes.
///
/// With an environment, each side places the root for itself: a springs-era root is moved
/// and shrunk by the in-call bar, a modern root keeps its frame and grows its safe area. Frames of
/// the root's children are then compared in window coordinates (the root's origin added), so a
/// root that moved shows.
public enum UnitRunner {
    /// What one side's root gets at a step: its size, its origin in the window, its insets.
    struct RootStep {
        var size: Size
        var origin: Point
        var insets: RootInsets
    }

    static func roots(_ step: SweepStep, root: RootView) -> (springs: RootStep, autoLayout: RootStep) {
        guard let env = step.environment else {
            let insets = RootPlacement.place(root, size: step.size)
            let r = RootStep(size: step.size, origin: .zero, insets: insets)
            return (r, r)
        }
        let p = RootPlacement.place(root, in: env)
        return (
            RootStep(size: p.springsFrame.size, origin: p.springsFrame.origin, insets: p.springsInsets),
            RootStep(size: p.autoLayoutFrame.size, origin: p.autoLayoutFrame.origin, insets: p.insets)
        )
    }

    /// Springs and external engines (mask-based, like a springs-era app) see the springs-era root, and
    /// so does GNUstep's emulated engine (it stands for the live one).
    static func side(_ config: BackendConfiguration, _ roots: (springs: RootStep, autoLayout: RootStep)) -> RootStep {
        if case .autolayout = config { roots.autoLayout } else { roots.springs }
    }

    /// A side that refused the unit: the error as stored, the engine's own reason, whether it stops the sweep.
    struct Refused {
        var message: String
        var reason: String
        var stops = false

        /// The unit's error. When both sides can refuse (the live engine and its emulation), it says
        /// whether the other side refused too and for the same reason, so a run tells refusals that
        /// agree from those that do not.
        static func describe(_ r: [Int: Refused], canRefuse both: Bool) -> String {
            guard both else { return r.keys.sorted().map { r[$0]!.message }.joined(separator: "; ") }
            switch (r[0], r[1]) {
            case (let a?, let b?) where a.reason == b.reason: return a.message + " (the other side refused it too)"
            case (let a?, let b?): return a.message + " (the other side refused it otherwise: \(b.reason))"
            case (let a?, nil): return a.message + " (the other side laid it out)"
            case (nil, let b?): return b.message + " (the other side laid it out)"
            default: return ""
            }
        }
    }

    /// A unit that did not run, as an error of `runWholeSequences`.
    struct FailedUnit: Error {
        var result: UnitResult
    }

    /// External and emulated GNUstep sides run the whole sequence first, each side's frames per step
    /// by its index; a refusal (or a missing engine) leaves the unit without results.
    static func runWholeSequences(
        _ scenario: Scenario, steps: [SweepStep], comparison: Comparison, unit: Int,
        engines: [String: ExternalEngineSpec]
    ) -> Result<[Int: [[Rect]]], FailedUnit> {
        let tree = scenario.tree
        var external: [Int: [[Rect]]] = [:]
        var refusals: [Int: Refused] = [:]
        for (k, config) in [comparison.a, comparison.b].enumerated() {
            let sizes = steps.map { side(config, roots($0, root: tree.root)).size }
            switch config {
            case .external(let name):
                guard let spec = engines[name] else {
                    var failed = UnitResult(failing: unit, steps: steps)
                    failed.error = "unit \(unit): no engine named \(name) in the experiment's engines"
                    failed.errorStops = true
                    return .failure(FailedUnit(result: failed))
                }
                do {
                    external[k] = try ExternalEnginePool.shared.run(spec, scenario: scenario, sizes: sizes)
                } catch {
                    let reason = if case .reported(let m) = error.problem { m } else { "\(error)" }
                    refusals[k] = Refused(message: "\(error)", reason: reason, stops: spec.onError == .stop)
                }
            case .gnustep(let deviations):
                switch GNUstepAutoLayoutModel.layout(scenario, sizes: sizes, deviations: deviations) {
                case .success(let frames): external[k] = frames
                case .failure(let r):
                    refusals[k] = Refused(message: "\(config) refused: \(r.message)", reason: r.message)
                }
            default: continue
            }
        }
        if !refusals.isEmpty {
            var failed = UnitResult(failing: unit, steps: steps)
            failed.error =
                "unit \(unit): "
                + Refused.describe(refusals, canRefuse: comparison.a.canRefuse && comparison.b.canRefuse)
            failed.errorStops = refusals.values.contains { $0.stops }
            return .failure(FailedUnit(result: failed))
        }
        return .success(external)
    }

    /// A scenario (its tree, its constraints and, for external engines, its Visual Format entries as
    /// written) through `steps` on both sides of `comparison`.
    ///
    /// `keepFrames` keeps both sides' frames of every step in the result (`UnitResult.frames`).
    /// With `verifySolver`, each Auto Layout side is also compared with a fresh solve of its own
    /// constraints after every step; each view that differs by more than 1e-9 is recorded as a
    /// divergence of cause `solver-drift` (its `a` the side's frame, its `b` the fresh one).
    public static func run(
        _ scenario: Scenario, steps: [SweepStep], comparison: Comparison, unit: Int,
        engines: [String: ExternalEngineSpec] = [:], verifySolver: Bool = false, keepFrames: Bool = false
    ) -> UnitResult {
        let tree = scenario.tree
        let constraints = scenario.constraints
        let first = roots(steps.first ?? SweepStep(size: tree.superviewSize), root: tree.root)
        let external: [Int: [[Rect]]]
        switch runWholeSequences(scenario, steps: steps, comparison: comparison, unit: unit, engines: engines) {
        case .success(let frames): external = frames
        case .failure(let failed): return failed.result
        }
        var a =
            external[0].map { ExternalStepper(steps: $0) as any Stepper }
            ?? makeStepper(
                comparison.a, tree: tree, constraints: constraints, scale: comparison.scale,
                root: side(comparison.a, first).insets)
        var b =
            external[1].map { ExternalStepper(steps: $0) as any Stepper }
            ?? makeStepper(
                comparison.b, tree: tree, constraints: constraints, scale: comparison.scale,
                root: side(comparison.b, first).insets)
        let n = tree.views.count
        // Events so far on the path, per view; a view inherits its ancestors' (parents come first
        // in `order`, so one pass suffices).
        var history = Array(repeating: Causes(), count: n)
        var inherited = Array(repeating: Causes(), count: n)
        let order = topologicalOrder(tree)
        // Two Auto Layout engines, one of them live: classify by the constraints, not by events.
        let engineTraits =
            comparesAutoLayoutEngines(comparison) ? EngineTraits.traits(tree: tree, constraints: constraints) : nil
        var result = UnitResult(
            unit: unit, sizes: steps.map(\.size), environments: steps.compactMap(\.environment),
            passes: [], settled: [], divergingViews: [], divergences: [], viewSteps: n * steps.count)
        for (k, step) in steps.enumerated() {
            let r = roots(step, root: tree.root)
            let ra = side(comparison.a, r)
            let rb = side(comparison.b, r)
            a.advance(to: ra.size, root: ra.insets)
            b.advance(to: rb.size, root: rb.insets)
            result.passes.append((a.passes, b.passes))
            result.settled.append(a.settled && b.settled)
            var fa = a.frames
            var fb = b.frames
            if ra.origin != .zero || rb.origin != .zero {
                for i in tree.rootChildren {
                    fa[i].x += ra.origin.x
                    fa[i].y += ra.origin.y
                    fb[i].x += rb.origin.x
                    fb[i].y += rb.origin.y
                }
            }
            if keepFrames { result.frames.append((fa, fb)) }
            // The environment placed the two roots differently: every view was moved by the bars.
            let barsMoved = ra.size != rb.size || ra.origin != rb.origin
            var count = 0
            // Where each view's origin lies in the window, on each side (for a rounding to whole
            // points of the window): made at the step's first divergence between two engines.
            var windows: (a: [Point], b: [Point])?
            for i in order {
                history[i].formUnion(a.events(i))
                history[i].formUnion(b.events(i))
                if barsMoved { history[i].insert(.bars) }
                inherited[i] = history[i].union(tree.parentIndex[i].map { inherited[$0] } ?? [])
                guard diverges(fa[i], fb[i], tolerance: comparison.tolerance) else { continue }
                let extra = a.expensiveEvents(i).union(b.expensiveEvents(i))
                history[i].formUnion(extra)
                inherited[i].formUnion(extra)
                count += 1
                var causes = inherited[i]
                if let engineTraits {
                    let w =
                        windows ?? (
                            windowOrigins(fa, tree: tree, order: order), windowOrigins(fb, tree: tree, order: order)
                        )
                    windows = w
                    let now = engineCauses(
                        engineTraits[i], view: i, a: fa, b: fb, windows: w, tree: tree, windowHeight: ra.size.height,
                        tolerance: comparison.tolerance)
                    // A clamp or a rounding stays in the frame the engine resizes from next time: it
                    // joins the view's history, which its subviews inherit, like an event.
                    history[i].formUnion(now.intersection(EngineTraits.lasting))
                    inherited[i].formUnion(now.intersection(EngineTraits.lasting))
                    causes = inherited[i].intersection(EngineTraits.keptFromHistory).union(now)
                    // Nothing of the constraints' classes or the lasting events: the lab's own events
                    // on the path (a Float32 multiplier of its translation, …) are the best account.
                    if causes.isEmpty { causes = inherited[i] }
                }
                result.divergences.append(Divergence(step: k, view: i, a: fa[i], b: fb[i], causes: causes))
            }
            if verifySolver {
                for d in a.solverDrift(tolerance: 1e-9) + b.solverDrift(tolerance: 1e-9) {
                    result.divergences.append(
                        Divergence(step: k, view: d.view, a: d.incremental, b: d.fresh, causes: .solverDrift))
                    count += 1
                }
            }
            result.divergingViews.append(count)
        }
        explainByHeapLayout(&result, scenario: scenario, steps: steps, comparison: comparison, engines: engines)
        classifyAgainstEmulation(&result, scenario: scenario, steps: steps, comparison: comparison)
        return result
    }

    /// A view's divergence between two Auto Layout engines, classified by its constraints' traits, its
    /// parent's origin in each side's window given (for a rounding to whole points of the window).
    static func engineCauses(
        _ traits: EngineTraits.ViewTraits, view i: Int, a: [Rect], b: [Rect], windows: (a: [Point], b: [Point]),
        tree: ViewTree,
        windowHeight: Double, tolerance: Double
    ) -> Causes {
        let p = tree.parentIndex[i]
        return EngineTraits.causes(
            traits, a: a[i], b: b[i], windowOffsetA: p.map { windows.a[$0] } ?? .zero,
            windowOffsetB: p.map { windows.b[$0] } ?? .zero, windowHeight: windowHeight, tolerance: tolerance)
    }

    /// Each view's origin in its window: its frame's origin plus its ancestors' (parents come first
    /// in `order`).
    static func windowOrigins(_ frames: [Rect], tree: ViewTree, order: [Int]) -> [Point] {
        var out = [Point](repeating: .zero, count: frames.count)
        for i in order {
            let base = tree.parentIndex[i].map { out[$0] } ?? .zero
            out[i] = Point(x: base.x + frames[i].x, y: base.y + frames[i].y)
        }
        return out
    }

    /// An external engine against the lab's Auto Layout (either side).
    static func comparesAutoLayoutEngines(_ c: Comparison) -> Bool {
        switch (c.a, c.b) {
        case (.external, .autolayout), (.autolayout, .external): true
        default: false
        }
    }

    static func diverges(_ a: Rect, _ b: Rect, tolerance: Double) -> Bool {
        a.maxEdgeDifference(to: b) > tolerance
    }

    static func topologicalOrder(_ tree: ViewTree) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(tree.views.count)
        var stack = tree.rootChildren.reversed() as [Int]
        while let i = stack.popLast() {
            out.append(i)
            stack.append(contentsOf: tree.children[i].reversed())
        }
        return out
    }
}

extension UnitRunner {
    /// Both sides' frames at step `step` of a unit, recomputed from scratch (what `layoutlab replay`
    /// prints for a stored divergence).
    public static func replay(
        _ scenario: Scenario, steps: [SweepStep], comparison: Comparison, step: Int,
        engines: [String: ExternalEngineSpec] = [:]
    ) throws(UnitFailure) -> (a: [Rect], b: [Rect]) {
        let single = run(
            scenario, steps: Array(steps.prefix(step + 1)),
            comparison: Comparison(a: comparison.a, b: comparison.b, scale: comparison.scale, tolerance: -1), unit: 0,
            engines: engines)
        if let error = single.error { throw UnitFailure(message: error) }
        // With a negative tolerance every view "diverges", so the last step's rows hold every frame.
        let last = single.divergences.filter { $0.step == step }.sorted { $0.view < $1.view }
        return (last.map(\.a), last.map(\.b))
    }
}

extension UnitRunner {
    /// `run` for a tree and its constraints alone (no Visual Format entries to send an engine).
    public static func run(
        tree: ViewTree, constraints: [LayoutConstraint], steps: [SweepStep], comparison: Comparison, unit: Int,
        engines: [String: ExternalEngineSpec] = [:]
    ) -> UnitResult {
        run(
            Scenario(tree: tree, constraints: constraints), steps: steps, comparison: comparison, unit: unit,
            engines: engines)
    }
}
