extension ConflictAnalysis {
    /// The explanation in plain words: each constraint and where it comes from, the minimal sets that
    /// cannot hold together, Apple's choice and the lab's, and the fixes with what each changes.
    public var explanation: String {
        var out: [String] = []
        let n = members.count
        if isUnsatisfiable {
            out.append(
                n == 1
                    ? "1 constraint listed; it cannot hold, as the log prints it."
                    : "\(n) constraints listed; they cannot all hold, as the log prints them.")
        } else if holdsOnlyExactly {
            out.append(
                "\(n) constraint\(n == 1 ? "" : "s") listed; as the log prints them they hold only exactly, with no "
                    + "slack: a constant rounded in printing (six significant digits) by as little as half a unit "
                    + "in its last digit makes them conflict.")
        } else {
            out.append(
                "\(n) constraint\(n == 1 ? "" : "s") listed; as the log prints them they can all hold, so the conflict "
                    + "came from something the log does not show (layout margins other than 8, baseline offsets, "
                    + "the views' superviews, values rounded in printing).")
        }
        for (k, m) in members.enumerated() {
            var line = "  \(k + 1). \(m.words)"
            line += "   [\(m.kind.rawValue)]"
            out.append(line)
            if let origin = ConstraintWords.origin(m.constraint, kind: m.kind, system) {
                out.append("       \(origin)")
            }
        }
        if !minimal.isEmpty {
            out.append(minimal.count == 1 ? "These cannot hold together:" : "Minimal sets that cannot hold together:")
            for (s, set) in minimal.enumerated() {
                var line = "  {" + set.map { "\($0 + 1)" }.joined(separator: ", ") + "}"
                let sizes = negativeSizes[s]
                if !sizes.isEmpty {
                    line +=
                        " with sizes that cannot be negative ("
                        + sizes.map { system.views[$0].name }.joined(separator: ", ") + ")"
                }
                out.append(line)
            }
        }
        if let a = appleBroke {
            out.append("Apple broke \(a + 1): \(members[a].words).")
        } else if log.broken != nil {
            out.append("Apple broke a constraint the list does not hold: \(log.broken!.text).")
        }
        if let l = labBreaks {
            let agrees = l == appleBroke ? " (the same)" : ""
            out.append("The lab's rule breaks \(l + 1): \(members[l].words)\(agrees).")
        }
        if !fixes.isEmpty {
            out.append("Fixes, each checked by solving again:")
            for f in fixes { out.append("  - \(f.action): \(f.effect).") }
        }
        return out.joined(separator: "\n")
    }
}
