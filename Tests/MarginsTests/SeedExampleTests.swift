import Geometry
import Testing

/// The worked examples of the seeds, reproduced exactly.
@Suite("Seed examples")
struct SeedExampleTests {
    /// Seed 002: an iPhone 8 screen (status bar 20). Blue fills the root with margins 50; orange is
    /// blue's top half with own margins {0, 50, 0, 0}; red is pinned to orange's margins.
    static func seed002(orange extra: String = "") -> String {
        """
        {"superview": {"width": 375, "height": 667, "safeAreaInsets": {"top": 20}},
         "views": [
           {"id": "blue", "frame": [0, 0, 375, 667], "translatesMask": false, "layoutMargins": {"top": 50, "left": 50, "bottom": 50, "right": 50}},
           {"id": "orange", "parent": "blue", "frame": [0, 0, 10, 10], "translatesMask": false,
            "layoutMargins": {"top": 0, "left": 50, "bottom": 0, "right": 0}\(extra)},
           {"id": "red", "parent": "orange", "frame": [0, 0, 10, 10], "translatesMask": false}],
         "constraints": [\(pin("blue", to: "superview", margins: false)),
           {"item1": "orange", "attr1": "left", "relation": "==", "item2": "blue", "attr2": "left"},
           {"item1": "orange", "attr1": "right", "relation": "==", "item2": "blue", "attr2": "right"},
           {"item1": "orange", "attr1": "top", "relation": "==", "item2": "blue", "attr2": "top"},
           {"item1": "orange", "attr1": "height", "relation": "==", "item2": "blue", "attr2": "height", "multiplier": 0.5},
           \(pin("red", to: "orange", margins: true))]}
        """
    }

    @Test func seed002PrintedMargins() throws {
        let laid = try Laid(Self.seed002())
        // The printed values: blue {70, 50, 50, 50}, orange {20, 50, 0, 0}, red {8, 8, 8, 8}.
        #expect(laid.safeArea("blue") == insets(20, 0, 0, 0))
        #expect(laid.margins("blue") == insets(70, 50, 50, 50))
        #expect(laid.safeArea("orange") == insets(20, 0, 0, 0))
        #expect(laid.margins("orange") == insets(20, 50, 0, 0))
        #expect(laid.safeArea("red") == .zero)
        #expect(laid.margins("red") == insets(8, 8, 8, 8))
        #expect(laid.frame("orange") == Rect(x: 0, y: 0, width: 375, height: 333.5))
        #expect(laid.frame("red") == Rect(x: 50, y: 20, width: 325, height: 313.5))
    }

    @Test func seed002WithoutSafeAreaInsetting() throws {
        let laid = try Laid(Self.seed002(orange: #", "insetsLayoutMarginsFromSafeArea": false"#))
        #expect(laid.safeArea("orange") == insets(20, 0, 0, 0))
        #expect(laid.margins("orange") == insets(0, 50, 0, 0))
        #expect(laid.frame("red") == Rect(x: 50, y: 0, width: 325, height: 333.5))
    }

    /// The printed values fit only with orange's preserve off: under the measured rule,
    /// preserving gives {70, 50, 0, 50} (blue's top margin 70 reaches into orange at distance 0, its
    /// right margin 50 likewise; blue's bottom margin stops 333.5 points below orange).
    @Test func seed002PrintedValuesNeedPreserveOff() throws {
        let laid = try Laid(Self.seed002(orange: #", "preservesSuperviewLayoutMargins": true"#))
        #expect(laid.margins("orange") == insets(70, 50, 0, 50))
        #expect(laid.margins("orange") != insets(20, 50, 0, 0))
    }

    /// Seed 000, example 2: blue's margins are 50; yellow is half blue's height, centred, margins 0;
    /// black is pinned to yellow's margins.
    static func seed000(preserve: Bool) -> String {
        """
        {"superview": {"width": 375, "height": 667},
         "views": [
           {"id": "blue", "frame": [0, 0, 1, 1], "translatesMask": false, "layoutMargins": {"top": 50, "left": 50, "bottom": 50, "right": 50}},
           {"id": "yellow", "parent": "blue", "frame": [0, 0, 1, 1], "translatesMask": false,
            "layoutMargins": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "preservesSuperviewLayoutMargins": \(preserve)},
           {"id": "black", "parent": "yellow", "frame": [0, 0, 1, 1], "translatesMask": false}],
         "constraints": [
           {"item1": "blue", "attr1": "width", "relation": "==", "item2": "superview", "attr2": "width"},
           {"item1": "blue", "attr1": "height", "relation": "==", "item2": "superview", "attr2": "height"},
           {"item1": "blue", "attr1": "centerX", "relation": "==", "item2": "superview", "attr2": "centerX"},
           {"item1": "blue", "attr1": "centerY", "relation": "==", "item2": "superview", "attr2": "centerY"},
           {"item1": "yellow", "attr1": "width", "relation": "==", "item2": "blue", "attr2": "width"},
           {"item1": "yellow", "attr1": "height", "relation": "==", "item2": "blue", "attr2": "height", "multiplier": 0.5},
           {"item1": "yellow", "attr1": "centerX", "relation": "==", "item2": "blue", "attr2": "centerX"},
           {"item1": "yellow", "attr1": "centerY", "relation": "==", "item2": "blue", "attr2": "centerY"},
           \(pin("black", to: "yellow", margins: true))]}
        """
    }

    @Test func seed000PreserveInsetsBlackLeftAndRightOnly() throws {
        let laid = try Laid(Self.seed000(preserve: true))
        #expect(laid.frame("yellow") == Rect(x: 0, y: 166.75, width: 375, height: 333.5))
        // Yellow's top and bottom lie outside blue's 50-point margin bands; its sides touch blue's.
        #expect(laid.margins("yellow") == insets(0, 50, 0, 50))
        #expect(laid.frame("black") == Rect(x: 50, y: 0, width: 275, height: 333.5))
    }

    @Test func seed000WithoutPreserveBlackCoversYellow() throws {
        let laid = try Laid(Self.seed000(preserve: false))
        #expect(laid.margins("yellow") == .zero)
        #expect(laid.frame("black") == Rect(x: 0, y: 0, width: 375, height: 333.5))
    }

    /// Seed 001: red (left margin 40) holds brown at x = 0 (left margin 2); purple is pinned to
    /// brown's leading margin.
    static func seed001(preserve: Bool) -> String {
        """
        {"superview": {"width": 320, "height": 480},
         "views": [
           {"id": "red", "frame": [0, 0, 320, 300], "layoutMargins": {"top": 8, "left": 40, "bottom": 8, "right": 8}},
           {"id": "brown", "parent": "red", "frame": [0, 0, 1, 1], "translatesMask": false,
            "layoutMargins": {"top": 8, "left": 2, "bottom": 8, "right": 8}, "preservesSuperviewLayoutMargins": \(preserve)},
           {"id": "purple", "parent": "brown", "frame": [0, 0, 1, 1], "translatesMask": false}],
         "constraints": [
           {"item1": "brown", "attr1": "leading", "relation": "==", "item2": "red", "attr2": "leading"},
           {"item1": "brown", "attr1": "top", "relation": "==", "item2": "red", "attr2": "top"},
           {"item1": "brown", "attr1": "width", "relation": "==", "constant": 200},
           {"item1": "brown", "attr1": "height", "relation": "==", "constant": 200},
           {"item1": "purple", "attr1": "leading", "relation": "==", "item2": "brown", "attr2": "leadingMargin"},
           {"item1": "purple", "attr1": "top", "relation": "==", "item2": "brown", "attr2": "top"},
           {"item1": "purple", "attr1": "width", "relation": "==", "constant": 50},
           {"item1": "purple", "attr1": "height", "relation": "==", "constant": 50}]}
        """
    }

    @Test func seed001PurpleFollowsBrownsOwnMargin() throws {
        #expect(try Laid(Self.seed001(preserve: false)).frame("purple").x == 2)
    }

    @Test func seed001PurpleKeepsRedsMarginWhenBrownPreserves() throws {
        let laid = try Laid(Self.seed001(preserve: true))
        #expect(laid.margins("brown").left == 40)
        #expect(laid.frame("purple").x == 40)
    }
}
