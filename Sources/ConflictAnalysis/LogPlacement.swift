/// The attributes a log names, as the system places them (shared by the builder and the rule's features).
extension LogSystem {
    /// Where an attribute lies on its axis: origin + fraction × size + margin × the layout margin
    /// (inset from the leading/top edge, −1 from the trailing/bottom; the within-margins centres are
    /// the centres when both margins are equal, as the logs' margins are).
    struct Placement {
        var horizontal: Bool
        var fraction: Double = 0
        var margin: Double = 0
        var isSize = false
    }

    static let placements: [String: Placement] = {
        var table: [String: Placement] = [:]
        for (horizontal, names) in [
            (
                true,
                (
                    ["left", "leading", "minX"], ["right", "trailing", "maxX"], ["centerX", "midX"], "width",
                    ["leftMargin", "leadingMargin"], ["rightMargin", "trailingMargin"], "centerXWithinMargins"
                )
            ),
            (
                false,
                (
                    ["top", "minY", "firstBaseline"], ["bottom", "maxY", "lastBaseline", "baseline"],
                    ["centerY", "midY"], "height", ["topMargin"], ["bottomMargin"], "centerYWithinMargins"
                )
            ),
        ] {
            for n in names.0 { table[n] = Placement(horizontal: horizontal) }
            for n in names.1 { table[n] = Placement(horizontal: horizontal, fraction: 1) }
            for n in names.2 { table[n] = Placement(horizontal: horizontal, fraction: 0.5) }
            table[names.3] = Placement(horizontal: horizontal, isSize: true)
            for n in names.4 { table[n] = Placement(horizontal: horizontal, margin: 1) }
            for n in names.5 { table[n] = Placement(horizontal: horizontal, fraction: 1, margin: -1) }
            table[names.6] = Placement(horizontal: horizontal, fraction: 0.5)
        }
        return table
    }()

    static func isSize(_ a: String) -> Bool { a == "width" || a == "height" || a.hasPrefix("content") }

    static func isHorizontal(_ a: String) -> Bool { placements[a]?.horizontal ?? false }
}
