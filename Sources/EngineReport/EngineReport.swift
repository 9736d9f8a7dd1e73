import Geometry
import Scenario

/// `docs/gnustep-autolayout.md`, written from a run of two Auto Layout engines (issue 25): per
/// comparison the units and view-steps, the classes of divergence with how many view-steps each
/// covers, and per class its minimal case (shrunk against the live engine), as Objective-C a GNUstep
/// developer can paste into a test, with what Apple documents and which side is wrong.
public struct EngineReport: Sendable {
    public struct ComparisonLine: Sendable {
        public var index: Int
        public var label: String
        public var units: Int
        public var viewSteps: Int
        public var divergences: Int
        public var failedUnits: Int
        public var commonError: String?

        public init(
            index: Int, label: String, units: Int, viewSteps: Int, divergences: Int, failedUnits: Int,
            commonError: String?
        ) {
            self.index = index
            self.label = label
            self.units = units
            self.viewSteps = viewSteps
            self.divergences = divergences
            self.failedUnits = failedUnits
            self.commonError = commonError
        }
    }

    /// A class of divergence and its minimal case.
    public struct ClassCase: Sendable {
        public var comparison: Int
        public var causes: [String]
        public var viewSteps: Int
        public var units: Int
        public var example: Int64
        /// The shrunk case: scenario, sizes, the diverging view, both sides' frames after the last size.
        public var minimal: Scenario?
        public var sizes: [Size] = []
        public var view: String = ""
        public var engineFrames: [String: Rect] = [:]
        public var labFrames: [String: Rect] = [:]
        public var calls: Int = 0
        public var note: String?

        public init(comparison: Int, causes: [String], viewSteps: Int, units: Int, example: Int64) {
            self.comparison = comparison
            self.causes = causes
            self.viewSteps = viewSteps
            self.units = units
            self.example = example
        }
    }

    public var title: String
    /// The command that wrote the document, and what it was run on.
    public var provenance: String
    public var comparisons: [ComparisonLine]
    public var classes: [ClassCase]

    public init(title: String, provenance: String, comparisons: [ComparisonLine], classes: [ClassCase]) {
        self.title = title
        self.provenance = provenance
        self.comparisons = comparisons
        self.classes = classes
    }

    public func markdown() -> String {
        var out = "# \(title)\n\n\(provenance)\n\n"
        out += "| comparison | units | engine errors | view-steps | diverging | agree |\n|---|---|---|---|---|---|\n"
        for c in comparisons {
            let agree = c.viewSteps == 0 ? 0 : 100 * Double(c.viewSteps - c.divergences) / Double(c.viewSteps)
            out +=
                "| \(c.index): `\(c.label)` | \(c.units) | \(c.failedUnits) | \(c.viewSteps) | \(c.divergences) "
                + "| \(percent(agree)) |\n"
        }
        let errors = comparisons.filter { $0.failedUnits > 0 }
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
        for (k, c) in classes.enumerated() {
            out +=
                "| \(k + 1) | \(c.comparison) | \(c.causes.joined(separator: ", ")) | \(c.viewSteps) | \(c.units) "
                + "| \(wrongSide(c.causes)) |\n"
        }
        out += "\n## What each cause means, what Apple documents, which side is wrong\n\n"
        for v in TraitVerdicts.all {
            out += "- **\(v.cause)**: \(v.meaning). *Apple:* \(v.apple) *Verdict:* \(v.verdict)\n"
        }
        out += "\n## Minimal cases\n"
        for (k, c) in classes.enumerated() { out += section(k + 1, c) }
        return out
    }

    func wrongSide(_ causes: [String]) -> String {
        let named = TraitVerdicts.verdicts(for: causes).filter {
            !["inequality", "multiplier", "centre"].contains($0.cause)
        }
        guard let first = named.first else { return "see the case" }
        return first.verdict.hasPrefix("GNUstep") ? "GNUstep (\(first.cause))" : "undecided (\(first.cause))"
    }

    func section(_ number: Int, _ c: ClassCase) -> String {
        var out = "\n### \(number). \(c.causes.joined(separator: ", ")) (comparison \(c.comparison))\n\n"
        out += "\(c.viewSteps) view-steps in \(c.units) units; divergence \(c.example) of the run, "
        guard let minimal = c.minimal else {
            return out + "not shrunk: \(c.note ?? "it did not reproduce").\n"
        }
        out +=
            "shrunk in \(c.calls) engine calls to \(minimal.tree.views.count) views, \(minimal.constraints.count) "
            + "constraints and \(c.sizes.count) sizes"
        out += c.note.map { " (\($0))" } ?? ""
        out += ".\n\n"
        if let a = c.engineFrames[c.view], let b = c.labFrames[c.view] {
            out +=
                "After the last size, `\(c.view)`: GNUstep master \(rect(a)), Apple's rules (the lab) \(rect(b)).\n\n"
        }
        for v in TraitVerdicts.verdicts(for: c.causes) { out += "- \(v.cause): \(v.verdict)\n" }
        out += "\n```objc\n"
        out += ObjectiveCCase.render(minimal, sizes: c.sizes, expected: c.labFrames, diverging: c.view)
        out += "```\n"
        return out
    }

    func rect(_ r: Rect) -> String {
        let numbers = [r.x, r.y, r.width, r.height].map { ObjectiveCCase.n(($0 * 1000).rounded() / 1000) }
        return "[" + numbers.joined(separator: ", ") + "]"
    }

    func percent(_ v: Double) -> String { "\((v * 10).rounded() / 10)%" }
}
