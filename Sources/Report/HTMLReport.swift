/// One run as a self-contained static page: no server, no external assets, inline SVG, print styles.
extension RunReport {
    public static let sectionIDs = ["run", "comparisons", "causes", "masks", "magnitudes", "steps", "divergences"]

    public func html() -> String {
        head() + runSection() + comparisonSection() + chartSections() + divergenceSection()
            + "</section>\n</body></html>\n"
    }

    /// The page's head and print styles, and its title.
    func head() -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>LayoutLab report: \(e(experiment)), run \(runID)</title>
        <style>
        body { font-family: sans-serif; margin: 1.5em auto; max-width: 72em; color: #111; line-height: 1.4;
               padding: 0 1em; }
        h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #999; }
        table { border-collapse: collapse; margin: 0.5em 0; }
        th, td { border: 1px solid #aaa; padding: 0.2em 0.6em; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; } th { background: #eee; text-align: left; }
        code, pre { font-family: monospace; background: #f3f3f3; padding: 0.1em 0.3em; }
        pre { padding: 0.5em; overflow-x: auto; white-space: pre-wrap; }
        .divergence { border: 1px solid #bbb; padding: 0.5em 1em; margin: 1em 0; page-break-inside: avoid; }
        .divergence svg { max-width: 100%; height: auto; }
        @media print {
            body { max-width: none; } h2 { page-break-after: avoid; }
            pre { background: none; border: 1px solid #ccc; }
        }
        </style></head><body>
        <h1>LayoutLab report: \(e(experiment))</h1>

        """
    }

    /// The run: its experiment, status, code version, database and totals.
    func runSection() -> String {
        var h = ""
        h += "<section id=\"run\"><h2>Run</h2><table>"
        for (k, v) in [
            ("experiment", experiment), ("run", String(runID)), ("status", status), ("started", started),
            ("code version", codeVersion), ("database", database), ("divergences", String(totalDivergences)),
            ("unexplained", String(unexplained)),
        ] {
            h += "<tr><th>\(e(k))</th><td>\(e(v))</td></tr>"
        }
        h += "</table></section>\n"
        return h
    }

    /// Divergences by comparison: a table and its bars.
    func comparisonSection() -> String {
        var h = ""
        h +=
            "<section id=\"comparisons\"><h2>Divergences by comparison</h2><table><tr><th>comparison</th>"
            + "<th>units</th><th>view-steps</th><th>divergences</th><th>% of view-steps</th></tr>"
        for c in comparisons {
            h +=
                "<tr><td>\(e(c.label))</td><td class=\"n\">\(c.units)</td><td class=\"n\">\(c.viewSteps)</td><td "
                + "class=\"n\">\(c.divergences)</td><td class=\"n\">\(num(c.percent))</td></tr>"
        }
        h +=
            "</table>\n"
            + Charts.bars(
                comparisons.map { ($0.label, $0.divergences) }, title: "Divergences by comparison",
                id: "fig-comparisons") + "</section>\n"
        return h
    }

    /// Divergences by cause, by mask, by magnitude and by step, each a chart.
    func chartSections() -> String {
        var h = ""
        h +=
            "<section id=\"causes\"><h2>Divergences by cause</h2><p>A divergence may have several causes; "
            + "<code>unexplained</code> means none.</p>\n"
        h +=
            Charts.bars(causes.map { ($0.name, $0.count) }, title: "Divergences by cause", id: "fig-causes")
            + "</section>\n"

        h +=
            "<section id=\"masks\"><h2>Divergences by mask</h2><p>Columns: the flexible parts of the horizontal axis "
            + "(L, W, R: left margin, width, right margin); rows: those of the vertical axis (top, height, "
            + "bottom). Each cell prints its count; darker is more.</p>\n"
        h += Charts.heatMap(maskGrid, id: "fig-masks") + "</section>\n"

        h +=
            "<section id=\"magnitudes\"><h2>Distribution of magnitudes</h2><p>Largest edge difference of each "
            + "divergence, in points, by decade.</p>\n"
        h +=
            Charts.bars(
                magnitudes.map { ($0.label, $0.count) }, title: "Divergences by magnitude", id: "fig-magnitudes")
            + "</section>\n"

        h +=
            "<section id=\"steps\"><h2>Divergences by step</h2><p>How many divergences each step of the size sequences "
            + "has (step 1 is the first size applied).</p>\n"
        h +=
            Charts.bars(
                byStep.map { ("step \($0.step + 1)", $0.count) }, title: "Divergences by step index", id: "fig-steps")
            + "</section>\n"
        return h
    }

    /// The pictured sample, each divergence with the commands that replay, shrink and draw it. The
    /// section is closed by the caller, after the last.
    func divergenceSection() -> String {
        var h = ""
        h += "<section id=\"divergences\"><h2>Divergences, pictured</h2><p>\(e(sampling))</p>\n"
        for f in featured {
            h += "<div class=\"divergence\" id=\"d\(f.id)\"><h3>\(e(f.why)): divergence \(f.id)</h3>"
            h +=
                "<p>\(e(f.comparison)), view <code>\(e(f.view))</code>, step \(f.step + 1), magnitude "
                + "\(num(f.magnitude)) pt, causes <code>\(e(f.causes))</code></p>\n"
            h += f.pictureSVG
            h +=
                "<pre>layoutlab replay --db \(e(database)) \(f.id)\nlayoutlab shrink --db \(e(database)) "
                + "\(f.id)\nlayoutlab render --db \(e(database)) \(f.id) --steps all --out "
                + "d\(f.id).svg</pre></div>\n"
        }
        return h
    }
}

/// HTML-escaped text (the report's and the pictures' escaping are the same).
private func e(_ s: String) -> String { SVG.escape(s) }

/// A number as the report prints it: whole numbers without a point, others to three decimals.
private func num(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format3(v)) }

/// Three significant decimals without Foundation.
func format3(_ v: Double) -> String {
    guard v.isFinite else { return String(v) }
    let r = (v * 1000).rounded() / 1000
    return String(r)
}
