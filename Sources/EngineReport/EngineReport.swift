import Geometry
import Scenario

/// `docs/gnustep-autolayout.md`, written from a run of two Auto Layout engines: per
/// comparison the units and view-steps, the classes of divergence with how many view-steps each
/// covers, and per class its minimal case (shrunk against the live engine), as Objective-C a GNUstep
/// developer can paste into a test, with what Apple documents and which side is wrong.
public struct EngineReport: Sendable {
    /// The minimal case of a class: the shrunk scenario and sizes, the diverging view, both sides'
    /// frames after the last size; or why there is none.
    public struct MinimalCase: Sendable {
        public var scenario: Scenario?
        public var sizes: [Size] = []
        public var view: String = ""
        public var engineFrames: [String: Rect] = [:]
        public var labFrames: [String: Rect] = [:]
        public var calls: Int = 0
        public var note: String?

        public init() {}
    }

    public var title: String
    /// The command that wrote the document, and what it was run on.
    public var provenance: String
    public var summary: EngineClassSummary
    /// One per class of `summary`, in its order.
    public var cases: [MinimalCase]

    public init(title: String, provenance: String, summary: EngineClassSummary, cases: [MinimalCase]) {
        precondition(cases.count == summary.classes.count, "one minimal case per class")
        self.title = title
        self.provenance = provenance
        self.summary = summary
        self.cases = cases
    }

    public func markdown() -> String {
        var out = "# \(title)\n\n\(provenance)\n\n"
        out += "| comparison | units | engine errors | view-steps | diverging | agree |\n|---|---|---|---|---|---|\n"
        for c in summary.comparisons {
            let agree = c.viewSteps == 0 ? 0 : 100 * Double(c.viewSteps - c.divergences) / Double(c.viewSteps)
            out +=
                "| \(c.index): `\(c.label)` | \(c.units) | \(c.failedUnits) | \(c.viewSteps) | \(c.divergences) "
                + "| \(percent(agree)) |\n"
        }
        let errors = summary.comparisons.filter { $0.failedUnits > 0 }
        if !errors.isEmpty {
            out += "\nUnits the engine refused (skipped, `on_error: skip`): "
            out += errors.map { "comparison \($0.index): \($0.failedUnits), most often `\($0.commonError ?? "?")`" }
                .joined(separator: "; ")
            out +=
                ". GNUstep raises where Apple's engine breaks a constraint and logs it (NOTES bug 7), a "
                + "degenerate mask (`&-&` with no room) gives it a NaN multiplier (bug 8), and on some trees "
                + "with optional constraints its simplex stops with \"Objective function is unbounded\" where "
                + "Apple's engine finds a layout (not traced yet).\n"
        }
        out +=
            "\n## Classes\n\nA class is the set of causes its divergences share (`results.db`'s causes: for "
            + "two Auto Layout engines, what the diverging axis's constraints have in common, a view inheriting "
            + "its ancestors'). View-steps are the divergences of the class.\n\n"
        out += "| # | comparison | causes | view-steps | units | which side is wrong |\n|---|---|---|---|---|---|\n"
        for (k, c) in summary.classes.enumerated() {
            out +=
                "| \(k + 1) | \(c.comparison) | \(c.causes.joined(separator: ", ")) | \(c.viewSteps) | \(c.units) "
                + "| \(wrongSide(c.causes)) |\n"
        }
        out += "\n## What each cause means, what Apple documents, which side is wrong\n\n"
        for v in TraitVerdicts.all {
            out += "- **\(v.cause)**: \(v.meaning). *Apple:* \(v.apple) *Verdict:* \(v.verdict)\n"
        }
        out += "\n## Minimal cases\n"
        for (k, c) in summary.classes.enumerated() { out += section(k + 1, c, cases[k]) }
        return out
    }

    func wrongSide(_ causes: [String]) -> String {
        guard let first = TraitVerdicts.verdicts(for: causes).first(where: { $0.wrong != .neither }) else {
            return "see the case"
        }
        return "\(first.wrong.rawValue) (\(first.cause))"
    }

    func section(_ number: Int, _ c: EngineClassSummary.Class, _ m: MinimalCase) -> String {
        var out = "\n### \(number). \(c.causes.joined(separator: ", ")) (comparison \(c.comparison))\n\n"
        out += "\(c.viewSteps) view-steps in \(c.units) units; divergence \(c.example) of the run, "
        guard let minimal = m.scenario else {
            return out + "not shrunk: \(m.note ?? "it did not reproduce").\n"
        }
        out +=
            "shrunk in \(m.calls) engine calls to \(minimal.tree.views.count) views, \(minimal.constraints.count) "
            + "constraints and \(m.sizes.count) sizes"
        out += m.note.map { " (\($0))" } ?? ""
        out += ".\n\n"
        if let a = m.engineFrames[m.view], let b = m.labFrames[m.view] {
            out +=
                "After the last size, `\(m.view)`: GNUstep master \(rect(a)), Apple's rules (the lab) \(rect(b)).\n\n"
        }
        for v in TraitVerdicts.verdicts(for: c.causes) { out += "- \(v.cause): \(v.verdict)\n" }
        out += "\n```objc\n"
        out += ObjectiveCCase.render(minimal, sizes: m.sizes, expected: m.labFrames, diverging: m.view)
        out += "```\n"
        return out
    }

    func rect(_ r: Rect) -> String {
        let numbers = [r.x, r.y, r.width, r.height].map { ObjectiveCCase.n(($0 * 1000).rounded() / 1000) }
        return "[" + numbers.joined(separator: ", ") + "]"
    }

    func percent(_ v: Double) -> String { "\((v * 10).rounded() / 10)%" }
}
