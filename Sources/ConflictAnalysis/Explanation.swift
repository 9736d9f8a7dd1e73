import AutoLayout

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
            let omits = omissions.map(\.words)
            out.append(
                "\(n) constraint\(n == 1 ? "" : "s") listed; as the log prints them they can all hold, so the conflict "
                    + "came from something the log does not show"
                    + (omits.isEmpty ? "." : ": " + omits.joined(separator: "; ") + "."))
        }
        if !log.isListComplete {
            out.append(
                "(The paste ends inside the list, after constraint \(n): constraints after it, if Apple listed any, "
                    + "are not in it.)")
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
        } else if let broken = log.broken {
            out.append("Apple broke a constraint the list does not hold: \(broken.text).")
        } else {
            out.append("Apple's choice is not in the paste (it ends before the recovery line names it in full).")
        }
        out += ruleExplanation
        if !fixes.isEmpty {
            out.append("Fixes, each checked by solving again:")
            for f in fixes { out.append("  - \(f.action): \(f.effect).") }
        }
        return out.joined(separator: "\n")
    }
}

extension ConflictAnalysis {
    /// The lab's prediction with how sure it is: the rule's cross-validated accuracy, a tie it cannot
    /// break, a kind of conflict it is weak on.
    var ruleExplanation: [String] {
        guard let l = labBreaks else { return [] }
        var out: [String] = []
        let agrees = appleBroke.map { $0 == l ? " (the same)" : " (not the same)" } ?? ""
        let cv = RuleAccuracy.crossValidated
        out.append(
            "The lab's rule picks \(l + 1): \(members[l].words)\(agrees); it names Apple's choice in \(cv.hits) of "
                + "\(cv.logs) corpus logs (\(cv.percent)%), each predicted by the rule fitted on the other "
                + "repositories' logs, and in \(RuleAccuracy.heldOut.hits) of \(RuleAccuracy.heldOut.logs) logs of "
                + "projects outside the corpus (\(RuleAccuracy.heldOut.percent)%).")
        if !labTiedWith.isEmpty {
            let all = ([l] + labTiedWith).sorted().map { "\($0 + 1)" }
            let order = BreakingRule.rule.ties == .later ? "last" : "first"
            out.append(
                "It cannot tell \(all.dropLast().joined(separator: ", ")) and \(all.last!) apart: they tie on every "
                    + "step of the rule, and it picks the one listed \(order), which is the list's order, not a "
                    + "prediction.")
        }
        for shape in shapes where RuleAccuracy.isWeak(shape) {
            let f = RuleAccuracy.byShape[shape]!
            out.append(
                "The rule is weaker on conflicts with \(shape.words): right in \(f.hits) of \(f.logs) such logs "
                    + "(\(f.percent)%), each predicted by the rule fitted on the other repositories' logs.")
        }
        return out
    }
}
