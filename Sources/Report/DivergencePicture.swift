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

    /// The SVG text and its size in drawing units: the superview, the insets on request, both sides'
    /// frames, the diverging edges, the labels and the legend, in that order (later on top).
    public func drawing(standalone: Bool = true, fit: Double = 360) -> (text: String, width: Double, height: Double) {
        let m = mapping(fit: fit)
        let absA = Self.absolute(a, in: tree)
        let absB = Self.absolute(b, in: tree)
        var legendLines = ["solid: A = \(labelA)", "dashed: B = \(labelB)", "red, thick, dotted: a diverging edge"]
        if insets != nil { legendLines[2] += "; green dotted: layout margins; grey bands: safe-area insets" }
        var (width, height) = canvas(m, absA: absA, absB: absB, legendLines: legendLines)
        let diverging = Set(self.diverging)
        let (labels, labelBottom) = self.labels(m, absA: absA, absB: absB, diverging: diverging)
        height = max(height, labelBottom + m.margin + 44)
        var s: [String] = []
        if standalone { s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") }
        s += header(m, width: width, height: height, diverging: diverging)
        if let insets { s += insetShapes(m, insets, absA: absA) }
        s += frameShapes(m, absA: absA, absB: absB)
        s += divergingEdges(m, absA: absA, absB: absB, diverging: diverging)
        s += labels
        s += legend(legendLines, m, absA: absA, absB: absB, height: height)
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
