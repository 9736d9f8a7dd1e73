import ConstraintModel

/// A constraint broken to recover from an unsatisfiable system, with the set it conflicted with.
public struct Conflict: Hashable, Sendable {
    public var broken: LayoutConstraint
    /// The conflicting set as UIKit lists it (the broken constraint included).
    public var conflicting: [LayoutConstraint]

    init(broken: LayoutConstraint, conflicting: [LayoutConstraint]) {
        self.broken = broken
        self.conflicting = conflicting.contains(broken) ? conflicting : conflicting + [broken]
    }

    /// UIKit's console report.
    public var log: String {
        var text = "Unable to simultaneously satisfy constraints.\n"
        text += "\tProbably at least one of the constraints in the following list is one you don't want.\n(\n"
        text += conflicting.map { "    \"\($0.appleDescription)\"" }.joined(separator: ",\n")
        text += "\n)\n\nWill attempt to recover by breaking constraint \n\(broken.appleDescription)\n"
        return text
    }
}
