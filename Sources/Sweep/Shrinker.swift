import ConstraintModel
import Environment
import Geometry
import Scenario
import ViewTree

/// Delta debugging for divergences: reduces a scenario and its steps — fewer steps, fewer
/// views, rounder numbers — while the same comparison still diverges with the same causes, so a
/// divergence found in a 10-view random tree can be read in a case of two or three views. Every pass
/// tries candidates in a fixed order, so the result is deterministic.
public enum Shrinker {
    public struct Case: Sendable {
        public var scenario: Scenario
        public var steps: [SweepStep]

        public init(scenario: Scenario, steps: [SweepStep]) {
            self.scenario = scenario
            self.steps = steps
        }
    }

    /// Engine calls a shrink may make when a side is an external engine (each candidate is one run
    /// of the engine over the case's steps); lab-only comparisons are not limited.
    public static let defaultEngineCalls = 2_000

    /// Whether `c` still shows the divergence: some view diverges with exactly `causes`.
    public static func reproduces(
        _ c: Case, comparison: Comparison, causes: Set<String>, engines: [String: ExternalEngineSpec] = [:]
    ) -> Bool {
        guard !c.steps.isEmpty else { return false }
        let r = UnitRunner.run(c.scenario, steps: c.steps, comparison: comparison, unit: 0, engines: engines)
        return r.error == nil && r.divergences.contains { Set($0.causes.nameList) == causes }
    }

    /// What a shrink found and what it cost.
    public struct Outcome: Sendable {
        public var result: Case
        /// Whether the starting case showed the divergence at all (if not, `result` is the start).
        public var reproduced: Bool
        /// Candidates tried (each a run of both sides).
        public var calls: Int
        /// Whether it stopped at the budget rather than at a case no change makes smaller.
        public var budgetExhausted: Bool
    }

    /// The smallest case found. Constraints made from Visual Format keep their meaning as
    /// hand-written constraints, so views can be removed one by one.
    public static func shrink(_ start: Case, comparison: Comparison, causes: Set<String>) -> Case {
        shrink(start, comparison: comparison, causes: causes, engines: [:]).result
    }

    /// The same against external engines too: at most `engineCalls` candidates when a side is one.
    public static func shrink(
        _ start: Case, comparison: Comparison, causes: Set<String>, engines: [String: ExternalEngineSpec],
        engineCalls: Int = defaultEngineCalls
    ) -> Outcome {
        let external = comparison.a.isExternal || comparison.b.isExternal
        return shrink(start, engineCalls: external ? engineCalls : nil) {
            reproduces($0, comparison: comparison, causes: causes, engines: engines)
        }
    }

    /// The smallest case for which `shows` still holds, trying at most `engineCalls` candidates
    /// (nil: no limit).
    public static func shrink(_ start: Case, engineCalls: Int?, where shows: (Case) -> Bool) -> Outcome {
        var calls = 0
        var exhausted = false
        func tries(_ c: Case) -> Bool {
            if let engineCalls, calls >= engineCalls {
                exhausted = true
                return false
            }
            calls += 1
            return shows(c)
        }
        var best = start
        best.scenario.visualFormats = []
        best.scenario.constraints = best.scenario.constraints.map { c in
            var c = c
            c.origin = .handWritten
            return c
        }
        // An external engine parses Visual Format itself, and its parser's constraints may differ from
        // the lab's in the last bits: if the case only shows with the formats, keep them (and the views
        // and constraints they name) and shrink the steps and numbers only.
        if !tries(best) {
            guard !start.scenario.visualFormats.isEmpty, tries(start) else {
                return Outcome(result: start, reproduced: false, calls: calls, budgetExhausted: exhausted)
            }
            best = start
        }
        let structural = best.scenario.visualFormats.isEmpty
        func keep(_ candidate: Case) -> Bool {
            guard tries(candidate) else { return false }
            best = candidate
            return true
        }
        var progress = true
        while progress {
            progress = false
            // Steps: cut everything after the first step that still shows it, then drop steps one at a time.
            for end in 1..<max(1, best.steps.count) where end < best.steps.count {
                var c = best
                c.steps = Array(c.steps.prefix(end))
                if keep(c) {
                    progress = true
                    break
                }
            }
            var i = 0
            while i < best.steps.count && best.steps.count > 1 {
                var c = best
                c.steps.remove(at: i)
                if keep(c) { progress = true } else { i += 1 }
            }
            // Views: the last first (children before parents in generated trees), each with its subtree.
            var k = structural ? best.scenario.tree.views.count - 1 : -1
            while k >= 0 {
                if k < best.scenario.tree.views.count, let c = removing(view: k, from: best), keep(c) {
                    progress = true
                }
                k -= 1
            }
            // Constraints, one at a time (the last first).
            var j = structural ? best.scenario.constraints.count - 1 : -1
            while j >= 0 {
                if j < best.scenario.constraints.count {
                    var c = best
                    c.scenario.constraints.remove(at: j)
                    if keep(c) { progress = true }
                }
                j -= 1
            }
            // Rounder numbers: frames, the superview and the step sizes, to whole points then tens.
            for grain in [1.0, 10.0] {
                for candidate in roundings(of: best, grain: grain) {
                    if let c = candidate(best), keep(c) { progress = true }
                }
            }
            if exhausted { break }
        }
        return Outcome(result: best, reproduced: true, calls: calls, budgetExhausted: exhausted)
    }

    /// The case without view `k` and its descendants, and without the constraints that name them.
    static func removing(view k: Int, from c: Case) -> Case? {
        let tree = c.scenario.tree
        var gone: Set<Int> = [k]
        var grew = true
        while grew {
            grew = false
            for (i, p) in tree.parentIndex.enumerated() where p.map(gone.contains) == true && !gone.contains(i) {
                gone.insert(i)
                grew = true
            }
        }
        let removedIDs = Set(gone.map { tree.views[$0].id })
        let views = tree.views.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
        guard
            let newTree = try? ViewTree(
                superviewSize: tree.superviewSize, views: views, layoutDirection: tree.layoutDirection, root: tree.root)
        else { return nil }
        func names(_ item: String?) -> Bool {
            guard let item else { return false }
            let view = ConstraintItem(item) {
                $0 == ViewTree.superviewID || newTree.index(of: $0) != nil || removedIDs.contains($0)
            }.view
            return removedIDs.contains(view)
        }
        var out = c
        out.scenario.tree = newTree
        out.scenario.constraints = c.scenario.constraints.filter { !names($0.item1) && !names($0.item2) }
        return out
    }

    static func rounded(_ v: Double, _ grain: Double) -> Double { (v / grain).rounded() * grain }

    /// Candidate roundings, each a change to apply to the current best case (nil when it changes
    /// nothing): the superview, each step size, then each frame number in turn.
    static func roundings(of c: Case, grain: Double) -> [(Case) -> Case?] {
        var out: [(Case) -> Case?] = []
        out.append { b in
            var c = b
            c.scenario.tree.superviewSize = Size(
                width: rounded(b.scenario.tree.superviewSize.width, grain),
                height: rounded(b.scenario.tree.superviewSize.height, grain))
            return c.scenario.tree.superviewSize == b.scenario.tree.superviewSize ? nil : c
        }
        for i in c.steps.indices {
            out.append { b in
                guard i < b.steps.count, b.steps[i].environment == nil else { return nil }
                var c = b
                c.steps[i].size = Size(
                    width: rounded(b.steps[i].size.width, grain), height: rounded(b.steps[i].size.height, grain))
                return c.steps[i].size == b.steps[i].size ? nil : c
            }
        }
        for i in c.scenario.tree.views.indices {
            for part in 0..<4 {
                out.append { b in
                    guard i < b.scenario.tree.views.count else { return nil }
                    var frames = b.scenario.tree.frames
                    var f = frames[i]
                    switch part {
                    case 0: f.x = rounded(f.x, grain)
                    case 1: f.y = rounded(f.y, grain)
                    case 2: f.width = rounded(f.width, grain)
                    default: f.height = rounded(f.height, grain)
                    }
                    guard f != frames[i] else { return nil }
                    frames[i] = f
                    var c = b
                    c.scenario.tree.setFrames(frames)
                    return c
                }
            }
        }
        return out
    }
}
