import Geometry
import LabXML

/// AppKit controls' alignment rects and intrinsic sizes. AppKit controls draw
/// their bezels inside frames that reach beyond the rectangle constraints place: a regular push
/// button's frame is 32 high around a 21-point bezel. The insets depend on the control's class, its
/// cell's type and bezel, its control size, and the macOS era that drew the document: Big Sur
/// (Xcode 12, toolsVersion 17000) made controls larger. Text-driven lengths (a title's width, a
/// label's size) come from the stored frame; heights set by the control size come from this table.
/// Values marked *fitted* were read off `../shared/corpus/ib` by `Tools/ib-corpus-facts.py insets` and
/// `appkit-controls` (the insets implied by constraints to a superview's edges; the stored heights).
enum AppKitControls {
    /// Big Sur's controls (Xcode 12 and later).
    static let bigSur = 17000.0
    /// Yosemite's controls (Xcode 6 and later): flatter, with narrower label insets.
    static let yosemite = 6000.0

    struct Style {
        var element: String
        var type: String
        var bezel: String
        var size: String
        var bordered: Bool
        var bigSur: Bool
    }

    static func style(_ e: XMLElement, toolsVersion: Double) -> Style {
        let cell = e.children.first { $0["key"] == "cell" }
        let size = cell?["controlSize"] ?? e["controlSize"] ?? "regular"
        let border = cell?["borderStyle"]
        return Style(
            element: e.name, type: cell?["type"] ?? "", bezel: cell?["bezelStyle"] ?? "", size: size,
            bordered: border == "bezel" || border == "border", bigSur: toolsVersion >= bigSur)
    }

    /// (top, left, bottom, right) and the frame's height, where the control size sets it.
    static func metrics(_ e: XMLElement, toolsVersion: Double, images: [String: Size] = [:]) -> StandardViews.Metrics {
        let s = style(e, toolsVersion: toolsVersion)
        func insets(_ t: Double, _ l: Double, _ b: Double, _ r: Double) -> EdgeInsets {
            EdgeInsets(top: t, left: l, bottom: b, right: r)
        }
        /// A control whose title sets its width and whose size sets its frame's height.
        func titled(_ i: EdgeInsets, frameHeight: Double?) -> StandardViews.Metrics {
            StandardViews.Metrics(
                width: .storedFrame, height: frameHeight.map { .fixed($0 - i.top - i.bottom) } ?? .storedFrame,
                alignmentRectInsets: i)
        }
        switch (s.element, s.type, s.bezel) {
        case ("textField", _, _), ("secureTextField", _, _), ("searchField", _, _), ("comboBox", _, _):
            // A label (no border or bezel) reaches 2 points beyond its text at each side (*fitted*: 113
            // of 120 leading constants, 67 of 73 trailing; 3 in most of the rest); bezeled fields align
            // by their frames.
            // A combo box's frame reaches 2 points above its field, 4 below and 3 beyond its button
            // (*fitted* on two documents' chains of fields, one of each era: `insets comboBox` gives the
            // right 3; the rest is what the neighbours' constraints and stored frames imply).
            // Before Yosemite (Xcode 6, toolsVersion 6000) a label reached 3 points beyond its text (*fitted*:
            // left or right 3 in 12 of the 13 pins of Xcode 5 documents, 2 in every later era; the one
            // exception, a small bold label in MacPass's FilterBar, has 2).
            let label = s.element == "textField" && !s.bordered
            let combo = s.element == "comboBox"
            let side: Double = toolsVersion < yosemite ? 3 : 2
            return StandardViews.Metrics(
                width: .storedFrame, height: .storedFrame,
                alignmentRectInsets: label
                    ? insets(0, side, 0, side) : (combo ? insets(2, 0, 4, 3) : .zero))
        case ("button", "push", "rounded"), ("popUpButton", _, "rounded"):
            let pop = s.element == "popUpButton"
            // Push buttons: yue's button_mac.mm (after wxWidgets) for the regular and small sizes before
            // Big Sur; Big Sur's regular 5, 7, 7, 7 *fitted* (bottom 7 in 16 of 16, sides 7 in 19 of
            // 19). Pop-ups: Diadem's 2, 3, 3, 3, with the top 1 and bottom 4 *fitted*. Hosts draw regular
            // pop-ups and small push buttons at one of two heights (`hostDrawsShort`); the shorter
            // ones' insets are *fitted* on few documents: a 25-point pop-up 1, 2, 3, 3 before Big Sur
            // (ShortcutRecorder's 11) and 1, 3, 3, 4 from it (transmission's), a 27-point small push
            // button 4, 6, 7, 6 (SelfControl's bottom pin, quicksilver's baseline).
            let i: EdgeInsets
            switch (s.size, s.bigSur, pop) {
            case ("large", _, _): i = pop ? insets(6, 5, 6, 5) : insets(6, 6, 6, 6)
            case ("small", false, false): i = insets(4, 5, 6, 5)
            case ("small", true, false): i = hostDrawsShort(e, 27) ? insets(4, 6, 7, 6) : insets(5, 6, 7, 6)
            case ("small", _, true): i = insets(1, 4, 3, 4)
            case ("mini", _, false): i = insets(0, 1, 1, 1)
            case ("mini", _, true): i = insets(0, 1, 1, 1)
            case (_, false, false): i = insets(4, 6, 7, 6)
            case (_, true, false): i = insets(5, 7, 7, 7)
            default: i = regularPopUpIs25(e) ? (s.bigSur ? insets(1, 3, 3, 4) : insets(1, 2, 3, 3)) : insets(1, 3, 4, 3)
            }
            let height: Double =
                switch s.size {
                case "large": 40
                case "small": pop ? 22 : (hostDrawsShort(e, 27) ? 27 : 28)
                case "mini": pop ? 15 : 16
                default: pop ? (regularPopUpIs25(e) ? 25 : 26) : 32
                }
            return titled(i, frameHeight: height)
        case ("button", "check", _), ("button", "radio", _):
            // Checkboxes and radio buttons: the box sits 1-2 points inside the frame on the left,
            // above and below (*fitted*: regular 1, 2, 1, 0 in Big Sur; 2, 2, 0, 2 before; large 2.5, 3,
            // 2.5, 0). Without a title the box is all there is, centred: as far inside every edge as the left.
            var i: EdgeInsets =
                switch (s.size, s.bigSur) {
                case ("large", _): insets(2.5, 3, 2.5, 0)
                case ("small", _): insets(1, 1, 1, 0)
                case ("mini", _): insets(0, 1, 1, 0)
                case (_, true): insets(1, 2, 1, 0)
                default: insets(2, 2, 0, 2)
                }
            let cell = e.children.first { $0["key"] == "cell" }
            if (cell?["title"] ?? "").isEmpty && cell?["imagePosition"] != "only" { i = insets(i.left, i.left, i.left, i.left) }
            return titled(i, frameHeight: s.size == "large" ? 22 : (s.size == "mini" ? 12 : 18))
        case ("button", "help", _):
            // The help button: 1, 3, 4, 2 around a 20 x 20 circle in a 25 x 25 frame (*fitted*).
            let i = insets(1, 3, 4, 2)
            return StandardViews.Metrics(width: .fixed(20), height: .fixed(20), alignmentRectInsets: i)
        case ("slider", _, _):
            // Sliders reach 2 points beyond their track at the ends (*fitted*: left and right 2 in 8 of
            // 8); before Big Sur 2 above and below too, in a 21-point frame (24 with tick marks); from
            // Big Sur 2 above and 6 below (top and bottom 8 in 4 of 4), in 28 (30 without ticks).
            let ticks = e.children.first { $0["key"] == "cell" }?["numberOfTickMarks"] != nil
            let i = s.bigSur ? insets(2, 2, 6, 2) : insets(2, 2, 2, 2)
            let frame: Double = s.bigSur ? (ticks ? 28 : 30) : (ticks ? 24 : 21)
            return StandardViews.Metrics(height: .fixed(frame - i.top - i.bottom), alignmentRectInsets: i)
        case ("box", _, _):
            return box(e)
        case ("tabView", _, _):
            // From Big Sur a tab view's frame reaches 7 points beyond its content's sides (*fitted*:
            // 7 in 2 of 3 Big Sur documents); before, it aligns by its frame (0 in the older ones).
            return StandardViews.Metrics(alignmentRectInsets: s.bigSur ? insets(0, 7, 0, 7) : .zero)
        case ("progressIndicator", _, _):
            let spinning = e["style"] == "spinning"
            let side: Double = s.size == "small" ? 16 : 32
            return spinning
                ? StandardViews.Metrics(width: .fixed(side), height: .fixed(side))
                : StandardViews.Metrics(height: .fixed(s.size == "small" ? 12 : 20))
        case ("colorWell", _, _):
            // A color well's frame reaches 3 points beyond its swatch at the sides, 2 above and below
            // (*fitted* from Big Sur documents' width and height constants).
            // Its swatch is 20 high in Big Sur's 24-point frame (15 in the 19-point one before).
            return StandardViews.Metrics(height: .fixed(s.bigSur ? 20 : 15), alignmentRectInsets: insets(2, 3, 2, 3))
        case ("segmentedControl", _, _):
            // *Fitted* on few documents: 2 at the sides, 1 below.
            return titled(insets(0, 2, 1, 2), frameHeight: nil)
        case ("button", "smallSquare", _) where s.bordered:
            // Bordered gradient (small square) buttons: 1 point of frame above and below their bezel
            // (*fitted*: `insets button`, top or bottom 1 in 5 of 5 pins, in both eras); borderless
            // ones align by their frames.
            return StandardViews.Metrics(width: .storedFrame, height: .storedFrame, alignmentRectInsets: insets(1, 0, 1, 0))
        case ("datePicker", _, _) where s.bigSur && s.bordered:
            // Big Sur's bezeled date picker: its field ends 3 points before its frame's right (*fitted*:
            // `insets datePicker`, left + right 3 in 2 of 2 width constraints, left 0 in 2 of 2); a large
            // one's starts 4 below its frame's top (top 4 in the one document that pins it).
            return StandardViews.Metrics(
                width: .storedFrame, height: .storedFrame,
                alignmentRectInsets: insets(s.size == "large" ? 4 : 0, 0, 0, 3))
        case ("button", _, _), ("popUpButton", _, _), ("datePicker", _, _), ("stepper", _, _), ("levelIndicator", _, _):
            // Other bezels (square, textured, recessed, inline, disclosure) align by their frames.
            return StandardViews.Metrics(width: .storedFrame, height: .storedFrame)
        case ("imageView", _, _):
            // An image view is as large as its cell's image (the document lists each image's size).
            let cell = e.children.first { $0["key"] == "cell" }
            guard let image = cell?["image"].flatMap({ images[$0] }) else { return StandardViews.Metrics() }
            return StandardViews.Metrics(width: .fixed(image.width), height: .fixed(image.height))
        default:
            return StandardViews.Metrics()
        }
    }

    /// The host's AppKit draws a regular pop-up's frame 25 or 26 high around a 21-point bezel (the
    /// corpus has both in documents of one Xcode: 25 in 32 frames of 7 documents, 26 in 40 of 6; a
    /// document's frames agree among themselves), and a small push button's 27 or 28. The document
    /// does not record the host, so the stored frame's height says which: it stands for the host's
    /// metric as a title's width does, and the view is marked `size_from_stored_frame`.
    static func regularPopUpIs25(_ e: XMLElement) -> Bool {
        e.name == "popUpButton" && hostDrawsShort(e, 25)
    }

    /// Whether the stored frame has the shorter of the two heights hosts draw a control at.
    static func hostDrawsShort(_ e: XMLElement, _ height: Double) -> Bool {
        SceneBuilder.frameRect(e)?.height == height
    }

    /// How far below its frame's top an AppKit control's first baseline sits, beyond its font's
    /// ascender (where a label's text starts: AppKit draws a label's line from its top). *Fitted* on
    /// the corpus's baseline constraints (`Tools/ib-corpus-facts.py baselines`: the differences their
    /// stored frames imply, one value per pair of kinds): bezeled fields 2 (3 large); pop-ups 2 before
    /// Big Sur, 1 after, 10 large, 3 small; push buttons 6 (10 large, 5 small); checkboxes and radio
    /// buttons 1 (2.5 large); inline buttons 2; date pickers 1. The small sizes rest on one document.
    static func baselineOffset(_ e: XMLElement, toolsVersion: Double) -> Double {
        let s = style(e, toolsVersion: toolsVersion)
        let large = s.size == "large"
        switch (s.element, s.type) {
        case ("textField", _) where !s.bordered: return 0
        case ("textField", _), ("secureTextField", _), ("searchField", _), ("comboBox", _), ("tokenField", _):
            return large ? 3 : 2
        case ("popUpButton", _) where s.size == "small": return 3
        case ("popUpButton", _): return large ? 10 : (s.bigSur ? 1 : 2)
        case ("button", "check"), ("button", "radio"): return large ? 2.5 : 1
        case ("button", "inline"): return 2
        case ("button", "push") where s.bezel == "rounded": return large ? 10 : (s.size == "small" ? 5 : 6)
        case ("datePicker", _): return 1
        default:
            // Other bezels: the title centred in the frame, about a line's height below the top.
            let frame = SceneBuilder.frameRect(e)?.height ?? 0
            return max(0, (frame - 16) / 2)
        }
    }

    /// NSBox: a titled box's frame reaches 3 points beyond its border at the sides and 4 below; an
    /// untitled one 2 above too; a separator is a 1-point line in a 5-point frame; a custom box
    /// aligns by its frame (*fitted*).
    static func box(_ e: XMLElement) -> StandardViews.Metrics {
        let i: EdgeInsets
        switch (e["boxType"] ?? "primary", e["titlePosition"] ?? "top") {
        case ("separator", _):
            let frame = SceneBuilder.frameRect(e)
            let vertical = frame.map { $0.height > $0.width } ?? false
            i =
                vertical
                ? EdgeInsets(top: 0, left: 2, bottom: 0, right: 2) : EdgeInsets(top: 2, left: 0, bottom: 2, right: 0)
            return StandardViews.Metrics(
                width: vertical ? .fixed(1) : .none, height: vertical ? .none : .fixed(1), alignmentRectInsets: i)
        case ("custom", _): i = .zero
        case (_, "noTitle"): i = EdgeInsets(top: 2, left: 3, bottom: 4, right: 3)
        default: i = EdgeInsets(top: 0, left: 3, bottom: 4, right: 3)
        }
        return StandardViews.Metrics(alignmentRectInsets: i)
    }
}
