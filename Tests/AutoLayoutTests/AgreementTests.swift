import AutoLayout
import Geometry
import PropertyBased
import Scenario
import Springs
import TestSupport
import Testing
import Translation
import ViewTree

/// With exact arithmetic and every flexible part positive, springs `documented` and a
/// `modern` translation made once agree at every step; each listed cause is a way for them to part.
@Suite("Springs against Auto Layout")
struct AgreementTests {
    @Test func modernOnceAgreesWithDocumentedWhileFlexiblePartsArePositive() async {
        var compared = 0
        await propertyCheck(count: 200, input: generatedView.array(of: 1...8), generatedPath) { gen, path in
            announce(gen, path)
            let tree = makeTree(gen)
            let springs = Springs.resize(tree, through: path, policy: .documented)
            let auto = AutoLayout.layout(tree, constraints: [], through: path, configuration: AutoLayoutConfiguration())
            for (s, a) in zip(springs, auto) {
                guard flexiblePartsPositive(s.tree) else { break }  // from here on a cause applies
                compared += 1
                #expect(a.conflicts.isEmpty && a.ambiguous.isEmpty)
                for (sv, av) in zip(s.tree.views, a.tree.views) {
                    #expect(
                        sv.frame.maxEdgeDifference(to: av.frame) <= 1e-9,
                        "\(sv.id) \(sv.mask.notation): springs \(sv.frame) vs auto \(av.frame)")
                }
            }
        }
        #expect(compared >= 150, "only \(compared) steps compared")
    }

    static let box = Rect(x: 10, y: 10, width: 30, height: 30)
    static let at100 = Size(width: 100, height: 100)

    func tree(_ parts: String, frame: Rect = box) -> ViewTree {
        try! ViewTree(superviewSize: Self.at100, views: [View(id: "v", frame: frame, mask: hMask(parts))])
    }

    func widths(_ ws: [Double]) -> [Size] { ws.map { Size(width: $0, height: 100) } }

    func springs(_ t: ViewTree, _ policy: SpringsPolicy, _ ws: [Double], scale: Int = 1) -> Rect {
        frame(of: Springs.resize(t, through: widths(ws), policy: policy, scale: scale).last!.tree, "v")
    }

    func auto(_ t: ViewTree, _ ws: [Double], _ config: AutoLayoutConfiguration = AutoLayoutConfiguration()) -> Rect {
        frame(of: AutoLayout.layout(t, constraints: [], through: widths(ws), configuration: config).last!.tree, "v")
    }

    /// W+R through 10 and back: the flexible sum reaches 0 at 10, springs then splits equally (w = 45);
    /// the translation made once still scales from the start (w = 30).
    @Test func zeroFlexibleSum() {
        #expect(springs(tree("WR"), .documented, [10, 100]).width == 45)
        #expect(abs(auto(tree("WR"), [10, 100]).width - 30) < 1e-9)
    }

    /// GNUstep clamps W 100→50 to 0; the constraint keeps −20.
    @Test func clamp() {
        #expect(springs(tree("W"), .gnustep029, [50]).width == 0)
        #expect(abs(auto(tree("W"), [50]).width + 20) < 1e-9)
    }

    /// GNUstep rounds L+W 100→154 from (23.5, 70.5) to (24, 70).
    @Test func rounding() {
        #expect(springs(tree("LW"), .gnustep029, [154]) == Rect(x: 24, y: 10, width: 70, height: 30))
        let a = auto(tree("LW"), [154])
        #expect(abs(a.x - 23.5) < 1e-9 && abs(a.width - 70.5) < 1e-9)
    }

    /// Cocotron's equal split: L+W 100→200 gives +50 each, not +25/+75.
    @Test func equalSplit() {
        #expect(springs(tree("LW"), .cocotron, [200]) == Rect(x: 60, y: 10, width: 80, height: 30))
        #expect(abs(auto(tree("LW"), [200]).x - 35) < 1e-9)
    }

    /// iOS 7's centre form: L+R keeps the centre at 25% (x = 35 at 200); springs keeps the margins'
    /// proportion (x = 10 + 100·10/70).
    @Test func centreForm() {
        #expect(abs(auto(tree("LR"), [200], AutoLayoutConfiguration(translation: .ios6to12)).x - 35) < 1e-9)
        #expect(abs(springs(tree("LR"), .documented, [200]).x - (10 + 100.0 * 10 / 70)) < 1e-12)
    }

    /// AppKit's Float32 multiplier: L+R 100→200 lands m₃₂·200 − m·30 instead of 10 + 100/7.
    @Test func float32Multiplier() {
        let m = 10.0 / 70
        let a = auto(tree("LR"), [200], AutoLayoutConfiguration(translation: .appkit))
        #expect(abs(a.x - (Double(Float(m)) * 200 - m * 30)) < 1e-9)
        #expect(abs(a.x - springs(tree("LR"), .documented, [200]).x) > 1e-7)
    }

    /// Re-translating every step: W+R at 10 has width and max margin 0, so the new translation is
    /// degenerate and holds the width at 0; translated once it returns to 30; springs gives 45.
    @Test func retranslationEveryStep() {
        let every = AutoLayout.layout(
            tree("WR"), constraints: [], through: widths([10, 100]),
            configuration: AutoLayoutConfiguration(timing: .everyStep))
        #expect(every[1].degenerate.map(\.viewID) == ["v"])
        #expect(frame(of: every[1].tree, "v").width == 0)
        #expect(abs(auto(tree("WR"), [10, 100]).width - 30) < 1e-9)
    }

    /// Conflicts as Interface Builder's canvas breaks them. A view's own width of 20 against an edge its
    /// stack puts 16 points in: UIKit's rule lowers the deeper-owned width, the canvas the stack's
    /// constraint. A width of 20 against a required intrinsic width of 16: UIKit's rule lowers the width
    /// (the larger constant), the canvas the content size.
    @Test(arguments: [
        (false, false, 16.0, "own"), (false, true, 20, "UISV-canvas-connection"), (true, false, 16, "own"),
        (true, true, 20, nil),
    ])
    func canvasBreaksWhatTheFrameworksMake(intrinsic: Bool, canvas: Bool, width: Double, broken: String?) throws {
        let edge = """
            {"id":"UISV-canvas-connection","item1":"v","attr1":"trailing","relation":"==",
             "item2":"superview","attr2":"leading","constant":16},
            """
        let size =
            #""intrinsicContentSize":[16,20],"contentHuggingPriority":{"horizontal":1000},"#
            + #""contentCompressionResistancePriority":{"horizontal":1000},"#
        let json = """
            {"superview":{"width":100,"height":100},
             "views":[{"id":"v","frame":[0,0,20,20],\(intrinsic ? size : "")"translatesMask":false}],
             "constraints":[
               {"id":"own","item1":"v","attr1":"width","relation":"==","constant":20},\(intrinsic ? "" : edge)
               {"item1":"v","attr1":"leading","relation":"==","item2":"superview","attr2":"leading"},
               {"item1":"v","attr1":"top","relation":"==","item2":"superview","attr2":"top"}]}
            """
        let s = try Scenario(json: json)
        let steps = AutoLayout.layout(
            s.tree, constraints: s.constraints, through: widths([100]),
            configuration: AutoLayoutConfiguration(breaksAsCanvas: canvas))
        let conflict = try #require(steps[0].conflicts.first)
        if intrinsic && canvas {
            if case .contentSize = conflict.broken.origin {} else { Issue.record("broke \(conflict.broken)") }
        } else {
            #expect(conflict.broken.identifier == broken)
        }
        #expect(frame(of: steps[0].tree, "v").width == width)
    }

    /// A degenerate translation (L+R with no margins): springs splits Δ equally, Auto Layout holds x.
    @Test func degenerateTranslation() {
        let full = Rect(x: 0, y: 10, width: 100, height: 30)
        #expect(springs(tree("LR", frame: full), .documented, [200]).x == 50)
        let steps = AutoLayout.layout(
            tree("LR", frame: full), constraints: [], through: widths([200]), configuration: AutoLayoutConfiguration())
        #expect(frame(of: steps[0].tree, "v").x == 0)
        #expect(!steps[0].degenerate.isEmpty)
    }

    /// A hand-written maximum width against a re-translated flexible width: at 110 the width (40) is
    /// within the maximum; at 300 the superview cannot be that wide while both hold. As Apple's engine
    /// does, the breaking rule spares the translated mask and lowers the app's maximum, which then gives
    /// way: the width is 230, as springs gives.
    @Test func conflictWithHandWrittenConstraint() throws {
        let json = """
            {"superview":{"width":100,"height":100},
             "views":[{"id":"v","frame":[10,10,30,30],"mask":["flexibleWidth"]}],
             "constraints":[{"id":"max","item1":"v","attr1":"width","relation":"<=","constant":100}]}
            """
        let s = try Scenario(json: json)
        let steps = AutoLayout.layout(
            s.tree, constraints: s.constraints, through: widths([110, 300]),
            configuration: AutoLayoutConfiguration(timing: .everyStep))
        #expect(steps[0].conflicts.isEmpty)
        #expect(steps[1].conflicts.count == 1)
        #expect(steps[1].conflicts[0].broken.identifier == "max")
        #expect(
            steps[1].conflicts[0].conflicting.contains { if case .autoresizingMask = $0.origin { true } else { false } }
        )
        #expect(steps[1].ambiguous.isEmpty)
        #expect(frame(of: steps[1].tree, "v").width == 230)
        #expect(springs(s.tree, .documented, [110, 300]).width == 230)
    }
}
