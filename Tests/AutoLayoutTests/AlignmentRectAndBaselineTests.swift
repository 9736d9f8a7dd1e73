import AutoLayout
import ConstraintModel
import Geometry
import Scenario
import Springs
import Testing
import Translation
import ViewTree

/// Alignment rects and baselines in the view model: constraints act on the alignment
/// rect, frames are read around it, and a resize keeps the insets, whatever the translation.
@Suite("Alignment rects and baselines")
struct AlignmentRectAndBaselineTests {
    /// A push button's bezel pinned 20 points from the right and the top, its frame 6-7 points beyond.
    static let button = """
        {"superview": {"width": 480, "height": 200},
         "views": [{"id": "ok", "frame": [388, 16, 78, 32], "translatesMask": false, "intrinsicContentSize": [66, 21],
                    "alignmentRectInsets": {"top": 4, "left": 6, "bottom": 7, "right": 6}}],
         "constraints": [{"item1": "superview", "attr1": "trailing", "relation": "==", "item2": "ok", "attr2": "trailing", "constant": 20},
                         {"item1": "ok", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top", "constant": 20}]}
        """

    @Test func constraintsPlaceTheRectThroughAResize() throws {
        let steps = try autoLayout(Self.button, sizes: [Size(width: 480, height: 200), Size(width: 600, height: 200)])
        #expect(frame(of: steps[0].tree, "ok") == Rect(x: 388, y: 16, width: 78, height: 32))
        #expect(frame(of: steps[1].tree, "ok") == Rect(x: 508, y: 16, width: 78, height: 32))
        #expect(steps.allSatisfy { $0.ambiguous.isEmpty })
    }

    /// A translated mask moves the frame as springs and struts do: the insets travel with it.
    @Test(arguments: [TranslationPolicy.modern, .appkit, .ios13])
    func translatedMasksKeepTheInsets(policy: TranslationPolicy) throws {
        var view = View(
            id: "v", frame: Rect(x: 100, y: 50, width: 78, height: 32),
            mask: [.flexibleLeftMargin, .flexibleBottomMargin])
        view.alignmentRectInsets = EdgeInsets(top: 4, left: 6, bottom: 7, right: 6)
        let tree = try ViewTree(superviewSize: Size(width: 320, height: 200), views: [view])
        let steps = AutoLayout.layout(
            tree, constraints: [], through: [Size(width: 400, height: 200)],
            configuration: AutoLayoutConfiguration(translation: policy))
        let springs = Springs.resize(tree, through: [Size(width: 400, height: 200)], policy: .documented)
        #expect(frame(of: steps[0].tree, "v") == Rect(x: 180, y: 50, width: 78, height: 32))
        #expect(frame(of: springs[0].tree, "v") == frame(of: steps[0].tree, "v"))
    }

    /// A field's first baseline on a label's: offsets from the alignment rect's top (first) and
    /// bottom (last); a view without them uses its top and bottom.
    @Test func baselinesLineUp() throws {
        let json = """
            {"superview": {"width": 300, "height": 100},
             "views": [{"id": "label", "frame": [18, 30, 60, 16], "translatesMask": false, "intrinsicContentSize": [56, 16],
                        "alignmentRectInsets": {"left": 2, "right": 2}, "baselineOffsets": {"first": 13, "last": 3}},
                       {"id": "field", "frame": [84, 0, 100, 22], "translatesMask": false, "intrinsicContentSize": [100, 22],
                        "baselineOffsets": {"first": 16, "last": 6}},
                       {"id": "box", "frame": [200, 0, 20, 20], "translatesMask": false, "intrinsicContentSize": [20, 20]}],
             "constraints": [{"item1": "label", "attr1": "leading", "relation": "==", "item2": "superview", "attr2": "leading", "constant": 20},
                             {"item1": "label", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top", "constant": 30},
                             {"item1": "field", "attr1": "leading", "relation": "==", "item2": "label", "attr2": "trailing", "constant": 8},
                             {"item1": "field", "attr1": "firstBaseline", "relation": "==", "item2": "label", "attr2": "firstBaseline"},
                             {"item1": "box", "attr1": "leading", "relation": "==", "item2": "field", "attr2": "trailing", "constant": 8},
                             {"item1": "box", "attr1": "lastBaseline", "relation": "==", "item2": "label", "attr2": "lastBaseline"}]}
            """
        let scenario = try Scenario(json: json)
        #expect(scenario.tree.views[0].baselineOffsets == BaselineOffsets(first: 13, last: 3))
        // Reads back the same.
        #expect(try Scenario(json: scenario.json()) == scenario)
        let tree = try autoLayout(json, sizes: [Size(width: 300, height: 100)])[0].tree
        // The label's first baseline: 30 + 13 = 43; the field's top 43 - 16 = 27.
        #expect(frame(of: tree, "field") == Rect(x: 84, y: 27, width: 100, height: 22))
        // The label's last baseline: 30 + 16 - 3 = 43; the box, with no text, puts its bottom there.
        #expect(frame(of: tree, "box") == Rect(x: 192, y: 23, width: 20, height: 20))
    }

    /// Layout guides have no baselines: refused as a real engine would.
    @Test func guidesHaveNoBaselines() {
        let c = LayoutConstraint("a", .firstBaseline, .equal, "superview.safeArea", .firstBaseline)
        #expect(c.validate(knownItems: ["a", "superview"]) == .marginOfGuide("superview.safeArea", .firstBaseline))
    }
}
