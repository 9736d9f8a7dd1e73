/// The report's plots as inline SVG. Every bar carries its number as text and a hatch pattern as well
/// as a colour, so the plots read in grey and on paper.
enum Charts {
    static let patterns = """
        <defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
        <rect width="6" height="6" fill="#9db8df"/>\
        <line x1="0" y1="0" x2="0" y2="6" stroke="#1b4f9c" stroke-width="2"/></pattern></defs>
        """

    /// Horizontal bars: one row per (label, value), the value printed at the bar's end.
    static func bars(_ rows: [(label: String, value: Int)], title: String, id: String) -> String {
        let labelWidth = 7.0 * Double(min(60, rows.map(\.label.count).max() ?? 10)) + 10
        let barMax = 360.0
        let rowH = 18.0
        let top = rows.map(\.value).max() ?? 0
        let height = Double(rows.count) * rowH + 10
        var s =
            SVG.tag(
                "svg",
                [
                    ("xmlns", "http://www.w3.org/2000/svg"), ("id", id), ("class", "figure"), ("role", "img"),
                    ("width", SVG.n(labelWidth + barMax + 80)), ("height", SVG.n(height)),
                    ("font-family", "sans-serif"),
                    ("font-size", "11"),
                ], close: false) + "<title>\(SVG.escape(title))</title>" + patterns
        for (k, r) in rows.enumerated() {
            let y = 5 + Double(k) * rowH
            let w = top > 0 ? barMax * Double(r.value) / Double(top) : 0
            s +=
                "<text x=\"\(SVG.n(labelWidth - 6))\" y=\"\(SVG.n(y + 12))\" "
                + "text-anchor=\"end\">\(SVG.escape(String(r.label.prefix(60))))</text>"
            s += SVG.tag(
                "rect",
                [
                    ("x", SVG.n(labelWidth)), ("y", SVG.n(y + 2)), ("width", SVG.n(max(w, r.value > 0 ? 1 : 0))),
                    ("height", "13"), ("fill", "url(#hatch)"), ("stroke", "#1b4f9c"),
                ])
            s += "<text x=\"\(SVG.n(labelWidth + w + 5))\" y=\"\(SVG.n(y + 12))\">\(r.value)</text>"
        }
        return s + "</svg>"
    }

    static let partNames = ["none", "L", "W", "LW", "R", "LR", "WR", "LWR"]

    /// The 8×8 mask heat map: columns the horizontal part set, rows the vertical (T, H, B as L, W, R);
    /// darker is more, and every cell prints its count.
    static func heatMap(_ grid: [[Int]], id: String) -> String {
        let cell = 46.0
        let left = 60.0
        let top = 66.0
        let peak = grid.flatMap { $0 }.max() ?? 0
        var s =
            SVG.tag(
                "svg",
                [
                    ("xmlns", "http://www.w3.org/2000/svg"), ("id", id), ("class", "figure"), ("role", "img"),
                    ("width", SVG.n(left + 8 * cell + 10)), ("height", SVG.n(top + 8 * cell + 10)),
                    ("font-family", "sans-serif"), ("font-size", "11"),
                ], close: false)
            + "<title>Divergences by mask: horizontal part set (columns) × vertical part set (rows)</title>"
        s += "<text x=\"\(SVG.n(left))\" y=\"14\">columns: horizontal flexible parts (L, W, R) →</text>"
        s += "<text x=\"\(SVG.n(left))\" y=\"30\">rows: vertical flexible parts (T, H, B written as L, W, R) ↓</text>"
        for k in 0..<8 {
            s +=
                "<text x=\"\(SVG.n(left + Double(k) * cell + cell / 2))\" y=\"\(SVG.n(top - 8))\" "
                + "text-anchor=\"middle\">\(partNames[k])</text>"
            s +=
                "<text x=\"\(SVG.n(left - 6))\" y=\"\(SVG.n(top + Double(k) * cell + cell / 2 + 4))\" "
                + "text-anchor=\"end\">\(partNames[k])</text>"
        }
        for h in 0..<8 {
            for v in 0..<8 {
                let count = grid[h][v]
                let level = peak > 0 ? Double(count) / Double(peak) : 0
                let shade = Int(245 - 200 * level)
                let fill = "rgb(\(shade),\(shade),\(min(255, shade + 30)))"
                s += SVG.tag(
                    "rect",
                    [
                        ("x", SVG.n(left + Double(h) * cell)), ("y", SVG.n(top + Double(v) * cell)),
                        ("width", SVG.n(cell)),
                        ("height", SVG.n(cell)), ("fill", fill), ("stroke", "#888"),
                    ])
                s +=
                    "<text x=\"\(SVG.n(left + Double(h) * cell + cell / 2))\" "
                    + "y=\"\(SVG.n(top + Double(v) * cell + cell / 2 + 4))\" "
                    + "text-anchor=\"middle\" fill=\"\(level > 0.55 ? "#fff" : "#000")\">\(count)</text>"
            }
        }
        return s + "</svg>"
    }
}
