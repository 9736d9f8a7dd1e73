import Geometry

/// A conflict log's views as a picture (`layoutlab log --svg`): every view's rectangle with its name,
/// and the edges and sizes the conflicting constraints bind marked with the constraints' numbers.
/// Value in, SVG text out. Readable without colour: marks are thick and dashed as well as red.
public struct ConflictPicture: Sendable {
    public struct View: Sendable {
        public var name: String
        /// In the picture's coordinates (top-left origin).
        public var rect: Rect
        public init(name: String, rect: Rect) { (self.name, self.rect) = (name, rect) }
    }

    /// A constraint's mark: a segment along the edge or across the size it binds, labelled.
    public struct Mark: Sendable {
        public var from: Point
        public var to: Point
        public var label: String
        public init(from: Point, to: Point, label: String) { (self.from, self.to, self.label) = (from, to, label) }
    }

    public var views: [View]
    public var marks: [Mark]
    public var caption: String

    public init(views: [View], marks: [Mark], caption: String) {
        self.views = views
        self.marks = marks
        self.caption = caption
    }

    public var svg: String {
        let pad = 24.0
        let captionHeight = 28.0
        var minX = 0.0
        var minY = 0.0
        var maxX = 1.0
        var maxY = 1.0
        for v in views {
            minX = min(minX, v.rect.minX)
            minY = min(minY, v.rect.minY)
            maxX = max(maxX, v.rect.maxX)
            maxY = max(maxY, v.rect.maxY)
        }
        // Small layouts drawn larger (up to 4×) so their marks and names stay apart; wide enough for the
        // caption (about 6.5 points a character at 13 points).
        let scale = min(4, max(1, 360 / max(maxX - minX, maxY - minY)))
        let width = max((maxX - minX) * scale + 2 * pad, Double(caption.count) * 6.5 + 2 * pad)
        let height = (maxY - minY) * scale + 2 * pad + captionHeight
        func x(_ v: Double) -> String { SVG.n((v - minX) * scale + pad) }
        func y(_ v: Double) -> String { SVG.n((v - minY) * scale + pad + captionHeight) }
        func len(_ v: Double) -> String { SVG.n(max(0, v) * scale) }
        var out = [
            SVG.tag(
                "svg",
                [
                    ("xmlns", "http://www.w3.org/2000/svg"), ("width", SVG.n(width)), ("height", SVG.n(height)),
                    ("viewBox", "0 0 \(SVG.n(width)) \(SVG.n(height))"), ("font-family", "sans-serif"),
                    ("font-size", "11"),
                ], close: false),
            SVG.tag("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")]),
            SVG.tag("text", [("x", SVG.n(pad)), ("y", "18"), ("font-size", "13")], close: false)
                + SVG.escape(caption) + "</text>",
        ]
        for v in views {
            out.append(
                SVG.tag(
                    "rect",
                    [
                        ("x", x(v.rect.minX)), ("y", y(v.rect.minY)), ("width", len(v.rect.width)),
                        ("height", len(v.rect.height)), ("fill", "none"), ("stroke", "#333"),
                        ("stroke-width", "1"),
                    ]))
            out.append(
                SVG.tag(
                    "text",
                    [
                        ("x", SVG.n(Double(x(v.rect.minX))! + 3)), ("y", SVG.n(Double(y(v.rect.minY))! + 13)),
                        ("fill", "#333"),
                    ], close: false)
                    + SVG.escape(v.name) + "</text>")
        }
        for m in marks {
            out.append(
                SVG.tag(
                    "line",
                    [
                        ("x1", x(m.from.x)), ("y1", y(m.from.y)), ("x2", x(m.to.x)), ("y2", y(m.to.y)),
                        ("stroke", "#d00"), ("stroke-width", "3"), ("stroke-dasharray", "6 3"),
                    ]))
            // The label sits along the mark, each constraint's at its own place (its number sets it).
            let k = Double(Int(m.label) ?? 0)
            let along = 0.2 + 0.6 * (k.truncatingRemainder(dividingBy: 7)) / 7
            let mid = Point(x: m.from.x + (m.to.x - m.from.x) * along, y: m.from.y + (m.to.y - m.from.y) * along)
            out.append(
                SVG.tag(
                    "text",
                    [
                        ("x", SVG.n(Double(x(mid.x))! + 4)), ("y", SVG.n(Double(y(mid.y))! - 3)), ("fill", "#d00"),
                        ("font-weight", "bold"),
                    ], close: false)
                    + SVG.escape(m.label) + "</text>")
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }
}
