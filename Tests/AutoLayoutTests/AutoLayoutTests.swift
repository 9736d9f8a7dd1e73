import AutoLayout
import ConstraintModel
import Geometry
import Scenario
import Springs
import TestSupport
import Testing
import Translation
import ViewTree

@Suite("Auto Layout backend")
struct AutoLayoutTests {
    static let start = Rect(x: 160, y: 10, width: 80, height: 30)
    static let wider = [Size(width: 480, height: 480)]

    /// x=160 w=80 in 320 → 480, by hand: modern L+W scales both by (S' − R)/(L + W) = 400/240;
    /// ios7 L+R keeps the centre at 0.625·480 = 300; modern L+R keeps the margins' proportion.
    @Test func framesUnderEachTranslation() {
        func run(_ letters: String, _ policy: TranslationPolicy) -> Rect {
            frame(
                of: AutoLayout.layout(
                    oneView(Self.start, hMask(letters)), constraints: [], through: Self.wider,
                    configuration: AutoLayoutConfiguration(translation: policy)
                ).last!.tree, "v")
        }
        let lw = run("LW", .modern)
        #expect(abs(lw.x - 160 * 400 / 240) < 1e-9 && abs(lw.width - 80 * 400 / 240) < 1e-9)
        #expect(run("LR", .ios6to12) == Rect(x: 260, y: 10, width: 80, height: 30))
        let lr = run("LR", .modern)
        #expect(abs(lr.x - 160.0 / 240 * 400) < 1e-9 && lr.width == 80)
        #expect(abs(run("LWR", .ios6to12).x - 240) < 1e-9)
        #expect(run("W", .appkit) == Rect(x: 160, y: 10, width: 240, height: 30))
    }

    /// AppKit's Float32 multiplier shows in the frame: minX = m₃₂·480 − m·80 instead of (2/3)·400.
    @Test func appkitFloat32MultiplierIsVisible() {
        let steps = AutoLayout.layout(
            oneView(Self.start, hMask("LR")), constraints: [], through: Self.wider,
            configuration: AutoLayoutConfiguration(translation: .appkit))
        let x = frame(of: steps[0].tree, "v").x
        let exact = 2.0 / 3.0 * 400
        let predicted = Double(Float(2.0 / 3.0)) * 480 - 2.0 / 3.0 * 80
        #expect(abs(x - predicted) < 1e-9)
        #expect(abs(x - exact) > 1e-6)  // about 9.5e-6 off
    }

    /// A hand-written width that contradicts the translated one: reported as UIKit does, the newest
    /// (hand-written) constraint broken, and layout goes on with the translated width.
    @Test func conflictIsReportedAndBroken() throws {
        let json = """
            {"superview":{"width":100,"height":100},
             "views":[{"id":"a","frame":[10,10,30,30],"mask":0}],
             "constraints":[{"id":"a-wide","item1":"a","attr1":"width","relation":"==","constant":50}]}
            """
        let steps = try autoLayout(json, sizes: [Size(width: 200, height: 100)])
        #expect(steps[0].conflicts.count == 1)
        let conflict = steps[0].conflicts[0]
        #expect(conflict.broken.identifier == "a-wide")
        #expect(conflict.conflicting.contains { $0.origin != .handWritten && $0.attr1 == .width })
        #expect(conflict.log.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(
            conflict.log.contains(
                "Will attempt to recover by breaking constraint \n<NSLayoutConstraint 'a-wide' a.width == 50>"))
        #expect(frame(of: steps[0].tree, "a") == Rect(x: 10, y: 10, width: 30, height: 30))
    }

    /// A superview size the required constraints cannot take: the newest constraint of the
    /// conflicting set (the hand-written minimum width) is broken and the superview gets its size.
    @Test func conflictAtAResizeBreaksTheNewestConstraint() throws {
        let json = """
            {"superview":{"width":300,"height":100},
             "views":[{"id":"a","frame":[10,10,280,30],"translatesMask":false}],
             "constraints":[
               {"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"leading","constant":10},
               {"item1":"a","attr1":"trailing","relation":"==","item2":"superview","attr2":"trailing","constant":-10},
               {"item1":"a","attr1":"top","relation":"==","item2":"superview","attr2":"top","constant":10},
               {"item1":"a","attr1":"height","relation":"==","constant":30},
               {"id":"min","item1":"a","attr1":"width","relation":">=","constant":200}]}
            """
        let steps = try autoLayout(json, sizes: [Size(width: 300, height: 100), Size(width: 100, height: 100)])
        #expect(steps[0].conflicts.isEmpty)
        #expect(frame(of: steps[0].tree, "a") == Rect(x: 10, y: 10, width: 280, height: 30))
        #expect(steps[1].conflicts.map(\.broken.identifier) == ["min"])
        #expect(steps[1].tree.superviewSize.width == 100)
        #expect(frame(of: steps[1].tree, "a") == Rect(x: 10, y: 10, width: 80, height: 30))
    }

    /// A view whose width nothing fixes is listed as ambiguous; a fully constrained one is not.
    @Test func ambiguousViewsAreFlagged() throws {
        let json = """
            {"superview":{"width":300,"height":100},
             "views":[{"id":"loose","frame":[10,10,50,30],"translatesMask":false},
                      {"id":"fixed","frame":[0,50,10,10]}],
             "constraints":[
               {"item1":"loose","attr1":"leading","relation":"==","item2":"superview","attr2":"leadingMargin"},
               {"item1":"loose","attr1":"top","relation":"==","item2":"superview","attr2":"top","constant":10},
               {"item1":"loose","attr1":"height","relation":"==","constant":30}]}
            """
        let steps = try autoLayout(json, sizes: [Size(width: 200, height: 100)])
        #expect(steps[0].ambiguous == ["loose"])
        #expect(frame(of: steps[0].tree, "loose").x == 8)  // the superview's default margin
    }

    /// Leading and trailing follow the layout direction; margins come from the scenario.
    @Test func rightToLeftFlipsLeadingAndTrailing() throws {
        let json = """
            {"superview":{"width":300,"height":100,"layoutMargins":{"left":20,"right":30}},"layoutDirection":"rightToLeft",
             "views":[{"id":"a","frame":[0,0,50,30],"translatesMask":false}],
             "constraints":[
               {"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"leadingMargin"},
               {"item1":"a","attr1":"width","relation":"==","constant":50},
               {"item1":"a","attr1":"top","relation":"==","item2":"superview","attr2":"top"},
               {"item1":"a","attr1":"height","relation":"==","constant":30}]}
            """
        let steps = try autoLayout(json, sizes: [Size(width: 300, height: 100)])
        #expect(frame(of: steps[0].tree, "a") == Rect(x: 300 - 30 - 50, y: 0, width: 50, height: 30))
    }

    /// Frames rounded at scale 2: edges go to the nearest half point. L+W+R in 320 → 333: x = 160/320·333.
    @Test func pixelRoundingRoundsEdges() {
        let steps = AutoLayout.layout(
            oneView(Self.start, hMask("LWR")), constraints: [], through: [Size(width: 333, height: 480)],
            configuration: AutoLayoutConfiguration(scale: 2))
        // minX = 166.5 exactly; maxX = 240/320·333 = 249.75 → 250.0 (half up).
        #expect(frame(of: steps[0].tree, "v") == Rect(x: 166.5, y: 10, width: 83.5, height: 30))
    }

    /// Bad hand-written constraints are rejected with the rule they break.
    @Test(arguments: [
        (#"{"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"top"}"#, "different axes"),
        (#"{"item1":"a","attr1":"left","relation":"==","constant":5}"#, "cannot equal a constant"),
        (
            #"{"item1":"a","attr1":"left","relation":"==","item2":"superview","attr2":"width"}"#,
            "cannot be related to a size"
        ),
        (
            #"{"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"left"}"#,
            "leading/trailing attribute cannot be related to a left/right"
        ),
        (#"{"item1":"ghost","attr1":"width","relation":"==","constant":5}"#, "unknown item \"ghost\""),
        (#"{"item1":"a","attr1":"width","relation":"==","constant":5,"priority":0}"#, "priority 0 is outside 1…1000"),
        (#"{"item1":"a","attr1":"width","relation":"=","constant":5}"#, "relation must be"),
        (#"{"item1":"a","attr1":"center","relation":"==","constant":5}"#, "unknown attribute \"center\""),
    ])
    func validationRejectsBadConstraints(constraint: String, rule: String) {
        let json =
            #"{"superview":{"width":100,"height":100},"views":[{"id":"a","frame":[0,0,1,1]}],"constraints":["#
            + constraint + "]}"
        do {
            _ = try Scenario(json: json)
            Issue.record("accepted \(constraint)")
        } catch {
            #expect(error.description.contains(rule), "\(error.description)")
            #expect(error.description.contains("constraint #1"))
        }
    }
}
