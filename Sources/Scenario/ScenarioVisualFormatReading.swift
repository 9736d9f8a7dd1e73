import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

/// Reading a scenario's `visualFormat` entries: each format string with its metrics, options and platform.
extension Scenario {
    /// The `visualFormat` list: the constraints each entry makes, with the entries, in order.
    static func decodeVisualFormats(
        _ list: JSONValue, tree: ViewTree
    ) throws(ScenarioError) -> ([LayoutConstraint], [VisualFormatEntry]) {
        guard case .array(let items) = list.kind else {
            throw ScenarioError(
                .wrongType(key: "visualFormat", expected: "an array", found: list.typeName), at: list.location)
        }
        let known = Set(tree.views.map(\.id) + [ViewTree.superviewID])
        var constraints: [LayoutConstraint] = []
        var formats: [VisualFormatEntry] = []
        for (n, item) in items.enumerated() {
            let (entry, formatNode) = try decodeVisualFormat(item)
            let made: [LayoutConstraint]
            do {
                // The root may be named (`superview`); it has no superview, so a `|` beside it is
                // Apple's "Unable to interpret '|'" error.
                made = try VisualFormat.constraints(
                    entry.format, isView: { $0 == ViewTree.superviewID || tree.index(of: $0) != nil },
                    metrics: entry.metrics, options: entry.options, platform: entry.platform,
                    superview: { id in
                        id == ViewTree.superviewID
                            ? nil
                            : tree.views[tree.index(of: id)!].parentID ?? ViewTree.superviewID
                    })
            } catch {
                // Point at the offending character inside the string when it has no escapes.
                var at = formatNode.location
                if let index = error.index, !Self.hasEscapes(entry.format) { at.column += 1 + index }
                throw ScenarioError(.visualFormat(entry: n + 1, error.description), at: at)
            }
            for c in made {
                if let rule = c.validate(knownItems: known) {
                    throw ScenarioError(
                        .invalidConstraint(label: "from visualFormat #\(n + 1)", rule: rule.description),
                        at: formatNode.location)
                }
            }
            constraints += made
            formats.append(entry)
        }
        return (constraints, formats)
    }

    /// Whether a string needed escapes in JSON (then columns inside it are not character offsets).
    static func hasEscapes(_ s: String) -> Bool {
        s.contains { $0 == "\"" || $0 == "\\" || $0.asciiValue.map { $0 < 32 } ?? true }
    }

    static func decodeVisualFormat(_ node: JSONValue) throws(ScenarioError) -> (VisualFormatEntry, JSONValue) {
        let f = try Fields(node, key: "visualFormat entry", allowed: visualFormatKeys, viewID: nil)
        let formatNode = try f.required("format")
        var entry = VisualFormatEntry(format: try f.string(formatNode, key: "format"))
        if let m = f.optional("metrics") {
            guard case .object(let members) = m.kind else {
                throw ScenarioError(
                    .wrongType(key: "metrics", expected: "an object of numbers", found: m.typeName), at: m.location)
            }
            for member in members {
                entry.metrics[member.key] = try f.number(member.value, key: "metrics.\(member.key)")
            }
        }
        if let o = f.optional("options") {
            guard case .array(let names) = o.kind else {
                throw ScenarioError(
                    .wrongType(key: "options", expected: "an array of option names", found: o.typeName), at: o.location)
            }
            for n in names {
                guard case .string(let name) = n.kind, let option = VisualFormatOptions(name: name) else {
                    throw ScenarioError(
                        .invalidValue(
                            key: "options",
                            reason:
                                "must name options from \(VisualFormatOptions.names.map(\.0).joined(separator: ", "))"),
                        at: n.location)
                }
                entry.options.insert(option)
            }
        }
        if let p = f.optional("platform") {
            guard let platform = VisualFormatPlatform(rawValue: try f.string(p, key: "platform")) else {
                throw ScenarioError(.invalidValue(key: "platform", reason: "must be uikit or appkit"), at: p.location)
            }
            entry.platform = platform
        }
        return (entry, formatNode)
    }
}
