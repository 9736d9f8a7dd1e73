import ConstraintModel

/// How Interface Builder's canvas breaks a conflict, where it differs from UIKit at run time: the
/// constraints the frameworks make go before the document's. First a stack view's own (`UISV-*`,
/// `NSStackView.*`: IB keeps a hidden arranged view at a required size of its own, where UIKit spares
/// `UISV-hiding`), then a view's intrinsic content size (IB keeps a document's `height == 25` over a
/// required intrinsic 20). Among the constraints of the first tier a conflict has, and only when it has
/// others too, the breaking rule chooses. *Fitted* on the frames Interface Builder stored
/// (`layoutlab check-ib --conflicts`); the IB check turns it on, sweeps model run time and leave it off.
enum CanvasBreaking {
    static let stackPrefixes = ["UISV-", "NSStackView."]

    /// The tiers, in the order they give way.
    static let tiers: [@Sendable (LayoutConstraint) -> Bool] = [
        { c in stackPrefixes.contains { c.identifier?.hasPrefix($0) == true } },
        { c in if case .contentSize = c.origin { true } else { false } },
    ]

    /// The index in `list` of the constraint the canvas breaks, or nil where no tier splits the set.
    static func choose(_ list: [LayoutConstraint], candidate: (LayoutConstraint) -> BreakingRule.Candidate) -> Int? {
        for tier in tiers {
            let yielding = list.indices.filter { tier(list[$0]) }
            guard !yielding.isEmpty && yielding.count < list.count else { continue }
            return BreakingRule.choose(yielding.map { candidate(list[$0]) }).map { yielding[$0] }
        }
        return nil
    }
}
