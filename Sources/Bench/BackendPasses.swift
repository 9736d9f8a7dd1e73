import AutoLayout
import Springs
import Sweep
import ViewTree

/// One pass of the sweep benchmark's units through springs and struts, as the sweep runs them (one
/// tree stepped in place through its sizes); its time in nanoseconds.
@MainActor func springsPass(_ plan: SweepPlan) -> Double {
    let t0 = now()
    for i in 0..<plan.unitCount {
        let u = plan.unit(i)
        let tree = plan.scenarios[u.scenario].scenario.tree
        guard case .springs(let policy) = plan.spec.comparisons[u.comparison].a else { continue }
        var frames = tree.frames
        var size = tree.superviewSize
        var state = SpringsState(for: tree)
        var notes = [ResizeNotes](repeating: [], count: tree.views.count)
        for step in plan.steps(scenario: u.scenario, sequence: u.sequence) {
            Springs.resize(
                tree, frames: &frames, superviewSize: &size, to: step.size, policy: policy, state: &state,
                notes: &notes)
        }
        withExtendedLifetime(frames) {}
    }
    return Double(now() - t0)
}

/// One pass of the same units through Auto Layout: the build (constraints and solver) and the steps,
/// each timed on its own clock in the same pass (a difference of two medians taken apart could come
/// out negative on a noisy machine); nanoseconds.
@MainActor func autoLayoutPass(_ plan: SweepPlan) -> (build: Double, steps: Double) {
    var build: UInt64 = 0
    var stepping: UInt64 = 0
    for i in 0..<plan.unitCount {
        let u = plan.unit(i)
        let entry = plan.scenarios[u.scenario].scenario
        guard case .autolayout(let t, let timing) = plan.spec.comparisons[u.comparison].b else { continue }
        let sizes = plan.steps(scenario: u.scenario, sequence: u.sequence).map(\.size)
        let t0 = now()
        let engine = AutoLayoutEngine(
            tree: entry.tree, constraints: entry.constraints,
            configuration: AutoLayoutConfiguration(translation: t, timing: timing))
        let t1 = now()
        for size in sizes { engine.advance(to: size) }
        stepping += now() - t1
        build += t1 - t0
    }
    return (Double(build), Double(stepping))
}
