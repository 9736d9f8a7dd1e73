import AutoLayout
import ConflictLog
import LabJSON

/// One conflict as JSON, the same for `layoutlab log --format json` and the log explainer of
/// `layoutlab serve`: constraints are named by their key (address, library tag or text) wherever a
/// choice or a set refers to them, so a reader needs no positions.
extension ConflictAnalysis {
    public var json: JSONValue {
        func key(_ k: Int?) -> JSONValue { k.map { .string(members[$0].constraint.key) } ?? .null }
        let inConflict = conflicting
        let constraints: [JSONValue] = members.indices.map { k in
            let (m, candidate) = (members[k], candidates[k])
            var fields: [(String, JSONValue)] = [
                ("key", .string(m.constraint.key)),
                ("address", m.constraint.address.map(JSONValue.string) ?? .null), ("text", .string(m.constraint.text)),
                ("kind", .string(m.kind.rawValue)),
            ]
            if let mask = m.constraint.mask { fields.append(("mask", .string(mask))) }
            fields += [
                ("words", .string(m.words)), ("form", .string(m.constraint.form.rawValue)),
                ("constant", .number(m.constraint.constant)),
                ("conflicting", .bool(inConflict.contains(k))),
                ("protected", .bool(candidate.isProtected)), ("owner_depth", .number(Double(candidate.ownerDepth))),
                ("spacing", .bool(candidate.isSpacing)),
                ("features", .object(ruleFeatures[k].map { ($0.name, .number($0.value)) })),
            ]
            return .object(fields)
        }
        let fixes: [JSONValue] = fixes.map { f in
            .object([("action", .string(f.action)), ("resolves", .bool(f.resolves)), ("effect", .string(f.effect))])
        }
        return .object([
            ("lines", .array([.number(Double(log.firstLine)), .number(Double(log.lastLine))])),
            ("platform", .string(log.platform.rawValue)),
            ("constraints", .array(constraints)),
            ("list_complete", .bool(log.isListComplete)),
            ("unsatisfiable", .bool(isUnsatisfiable)),
            ("unsatisfiable_within_printing", .bool(isUnsatisfiableWithinPrinting)),
            ("omits", .array(omissions.map { .string($0.rawValue) })),
            ("minimal", .array(minimal.map { .array($0.map { key($0) }) })),
            ("apple_choice_in_paste", .bool(log.broken != nil)),
            ("apple_broke", key(appleBroke)),
            ("lab_breaks", key(labBreaks)),
            ("lab_tied_with", .array(labTiedWith.map { key($0) })),
            ("lab_rule", ruleJSON),
            ("fixes", .array(fixes)),
            ("explanation", .string(explanation)),
        ])
    }

    /// The rule behind `lab_breaks`: its steps, how sure it is overall and on this log's kinds of
    /// conflict (cross-validated, `RuleAccuracy`).
    var ruleJSON: JSONValue {
        func figure(_ f: RuleAccuracy.Figure) -> JSONValue {
            .object([
                ("hits", .number(Double(f.hits))), ("logs", .number(Double(f.logs))), ("accuracy", .number(f.fraction)),
            ])
        }
        let rule = BreakingRule.rule
        return .object([
            ("steps", .array(rule.steps.map { .string($0.description) })),
            ("evidence", .string(ConflictAnalysis.ruleEvidence.rawValue)),
            ("ties", .string(rule.ties.rawValue)),
            ("cross_validated", figure(RuleAccuracy.crossValidated)),
            ("in_sample", figure(RuleAccuracy.inSample)),
            ("held_out", figure(RuleAccuracy.heldOut)),
            ("shapes", .array(shapes.map { .string($0.rawValue) })),
            (
                "shape_accuracy",
                .object(shapes.compactMap { s in RuleAccuracy.byShape[s].map { (s.rawValue, figure($0)) } })
            ),
            ("weak_shapes", .array(shapes.filter(RuleAccuracy.isWeak).map { .string($0.rawValue) })),
        ])
    }
}
