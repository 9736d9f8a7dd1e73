import ArgumentParser
import AutoLayout
import Foundation
import Geometry
import LabJSON
import Margins
import ViewTree

/// The output of `layoutlab layout`, the same shape for every engine so two runs can be diffed:
/// `{"engine":…,<settings>,"steps":[{"superview":{…},"frames":{"id":{"x":…,"y":…,"width":…,"height":…}}}]}`
/// (one object per step).
struct LayoutReport {
    struct Step {
        var superview: Size
        var views: [(id: String, mask: AutoresizingMask, frame: Rect)]
        var conflicts: [Conflict] = []
        var ambiguous: [String] = []
        var degenerate: [String] = []
        /// Content-priority ties that leave views ambiguous (Auto Layout).
        var ties: [String] = []
        /// The environment's label (`iphone-x landscape`), with --device.
        var environment: String?
        /// Auto Layout's layout passes and whether its margins settled.
        var passes: Int?
        var settled = true
        /// Every view's effective insets, with --show-margins.
        var insets: ResolvedInsets?
        let tree: ViewTree

        init(tree: ViewTree) {
            self.tree = tree
            superview = tree.superviewSize
            views = tree.views.map { ($0.id, $0.mask, $0.frame) }
        }
    }

    var engine: String
    var settings: [(String, String)]
    var steps: [Step]

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .json: json() + "\n"
        case .table: table()
        }
    }

    func json() -> String {
        var top: [(String, JSONValue)] = [("engine", .string(engine))]
        top += settings.map { ($0.0, JSONValue.string($0.1)) }
        top.append(
            (
                "steps",
                .array(
                    steps.map { step in
                        var superview: [(String, JSONValue)] = [
                            ("width", .number(step.superview.width)), ("height", .number(step.superview.height)),
                        ]
                        if let insets = step.insets {
                            superview += [
                                ("layoutMargins", Self.json(insets.rootMargins)),
                                ("safeAreaInsets", Self.json(insets.rootSafeArea)),
                            ]
                        }
                        var members: [(String, JSONValue)] = []
                        if let e = step.environment { members.append(("environment", .string(e))) }
                        members += [
                            ("superview", .object(superview)),
                            (
                                "frames",
                                .object(
                                    step.views.enumerated().map { i, v in
                                        var frame: [(String, JSONValue)] = [
                                            ("x", .number(v.frame.x)), ("y", .number(v.frame.y)),
                                            ("width", .number(v.frame.width)), ("height", .number(v.frame.height)),
                                        ]
                                        if let insets = step.insets {
                                            frame += [
                                                ("layoutMargins", Self.json(insets.margins[i])),
                                                ("safeAreaInsets", Self.json(insets.safeArea[i])),
                                            ]
                                            if let adjusted = insets.adjustedContentInset(
                                                i, in: step.tree, bounds: v.frame.size)
                                            {
                                                frame.append(("adjustedContentInset", Self.json(adjusted)))
                                            }
                                        }
                                        return (v.id, JSONValue.object(frame))
                                    })
                            ),
                        ]
                        if let p = step.passes, p > 1 || step.insets != nil {
                            members.append(("passes", .number(Double(p))))
                        }
                        if !step.settled { members.append(("settled", .bool(false))) }
                        if !step.conflicts.isEmpty {
                            members.append(
                                (
                                    "conflicts",
                                    .array(
                                        step.conflicts.map { c in
                                            .object([
                                                "broken": .string(c.broken.appleDescription),
                                                "constraints": .array(
                                                    c.conflicting.map { .string($0.appleDescription) }),
                                            ])
                                        })
                                ))
                        }
                        if !step.ambiguous.isEmpty {
                            members.append(("ambiguous", .array(step.ambiguous.map(JSONValue.string))))
                        }
                        if !step.ties.isEmpty { members.append(("ties", .array(step.ties.map(JSONValue.string)))) }
                        if !step.degenerate.isEmpty {
                            members.append(("degenerate", .array(step.degenerate.map(JSONValue.string))))
                        }
                        return .object(members)
                    })
            ))
        return JSONWriter.write(.object(top))
    }

    static func json(_ e: EdgeInsets) -> JSONValue {
        .object([
            "top": .number(e.top), "left": .number(e.left), "bottom": .number(e.bottom), "right": .number(e.right),
        ])
    }

    /// A size as `WxH`.
    /// A size as `WxH` (or with another separator, e.g. `×` in pictures' captions).
    static func text(_ s: Size, by separator: String = "x") -> String {
        "\(JSONWriter.plainNumber(s.width))\(separator)\(JSONWriter.plainNumber(s.height))"
    }

    /// Insets as `t l b r`, for tables.
    static func text(_ e: EdgeInsets) -> String {
        [e.top, e.left, e.bottom, e.right].map(JSONWriter.plainNumber).joined(separator: " ")
    }

    func table() -> String {
        var out = "engine \(engine)" + settings.map { "  \($0.0) \($0.1)" }.joined() + "\n"
        for (n, step) in steps.enumerated() {
            let w = JSONWriter.plainNumber(step.superview.width)
            let h = JSONWriter.plainNumber(step.superview.height)
            out += "\nstep \(n + 1): \(step.environment.map { $0 + ", " } ?? "")superview \(w)x\(h)"
            if let insets = step.insets {
                out += "  margins \(Self.text(insets.rootMargins))  safe area \(Self.text(insets.rootSafeArea))"
            }
            if let p = step.passes, p > 1 || step.insets != nil {
                out += "  passes \(p)" + (step.settled ? "" : " (did not settle)")
            }
            out += "\n"
            var rows = [
                ["view", "mask", "x", "y", "width", "height"]
                    + (step.insets == nil ? [] : ["margins t l b r", "safe area t l b r"])
            ]
            for (i, v) in step.views.enumerated() {
                var row =
                    [v.id, v.mask.notation]
                    + [v.frame.x, v.frame.y, v.frame.width, v.frame.height].map(JSONWriter.plainNumber)
                if let insets = step.insets { row += [Self.text(insets.margins[i]), Self.text(insets.safeArea[i])] }
                rows.append(row)
            }
            out += TextTable.render(rows, rightAligned: [2, 3, 4, 5])
            if !step.ambiguous.isEmpty { out += "  ambiguous: \(step.ambiguous.joined(separator: ", "))\n" }
            for t in step.ties { out += "  tie: \(t)\n" }
            for d in step.degenerate { out += "  \(d)\n" }
            for c in step.conflicts {
                out +=
                    "\n"
                    + c.log.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                        separator: "\n")
            }
        }
        return out
    }
}

enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case json, table

    /// A table for people at a terminal, JSON for pipes and files.
    static var defaultForTerminal: OutputFormat { isatty(STDOUT_FILENO) != 0 ? .table : .json }
}

/// Aligned columns, two spaces apart.
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let first = rows.first else { return "" }
        var widths = Array(repeating: 0, count: first.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = ""
        for row in rows {
            var line = "  "
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                line += rightAligned.contains(i) ? pad + cell : cell + pad
                if i < row.count - 1 { line += "  " }
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
