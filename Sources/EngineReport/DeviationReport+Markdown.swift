import GNUstepAutoLayout
import Geometry
import LabJSON

extension DeviationReport {
    public func markdown() -> String {
        var out = "# \(title)\n\n\(provenance)\n\n"
        out += exactnessSection()
        out += causesSection()
        out += refusalSection()
        out +=
            "\n## The deviations\n\nEach: the view-steps it explains alone (switching it off alone brings the "
            + "emulation to another frame, and no other switch does) and jointly (several are each needed), a "
            + "minimal case shrunk against the live engine, as Objective-C for a GNUstep test that expects Apple's "
            + "frames, where GNUstep does it and what Apple documents.\n"
        for s in sections { out += section(s) }
        if !remaining.isEmpty {
            out +=
                "\n## Remaining classes\n\nView-steps the emulation does not reproduce, by the causes the run "
                + "stored for them.\n\n| causes | view-steps | units |\n|---|---|---|\n"
            for r in remaining { out += "| \(r.causes.joined(separator: ", ")) | \(r.viewSteps) | \(r.units) |\n" }
        }
        return out
    }

    func exactnessSection() -> String {
        guard !exactness.isEmpty else { return "" }
        var out = "## How exactly the emulation reproduces GNUstep master\n\n"
        out +=
            "| comparison | tolerance | units | view-steps | diverging | GNUstep's own answer under another heap "
            + "layout | order-dependent | float32 rounding (largest) | unexplained (largest) | refused | "
            + "refused alike |\n"
            + "|---|---|---|---|---|---|---|---|---|---|---|\n"
        for e in exactness {
            out +=
                "| `\(e.label)` | \(n(e.tolerance)) | \(e.units) | \(e.viewSteps) | \(e.divergences) | \(e.heapOrder) "
                + "| \(e.orderDependent) | \(e.float32Noise) (\(n(e.largestFloat32Noise))) | \(e.unexplained) "
                + "(\(n(e.largestUnexplained))) | \(e.refused) | \(e.refusedAlike) |\n"
        }
        out +=
            "\nGNUstep master's solver walks hash tables keyed by its objects' addresses, so where the layout is "
            + "ambiguous (GNUstep's `&&-` translation leaves a view's position and size free; equal weights tie) "
            + "and in the last bits of its float32 arithmetic its answer follows the heap: the same unit sent with "
            + "another scenario description, which the engine ignores, can come back different. A divergence is "
            + "GNUstep's own answer under another heap layout when one of those runs gives the emulated frame; "
            + "order-dependent when the emulation's own frame changes with the order it visits its hash tables; "
            + "float32 rounding when it is below 1e-3 point: the emulation follows GNUstep's arithmetic "
            + "exactly but not its heap, so the tolerance at which every divergence but these vanishes is the "
            + "largest float32 rounding.\n"
        return out
    }

    func causesSection() -> String {
        let total = rows.reduce(0) { $0 + $1.viewSteps }
        var out = "\n## Every view-step where GNUstep master and Apple's rules disagree, by cause\n\n"
        out += "| # | comparison with Apple's rules | units | view-steps | diverging |\n|---|---|---|---|---|\n"
        for c in compared { out += "| \(c.index) | `\(c.label)` | \(c.units) | \(c.viewSteps) | \(c.divergences) |\n" }
        out +=
            "\nEach diverging view-step once, by what the ablation through the emulation finds, with the "
            + "view-steps of each comparison. The emulation reproduces a live frame when they agree to within "
            + "\(n(tolerance)) (the largest float32 rounding above); a live frame it does not reproduce is GNUstep's "
            + "own answer under another heap layout when one of the engine's heap variants, or its run of the same "
            + "unit in the exactness comparison, gave the emulation's frame.\n\n| cause | view-steps | units | "
            + compared.map { "\($0.index)" }.joined(separator: " | ") + " |\n|---|---|---|"
            + String(repeating: "---|", count: compared.count) + "\n"
        for r in rows {
            out +=
                "| \(r.attribution.label) | \(r.viewSteps) | \(r.units) | "
                + r.byComparison.map(String.init).joined(separator: " | ") + " |\n"
        }
        let sums = compared.indices.map { k in rows.reduce(0) { $0 + $1.byComparison[k] } }
        out += "| **total** | **\(total)** | | " + sums.map { "**\($0)**" }.joined(separator: " | ") + " |\n"
        return out
    }

    func refusalSection() -> String {
        guard !refusals.isEmpty else { return "" }
        var out =
            "\n## Units GNUstep master refuses\n\n| reason | units | refused alike by the emulation | laid out "
            + "when one deviation is switched off |\n|---|---|---|---|\n"
        for r in refusals {
            let causes =
                r.causes.isEmpty ? "none alone" : r.causes.map { "\($0.0.rawValue) (\($0.1))" }.joined(separator: ", ")
            out += "| \(r.reason) | \(r.units) | \(r.emulatedAlike) | \(causes) |\n"
        }
        return out
    }

    func section(_ s: Section) -> String {
        let note = s.deviation.note
        var out = "\n### \(s.deviation.rawValue): \(note.title)\n\n"
        out +=
            "Alone: \(s.aloneViewSteps) view-steps in \(s.aloneUnits) units. Jointly: \(s.jointViewSteps) view-steps "
            + "in \(s.jointUnits) units"
        if !s.jointWith.isEmpty {
            out += " (with " + s.jointWith.prefix(4).map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ") + ")"
        }
        out += "."
        if s.sufficientViewSteps > 0 {
            out += " One of several that each suffice: \(s.sufficientViewSteps) view-steps."
        }
        if s.refusedUnits > 0 { out += " Refusals it alone causes: \(s.refusedUnits) units." }
        out += "\n\n- GNUstep: \(note.gnustep)\n- Apple: \(note.apple)\n"
        let m = s.minimal
        guard let scenario = m.scenario else {
            return out + "\nNo minimal case: \(m.note ?? "no view-step of the run shows it").\n"
        }
        out +=
            "\nMinimal case, shrunk in \(m.calls) engine calls to \(scenario.tree.views.count) views, "
            + "\(scenario.constraints.count) constraints and \(m.sizes.count) sizes\(m.note.map { " (\($0))" } ?? "")"
        if let a = m.engineFrames[m.view], let b = m.appleFrames[m.view] {
            // Differences below a thousandth of a point (float32's) show in full.
            let full = a.maxEdgeDifference(to: b) < 1e-3
            out +=
                ": after the last size `\(m.view)` is \(rect(a, full)) on GNUstep master, \(rect(b, full)) by "
                + "Apple's rules"
        }
        out += ".\n\n```objc\n"
        out += ObjectiveCCase.render(scenario, sizes: m.sizes, expected: m.appleFrames, diverging: m.view)
        out += "```\n"
        return out
    }

    func rect(_ r: Rect, _ full: Bool = false) -> String {
        "[" + [r.x, r.y, r.width, r.height].map { n(full ? $0 : ($0 * 1000).rounded() / 1000) }.joined(separator: ", ")
            + "]"
    }

    func n(_ v: Double) -> String { JSONWriter.plainNumber(v) }
}
