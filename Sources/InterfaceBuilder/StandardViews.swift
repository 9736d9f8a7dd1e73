import Geometry
import LabXML
import ViewTree

/// Intrinsic sizes and alignment insets of UIKit's standard views, by the Xcode era
/// that saved the document (`toolsVersion`). Only text-driven content — labels, titled buttons, text
/// fields, non-scrolling text views, compact date pickers, the titles of segmented controls — takes
/// its intrinsic size from the stored frame, standing for what Apple's fonts would measure;
/// everything else comes from a source, the document's own image resources, or the fitted table
/// (values marked *fitted*: `IBFit` on the corpora, cross-validated by `Tools/ib-cross-validate.py`).
enum StandardViews {
    /// Where one axis of a view's intrinsic size comes from.
    enum Length: Equatable {
        case none
        /// The alignment rect's length, from a source or the document (an image's size).
        case fixed(Double)
        /// The frame's length, from a source; the alignment rect is the frame less its insets.
        case frame(Double)
        /// Text or other content the lab cannot measure: the stored frame stands for it.
        case storedFrame
        /// The frame's length from the fitted table (`FittedValues`, by the view's style); none where
        /// the table has none.
        case fitted
        /// Content of this length (an image) with the bezel's padding around it, from the fitted table
        /// (`FittedField.padding…`): the frame is both, and the alignment rect that less the insets.
        case padded(Double)
    }

    struct Metrics: Equatable {
        var width: Length = .none
        var height: Length = .none
        /// The insets from a source, or where the fitted table has none.
        var alignmentRectInsets: EdgeInsets = .zero
        /// The insets come from the fitted table (by `style`), edge by edge.
        var fittedInsets = false
        /// The key of the view's fitted values.
        var style: FittedStyle?
    }

    /// iOS 13's controls grew (segmented controls 32 high, steppers 94 × 32): from toolsVersion 14810,
    /// Xcode 11's.
    static let iOS13 = 14810.0
    /// iOS 14 (Xcode 12): 4-point progress views, 26-point page controls.
    static let iOS14 = 17000.0
    /// Xcode 26 (toolsVersion 24000 and later): the redesigned switch.
    static let iOS26 = 24000.0

    /// An iPhone's navigation bar, upright: 44 points, 54 from Xcode 26 (every navigation bar Xcode 26
    /// documents store in both corpus folders is 54 high, or 106 with large titles, 54 + 52; every earlier
    /// one 44, 56 with a prompt, or 96: `Tools/ib-corpus-facts.py controls`).
    static func phoneNavigationBar(_ tv: Double, classic: Double = 44) -> Double { tv >= iOS26 ? 54 : classic }

    /// The UIKit era of the Xcode that saved a document: the controls it drew.
    static func era(_ tv: Double) -> String {
        tv >= iOS26 ? "ios26" : tv >= iOS14 ? "ios14" : tv >= iOS13 ? "ios13" : "ios7"
    }

    /// `canvas`: on an iPad bars grew to 50 points with the iOS 12 SDK (toolsVersion 14000; Hackworth);
    /// on an upright iPhone with a home indicator toolbars are 49 points (`DesignDevice.Canvas`).
    static func metrics(
        _ e: XMLElement, toolsVersion tv: Double, canvas: DesignDevice.Canvas, images: [String: Size]
    ) -> Metrics {
        let pad = canvas.pad
        func style(_ parts: String...) -> FittedStyle { FittedStyle(platform: "iOS", components: parts, era: era(tv)) }
        switch e.name {
        case "label", "textField":
            return Metrics(width: .storedFrame, height: .storedFrame)
        case "textView":
            return e["scrollEnabled"] == "NO" ? Metrics(width: .storedFrame, height: .storedFrame) : Metrics()
        case "button" where systemButtonTypes.contains(e["buttonType"] ?? ""):
            let size = systemButtonSize(tv)
            return Metrics(width: .fixed(size.width), height: .fixed(size.height))
        case "button":
            return button(e, images: images, style: style("button", "empty", e["buttonType"] ?? "custom"))
        case "imageView":
            // An image view is as large as its image (the document lists each image's size).
            guard let image = e["image"].flatMap({ images[$0] }) else { return Metrics() }
            return Metrics(width: .fixed(image.width), height: .fixed(image.height))
        case "switch":
            // A 51 × 31 frame (GranadaLayout) before Xcode 26; the redesigned switch's frame, and the
            // insets (the thumb's shadow beyond the track on the right), are *fitted*.
            if tv >= iOS26 {
                return Metrics(width: .fitted, height: .fitted, fittedInsets: true, style: style("switch"))
            }
            return Metrics(width: .frame(51), height: .frame(31), fittedInsets: true, style: style("switch"))
        case "segmentedControl":
            // The titles set the width; the height and the alignment insets are UIKit's for the era (*fitted*).
            return Metrics(width: .storedFrame, height: .fitted, fittedInsets: true, style: style("segmentedControl"))
        case "stepper":
            // 94 × 29, 94 × 32 from iOS 13: app code reading `intrinsicContentSize`.
            return Metrics(width: .fixed(94), height: .fixed(tv >= iOS13 ? 32 : 29))
        case "slider":
            // A track the thumb overhangs at its ends: frame height and insets *fitted*.
            return Metrics(height: .fitted, fittedInsets: true, style: style("slider"))
        case "progressView":
            return Metrics(height: .fixed(tv >= iOS14 ? 4 : (e["progressViewStyle"] == "bar" ? 2.5 : 2)))
        case "activityIndicatorView":
            let large = ["large", "whiteLarge"].contains(e["style"] ?? "")
            return Metrics(width: .fixed(large ? 37 : 20), height: .fixed(large ? 37 : 20))
        case "pageControl":
            // Its dots set its width, by the number of pages; both lengths *fitted*.
            let pages = e["numberOfPages"] ?? "3"
            return Metrics(width: .fitted, height: .fitted, style: style("pageControl", "pages" + pages))
        case "pickerView":
            return Metrics(height: .fixed(216))
        case "datePicker":
            let wheels = e["datePickerStyle"] == nil || e["datePickerStyle"] == "wheels"
            return wheels ? Metrics(height: .fixed(216)) : Metrics(width: .storedFrame, height: .storedFrame)
        case "toolbar" where canvas.homeIndicatorUpright:
            return Metrics(height: .fixed(49))
        case "toolbar":
            return Metrics(height: .fixed(pad && tv >= 14000 ? 50 : 44))
        case "navigationBar":
            return Metrics(height: .fixed(pad && tv >= 14000 ? 50 : phoneNavigationBar(tv)))
        case "tabBar":
            return Metrics(height: .fixed(49))
        case "searchBar":
            return Metrics(
                height: .fitted, style: style("searchBar", e["searchBarStyle"] == "minimal" ? "minimal" : "prominent"))
        default:
            return Metrics()
        }
    }

    /// The system button types, drawn by UIKit with an image of its own.
    static let systemButtonTypes: Set<String> = ["infoLight", "infoDark", "detailDisclosure", "contactAdd"]

    /// A system button's size: 22 × 22 before iOS 13; from iOS 13, which draws them with SF Symbols
    /// (`info.circle`, `plus.circle`), 25 × 24 (*hand-fitted*: every such button of an iOS 13 or later
    /// document in both corpus folders, FLEX's four and UTM's one, toolsVersion 14810 to 17701, is stored
    /// 25 × 24 where constraints leave its size to it; every earlier one 22 × 22).
    static func systemButtonSize(_ tv: Double) -> Size {
        tv >= iOS13 ? Size(width: 25, height: 24) : Size(width: 22, height: 22)
    }

    /// A button is as large as its title (text-driven) or, with an image only, its image. A button with
    /// neither, or with an image the document does not list, takes the size *fitted* for such buttons of
    /// its type.
    static func button(_ e: XMLElement, images: [String: Size], style: FittedStyle) -> Metrics {
        let states = e.children("state")
        let titled =
            states.contains { $0["title"] != nil || $0.child("attributedString", key: "attributedTitle") != nil }
            || e.child("buttonConfiguration") != nil
        if titled { return Metrics(width: .storedFrame, height: .storedFrame) }
        if let name = states.compactMap({ $0["image"] ?? $0["backgroundImage"] }).first {
            // An image whose size the document does not give (an SF Symbol, below) leaves the button none.
            guard let image = images[name] else { return Metrics() }
            return Metrics(width: .fixed(image.width), height: .fixed(image.height))
        }
        return Metrics(width: .fitted, height: .fitted, style: style)
    }

    /// The document's image resources: name → size in points.
    static func images(_ document: XMLElement) -> [String: Size] {
        var out: [String: Size] = [:]
        for e in document.child("resources")?.children("image") ?? [] {
            guard let name = e["name"], let w = e["width"].flatMap(Double.init),
                let h = e["height"].flatMap(Double.init)
            else { continue }
            // An SF Symbol (`catalog="system"`) listed at 128 points is the symbol's reference drawing, not
            // the size UIKit renders it at (that follows the symbol configuration and text style, which
            // the lab does not model): such an image gives its view no size.
            if e["catalog"] == "system" && max(w, h) == 128 { continue }
            out[name] = Size(width: w, height: h)
        }
        return out
    }
}
