import Solver

/// One of the four numbers the engine solves per view: its alignment rect's position (in the root's
/// coordinates) and size.
public enum FrameComponent: String, CaseIterable, Hashable, Sendable {
    case x, y, width, height
}

extension AutoLayoutEngine {
    /// Per view the constraints leave free, which of its components are: what a constraint would
    /// have to fix (a width, a vertical position) for the view to be determined. The same variables
    /// as `ambiguousViews()`: reported by the solver as not uniquely fixed, or named by no constraint.
    public func ambiguousComponents() -> [String: Set<FrameComponent>] {
        var mentioned = Set<ObjectIdentifier>()
        for entry in installed {
            for t in solver.constraint(entry.handle)!.expression.terms {
                mentioned.insert(ObjectIdentifier(t.variable))
            }
        }
        var out: [String: Set<FrameComponent>] = [:]
        func add(_ slot: Int) {
            out[tree.views[slot / 4].id, default: []].insert(FrameComponent.allCases[slot % 4])
        }
        for v in solver.ambiguousVariables() {
            if let slot = solver.index(of: v, in: variables.block) { add(slot) }
        }
        for i in tree.views.indices {
            for (k, v) in [variables.x[i], variables.y[i], variables.width[i], variables.height[i]].enumerated()
            where !mentioned.contains(ObjectIdentifier(v)) {
                add(4 * i + k)
            }
        }
        return out
    }
}
