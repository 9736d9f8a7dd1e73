import LabXML

/// A stack view's axis and alignment as its document stores them, with each class's default where
/// the attribute is left out: a UIStackView is horizontal and fills across its axis
/// (`UIStackViewAlignmentFill`); an NSStackView is horizontal and centres its views across its axis
/// (`NSLayoutAttributeCenterY`, `CenterX` when vertical).
struct StackAttributes {
    var vertical: Bool
    var alignment: String

    init(_ e: XMLElement, platform: IBImport.Platform) {
        if platform == .macOS {
            vertical = e["orientation"] == "vertical"
            alignment = e["alignment"] ?? (vertical ? "centerX" : "centerY")
        } else {
            vertical = e["axis"] == "vertical"
            alignment = e["alignment"] ?? "fill"
        }
    }

    /// Whether the alignment stretches each arranged view across the axis (UIStackView's `fill`,
    /// NSStackView's `width` or `height`); otherwise each view keeps its own length there.
    var fillsAcross: Bool { ["fill", "width", "height"].contains(alignment) }

    /// The element lists whose children a stack arranges (NSStackView's gravity areas, or its and
    /// UIStackView's `subviews`).
    static let arrangedLists = ["subviews", "beginningViews", "middleViews", "endViews"]
}
