import GNUstepAutoLayout
import Geometry
import Scenario

/// What a view-step that diverges between GNUstep master and Apple's documented rules owes to
/// GNUstep's deviations, found by ablation through the emulation: the emulation with every deviation
/// on must give the live frame (within `tolerance`, or a thousandth of the divergence); then each
/// deviation is switched off in turn
/// (Apple's behaviour for it, the others GNUstep's), and it is needed when the view then moves by
/// more than a thousandth of the divergence (so that float32 rounding along another path does not
/// count as a cause of a divergence of points, while a float32 divergence still finds its cause).
public enum Attribution: Hashable, Sendable {
    /// The deviations whose removal alone changes the view-step: one deviation explains it alone,
    /// several explain it jointly (each is needed).
    case deviations([Deviation])
    /// No one deviation's removal changes it, but removing two of these together does: each of them
    /// suffices (empty: only removing three or more does).
    case eachSufficient([Deviation])
    /// The emulation with no deviation gives the live frame too: Apple's rules leave the frame to the
    /// solver (a tie of priorities, an ambiguous layout), where the lab's solver and GNUstep's choose
    /// differently.
    case undetermined
    /// The emulation gives another frame, which the live engine itself gives when only its heap
    /// layout changes (cause `heap-order` of the exactness comparison, or the exactness run of the
    /// same unit, whose description differs, agreeing with the emulation there).
    case heapOrder
    /// The emulation gives another frame, and no heap layout tried gives it.
    case unreproduced
}

/// A refused unit: the live engine's reason, the emulation's (nil if it laid the unit out), and the
/// deviations whose removal alone lets the emulation lay the unit out.
public struct RefusalAttribution: Hashable, Sendable {
    public var reason: String
    public var emulated: String?
    public var causes: [Deviation]
}

public enum DeviationAttribution {
    /// The emulation's frames for each step, or its refusal.
    typealias Outcome = Result<[[Rect]], Refusal>

    /// Attributes every divergence of `unit` (the live engine on side a when `liveIsA`). A divergence
    /// the emulation does not reproduce is `heapOrder` when `heapExplained(step, view)`.
    public static func attribute(
        _ unit: EngineRun.Unit, liveIsA: Bool, tolerance: Double, heapExplained: (Int, String) -> Bool
    ) -> [Attribution] {
        let index = Dictionary(
            unit.scenario.tree.views.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        var cache: [GNUstepDeviations: Outcome] = [:]
        func run(_ d: GNUstepDeviations) -> Outcome {
            if let r = cache[d] { return r }
            let r = GNUstepAutoLayoutModel.layout(unit.scenario, sizes: unit.sizes, deviations: d)
            cache[d] = r
            return r
        }
        func frame(_ o: Outcome, _ step: Int, _ view: Int) -> Rect? {
            guard case .success(let f) = o, step < f.count, view < f[step].count else { return nil }
            return f[step][view]
        }
        func close(_ a: Rect?, _ b: Rect?, _ tolerance: Double) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return !(a.maxEdgeDifference(to: b) > tolerance)
        }
        let all = run(.all)
        return unit.divergences.map { d in
            guard let view = index[d.view] else { return .unreproduced }
            let live = liveIsA ? d.a : d.b
            let here = frame(all, d.step, view)
            let size = d.a.maxEdgeDifference(to: d.b)
            let moved = max(1e-9, size.isFinite ? size * 1e-3 : 1e-9)
            // Float32 rounding along another pivot path is no reason to call a divergence of points
            // unreproduced.
            guard close(here, live, max(tolerance, moved)) else {
                return heapExplained(d.step, d.view) ? .heapOrder : .unreproduced
            }
            let needed = Deviation.allCases.filter {
                !close(frame(run(GNUstepDeviations.all.removing($0)), d.step, view), here, moved)
            }
            if !needed.isEmpty { return .deviations(needed) }
            if close(frame(run(.none), d.step, view), here, moved) { return .undetermined }
            var sufficient: Set<Deviation> = []
            for (k, a) in Deviation.allCases.enumerated() {
                for b in Deviation.allCases.dropFirst(k + 1) {
                    let off = GNUstepDeviations.all.removing(a).removing(b)
                    if !close(frame(run(off), d.step, view), here, moved) { sufficient.formUnion([a, b]) }
                }
            }
            return .eachSufficient(sufficient.sorted())
        }
    }

    /// Attributes a refusal: `reason` is the live engine's message.
    public static func attribute(refusal reason: String, _ unit: EngineRun.Unit) -> RefusalAttribution {
        func refusal(_ d: GNUstepDeviations) -> String? {
            if case .failure(let r) = GNUstepAutoLayoutModel.layout(unit.scenario, sizes: unit.sizes, deviations: d) {
                return r.message
            }
            return nil
        }
        let emulated = refusal(.all)
        let causes =
            emulated == nil ? [] : Deviation.allCases.filter { refusal(GNUstepDeviations.all.removing($0)) == nil }
        return RefusalAttribution(reason: reason, emulated: emulated, causes: causes)
    }

    /// The engine's own message in a unit's stored error ("unit N: external engine E reported an
    /// error: M (…)" gives M).
    public static func reason(of error: String) -> String {
        var m = error
        if let r = m.range(of: "reported an error: ") { m = String(m[r.upperBound...]) }
        for suffix in [" (the other side refused it too)", " (the other side laid it out)"] where m.hasSuffix(suffix) {
            m = String(m.dropLast(suffix.count))
        }
        if let r = m.range(of: " (the other side refused it otherwise") { m = String(m[..<r.lowerBound]) }
        return m
    }
}
