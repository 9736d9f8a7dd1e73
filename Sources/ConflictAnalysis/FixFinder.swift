/// The usual fixes for a conflict, each checked by solving the rebuilt system again: turning a view's
/// autoresizing translation off, and lowering one of the app's constraints to 999 (it then gives way
/// by as much as the conflict needs, which is what the fix changes).
enum FixFinder {
    static func fixes(_ a: ConflictAnalysis) -> [ConflictAnalysis.Fix] {
        guard a.isUnsatisfiable else { return [] }
        let system = a.system
        let required = system.members.indices.filter { system.members[$0].priority >= 1000 }
        var out: [ConflictAnalysis.Fix] = []
        let conflicting = a.conflicting
        // Translated masks: for each view whose autoresizing constraints take part.
        var maskViews: [String: [Int]] = [:]
        for k in a.members.indices where a.members[k].kind == .autoresizing {
            maskViews[ConstraintWords.maskedView(a.members[k].constraint).identity, default: []].append(k)
        }
        for (view, ks) in maskViews.sorted(by: { $0.key < $1.key }) where !conflicting.isDisjoint(with: ks) {
            let rest = required.filter { !ks.contains($0) }
            let resolves = system.isSatisfiable(rest)
            let mask = a.members[ks[0]].constraint.mask ?? ""
            var effect = resolves ? "resolves the conflict" : "leaves a conflict"
            if resolves, let free = undetermined(view: view, members: rest, system), !free.isEmpty {
                effect += "; its \(free.joined(separator: " and ")) then need constraints of their own"
            }
            out.append(
                ConflictAnalysis.Fix(
                    action: "turn translatesAutoresizingMaskIntoConstraints off for \(view) (mask \(mask))",
                    members: ks, resolves: resolves, effect: effect))
        }
        // The app's own constraints, most often in a conflicting set first.
        let counts = Dictionary(grouping: a.minimal.joined(), by: { $0 }).mapValues(\.count)
        let own = conflicting.filter { !a.members[$0].kind.isSystem }.sorted { (counts[$1]!, $0) < (counts[$0]!, $1) }
        for k in own {
            let resolves = system.isSatisfiable(required, lowered: [k])
            var effect = resolves ? "resolves the conflict" : "leaves a conflict"
            if resolves, let values = system.solve(required, lowered: [k]) {
                let miss = system.miss(k, in: values)
                if miss > 1e-6 {
                    effect += "; it then gives way by \(ConstraintWords.number((miss * 1000).rounded() / 1000))"
                }
            }
            out.append(
                ConflictAnalysis.Fix(
                    action: "lower the priority of \(a.members[k].words) to 999", members: [k], resolves: resolves,
                    effect: effect))
        }
        return out
    }

    /// Which of a view's position and size the members leave undetermined: solved twice with the view
    /// pulled weakly to two different places, what moves is free.
    static func undetermined(view identity: String, members: [Int], _ system: LogSystem) -> [String]? {
        guard let v = system.views.firstIndex(where: { $0.item.identity == identity }) else { return nil }
        guard let a = system.solve(members), let b = system.solve(members, pull: v) else { return nil }
        let names = ["horizontal position", "vertical position", "width", "height"]
        // Positions relative to the superview, where the log shows one.
        func value(_ s: [Double], _ k: Int) -> Double {
            guard k < 2, let p = system.views[v].parent else { return s[4 * v + k] }
            return s[4 * v + k] - s[4 * p + k]
        }
        return (0..<4).filter { abs(value(a, $0) - value(b, $0)) > 1e-6 }.map { names[$0] }
    }
}
