import ConstraintModel
import Geometry
import Margins
import Solver
import Translation
import ViewTree

// The engine's margins and safe area: inset variables suggested from the resolved insets.

extension AutoLayoutEngine {

    /// The effective margins and safe area of every view, from the current (unrounded) solution.
    public func resolvedInsets() -> ResolvedInsets {
        LayoutMargins.resolve(
            tree, frames: solvedFrames(),
            rootSize: Size(width: variables.rootWidth.value, height: variables.rootHeight.value),
            root: rootInsets)
    }

    /// Makes new inset variables edit variables, suggesting their resolved values (or, while
    /// building, the values resolved from the scenario's frames).
    func registerInsetVariables(_ resolved: ResolvedInsets?) {
        let keys = variables.insets.pending
        variables.insets.pending = []
        let r =
            resolved ?? LayoutMargins.resolve(tree, frames: tree.frames, rootSize: tree.superviewSize, root: rootInsets)
        for k in keys {
            let v = variables.insets.variables[k]!
            try! solver.addEditVariable(v, strength: Self.insetStrength)
            try! solver.suggestValue(v, Self.value(k, in: r))
        }
    }

    static func value(_ key: Int, in r: ResolvedInsets) -> Double {
        let (item, kind, edge) = InsetVariables.decode(key)
        return kind == .margin ? r.margins(item)[edge] : r.safeArea(item)[edge]
    }

    /// Suggests the resolved insets; returns the keys whose values moved.
    func suggestInsets(_ r: ResolvedInsets) -> [Int] {
        var changed: [Int] = []
        for k in variables.insets.keys {
            let target = Self.value(k, in: r)
            let v = variables.insets.variables[k]!
            if abs(v.value - target) > 1e-9 {
                try! solver.suggestValue(v, target)
                changed.append(k)
            }
        }
        return changed
    }

    /// Why margins moved views in the last step, per view index: a constraint that places the view
    /// reads a margin or guide that includes the safe area, that preserving the superview's margins
    /// raised, or that changed between layout passes (feedback).
    public func insetCauses() -> [Int: InsetCauses] {
        guard let r = lastResolved else { return [:] }
        var out: [Int: InsetCauses] = [:]
        for entry in installed where !entry.insetRefs.isEmpty {
            var causes = InsetCauses()
            for k in entry.insetRefs {
                let (item, kind, edge) = InsetVariables.decode(k)
                let e = RectEdges(edge)
                if kind == .safeArea {
                    if r.safeArea(item)[edge] != 0 { causes.insert(.safeArea) }
                } else {
                    let fromSafe = item.map { r.fromSafeArea[$0] } ?? r.rootFromSafeArea
                    if fromSafe.contains(e) { causes.insert(.safeArea) }
                    if let i = item, r.preserved[i].contains(e) { causes.insert(.preservedMargins) }
                }
                if lastChangedInsets.contains(k) { causes.insert(.marginFeedback) }
                if !lastSettled { causes.insert(.marginFeedback) }
            }
            guard !causes.isEmpty else { continue }
            let layout = layout(of: entry)
            for name in [layout.item1] + (layout.item2.map { [$0] } ?? []) {
                if let i = variables.item(name).view { out[i, default: []].formUnion(causes) }
            }
        }
        return out
    }
}
