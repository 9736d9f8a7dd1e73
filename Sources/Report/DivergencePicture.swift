import Geometry
import ViewTree

/// One step of a comparison as a picture: the superview and every view's frame from both sides, side A
/// solid and side B dashed, the edges that differ beyond the tolerance marked. Value in, SVG text out:
/// the picture knows nothing of databases or terminals (`layoutlab render`, the HTML report).
///
/// Readable without colour: the sides differ by line style (solid, dashed) as well as colour, diverging
/// edges are thick and dotted as well as red, and every view carries its id and mask as selectable text.
public struct DivergencePicture: Sendable {
    public var tree: ViewTree
    public var superview: Size
    /// Frames in each view's parent coordinates (as the backends return them), in `tree.views` order.
    public var a: [Rect]
    public var b: [Rect]
    public var labelA: String
    public var labelB: String
    public var tolerance: Double
    /// A caption above the drawing (e.g. "step 3 of 10, superview 200×100").
    public var caption: String
    /// On request (`render --show-margins`): the root's safe area (bars included) and layout margins,
    /// and each view's layout margins, drawn inside side A's frames.
    public var insets: Insets?

    public struct Insets: Sendable {
        public var rootSafeArea: EdgeInsets
        public var rootMargins: EdgeInsets
        public var margins: [EdgeInsets]
        public init(rootSafeArea: EdgeInsets, rootMargins: EdgeInsets, margins: [EdgeInsets]) {
            (self.rootSafeArea, self.rootMargins, self.margins) = (rootSafeArea, rootMargins, margins)
        }
    }

    public init(
        tree: ViewTree, superview: Size, a: [Rect], b: [Rect], labelA: String, labelB: String, tolerance: Double,
        caption: String = "", insets: Insets? = nil
    ) {
        self.tree = tree
        self.superview = superview
        self.a = a
        self.b = b
        self.labelA = labelA
        self.labelB = labelB
        self.tolerance = tolerance
        self.caption = caption
        self.insets = insets
    }

    /// Frames in the superview's coordinates: each view's origin plus its ancestors' (parents come
    /// before children in `tree.views`).
    public static func absolute(_ frames: [Rect], in tree: ViewTree) -> [Rect] {
        var out = frames
        for i in frames.indices {
            if let p = tree.parentIndex[i] {
                out[i] = Rect(
                    x: out[p].x + frames[i].x, y: out[p].y + frames[i].y, width: frames[i].width,
                    height: frames[i].height)
            }
        }
        return out
    }

    /// The views whose two frames differ beyond the tolerance.
    public var diverging: [Int] {
        tree.views.indices.filter { a[$0].maxEdgeDifference(to: b[$0]) > tolerance }
    }

    /// Layout of the drawing: `point(x) = margin + (x − minX) · zoom`, so tests can find a frame's place.
    public struct Mapping: Sendable {
        public var minX: Double, minY: Double, zoom: Double, margin: Double, top: Double
        public func x(_ v: Double) -> Double { margin + (v - minX) * zoom }
        public func y(_ v: Double) -> Double { top + margin + (v - minY) * zoom }
    }

    /// Fits the superview and every finite frame into about `fit` drawing units on the longer side.
    public func mapping(fit: Double = 360) -> Mapping {
        var minX = 0.0
        var minY = 0.0
        var maxX = superview.width
        var maxY = superview.height
        for r in Self.absolute(a, in: tree) + Self.absolute(b, in: tree)
        where [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0.isFinite }) {
            minX = min(minX, r.minX, r.maxX)
            maxX = max(maxX, r.minX, r.maxX)
            minY = min(minY, r.minY, r.maxY)
            maxY = max(maxY, r.minY, r.maxY)
        }
        let span = max(maxX - minX, maxY - minY, 1)
        return Mapping(minX: minX, minY: minY, zoom: fit / span, margin: 24, top: caption.isEmpty ? 0 : 18)
    }

    /// The SVG document (or, with `standalone: false`, an `<svg>` element to inline in HTML).
    public func svg(standalone: Bool = true, fit: Double = 360) -> String {
        drawing(standalone: standalone, fit: fit).text
    }

    /// The SVG text and its size in drawing units.
    public func drawing(standalone: Bool = true, fit: Double = 360) -> (text: String, width: Double, height: Double) {
        let m = mapping(fit: fit)
        let absA = Self.absolute(a, in: tree)
        let absB = Self.absolute(b, in: tree)
        let diverging = Set(self.diverging)
        var width = 0.0
        var height = 0.0
        for r in [Rect(x: 0, y: 0, width: superview.width, height: superview.height)] + absA + absB
        where [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0.isFinite }) {
            width = max(width, m.x(max(r.minX, r.maxX)))
            height = max(height, m.y(max(r.minY, r.maxY)))
        }
        // Room for the labels (about 6 units per character at font size 10) and three legend lines.
        for (i, v) in tree.views.enumerated() {
            let r = absA[i]
            guard r.minX.isFinite, r.maxX.isFinite else { continue }
            width = max(width, m.x(min(r.minX, r.maxX)) + 2 + 6 * Double(v.id.count + 12))
        }
        var legendLines = ["solid: A = \(labelA)", "dashed: B = \(labelB)", "red, thick, dotted: a diverging edge"]
        if insets != nil { legendLines[2] += "; green dotted: layout margins; grey bands: safe-area insets" }
        width = max(
            width, m.margin + 6 * Double(legendLines.map(\.count).max() ?? 0), m.margin + 6.5 * Double(caption.count))
        width += m.margin
        height += m.margin + 44
        var labelBottom = 0.0
        // Labels: id and mask at A's top-left corner (B's when A's is not finite); `*` marks a diverging
        // view. A label that would cover one already placed moves down a line, so clustered views stay legible.
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
        height = max(height, labelBottom + m.margin + 44)
        var s: [String] = []
        if standalone { s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") }
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
        // The superview: a light box with its size.
        s.append(
            SVG.tag(
                "rect",
                [
                    ("class", "superview"), ("x", SVG.n(m.x(0))), ("y", SVG.n(m.y(0))),
                    ("width", SVG.n(superview.width * m.zoom)), ("height", SVG.n(superview.height * m.zoom)),
                    ("fill", "#f4f4f4"), ("stroke", "#222"), ("stroke-width", "1"),
                ]))
        if let insets {
            // The safe area's insets (bars, notch, home indicator) as grey bands, labelled; the root's
            // margins as a thin dotted rectangle; each view's margins likewise inside its A frame.
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
            let absA = Self.absolute(a, in: tree)
            for (i, e) in insets.margins.enumerated() where i < absA.count {
                marginRect(absA[i], e, "margins", tree.views[i].id)
            }
        }
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
        // Diverging edges: B's edge wherever it is not where A's is, thick, dotted and red.
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
        s.append(contentsOf: labels)
        // Legend: what each line style means, and frames that could not be drawn.
        let unDrawn = tree.views.indices.filter { i in
            ![absA[i], absB[i]].allSatisfy { [$0.minX, $0.minY, $0.maxX, $0.maxY].allSatisfy(\.isFinite) }
        }
        var legend = legendLines
        if !unDrawn.isEmpty {
            legend[2] += "; not finite, not drawn: " + unDrawn.map { tree.views[$0].id }.joined(separator: ", ")
        }
        for (k, line) in legend.enumerated() {
            s.append(
                "<text x=\"\(SVG.n(m.margin))\" y=\"\(SVG.n(height - 36 + 12 * Double(k)))\">\(SVG.escape(line))</text>"
            )
        }
        s.append("</svg>")
        return (s.joined(separator: "\n") + "\n", width, height)
    }

    /// Several steps side by side (`--steps all`): a path-dependent divergence followed step by step.
    public static func strip(_ pictures: [DivergencePicture], fit: Double = 220) -> String {
        var x = 0.0
        var height = 0.0
        var parts: [String] = []
        for p in pictures {
            let (inner, w, h) = p.drawing(standalone: false, fit: fit)
            parts.append("<g transform=\"translate(\(SVG.n(x)),0)\">\n\(inner)</g>")
            x += w + 8
            height = max(height, h)
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + SVG.tag(
                "svg",
                [
                    ("xmlns", "http://www.w3.org/2000/svg"), ("width", SVG.n(x)), ("height", SVG.n(height)),
                    ("viewBox", "0 0 \(SVG.n(x)) \(SVG.n(height))"), ("font-family", "sans-serif"), ("font-size", "10"),
                ], close: false)
            + "\n" + parts.joined(separator: "\n") + "\n</svg>\n"
    }
}
