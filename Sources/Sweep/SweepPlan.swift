import ConstraintModel
import Environment
import Geometry
import Scenario
import ViewTree

/// An experiment expanded into its work: every scenario (files read, trees generated), every
/// sequence and comparison. A work unit is one scenario × sequence × comparison — every sequence, or
/// the kinds its source names (`sequences:` on a source) — numbered `p·C + c` over the scenario ×
/// sequence pairs in order, so units can be done in any order, on any core, and resumed by number.
public struct SweepPlan: Sendable {
    public struct ScenarioEntry: Sendable {
        /// `file:<path>`, `generated:<source>/<index>`, `grid:<source>/<index>`, `rows:<source>/<index>`
        /// or `ib:<file>#<scene>`.
        public var source: String
        public var scenario: Scenario
        /// Interface Builder scenes' other size-class forms (`IBSceneEntry.variants`).
        public var variants: [SizeClasses: Scenario] = [:]
    }

    public let spec: ExperimentSpec
    /// Check every Auto Layout step against a fresh solve (the experiment's `verify_solver`, or the
    /// sweep command's `--verify-solver`).
    public var verifySolver: Bool
    public let scenarios: [ScenarioEntry]
    /// The (scenario, sequence) pairs that make units, in order.
    public let pairs: [(scenario: Int, sequence: Int)]
    /// When some source runs only some comparisons: every unit's (pair, comparison), in unit order.
    /// Otherwise nil, and unit `i` is pair `i / comparisons` under comparison `i % comparisons`.
    let unitTable: [(pair: Int32, comparison: Int32)]?

    /// The plan of `spec`; generated trees are made on up to `jobs` threads (each depends only on the
    /// seed and its index, so the plan is the same whatever `jobs` is).
    public init(_ spec: ExperimentSpec, jobs: Int = 1) {
        self.spec = spec
        self.verifySolver = spec.verifySolver
        var entries: [ScenarioEntry] = []
        var pairs: [(Int, Int)] = []
        var pairSources: [Int] = []
        for (g, source) in spec.scenarioSources.enumerated() {
            let first = entries.count
            defer {
                let kinds = g < spec.sourceSequenceKinds.count ? spec.sourceSequenceKinds[g] : nil
                let sequences = spec.sequences.indices.filter { kinds?.contains(spec.sequences[$0].kind) ?? true }
                for s in first..<entries.count {
                    for q in sequences {
                        pairs.append((s, q))
                        pairSources.append(g)
                    }
                }
            }
            switch source {
            case .file(let path, let scenario):
                entries.append(ScenarioEntry(source: "file:\(path)", scenario: scenario))
            case .grid(let grid):
                for i in 0..<grid.count {
                    entries.append(ScenarioEntry(source: "grid:\(g)/\(i)", scenario: Scenario(tree: grid.tree(i))))
                }
            case .interfaceBuilder(_, let scenes):
                entries += scenes.map { ScenarioEntry(source: $0.source, scenario: $0.scenario, variants: $0.variants) }
            case .constrained(let spec):
                for i in 0..<spec.count {
                    let scenario = ConstraintTreeGenerator.scenario(
                        spec, seed: self.spec.seed,
                        index: i, generator: g)
                    entries.append(ScenarioEntry(source: "constrained:\(g)/\(i)", scenario: scenario))
                }
            case .rows(let rows):
                for i in 0..<rows.count {
                    entries.append(
                        ScenarioEntry(
                            source: "rows:\(g)/\(i)",
                            scenario: RowGenerator.scenario(rows, seed: spec.seed, index: i, generator: g)))
                }
            case .generated(let gen):
                let seed = spec.seed
                entries += parallelMap(gen.count, jobs: jobs) { i in
                    let tree = TreeGenerator.tree(gen, seed: seed, index: i, generator: g)
                    return ScenarioEntry(source: "generated:\(g)/\(i)", scenario: Scenario(tree: tree))
                }
            }
        }
        scenarios = entries
        self.pairs = pairs
        let filters = spec.sourceComparisons
        if filters.contains(where: { $0 != nil }) {
            var table: [(pair: Int32, comparison: Int32)] = []
            for (p, g) in pairSources.enumerated() {
                let only = g < filters.count ? filters[g] : nil
                for k in spec.comparisons.indices where only?.contains(k) ?? true {
                    table.append((Int32(p), Int32(k)))
                }
            }
            unitTable = table
        } else {
            unitTable = nil
        }
    }

    public var unitCount: Int { unitTable?.count ?? pairs.count * spec.comparisons.count }

    /// The (scenario, sequence) pair of unit `index`, by position in `pairs`.
    func pairIndex(ofUnit index: Int) -> Int {
        unitTable.map { Int($0[index].pair) } ?? index / spec.comparisons.count
    }

    public struct Unit: Hashable, Sendable {
        public var index: Int
        public var scenario: Int
        public var sequence: Int
        public var comparison: Int
    }

    public func unit(_ index: Int) -> Unit {
        let pair = pairs[pairIndex(ofUnit: index)]
        let comparison = unitTable.map { Int($0[index].comparison) } ?? index % spec.comparisons.count
        return Unit(index: index, scenario: pair.scenario, sequence: pair.sequence, comparison: comparison)
    }

    /// The steps of a sequence applied to a scenario (random walks are seeded per scenario and sequence).
    public func steps(scenario s: Int, sequence q: Int) -> [SweepStep] {
        var rng = SplitMix(seed: spec.seed, 2, UInt64(s), UInt64(q))
        return spec.sequences[q].steps(from: scenarios[s].scenario.tree.superviewSize, seed: rng.next())
    }

    /// The scenario a unit lays out: an Interface Builder scene in the size classes of the device its
    /// environment sequence starts on, else the scenario as read.
    public func scenario(for u: Unit) -> Scenario {
        let entry = scenarios[u.scenario]
        guard !entry.variants.isEmpty, case .environments(_, let environments) = spec.sequences[u.sequence],
            let first = environments.first
        else { return entry.scenario }
        return entry.variants[first.device.sizeClasses(first.orientation)] ?? entry.scenario
    }

    /// Runs one unit.
    public func run(_ index: Int) -> UnitResult {
        let u = unit(index)
        let entry = scenario(for: u)
        return UnitRunner.run(
            entry, steps: steps(scenario: u.scenario, sequence: u.sequence), comparison: spec.comparisons[u.comparison],
            unit: index, engines: spec.engines, verifySolver: verifySolver)
    }
}
