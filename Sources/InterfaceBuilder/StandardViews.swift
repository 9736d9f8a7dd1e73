import Geometry
import LabXML
import ViewTree

/// Intrinsic sizes and alignment insets of UIKit's standard views, by the Xcode era
/// that saved the document (`toolsVersion`). Only text-driven content — labels, titled buttons, text
/// fields, non-scrolling text views, compact date pickers, the titles of segmented controls and the
/// dots of page controls — takes its intrinsic size from the stored frame, standing for what Apple's
/// fonts would measure; everything else comes from this table or from the document's own image
/// resources. Values marked *fitted* were read off the corpus by `Tools/ib-corpus-facts.py controls`
/// (the stored sizes of standard controls, by toolsVersion) and need confirming elsewhere.
enum StandardViews {
    /// Where one axis of a view's intrinsic size comes from.
    enum Length: Equatable {
        case none
        case fixed(Double)
        /// Text or other content the lab cannot measure: the stored frame stands for it.
        case storedFrame
    }

    struct Metrics: Equatable {
        var width: Length = .none
        var height: Length = .none
        var alignmentRectInsets: EdgeInsets = .zero
    }

    /// iOS 13's controls grew (segmented controls 32 high, steppers 94 × 32): from toolsVersion 14810,
    /// the first in the corpus to store them (*fitted*: 29 in the 12 documents before, 32 in 13 after).
    static let iOS13 = 14810.0
    /// iOS 14 (Xcode 12): 4-point progress views, 26-point page controls.
    static let iOS14 = 17000.0
    /// Xcode 26 (toolsVersion 24000 and later): the redesigned switch, 63 × 28 stored (*fitted*, one
    /// document of 13 switches).
    static let iOS26 = 24000.0

    /// `pad`: the document is drawn for an iPad, whose bars grew to 50 points with the iOS 12 SDK
    /// (toolsVersion 14000; Hackworth).
    static func metrics(_ e: XMLElement, toolsVersion tv: Double, pad: Bool, images: [String: Size]) -> Metrics {
        switch e.name {
        case "label", "textField":
            return Metrics(width: .storedFrame, height: .storedFrame)
        case "textView":
            return e["scrollEnabled"] == "NO" ? Metrics(width: .storedFrame, height: .storedFrame) : Metrics()
        case "button":
            return button(e, images: images)
        case "imageView":
            // An image view is as large as its image (the document lists each image's size).
            guard let image = e["image"].flatMap({ images[$0] }) else { return Metrics() }
            return Metrics(width: .fixed(image.width), height: .fixed(image.height))
        case "switch":
            // Alignment rect 49 × 31 inside a 51 × 31 frame (GranadaLayout's frame; the 2-point right
            // inset *fitted*: constraints `width == 49` against stored 51).
            let size = tv >= iOS26 ? Size(width: 61, height: 28) : Size(width: 49, height: 31)
            return Metrics(
                width: .fixed(size.width), height: .fixed(size.height),
                alignmentRectInsets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
        case "segmentedControl":
            return Metrics(width: .storedFrame, height: .fixed(tv >= iOS13 ? 32 : 29))
        case "stepper":
            return Metrics(width: .fixed(94), height: .fixed(tv >= iOS13 ? 32 : 29))
        case "slider":
            // A 31-point frame around a 29-point alignment rect whose ends the thumb overhangs by 2
            // (*fitted*, `Tools/ib-corpus-facts.py insets slider`: left 2 in 26 of 26, right 2 in 28
            // of 28, bottom 1 in 19 of 19 of the iOS documents' constraints to a superview's edges).
            return Metrics(height: .fixed(29), alignmentRectInsets: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        case "progressView":
            return Metrics(height: .fixed(tv >= iOS14 ? 4 : (e["progressViewStyle"] == "bar" ? 2.5 : 2)))
        case "activityIndicatorView":
            let large = ["large", "whiteLarge"].contains(e["style"] ?? "")
            return Metrics(width: .fixed(large ? 37 : 20), height: .fixed(large ? 37 : 20))
        case "pageControl":
            return Metrics(width: .storedFrame, height: .fixed(tv >= iOS14 ? 26 : 37))
        case "pickerView":
            return Metrics(height: .fixed(216))
        case "datePicker":
            let wheels = e["datePickerStyle"] == nil || e["datePickerStyle"] == "wheels"
            return wheels ? Metrics(height: .fixed(216)) : Metrics(width: .storedFrame, height: .storedFrame)
        case "toolbar", "navigationBar":
            return Metrics(height: .fixed(pad && tv >= 14000 ? 50 : 44))
        case "tabBar":
            return Metrics(height: .fixed(49))
        case "searchBar":
            let minimal = e["searchBarStyle"] == "minimal"
            return Metrics(height: .fixed(minimal || tv < 11000 ? 44 : 56))
        default:
            return Metrics()
        }
    }

    /// A button is as large as its title (text-driven) or, with an image only, its image; the system
    /// types (info, detail disclosure, contact add) are 22 × 22.
    static func button(_ e: XMLElement, images: [String: Size]) -> Metrics {
        if ["infoLight", "infoDark", "detailDisclosure", "contactAdd"].contains(e["buttonType"] ?? "") {
            return Metrics(width: .fixed(22), height: .fixed(22))
        }
        let states = e.children("state")
        let titled =
            states.contains { $0["title"] != nil || $0.child("attributedString", key: "attributedTitle") != nil }
            || e.child("buttonConfiguration") != nil
        let image = states.compactMap { $0["image"] }.first.flatMap { images[$0] }
        if !titled, let image { return Metrics(width: .fixed(image.width), height: .fixed(image.height)) }
        return Metrics(width: .storedFrame, height: .storedFrame)
    }

    /// The document's image resources: name → size in points.
    static func images(_ document: XMLElement) -> [String: Size] {
        var out: [String: Size] = [:]
        for e in document.child("resources")?.children("image") ?? [] {
            guard let name = e["name"], let w = e["width"].flatMap(Double.init),
                let h = e["height"].flatMap(Double.init)
            else { continue }
            out[name] = Size(width: w, height: h)
        }
        return out
    }
}
