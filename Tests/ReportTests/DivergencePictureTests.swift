import Geometry
import LabXML
import Report
import Testing
import ViewTree

/// The SVG of a divergence: well-formed XML, frames where they belong, diverging edges marked.
@Suite("Divergence pictures")
struct DivergencePictureTests {
    /// (A mask's fixed axis prints `--&`, as Apple prints it.) a (20,10 100×50) holds b at (5,5); side B moves b's right edge by 7 and leaves a alone.
    static func picture(caption: String = "step 1 of 1") throws -> DivergencePicture {
        let tree = try ViewTree(
            superviewSize: Size(width: 200, height: 100),
            views: [
                View(
                    id: "a", frame: Rect(x: 20, y: 10, width: 100, height: 50),
                    mask: AutoresizingMask(notation: "h=-&- v=---")!),
                View(
                    id: "b & <c>", parentID: "a", frame: Rect(x: 5, y: 5, width: 30, height: 20),
                    mask: AutoresizingMask(notation: "h=&-& v=---")!),
            ])
        let a = [Rect(x: 20, y: 10, width: 100, height: 50), Rect(x: 5, y: 5, width: 30, height: 20)]
        let b = [Rect(x: 20, y: 10, width: 100, height: 50), Rect(x: 5, y: 5, width: 37, height: 20)]
        return DivergencePicture(
            tree: tree, superview: Size(width: 200, height: 100), a: a, b: b,
            labelA: "springs/documented", labelB: "autolayout/ios6-12/once", tolerance: 1e-6, caption: caption)
    }

    /// Coordinates are printed to 1/100 of a unit.
    func near(_ text: String?, _ value: Double) -> Bool {
        text.flatMap(Double.init).map { abs($0 - value) <= 0.005 } ?? false
    }

    func rects(_ root: XMLElement, side: String) -> [String: XMLElement] {
        Dictionary(
            uniqueKeysWithValues: root.descendants().filter { $0.name == "rect" && $0["data-side"] == side }.map {
                ($0["data-view"]!, $0)
            })
    }

    @Test func framesAreDrawnInTheSuperviewsCoordinates() throws {
        let p = try Self.picture()
        let root = try XMLReader.parse(p.svg())
        #expect(root.name == "svg")
        let m = p.mapping()
        // 360 units for the 200-point span: 1.8 units per point, 24 units of margin, 18 for the caption.
        #expect(m.zoom == 1.8)
        let b = try #require(rects(root, side: "a")["b & <c>"])
        // b's absolute origin is a's plus its own: (25, 15).
        #expect(near(b["x"], 24 + 25 * 1.8))
        #expect(near(b["y"], 18 + 24 + 15 * 1.8))
        #expect(near(b["width"], 30 * 1.8))
        let bB = try #require(rects(root, side: "b")["b & <c>"])
        #expect(near(bB["width"], 37 * 1.8))
        #expect(bB["stroke-dasharray"] != nil && b["stroke-dasharray"] == nil)
    }

    @Test func onlyTheMovedEdgeIsMarkedAndLabelsAreText() throws {
        let p = try Self.picture()
        #expect(p.diverging == [1])
        let root = try XMLReader.parse(p.svg())
        let edges = root.descendants().filter { $0.name == "line" && $0["class"] == "diverging-edge" }
        #expect(edges.count == 1)
        // B's right edge of b: x = 24 + (25 + 37)·1.8, vertical from y 15 to 35.
        #expect(near(edges[0]["x1"], 24 + 62 * 1.8) && edges[0]["x1"] == edges[0]["x2"])
        let texts = root.descendants().filter { $0.name == "text" }.map(\.text)
        #expect(texts.contains("b & <c> h=&-& v=--& *"))
        #expect(texts.contains("a h=-&- v=--&"))
        #expect(texts.contains("dashed: B = autolayout/ios6-12/once"))
    }

    @Test func aStripHoldsEveryStep() throws {
        let p = try Self.picture()
        let strip = DivergencePicture.strip([p, p, p])
        let root = try XMLReader.parse(strip)
        #expect(root.children("g").count == 3)
        #expect(root.descendants().filter { $0.name == "svg" }.count == 3)
    }

    @Test func nonFiniteFramesAreNamedNotDrawn() throws {
        var p = try Self.picture()
        p.b[1] = Rect(x: .nan, y: 5, width: 30, height: 20)
        let root = try XMLReader.parse(p.svg())
        #expect(rects(root, side: "b")["b & <c>"] == nil)
        #expect(
            root.descendants().contains { $0.name == "text" && $0.text.hasSuffix("not finite, not drawn: b & <c>") })
    }

    /// On request the safe area is a band and each view's margins a rectangle inside its A frame.
    @Test func marginsAndSafeAreaAreDrawnOnRequest() throws {
        var p = try Self.picture()
        #expect(try XMLReader.parse(p.svg()).descendants().allSatisfy { $0["class"] != "margins" })
        p.insets = DivergencePicture.Insets(
            rootSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
            rootMargins: EdgeInsets(top: 28, left: 16, bottom: 8, right: 16),
            margins: [EdgeInsets(top: 8, left: 8, bottom: 8, right: 8), .zero])
        let root = try XMLReader.parse(p.svg())
        let band = try #require(root.descendants().first { $0["class"] == "safe-area top" })
        #expect(near(band["height"], 20 * 1.8) && near(band["y"], 18 + 24))
        let a = try #require(root.descendants().first { $0["class"] == "margins" && $0["data-view"] == "a" })
        // a at (20, 10) 100×50, margins 8: (28, 18) 84×34.
        #expect(near(a["x"], 24 + 28 * 1.8) && near(a["width"], 84 * 1.8) && near(a["height"], 34 * 1.8))
        let superview = try #require(
            root.descendants().first { $0["class"] == "margins" && $0["data-view"] == "superview" })
        #expect(near(superview["width"], (200 - 32) * 1.8))
    }
}
