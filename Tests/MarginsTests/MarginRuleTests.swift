import AutoLayout
import Environment
import Geometry
import Margins
import Scenario
import Testing
import ViewTree

@Suite("Margin and safe-area rules")
struct MarginRuleTests {
    /// The measurement: iPhone X landscape, root margins 140 without safe-area insetting, a
    /// child pinned to the root's edges with preserve on has 140 on every edge — not 140 + its safe
    /// area ("the maximum, then add the safe area" would give 184 on the sides).
    @Test func measuredPreserveRuleOnIPhoneXLandscape() throws {
        let json = """
            {"superview": {"width": 812, "height": 375, "layoutMargins": {"top": 140, "left": 140, "bottom": 140, "right": 140},
                           "insetsLayoutMarginsFromSafeArea": false},
             "views": [{"id": "child", "frame": [0, 0, 1, 1], "translatesMask": false, "preservesSuperviewLayoutMargins": true}],
             "constraints": [\(pin("child", to: "superview", margins: false))]}
            """
        let laid = try Laid(json, root: RootInsets(safeAreaInsets: insets(0, 44, 21, 44)))
        #expect(laid.safeArea("child") == insets(0, 44, 21, 44))
        #expect(laid.margins("child") == insets(140, 140, 140, 140))
        #expect(laid.resolved.rootMargins == insets(140, 140, 140, 140))
    }

    /// A view hanging 30 points above a root whose top inset is 44 gets 44, not 74; one lying wholly
    /// inside the safe area gets 0.
    @Test func safeAreaIsCappedAtTheSuperviewsInset() throws {
        let tree = try ViewTree(
            superviewSize: Size(width: 375, height: 812),
            views: [
                View(id: "hanging", frame: Rect(x: 0, y: -30, width: 375, height: 100)),
                View(id: "inside", frame: Rect(x: 10, y: 100, width: 100, height: 100)),
                View(id: "bottom", frame: Rect(x: 0, y: 700, width: 375, height: 112)),
            ])
        let r = LayoutMargins.resolve(
            tree, frames: tree.frames, rootSize: tree.superviewSize,
            root: RootInsets(safeAreaInsets: insets(44, 0, 34, 0)))
        #expect(r.safeArea[0] == insets(44, 0, 0, 0))
        #expect(r.safeArea[1] == .zero)
        #expect(r.safeArea[2] == insets(0, 0, 34, 0))
        // Default margins 8, plus the safe area.
        #expect(r.margins[0] == insets(52, 8, 8, 8))
        #expect(r.margins[2] == insets(8, 8, 42, 8))
    }

    static func direction(_ d: String, margins: String) -> String {
        """
        {"layoutDirection": "\(d)", "superview": {"width": 300, "height": 100, \(margins)},
         "views": [
           {"id": "lead", "frame": [0, 0, 1, 1], "translatesMask": false},
           {"id": "left", "frame": [0, 0, 1, 1], "translatesMask": false}],
         "constraints": [
           {"item1": "lead", "attr1": "leading", "relation": "==", "item2": "superview", "attr2": "leadingMargin"},
           {"item1": "lead", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top"},
           {"item1": "lead", "attr1": "width", "relation": "==", "constant": 50},
           {"item1": "lead", "attr1": "height", "relation": "==", "constant": 10},
           {"item1": "left", "attr1": "left", "relation": "==", "item2": "superview", "attr2": "leftMargin"},
           {"item1": "left", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top"},
           {"item1": "left", "attr1": "width", "relation": "==", "constant": 50},
           {"item1": "left", "attr1": "height", "relation": "==", "constant": 10}]}
        """
    }

    /// Directional margins and leading/trailing attributes flip in right-to-left; `layoutMargins`
    /// (absolute) and left/right attributes never do.
    @Test func rightToLeftFlipsDirectionalOnly() throws {
        let directional = #""directionalLayoutMargins": {"top": 0, "leading": 10, "bottom": 0, "trailing": 30}"#
        let ltr = try Laid(Self.direction("leftToRight", margins: directional))
        let rtl = try Laid(Self.direction("rightToLeft", margins: directional))
        #expect(ltr.resolved.rootMargins == insets(0, 10, 0, 30))
        #expect(rtl.resolved.rootMargins == insets(0, 30, 0, 10))
        // leading → leadingMargin: 10 from the left in LTR; 10 from the right in RTL.
        #expect(ltr.frame("lead").x == 10)
        #expect(rtl.frame("lead").maxX == 290)
        // left → leftMargin: the left margin, which the direction chose (10 in LTR, 30 in RTL).
        #expect(ltr.frame("left").x == 10)
        #expect(rtl.frame("left").x == 30)

        let absolute = #""layoutMargins": {"top": 0, "left": 10, "bottom": 0, "right": 30}"#
        let ltrA = try Laid(Self.direction("leftToRight", margins: absolute))
        let rtlA = try Laid(Self.direction("rightToLeft", margins: absolute))
        #expect(ltrA.resolved.rootMargins == rtlA.resolved.rootMargins)
        #expect(ltrA.frame("left").x == 10 && rtlA.frame("left").x == 10)
        // Leading is the right edge in RTL, where the (absolute) right margin is 30.
        #expect(ltrA.frame("lead").x == 10)
        #expect(rtlA.frame("lead").maxX == 270)
    }

    /// Leading and trailing constants count in the reading direction: in right-to-left,
    /// `leading == superview.leading + 20` is 20 points in from the right edge.
    @Test func rightToLeftConstantsCountInTheReadingDirection() throws {
        func laid(_ direction: String) throws -> Laid {
            try Laid(
                """
                {"layoutDirection": "\(direction)", "superview": {"width": 300, "height": 100},
                 "views": [{"id": "a", "frame": [0, 0, 1, 1], "translatesMask": false}, {"id": "b", "frame": [0, 0, 1, 1], "translatesMask": false}],
                 "constraints": [
                   {"item1": "a", "attr1": "leading", "relation": "==", "item2": "superview", "attr2": "leading", "constant": 20},
                   {"item1": "b", "attr1": "leading", "relation": "==", "item2": "a", "attr2": "trailing", "constant": 8},
                   {"item1": "b", "attr1": "trailing", "relation": "==", "item2": "superview", "attr2": "trailingMargin"},
                   {"item1": "a", "attr1": "width", "relation": "==", "constant": 50},
                   {"item1": "a", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top"},
                   {"item1": "a", "attr1": "height", "relation": "==", "constant": 10},
                   {"item1": "b", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top"},
                   {"item1": "b", "attr1": "height", "relation": "==", "constant": 10}]}
                """)
        }
        let ltr = try laid("leftToRight")
        let rtl = try laid("rightToLeft")
        #expect(ltr.frame("a") == Rect(x: 20, y: 0, width: 50, height: 10))
        #expect(ltr.frame("b") == Rect(x: 78, y: 0, width: 214, height: 10))
        // Mirrored: a is 20 in from the right, b 8 beyond it towards the left, ending at the margin.
        #expect(rtl.frame("a") == Rect(x: 230, y: 0, width: 50, height: 10))
        #expect(rtl.frame("b") == Rect(x: 8, y: 0, width: 214, height: 10))
    }

    /// Layout guides as constraint items: `a.safeArea` and `a.layoutMargins`.
    @Test func guidesAsConstraintItems() throws {
        let json = """
            {"superview": {"width": 375, "height": 812, "layoutMargins": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
             "views": [
               {"id": "content", "frame": [0, 0, 1, 1], "translatesMask": false},
               {"id": "marginBox", "frame": [0, 0, 1, 1], "translatesMask": false}],
             "constraints": [\(pin("content", to: "superview.safeArea", margins: false)),
               {"item1": "marginBox", "attr1": "leading", "relation": "==", "item2": "superview.layoutMarginsGuide", "attr2": "leading"},
               {"item1": "marginBox", "attr1": "width", "relation": "==", "item2": "superview.layoutMargins", "attr2": "width", "multiplier": 0.5},
               {"item1": "marginBox", "attr1": "centerY", "relation": "==", "item2": "superview.safeAreaLayoutGuide", "attr2": "centerY"},
               {"item1": "marginBox", "attr1": "height", "relation": "==", "item2": "superview.safeArea", "attr2": "height"}]}
            """
        let laid = try Laid(json, root: RootInsets(safeAreaInsets: insets(44, 0, 34, 0)))
        #expect(laid.frame("content") == Rect(x: 0, y: 44, width: 375, height: 734))
        // Root margins: own 10 plus the safe area (insetsLayoutMarginsFromSafeArea).
        #expect(laid.resolved.rootMargins == insets(54, 10, 44, 10))
        #expect(laid.frame("marginBox") == Rect(x: 10, y: 44, width: 177.5, height: 734))
    }

    @Test func guidesHaveNoMargins() {
        let json = """
            {"superview": {"width": 100, "height": 100}, "views": [{"id": "a", "frame": [0, 0, 1, 1]}],
             "constraints": [{"item1": "a", "attr1": "left", "relation": "==", "item2": "superview.safeArea", "attr2": "leftMargin"}]}
            """
        #expect(throws: ScenarioError.self) { try Scenario(json: json) }
        let unknown = json.replacingOccurrences(of: "superview.safeArea", with: "superview.notAGuide")
            .replacingOccurrences(of: "leftMargin", with: "left")
        do {
            _ = try Scenario(json: unknown, file: "s.json")
            Issue.record("an unknown guide must be rejected")
        } catch {
            #expect(error.description.contains("unknown item \"superview.notAGuide\""))
            #expect(error.location.line == 2)
        }
    }

    /// Margins follow frames: a layout whose margins move the views that decide the margins takes
    /// several passes and settles; one that only converges in the limit is reported as unsettled.
    @Test func feedbackPassesAndUnsettledLayouts() throws {
        // v preserves the root's left margin 100; k, inside v, sits on v's left margin and is held
        // at x = 150, so v.x = 150 − m and m = max(8, 100 − v.x) = max(8, m − 50): it shrinks to 8.
        let settling = """
            {"superview": {"width": 400, "height": 400, "layoutMargins": {"top": 8, "left": 100, "bottom": 8, "right": 8}},
             "views": [
               {"id": "v", "frame": [60, 0, 200, 100], "translatesMask": false, "preservesSuperviewLayoutMargins": true},
               {"id": "k", "parent": "v", "frame": [0, 0, 1, 1], "translatesMask": false}],
             "constraints": [
               {"item1": "k", "attr1": "left", "relation": "==", "item2": "v", "attr2": "leftMargin"},
               {"item1": "k", "attr1": "left", "relation": "==", "item2": "superview", "attr2": "left", "constant": 150},
               {"item1": "k", "attr1": "top", "relation": "==", "item2": "v", "attr2": "top"},
               {"item1": "k", "attr1": "width", "relation": "==", "constant": 10},
               {"item1": "k", "attr1": "height", "relation": "==", "constant": 10},
               {"item1": "v", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top"},
               {"item1": "v", "attr1": "width", "relation": "==", "constant": 200},
               {"item1": "v", "attr1": "height", "relation": "==", "constant": 100}]}
            """
        let laid = try Laid(settling)
        #expect(laid.step.settled)
        #expect(laid.step.passes == 2)
        #expect(laid.margins("v").left == 8)
        #expect(laid.frame("v").x == 142)

        // v's width is −1 × its margins guide's width + 400: w = (m_left + m_right + 400) / 2 with
        // m_right = 300 − (400 − w) when preserving the root's right margin 300: the fixed point
        // (w = 308) is approached by halves and never reached within the pass limit.
        let unsettled = """
            {"superview": {"width": 400, "height": 400, "layoutMargins": {"top": 8, "left": 8, "bottom": 8, "right": 300}},
             "views": [{"id": "v", "frame": [0, 0, 380, 100], "translatesMask": false, "preservesSuperviewLayoutMargins": true}],
             "constraints": [
               {"item1": "v", "attr1": "left", "relation": "==", "item2": "superview", "attr2": "left"},
               {"item1": "v", "attr1": "top", "relation": "==", "item2": "superview", "attr2": "top"},
               {"item1": "v", "attr1": "height", "relation": "==", "constant": 100},
               {"item1": "v", "attr1": "width", "relation": "==", "item2": "v.layoutMargins", "attr2": "width", "multiplier": -1, "constant": 400}]}
            """
        let loop = try Laid(unsettled)
        #expect(!loop.step.settled)
        #expect(loop.step.passes == AutoLayoutEngine.maxPasses)
    }
}
