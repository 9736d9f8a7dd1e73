import GNUstepAutoLayout
import Geometry
import Scenario
import Sweep

extension DeviationReport {
    /// The example of a deviation handed to `minimalCase`: a unit, and the step and view where the
    /// deviation alone (or, failing that, jointly) explains a divergence.
    public struct Example: Sendable {
        public var unit: EngineRun.Unit
        public var comparison: Comparison
        public var step: Int
        public var view: String
        public var alone: Bool
    }

    /// The report of `run`: attributions computed on up to `jobs` threads; `minimalCase` shrinks each
    /// deviation's example against the live engine.
    public static func build(
        _ run: EngineRun, title: String, provenance: String, jobs: Int,
        minimalCase: (Deviation, [Example]) -> MinimalCase
    ) -> DeviationReport {
        let exact = run.exactnessComparisons
        let tolerance = exact.first?.comparison.tolerance ?? 1e-3
        var heapKeys = Set<String>()
        // The exactness run's view-steps: a unit the live engine laid out there, and every view-step
        // that diverged from the emulation. One that did not gave the emulation's frame.
        var exactUnits = Set<EngineRun.UnitPosition>()
        var exactDiverged = Set<String>()
        var exactness: [Exactness] = []
        for c in exact {
            var e = Exactness(
                label: c.comparison.description, tolerance: c.comparison.tolerance, units: c.units,
                viewSteps: c.viewSteps,
                divergences: c.divergences, heapOrder: 0, orderDependent: 0, float32Noise: 0, largestFloat32Noise: 0,
                unexplained: 0, largestUnexplained: 0, refused: c.refused, refusedAlike: 0)
            exactUnits.formUnion(run.identical[c.index] ?? [])
            for u in run.units where u.comparison == c.index {
                if let error = u.error, error.hasSuffix("(the other side refused it too)") { e.refusedAlike += 1 }
                if u.error == nil { exactUnits.insert(u.position) }
                for d in u.divergences {
                    exactDiverged.insert(key(u, d.step, d.view))
                    let size = d.a.maxEdgeDifference(to: d.b)
                    if d.causes.contains("heap-order") {
                        e.heapOrder += 1
                        heapKeys.insert(key(u, d.step, d.view))
                    } else if d.causes.contains("order-dependent") {
                        e.orderDependent += 1
                        heapKeys.insert(key(u, d.step, d.view))
                    } else if d.causes.contains("float32-noise") {
                        e.float32Noise += 1
                        e.largestFloat32Noise = max(e.largestFloat32Noise, size)
                    } else {
                        e.unexplained += 1
                        e.largestUnexplained = max(e.largestUnexplained, size)
                    }
                }
            }
            exactness.append(e)
        }
        let apple = run.appleComparisons
        let appleIndex = Dictionary(uniqueKeysWithValues: apple.map { ($0.index, $0.comparison) })
        let units = run.units.filter { appleIndex[$0.comparison] != nil }
        let keys = heapKeys
        let ran = exactUnits
        let diverged = exactDiverged
        // Live and emulated frames are the same frame up to the float32 rounding the exactness run
        // measured along another pivot path.
        let reproduced = max(tolerance, exactness.map(\.largestFloat32Noise).max() ?? 0)
        let attributions = parallelMap(units.count, jobs: jobs) { k -> [Attribution] in
            let u = units[k]
            guard u.error == nil else { return [] }
            // The live engine's own answer under another heap layout: one of its heap variants gave
            // the emulation's frame, or the exactness run of the same unit did.
            return DeviationAttribution.attribute(
                u, liveIsA: EngineRun.gnustepIsA(appleIndex[u.comparison]!), tolerance: reproduced,
                heapExplained: {
                    let k = key(u, $0, $1)
                    return keys.contains(k) || (ran.contains(u.position) && !diverged.contains(k))
                })
        }
        var rows: [Attribution: (steps: Int, units: Set<Int>, by: [Int: Int])] = [:]
        var remaining: [[String]: (steps: Int, units: Set<Int>)] = [:]
        var sections = Dictionary(uniqueKeysWithValues: Deviation.allCases.map { ($0, Section(deviation: $0)) })
        var aloneUnits: [Deviation: Set<Int>] = [:]
        var jointUnits: [Deviation: Set<Int>] = [:]
        var jointWith: [Deviation: [Deviation: Int]] = [:]
        var examples: [Deviation: [(Example, Int)]] = [:]
        for (k, u) in units.enumerated() {
            for (d, a) in zip(u.divergences, attributions[k]) {
                rows[a, default: (0, [], [:])].steps += 1
                rows[a]!.units.insert(k)
                rows[a]!.by[u.comparison, default: 0] += 1
                if a == .unreproduced {
                    remaining[d.causes, default: (0, [])].steps += 1
                    remaining[d.causes]!.units.insert(k)
                }
                if case .eachSufficient(let list) = a { for dev in list { sections[dev]!.sufficientViewSteps += 1 } }
                guard case .deviations(let list) = a else { continue }
                for dev in list {
                    let alone = list.count == 1
                    if alone {
                        sections[dev]!.aloneViewSteps += 1
                        aloneUnits[dev, default: []].insert(k)
                    } else {
                        sections[dev]!.jointViewSteps += 1
                        jointUnits[dev, default: []].insert(k)
                        for other in list where other != dev { jointWith[dev, default: [:]][other, default: 0] += 1 }
                    }
                    // The examples: alone before jointly, then the fewest views and steps; one per unit.
                    let rank = (alone ? 0 : 1_000_000) + 1000 * u.scenario.tree.views.count + d.step
                    let example = Example(
                        unit: u, comparison: appleIndex[u.comparison]!, step: d.step, view: d.view,
                        alone: alone)
                    var list = examples[dev, default: []]
                    if let i = list.firstIndex(where: { Self.key($0.0.unit, 0, "") == Self.key(u, 0, "") }) {
                        if rank < list[i].1 { list[i] = (example, rank) }
                    } else {
                        list.append((example, rank))
                    }
                    examples[dev] = Array(list.sorted { $0.1 < $1.1 }.prefix(Self.examplesTried))
                }
            }
        }
        var refusals: [String: Refusals] = [:]
        for u in units {
            guard let error = u.error else { continue }
            let r = DeviationAttribution.attribute(refusal: DeviationAttribution.reason(of: error), u)
            var row = refusals[r.reason] ?? Refusals(reason: r.reason, units: 0, emulatedAlike: 0, causes: [])
            row.units += 1
            if r.emulated == r.reason { row.emulatedAlike += 1 }
            for c in r.causes {
                if let i = row.causes.firstIndex(where: { $0.0 == c }) {
                    row.causes[i].1 += 1
                } else {
                    row.causes.append((c, 1))
                }
                sections[c]!.refusedUnits += 1
            }
            refusals[r.reason] = row
        }
        for dev in Deviation.allCases {
            sections[dev]!.aloneUnits = aloneUnits[dev]?.count ?? 0
            sections[dev]!.jointUnits = jointUnits[dev]?.count ?? 0
            sections[dev]!.jointWith = (jointWith[dev] ?? [:]).sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { ($0.key, $0.value) }
            sections[dev]!.minimal = minimalCase(dev, (examples[dev] ?? []).map(\.0))
        }
        return DeviationReport(
            title: title, provenance: provenance, exactness: exactness,
            compared: apple.map { ($0.index, $0.comparison.description, $0.units, $0.viewSteps, $0.divergences) },
            tolerance: reproduced,
            rows: rows.map { entry in
                Row(
                    attribution: entry.key, viewSteps: entry.value.steps, units: entry.value.units.count,
                    byComparison: apple.map { entry.value.by[$0.index] ?? 0 })
            }
            .sorted { ($0.viewSteps, $1.attribution.label) > ($1.viewSteps, $0.attribution.label) },
            refusals: refusals.values.sorted { ($0.units, $1.reason) > ($1.units, $0.reason) },
            sections: sections.values.sorted {
                ($0.aloneViewSteps + $0.jointViewSteps, $1.deviation) > (
                    $1.aloneViewSteps + $1.jointViewSteps, $0.deviation
                )
            },
            remaining: remaining.map { ($0.key, $0.value.steps, $0.value.units.count) }.sorted { $0.1 > $1.1 })
    }

    /// Examples of a deviation shrunk in turn until one shows it.
    static let examplesTried = 4

    static func key(_ u: EngineRun.Unit, _ step: Int, _ view: String) -> String {
        "\(unitKey(u))|\(step)|\(view)"
    }

    /// A unit's scenario and sequence, the same in every comparison that runs them.
    static func unitKey(_ u: EngineRun.Unit) -> String { "\(u.scenarioIndex)|\(u.sequenceIndex)" }
}

extension Attribution {
    /// How the first table names it.
    public var label: String {
        switch self {
        case .deviations(let list) where list.count == 1: "\(list[0].rawValue) alone"
        case .deviations(let list): list.map(\.rawValue).joined(separator: " + ") + " jointly"
        case .eachSufficient(let list) where list.isEmpty: "three or more deviations, each sufficient"
        case .eachSufficient(let list): list.map(\.rawValue).joined(separator: " or ") + ", each sufficient"
        case .undetermined: "no deviation: Apple's rules leave it to the solver"
        case .heapOrder: "not reproduced: GNUstep's own answer under another heap layout"
        case .unreproduced: "not reproduced"
        }
    }
}
