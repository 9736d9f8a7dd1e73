import Geometry
import ViewTree

/// The layers of a `DivergencePicture`'s SVG, each a list of elements in drawing order.
extension DivergencePicture {
    /// The drawing's size: every finite frame of both sides, room for the labels (about 6 units per
    /// character at font size 10), the caption and three legend lines.
    func canvas(_ m: Mapping, absA: [Rect], absB: [Rect], legendLines: [String]) -> (width: Double, height: Double) {
        var width = 0.0
        var height = 0.0
        for r in [Rect(x: 0, y: 0, width: superview.width, height: superview.height)] + absA + absB
        where [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0.isFinite }) {
            width = max(width, m.x(max(r.minX, r.maxX)))
            height = max(height, m.y(max(r.minY, r.maxY)))
        }
        for (i, v) in tree.views.enumerated() {
            let r = absA[i]
            guard r.minX.isFinite, r.maxX.isFinite else { continue }
            width = max(width, m.x(min(r.minX, r.maxX)) + 2 + 6 * Double(v.id.count + 12))
        }
        width = max(
            width, m.margin + 6 * Double(legendLines.map(\.count).max() ?? 0), m.margin + 6.5 * Double(caption.count))
        return (width + m.margin, height + m.margin + 44)
    }

    /// Labels: id and mask at A's top-left corner (B's when A's is not finite); `*` marks a diverging
    /// view. A label that would cover one already placed moves down a line, so clustered views stay
    /// legible. Returns the labels and how far down the lowest reaches.
    func labels(
        _ m: Mapping, absA: [Rect], absB: [Rect], diverging: Set<Int>
    ) -> (labels: [String], bottom: Double) {
        var labelBottom = 0.0
        var labels: [String] = []
        var placed: [(x: Double, y: Double, w: Double)] = []
        for (i, v) in tree.views.enumerated() {
            let r = [absA[i], absB[i]].first { $0.minX.isFinite && $0.minY.isFinite }
            guard let r else { continue }
            let mark = diverging.contains(i) ? " *" : ""
            let text = "\(v.id) \(v.mask.notation)\(mark)"
            let x = m.x(min(r.minX, r.maxX)) + 2
            let w = 6 * Double(text.count)
            var y = m.y(min(r.minY, r.maxY)) + 10
            var tries = 0
            while tries < 30, placed.contains(where: { abs($0.y - y) < 11 && x < $0.x + $0.w && $0.x < x + w }) {
                y += 11
                tries += 1
            }
            placed.append((x, y, w))
            labelBottom = max(labelBottom, y + 4)
            labels.append("<text x=\"\(SVG.n(x))\" y=\"\(SVG.n(y))\">" + SVG.escape(text) + "</text>")
        }
        return (labels, labelBottom)
    }

    /// The `<svg>` element's opening, its title (caption, sides and what diverges), the caption, and the
    /// superview: a light box with its size.
    func header(_ m: Mapping, width: Double, height: Double, diverging: Set<Int>) -> [String] {
        var s: [String] = []
        s.append(
            SVG.tag(
                "svg",
                [
                    ("xmlns", "http://www.w3.org/2000/svg"), ("width", SVG.n(width)), ("height", SVG.n(height)),
                    ("viewBox", "0 0 \(SVG.n(width)) \(SVG.n(height))"), ("role", "img"),
                    ("font-family", "sans-serif"), ("font-size", "10"),
                ], close: false))
        let summary =
            diverging.isEmpty
            ? "no view diverges" : "diverging: " + diverging.sorted().map { tree.views[$0].id }.joined(separator: ", ")
        let title =
            (caption.isEmpty ? "" : caption + ": ") + "A = \(labelA) (solid), B = \(labelB) (dashed); \(summary)"
        s.append("<title>\(SVG.escape(title))</title>")
        if !caption.isEmpty {
            s.append("<text x=\"\(SVG.n(m.margin))\" y=\"14\" font-size=\"12\">\(SVG.escape(caption))</text>")
        }
        s.append(
            SVG.tag(
                "rect",
                [
                    ("class", "superview"), ("x", SVG.n(m.x(0))), ("y", SVG.n(m.y(0))),
                    ("width", SVG.n(superview.width * m.zoom)), ("height", SVG.n(superview.height * m.zoom)),
                    ("fill", "#f4f4f4"), ("stroke", "#222"), ("stroke-width", "1"),
                ]))
        return s
    }

    /// The safe area's insets (bars, notch, home indicator) as grey bands, labelled; the root's
    /// margins as a thin dotted rectangle; each view's margins likewise inside its A frame.
    func insetShapes(_ m: Mapping, _ insets: Insets, absA: [Rect]) -> [String] {
        var s: [String] = []
        let sa = insets.rootSafeArea
        let W = superview.width
        let H = superview.height
        let bands = [
            ("safe-area top", 0.0, 0.0, W, sa.top), ("safe-area bottom", 0, H - sa.bottom, W, sa.bottom),
            ("safe-area left", 0, 0, sa.left, H), ("safe-area right", W - sa.right, 0, sa.right, H),
        ]
        for (name, x, y, w, h) in bands where w > 0 && h > 0 && [x, y, w, h].allSatisfy(\.isFinite) {
            s.append(
                SVG.tag(
                    "rect",
                    [
                        ("class", name), ("x", SVG.n(m.x(x))), ("y", SVG.n(m.y(y))), ("width", SVG.n(w * m.zoom)),
                        ("height", SVG.n(h * m.zoom)), ("fill", "#d8d8d8"), ("stroke", "none"),
                    ]))
        }
        if sa.top > 0 {
            s.append(
                "<text x=\"\(SVG.n(m.x(2)))\" y=\"\(SVG.n(m.y(0) + 10))\" fill=\"#444\">safe area inset "
                    + "\(SVG.n(sa.top))</text>"
            )
        }
        func marginRect(_ r: Rect, _ e: EdgeInsets, _ cls: String, _ view: String?) {
            let x = r.minX + e.left
            let y = r.minY + e.top
            let w = r.width - e.left - e.right
            let h = r.height - e.top - e.bottom
            guard w > 0, h > 0, [x, y, w, h].allSatisfy(\.isFinite) else { return }
            s.append(
                SVG.tag(
                    "rect",
                    [
                        ("class", cls), ("data-view", view ?? "superview"), ("x", SVG.n(m.x(x))),
                        ("y", SVG.n(m.y(y))),
                        ("width", SVG.n(w * m.zoom)), ("height", SVG.n(h * m.zoom)), ("fill", "none"),
                        ("stroke", "#2e7d32"), ("stroke-width", "0.8"), ("stroke-dasharray", "1 2"),
                    ]))
        }
        marginRect(Rect(x: 0, y: 0, width: W, height: H), insets.rootMargins, "margins", nil)
        for (i, e) in insets.margins.enumerated() where i < absA.count {
            marginRect(absA[i], e, "margins", tree.views[i].id)
        }
        return s
    }

    /// Both sides' frames: A solid and blue, B dashed and orange.
    func frameShapes(_ m: Mapping, absA: [Rect], absB: [Rect]) -> [String] {
        var s: [String] = []
        for (side, frames, style) in [
            ("a", absA, [("stroke", "#1b4f9c"), ("stroke-width", "1.5")]),
            ("b", absB, [("stroke", "#b3471d"), ("stroke-width", "1.5"), ("stroke-dasharray", "5 3")]),
        ] {
            for (i, r) in frames.enumerated() {
                let x0 = min(r.minX, r.maxX)
                let y0 = min(r.minY, r.maxY)
                guard [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0.isFinite }) else { continue }
                s.append(
                    SVG.tag(
                        "rect",
                        [
                            ("data-view", tree.views[i].id), ("data-side", side),
                            ("x", SVG.n(m.x(x0))), ("y", SVG.n(m.y(y0))),
                            ("width", SVG.n(abs(r.width) * m.zoom)), ("height", SVG.n(abs(r.height) * m.zoom)),
                            ("fill", "none"),
                        ] + style))
            }
        }
        return s
    }

    /// Diverging edges: B's edge wherever it is not where A's is, thick, dotted and red.
    func divergingEdges(_ m: Mapping, absA: [Rect], absB: [Rect], diverging: Set<Int>) -> [String] {
        var s: [String] = []
        for i in diverging.sorted() {
            let ra = absA[i]
            let rb = absB[i]
            let edges: [(Double, Double, Double, Double, Double, Double)] = [
                (ra.minX, rb.minX, rb.minX, rb.minY, rb.minX, rb.maxY),
                (ra.maxX, rb.maxX, rb.maxX, rb.minY, rb.maxX, rb.maxY),
                (ra.minY, rb.minY, rb.minX, rb.minY, rb.maxX, rb.minY),
                (ra.maxY, rb.maxY, rb.minX, rb.maxY, rb.maxX, rb.maxY),
            ]
            for (ea, eb, x1, y1, x2, y2) in edges
            where !(ea == eb || abs(ea - eb) <= tolerance)
                && [x1, y1, x2, y2].allSatisfy({ $0.isFinite })
            {
                s.append(
                    SVG.tag(
                        "line",
                        [
                            ("class", "diverging-edge"), ("data-view", tree.views[i].id),
                            ("x1", SVG.n(m.x(x1))), ("y1", SVG.n(m.y(y1))), ("x2", SVG.n(m.x(x2))),
                            ("y2", SVG.n(m.y(y2))),
                            ("stroke", "#d10000"), ("stroke-width", "3"), ("stroke-dasharray", "1 2"),
                        ]))
            }
        }
        return s
    }

    /// The legend: what each line style means, and the frames that could not be drawn.
    func legend(_ lines: [String], _ m: Mapping, absA: [Rect], absB: [Rect], height: Double) -> [String] {
        let unDrawn = tree.views.indices.filter { i in
            ![absA[i], absB[i]].allSatisfy { [$0.minX, $0.minY, $0.maxX, $0.maxY].allSatisfy(\.isFinite) }
        }
        var legend = lines
        if !unDrawn.isEmpty {
            legend[2] += "; not finite, not drawn: " + unDrawn.map { tree.views[$0].id }.joined(separator: ", ")
        }
        return legend.enumerated().map { k, line in
            "<text x=\"\(SVG.n(m.margin))\" y=\"\(SVG.n(height - 36 + 12 * Double(k)))\">\(SVG.escape(line))</text>"
        }
    }
}
