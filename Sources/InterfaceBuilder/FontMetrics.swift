import LabXML

/// A font's vertical metrics as fractions of its point size (from capsize's tables,
/// `seek-oss/capsize`): ascender and descender (positive, below the baseline) and line gap.
struct FontMetrics: Equatable {
    var ascender: Double
    var descender: Double
    var lineGap: Double

    /// SF Pro Text, UIKit's system font: 1950 and 494 on 2048 units per em (17 pt: 16.19, 4.10).
    static let sfPro = FontMetrics(ascender: 1950 / 2048, descender: 494 / 2048, lineGap: 0)
    /// `.SFNS`, AppKit's system font from macOS 11: 1980 and 432 on 2048.
    static let sfNS = FontMetrics(ascender: 1980 / 2048, descender: 432 / 2048, lineGap: 0)
    /// Helvetica Neue: 952 and 213 on 1000, line gap 28.
    static let helveticaNeue = FontMetrics(ascender: 0.952, descender: 0.213, lineGap: 0.028)

    /// A document's font: the point size and the metrics of its family (a named font the lab has no
    /// table for is measured as the platform's system font).
    static func font(of e: XMLElement, platform: IBImport.Platform) -> (size: Double, metrics: FontMetrics)? {
        if let d = e.child("fontDescription", key: "fontDescription") {
            let size = SceneBuilder.number(d["pointSize"]) ?? textStyleSize(d["style"]) ?? 17
            let named = (d["name"] ?? d["family"] ?? "").lowercased()
            return (size, named.contains("helvetica") ? .helveticaNeue : .sfPro)
        }
        let cell = e.children.first { $0["key"] == "cell" }
        guard let f = (cell ?? e).child("font", key: "font") else { return nil }
        let size = SceneBuilder.number(f["size"]) ?? metaFontSizes[f["metaFont"] ?? "system"] ?? 13
        let named = (f["name"] ?? "").lowercased()
        return (size, named.contains("helvetica") ? .helveticaNeue : (platform == .macOS ? .sfNS : .sfPro))
    }

    /// UIKit's Dynamic Type text styles at the default (Large) content size.
    static func textStyleSize(_ style: String?) -> Double? {
        guard let style else { return nil }
        let sizes: [String: Double] = [
            "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28,
            "UICTFontTextStyleTitle2": 22, "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17,
            "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15,
            "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
        ]
        return sizes[style]
    }

    /// AppKit's named system fonts (NSFont's `systemFontSize`, `smallSystemFontSize`, …).
    static let metaFontSizes: [String: Double] = [
        "system": 13, "systemBold": 13, "smallSystem": 11, "smallSystemBold": 11, "miniSystem": 9, "miniSystemBold": 9,
        "label": 10, "message": 13, "menu": 14, "controlContent": 13, "toolTip": 11, "titleBar": 13, "palette": 11,
        "user": 12, "fixedUser": 10, "menuBar": 14, "cellTitle": 13,
    ]
}
