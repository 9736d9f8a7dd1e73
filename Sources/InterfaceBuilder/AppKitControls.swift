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
        /// The border's part of a fitted style's name.
        var border: String { bordered ? "bordered" : "borderless" }
    }

    static func style(_ e: XMLElement, toolsVersion: Double) -> Style {
        let cell = e.children.first { $0["key"] == "cell" }
        let size = cell?["controlSize"] ?? e["controlSize"] ?? "regular"
        // Any `borderStyle` draws a border (`border`, `bezel`, a pop-up's `borderAndBezel`); with none
        // the cell is borderless (`isBordered` NO).
        return Style(
            element: e.name, type: cell?["type"] ?? "", bezel: cell?["bezelStyle"] ?? "", size: size,
            bordered: cell?["borderStyle"] != nil, bigSur: toolsVersion >= bigSur)
    }

    /// macOS 26's controls (Xcode 26, toolsVersion 24000 and later).
    static let tahoe = 24000.0

    /// The AppKit era of the Xcode that saved a document: the controls it drew (Xcode 6 brought
    /// Yosemite's, Xcode 12 Big Sur's, Xcode 26 Tahoe's).
    static func era(_ toolsVersion: Double) -> String {
        toolsVersion >= tahoe
            ? "tahoe" : toolsVersion >= bigSur ? "bigSur" : toolsVersion >= yosemite ? "yosemite" : "mavericks"
    }

    /// A control's insets and lengths: from a source where one gives them, from the document's
    /// images, from its text (the stored frame), or from the fitted table by its style.
    static func metrics(_ e: XMLElement, toolsVersion: Double, images: [String: Size] = [:]) -> StandardViews.Metrics {
        let s = style(e, toolsVersion: toolsVersion)
        let cell = e.children.first { $0["key"] == "cell" }
        let title = !(cell?["title"] ?? "").isEmpty || cell?.child("attributedString") != nil
        let image = (cell?["image"]).flatMap { images[$0] }
        func fitted(_ parts: String...) -> FittedStyle { fittedStyle(parts, toolsVersion: toolsVersion) }
        func metrics(
            width: StandardViews.Length = .none, height: StandardViews.Length = .none, _ style: FittedStyle
        )
            -> StandardViews.Metrics
        {
            StandardViews.Metrics(width: width, height: height, fittedInsets: true, style: style)
        }
        switch (s.element, s.type, s.bezel) {
        case ("textField", _, _), ("secureTextField", _, _), ("searchField", _, _), ("tokenField", _, _):
            // Text sets a field's size; a label (no border or bezel) reaches beyond its text at the
            // sides by *fitted* insets, a bezeled field aligns by its frame.
            let kind = s.element == "textField" && !s.bordered ? "label" : (s.bordered ? "bezel" : "plain")
            return metrics(width: .storedFrame, height: .storedFrame, fitted(s.element, kind))
        case ("comboBox", _, _):
            // Its field's text sets the width; its control size its height (*fitted*, as its insets).
            return metrics(width: .storedFrame, height: .fitted, fitted("comboBox", s.size))
        case ("button", _, _):
            return buttonMetrics(s, title: title, image: image, toolsVersion: toolsVersion)
        case ("popUpButton", _, _):
            // A borderless pop-up (NSPopUpButton's `isBordered` NO) draws no bezel and stands as high as
            // its text, so its height is fitted apart from a bordered one's.
            return metrics(
                width: .storedFrame, height: .fitted,
                fitted("popUpButton", s.bezel.isEmpty ? "none" : s.bezel, s.size, s.border))
        case ("slider", _, _):
            // A track the knob overhangs: its thickness (with and without tick marks) and insets *fitted*.
            // A slider is vertical when its frame is taller than it is wide (NSSlider's `isVertical`).
            let ticks = cell?["numberOfTickMarks"] != nil ? "ticks" : "plain"
            if let f = SceneBuilder.frameRect(e), f.height > f.width {
                return metrics(width: .fitted, fitted("slider", "vertical", ticks, s.size))
            }
            return metrics(height: .fitted, fitted("slider", "horizontal", ticks, s.size))
        case ("box", _, _):
            return box(e, toolsVersion: toolsVersion)
        case ("tabView", _, _):
            return metrics(fitted("tabView", e["type"] ?? "topTabsBezelBorder"))
        case ("progressIndicator", _, _):
            if e["style"] == "spinning" {
                // 32 × 32, 16 small.
                let side: Double = s.size == "small" ? 16 : 32
                return StandardViews.Metrics(width: .fixed(side), height: .fixed(side))
            }
            return metrics(height: .fitted, fitted("progressIndicator", "bar", s.size))
        case ("colorWell", _, _):
            return metrics(
                width: .fitted, height: .fitted, fitted("colorWell", e["colorWellStyle"] ?? "default", s.size))
        case ("segmentedControl", _, _):
            return metrics(
                width: .storedFrame, height: .fitted, fitted("segmentedControl", cell?["style"] ?? "automatic", s.size))
        case ("datePicker", _, _):
            let pickerStyle = cell?["datePickerStyle"] ?? "textFieldAndStepper"
            return metrics(
                width: .storedFrame, height: .fitted,
                fitted("datePicker", pickerStyle, s.size, s.border))
        case ("switch", _, _):
            // NSSwitch (macOS 10.15): a fixed size by control size (*fitted*, as its insets).
            return metrics(width: .fitted, height: .fitted, fitted("switch", s.size))
        case ("stepper", _, _):
            return metrics(width: .fitted, height: .fitted, fitted("stepper", s.size))
        case ("levelIndicator", _, _):
            return metrics(
                height: .fitted, fitted("levelIndicator", cell?["levelIndicatorStyle"] ?? "continuousCapacity", s.size))
        case ("imageView", _, _):
            // An image view is as large as its cell's image (the document lists each image's size).
            guard let image else { return StandardViews.Metrics() }
            return StandardViews.Metrics(width: .fixed(image.width), height: .fixed(image.height))
        default:
            return StandardViews.Metrics()
        }
    }

    /// The fitted table's key for a control of this document's AppKit era.
    static func fittedStyle(_ parts: [String], toolsVersion: Double) -> FittedStyle {
        FittedStyle(platform: "macOS", components: parts, era: era(toolsVersion))
    }

    /// An NSButton by its type and bezel: push buttons before Big Sur from a source, every other one
    /// from the fit.
    static func buttonMetrics(
        _ s: Style, title: Bool, image: Size?, toolsVersion: Double
    ) -> StandardViews.Metrics {
        func fitted(_ parts: String...) -> FittedStyle { fittedStyle(parts, toolsVersion: toolsVersion) }
        /// Its width from its title (or its image and the bezel's fitted padding around it, or the fit
        /// when it has neither), its height and insets from the fit.
        func control(_ style: FittedStyle, height: StandardViews.Length = .fitted) -> StandardViews.Metrics {
            let width: StandardViews.Length = title ? .storedFrame : image.map { .padded($0.width) } ?? .fitted
            return StandardViews.Metrics(width: width, height: height, fittedInsets: true, style: style)
        }
        switch (s.type, s.bezel) {
        case ("push", "rounded") where !s.bigSur && ["regular", "small", "mini"].contains(s.size):
            // Push buttons before Big Sur: yue's button_mac.mm (after wxWidgets): a regular frame 32
            // high around its bezel, 4, 6, 7, 6; small 28, 4, 5, 6, 5; mini 16, 0, 1, 1, 1.
            let (height, i): (Double, EdgeInsets) =
                switch s.size {
                case "small": (28, EdgeInsets(top: 4, left: 5, bottom: 6, right: 5))
                case "mini": (16, EdgeInsets(top: 0, left: 1, bottom: 1, right: 1))
                default: (32, EdgeInsets(top: 4, left: 6, bottom: 7, right: 6))
                }
            return StandardViews.Metrics(
                width: title ? .storedFrame : image.map { .padded($0.width) } ?? .fitted, height: .frame(height),
                alignmentRectInsets: i, style: fitted("button", "push", "rounded", s.size))
        case ("check", _), ("radio", _):
            // The box and its title: insets and height *fitted* by size, with and without a title (an
            // untitled box is centred in its frame), and an untitled one's width.
            return control(fitted("button", s.type, s.size, title ? "titled" : "untitled"))
        default:
            // Every other button: its bezel and size set its height and insets (*fitted*); the square
            // bezels take any height, so an image alone sets theirs.
            let style = fitted(
                "button", s.type.isEmpty ? "none" : s.type, s.bezel.isEmpty ? "none" : s.bezel, s.size,
                s.border)
            let square = ["smallSquare", "shadowlessSquare", "regularSquare", "texturedSquare"].contains(s.bezel)
            if square && !title, let image { return control(style, height: .padded(image.height)) }
            return control(style)
        }
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

    /// NSBox: its border inside its frame by *fitted* insets; a separator is a 1-point line (DESIGN
    /// 12.4) across its frame; a custom box aligns by its frame.
    static func box(_ e: XMLElement, toolsVersion: Double) -> StandardViews.Metrics {
        let type = e["boxType"] ?? "primary"
        func style(_ parts: String...) -> FittedStyle {
            FittedStyle(platform: "macOS", components: ["box"] + parts, era: era(toolsVersion))
        }
        switch type {
        case "separator":
            let frame = SceneBuilder.frameRect(e)
            let vertical = frame.map { $0.height > $0.width } ?? false
            return StandardViews.Metrics(
                width: vertical ? .fixed(1) : .none, height: vertical ? .none : .fixed(1), fittedInsets: true,
                style: style("separator", vertical ? "vertical" : "horizontal"))
        case "custom":
            return StandardViews.Metrics()
        default:
            return StandardViews.Metrics(fittedInsets: true, style: style(type, e["titlePosition"] ?? "top"))
        }
    }
}
