import AutoLayout
import GNUstepAutoLayout
import Geometry
import Scenario
import Testing

/// Each deviation of GNUstep master, on a scenario of our own where it alone changes the layout:
/// with every switch off the emulation gives Apple's frames (those the lab's `autolayout/appkit`
/// gives too), with only this switch on it gives GNUstep's (worked out from GNUstep's source in each
/// case's comment), and every other switch alone leaves Apple's frames as they are.
@Suite("GNUstep deviations, one switch at a time")
struct DeviationSwitchTests {
    struct Case {
        var deviation: Deviation
        var scenario: String
        var sizes: [Size]
        /// The view whose frame the switch changes, Apple's frame and GNUstep's after the last size.
        var view: String
        var apple: Rect
        var gnustep: Rect
        /// Why the lab's `autolayout/appkit` is not held to Apple's frame here (nil: it is).
        var labDiffers: String? = nil
    }

    /// The lab's Auto Layout solves a view that no constraint names, as every variable of an
    /// ambiguous layout, to zero; the emulation with every switch off leaves it where it was.
    static let unnamedView = "the lab's Auto Layout puts a view no constraint names at its variables' zero"

    static func size(_ w: Double, _ h: Double) -> Size { Size(width: w, height: h) }

    static let cases: [Case] = [
        // `top == superview.top + 20`: GNUstep ties top to maxY and pins the root's bottom (minY) at 0,
        // so the view's maxY is 480 + 20 and its y is 500 − 44.
        Case(
            deviation: .yUp,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[{"id":"bar","frame":[10,20,300,44],"translatesMask":false}],
                 "constraints":[{"item1":"bar","attr1":"leading","relation":"==","item2":"superview","attr2":"leading","constant":10},
                                {"item1":"bar","attr1":"top","relation":"==","item2":"superview","attr2":"top","constant":20},
                                {"item1":"bar","attr1":"width","relation":"==","constant":100},
                                {"item1":"bar","attr1":"height","relation":"==","constant":44}]}
                """, sizes: [size(320, 480)], view: "bar",
            apple: Rect(x: 10, y: 20, width: 100, height: 44), gnustep: Rect(x: 10, y: 456, width: 100, height: 44)),
        // `inner.leading == outer.leading + 10` relates the two variables as they are: inner's minX is
        // outer's minX (20) plus 10, and -layout reads 30 as inner's x in outer.
        Case(
            deviation: .sharedCoordinates,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[
                  {"id":"outer","frame":[20,20,200,200],"translatesMask":false},
                  {"id":"inner","parent":"outer","frame":[10,10,50,50],"translatesMask":false}],
                 "constraints":[{"item1":"outer","attr1":"left","relation":"==","item2":"superview","attr2":"left","constant":20},
                                {"item1":"outer","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"outer","attr1":"width","relation":"==","constant":200},
                                {"item1":"outer","attr1":"height","relation":"==","constant":200},
                                {"item1":"inner","attr1":"leading","relation":"==","item2":"outer","attr2":"leading","constant":10},
                                {"item1":"inner","attr1":"centerY","relation":"==","item2":"outer","attr2":"centerY"},
                                {"item1":"inner","attr1":"width","relation":"==","constant":50},
                                {"item1":"inner","attr1":"height","relation":"==","constant":50}]}
                """, sizes: [size(320, 480)], view: "inner",
            apple: Rect(x: 10, y: 75, width: 50, height: 50), gnustep: Rect(x: 30, y: 215, width: 50, height: 50)),
        // Three widths of 100 at 250 against one of 200 at 500: as weights, 3 × 250 × |w − 100| + 500 ×
        // |w − 200| is least at 100; in priority order the 500 is met.
        Case(
            deviation: .priorityWeights,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[{"id":"a","frame":[10,0,100,20],"translatesMask":false}],
                 "constraints":[{"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"leading","constant":10},
                                {"item1":"a","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"a","attr1":"height","relation":"==","constant":20},
                                {"item1":"a","attr1":"width","relation":"==","constant":200,"priority":500},
                                {"item1":"a","attr1":"width","relation":"==","constant":100,"priority":250},
                                {"item1":"a","attr1":"width","relation":"==","constant":100,"priority":250},
                                {"item1":"a","attr1":"width","relation":"==","constant":100,"priority":250}]}
                """, sizes: [size(320, 480)], view: "a",
            apple: Rect(x: 10, y: 230, width: 200, height: 20), gnustep: Rect(x: 10, y: 230, width: 100, height: 20)),
        // Compression resistance 900 against `width <= 50` at 800: Apple keeps the intrinsic 100; GNUstep's
        // intrinsic variable, held at strength 750, gives way first, and the width follows it to 50.
        Case(
            deviation: .contentCap,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[{"id":"a","frame":[10,0,100,20],"translatesMask":false,
                   "intrinsicContentSize":[100,null],"contentCompressionResistancePriority":{"horizontal":900}}],
                 "constraints":[{"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"leading","constant":10},
                                {"item1":"a","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"a","attr1":"height","relation":"==","constant":20},
                                {"item1":"a","attr1":"width","relation":"<=","constant":50,"priority":800}]}
                """, sizes: [size(320, 480)], view: "a",
            apple: Rect(x: 10, y: 230, width: 100, height: 20), gnustep: Rect(x: 10, y: 230, width: 50, height: 20)),
        // `left == superview.left + 10.1`: GNUstep's tableau holds the constant as a float, so the solved
        // x is Float(10.1) = 10.100000381469727.
        Case(
            deviation: .float32,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[{"id":"a","frame":[10,0,100,20],"translatesMask":false}],
                 "constraints":[{"item1":"a","attr1":"left","relation":"==","item2":"superview","attr2":"left","constant":10.1},
                                {"item1":"a","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"a","attr1":"height","relation":"==","constant":20},
                                {"item1":"a","attr1":"width","relation":"==","constant":100}]}
                """, sizes: [size(400, 480)], view: "a",
            apple: Rect(x: 10.1, y: 230, width: 100, height: 20),
            gnustep: Rect(x: Double(Float(10.1)), y: 230, width: 100, height: 20)),
        // A mask of 0 translates into nothing: only `width == 50 @250` and `left == superview.left + 20`
        // name the view, so its width gives way to nothing and its vertical variables are free (0).
        // Apple's translation holds the frame, which outweighs the @250 width.
        Case(
            deviation: .emptyMask,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[{"id":"e","frame":[20,40,100,30],"mask":0}],
                 "constraints":[{"item1":"e","attr1":"width","relation":"==","constant":50,"priority":250},
                                {"item1":"e","attr1":"left","relation":"==","item2":"superview","attr2":"left","constant":20}]}
                """, sizes: [size(400, 480)], view: "e",
            apple: Rect(x: 20, y: 40, width: 100, height: 30), gnustep: Rect(x: 20, y: 0, width: 50, height: 0)),
        // A view without constraints next to one the resize moves: -layout of the root gives it the zero
        // rectangle.
        Case(
            deviation: .untrackedZero,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[
                  {"id":"w","frame":[10,10,300,40],"mask":["flexibleWidth"]},
                  {"id":"lonely","frame":[100,100,80,20],"translatesMask":false}]}
                """, sizes: [size(400, 480)], view: "lonely",
            apple: Rect(x: 100, y: 100, width: 80, height: 20), gnustep: .zero, labDiffers: unnamedView),
        // A subview without constraints but with a flexible width, in a view the engine widens by 160:
        // GNUstep's -setFrame: autoresizes it (290 + 160); under Auto Layout it stays.
        Case(
            deviation: .springs,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[
                  {"id":"p","frame":[10,10,300,100],"mask":["flexibleWidth"]},
                  {"id":"c","parent":"p","frame":[5,5,290,10],"mask":["flexibleWidth"],"translatesMask":false}]}
                """, sizes: [size(480, 480)], view: "c",
            apple: Rect(x: 5, y: 5, width: 290, height: 10), gnustep: Rect(x: 5, y: 5, width: 450, height: 10),
            labDiffers: unnamedView),
        // `width == superview.width − 400` at 320 is −80; -setFrame: makes it 0.
        Case(
            deviation: .clamp,
            scenario: """
                {"superview":{"width":320,"height":480},"views":[{"id":"n","frame":[8,8,10,21],"translatesMask":false}],
                 "constraints":[{"item1":"n","attr1":"leading","relation":"==","item2":"superview","attr2":"leading","constant":8},
                                {"item1":"n","attr1":"width","relation":"==","item2":"superview","attr2":"width","constant":-400},
                                {"item1":"n","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"n","attr1":"height","relation":"==","constant":20}]}
                """, sizes: [size(320, 480)], view: "n",
            apple: Rect(x: 8, y: 230, width: -80, height: 20), gnustep: Rect(x: 8, y: 230, width: 0, height: 20)),
        // Right to left, `leading == superview.leading + 8`: Apple's leading edge is the right one
        // (400 − 8 − 60 = 332); GNUstep's is the left one.
        Case(
            deviation: .leadingIsLeft,
            scenario: """
                {"superview":{"width":320,"height":100},"layoutDirection":"rightToLeft",
                 "views":[{"id":"a","frame":[252,8,60,21],"translatesMask":false}],
                 "constraints":[{"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"leading","constant":8},
                                {"item1":"a","attr1":"width","relation":"==","constant":60},
                                {"item1":"a","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"a","attr1":"height","relation":"==","constant":20}]}
                """, sizes: [size(400, 100)], view: "a",
            apple: Rect(x: 332, y: 40, width: 60, height: 20), gnustep: Rect(x: 8, y: 40, width: 60, height: 20)),
        // `h=-&&` from x 10, width 100, right margin 100 in 210 to 370: GNUstep keeps the right margin
        // (100), so the width takes all 160; Apple shares it with the margin in proportion (100/200).
        Case(
            deviation: .maskForms,
            scenario: """
                {"superview":{"width":210,"height":480},"views":[{"id":"q","frame":[10,20,100,40],"mask":"h=-&& v=---"}]}
                """, sizes: [size(370, 480)], view: "q",
            apple: Rect(x: 10, y: 20, width: 180, height: 40),
            gnustep: Rect(x: 10, y: 20, width: 260, height: 40)),
    ]

    static func only(_ d: Deviation) -> GNUstepDeviations { GNUstepDeviations([d]) }

    static func last(_ s: Scenario, _ sizes: [Size], _ d: GNUstepDeviations, _ view: String) throws -> Rect {
        let frames = try GNUstepAutoLayoutModel.layout(s, sizes: sizes, deviations: d).get()
        let i = try #require(s.tree.views.firstIndex { $0.id == view })
        return frames.last![i]
    }

    static func close(_ a: Rect, _ b: Rect) -> Bool { a.maxEdgeDifference(to: b) <= 1e-9 }

    @Test(arguments: cases)
    func switchAloneChangesTheLayout(_ c: Case) throws {
        let s = try Scenario(json: c.scenario)
        let apple = try Self.last(s, c.sizes, .none, c.view)
        #expect(Self.close(apple, c.apple), "all off: \(apple), Apple's rules: \(c.apple)")
        if let reason = c.labDiffers {
            print("\(c.deviation): the lab's autolayout/appkit not compared: \(reason)")
        } else {
            let lab = AutoLayout.layout(
                s.tree, constraints: s.constraints, through: c.sizes,
                configuration: AutoLayoutConfiguration(translation: .appkit, timing: .once))
            let i = try #require(s.tree.views.firstIndex { $0.id == c.view })
            #expect(Self.close(lab.last!.tree.frames[i], c.apple), "the lab's autolayout/appkit")
        }
        let gnustep = try Self.last(s, c.sizes, Self.only(c.deviation), c.view)
        #expect(Self.close(gnustep, c.gnustep), "\(c.deviation) alone: \(gnustep), GNUstep: \(c.gnustep)")
        for other in Deviation.allCases where other != c.deviation {
            let frame = try Self.last(s, c.sizes, Self.only(other), c.view)
            #expect(Self.close(frame, c.apple), "\(other) alone moved \(c.view) to \(frame)")
        }
    }
}

extension DeviationSwitchTests.Case: CustomTestStringConvertible {
    var testDescription: String { deviation.rawValue }
}
