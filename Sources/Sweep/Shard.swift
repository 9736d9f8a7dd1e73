/// One of N deterministic parts of an experiment's units, for running a sweep as N processes under a
/// batch engine (a Kubernetes Indexed Job, a Slurm job array) and merging the N databases after.
///
/// The parts are balanced by expected cost, not by count: a unit's cost is its views × steps × what
/// each side costs per view-step (Auto Layout's build amortised over the steps), so one shard does not
/// get all the 1,000-view trees. The assignment depends only on the experiment text, so every process
/// computes the same partition without talking to the others.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 0-based, below `count`.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1 else { throw .invalid("the shard count must be at least 1, not \(count)") }
        guard (0..<count).contains(index) else { throw .invalid("shard index \(index) is outside 0..<\(count)") }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The variables batch engines set to a task's index: a Kubernetes Indexed Job's
    /// `JOB_COMPLETION_INDEX` (0-based) and a Slurm array's `SLURM_ARRAY_TASK_ID` (counted from
    /// `SLURM_ARRAY_TASK_MIN`, so `--array=1-7` works as well as `--array=0-6`).
    public static let environmentVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"]

    /// Reads `I/N`, or `env/N` with the index taken from the batch engine's variable.
    public static func parse(_ text: String, environment: [String: String]) throws(ShardError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]) else {
            throw .invalid(
                "'\(text)' is not I/N (e.g. 2/7, or env/7 to read the index from "
                    + "\(environmentVariables.joined(separator: " or ")))"
            )
        }
        if parts[0] == "env" { return try Shard(index: fromEnvironment(environment, count: count), count: count) }
        guard let index = Int(parts[0]) else {
            throw .invalid("'\(parts[0])' in '\(text)' is not a shard index (a number, or env)")
        }
        return try Shard(index: index, count: count)
    }

    static func fromEnvironment(_ environment: [String: String], count: Int) throws(ShardError) -> Int {
        if let k8s = environment["JOB_COMPLETION_INDEX"] {
            guard let i = Int(k8s) else { throw .invalid("JOB_COMPLETION_INDEX='\(k8s)' is not a number") }
            return i
        }
        if let slurm = environment["SLURM_ARRAY_TASK_ID"] {
            guard let i = Int(slurm) else { throw .invalid("SLURM_ARRAY_TASK_ID='\(slurm)' is not a number") }
            let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            return i - minimum
        }
        throw .invalid(
            "--shard env/\(count) needs JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm "
                + "array) in the environment"
        )
    }
}

/// A shard of a plan and its units (ascending), as `SweepPlan.assignment` computes them.
public struct ShardAssignment: Sendable {
    public let shard: Shard
    public let units: [Int]
}

public enum ShardError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(String)
    public var description: String {
        switch self {
        case .invalid(let m): m
        }
    }
}

extension SweepPlan {
    /// What a unit is expected to cost, in springs view-steps. The weights are the release bench's
    /// ratios (`layoutlab-bench --only sweep`): springs ≈ 280 ns per view-step, Auto Layout ≈ 320 ns
    /// per view-step after a build of ≈ 1,400 ns per view; an external engine is a child process.
    public func expectedCost(unit index: Int) -> Double {
        let u = unit(index)
        let views = Double(scenarios[u.scenario].scenario.tree.views.count)
        let steps = Double(steps(scenario: u.scenario, sequence: u.sequence).count)
        return Self.cost(views: views, steps: steps, comparison: spec.comparisons[u.comparison])
    }

    /// The units of one shard, ascending. Longest-processing-time-first: units by expected cost (ties
    /// by number), each to the least loaded shard so far (ties to the lowest index). Every shard of
    /// the same plan computes the same partition of `0..<unitCount`.
    public func units(in shard: Shard) -> [Int] {
        if shard.count == 1 { return Array(0..<unitCount) }
        // Pairs share steps across comparisons: cost each (scenario, sequence) pair's steps once.
        var stepCounts: [Int] = []
        stepCounts.reserveCapacity(pairs.count)
        for p in pairs { stepCounts.append(steps(scenario: p.scenario, sequence: p.sequence).count) }
        var costs = [Double](repeating: 0, count: unitCount)
        for i in 0..<unitCount {
            let p = pairIndex(ofUnit: i)
            let views = Double(scenarios[pairs[p].scenario].scenario.tree.views.count)
            costs[i] = Self.cost(
                views: views, steps: Double(stepCounts[p]), comparison: spec.comparisons[unit(i).comparison])
        }
        let order = (0..<unitCount).sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        var heap = LoadHeap(count: shard.count)
        var mine: [Int] = []
        for i in order where heap.assign(costs[i]) == shard.index { mine.append(i) }
        return mine.sorted()
    }

    /// The shard with its units, computed once: the assignment costs every unit's steps.
    public func assignment(_ shard: Shard) -> ShardAssignment { ShardAssignment(shard: shard, units: units(in: shard)) }

    static func cost(views: Double, steps: Double, comparison: Comparison) -> Double {
        func side(_ backend: BackendConfiguration) -> Double {
            switch backend {
            case .springs: steps
            case .autolayout(_, .once): 5 + 1.15 * steps
            case .autolayout(_, .everyStep): 6.15 * steps
            case .external: 20 * steps + 1000 / max(1, views)
            case .gnustep: 8 * steps + 10
            }
        }
        return views * (side(comparison.a) + side(comparison.b))
    }
}

/// The shards' loads, least loaded on top (ties: lowest index), so an assignment is O(log N).
struct LoadHeap {
    var loads: [(load: Double, shard: Int)]

    init(count: Int) { loads = (0..<count).map { (0, $0) } }

    static func less(_ a: (load: Double, shard: Int), _ b: (load: Double, shard: Int)) -> Bool {
        a.load != b.load ? a.load < b.load : a.shard < b.shard
    }

    /// Gives `cost` to the least loaded shard and returns it.
    mutating func assign(_ cost: Double) -> Int {
        let shard = loads[0].shard
        loads[0].load += cost
        var i = 0
        while true {
            let l = 2 * i + 1
            let r = l + 1
            var m = i
            if l < loads.count, Self.less(loads[l], loads[m]) { m = l }
            if r < loads.count, Self.less(loads[r], loads[m]) { m = r }
            if m == i { return shard }
            loads.swapAt(i, m)
            i = m
        }
    }
}
