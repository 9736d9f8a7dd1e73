import Geometry
import LabXML
import ViewTree

extension SceneBuilder {
    /// Where a text-bearing view's baselines are, from its font and class, as offsets
    /// from its alignment rect (`View.baselineOffsets`). UIKit centres a line of text vertically in
    /// labels, buttons and text fields; AppKit draws a label's text from the top and places other
    /// controls' titles by their bezels, by amounts *fitted* on the corpus (`AppKitControls.baselineOffset`).
    /// A view without text has none (its top and bottom serve).
    func baselineOffsets(_ e: XMLElement, view: View) -> BaselineOffsets? {
        guard textBearing.contains(e.name), let font = FontMetrics.font(of: e, platform: platform) ?? defaultFont(e)
        else { return nil }
        let frame = view.frame
        let insets = view.alignmentRectInsets
        let a = font.metrics.ascender * font.size
        let d = font.metrics.descender * font.size
        let line = a + d + font.metrics.lineGap * font.size
        var fromTop: Double
        var lines = 1.0
        if platform == .iOS {
            // UILabel (and a button's or text field's title) centres its lines in its bounds.
            let multiLine = e.name == "label" && e["numberOfLines"] != "1" && frame.height > 1.5 * line
            lines = multiLine ? max(1, (frame.height / line).rounded()) : 1
            fromTop = (frame.height - lines * line) / 2 + a
        } else {
            fromTop = a + AppKitControls.baselineOffset(e, toolsVersion: appKitToolsVersion)
        }
        let first = fromTop - insets.top
        let lastFromFrameTop = fromTop + (lines - 1) * line
        return BaselineOffsets(first: first, last: frame.height - insets.bottom - lastFromFrameTop)
    }

    /// A control whose document names no font uses its platform's control font.
    func defaultFont(_ e: XMLElement) -> (size: Double, metrics: FontMetrics)? {
        platform == .iOS ? (e.name == "button" ? (15, .sfPro) : (17, .sfPro)) : (13, .sfNS)
    }
}

/// Views whose text gives them baselines.
let textBearing: Set<String> = [
    "label", "button", "textField", "textView", "secureTextField", "searchField", "comboBox", "popUpButton",
    "segmentedControl", "datePicker", "tokenField",
]
