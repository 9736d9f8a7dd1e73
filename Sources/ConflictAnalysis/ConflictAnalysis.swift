import AutoLayout
import ConflictLog
import ConstraintModel

/// One conflict log explained: its constraints rebuilt and solved, the minimal sets that
/// cannot hold together, what each constraint says and where it comes from, the fixes that resolve
/// it (each checked by solving again), Apple's choice as the log names it and the lab's prediction,
/// made without reading the recovery line.
public struct ConflictAnalysis: Sendable {
    /// One constraint of the log's list, as the analysis reads it.
    public struct Member: Sendable {
        /// The constraint as the log printed it.
        public var constraint: LoggedConstraint
        /// Where it comes from: hand-written, a library's, a translated mask, an encapsulated size, ….
        public var kind: ConstraintKind
        /// The relation in words over the views' short names (`label.leading = contentView.leadingMargin + 8`).
        public var words: String
    }

    /// A change that may resolve the conflict, checked by solving the list again with it made.
    public struct Fix: Sendable {
        /// What to do (`turn translatesAutoresizingMaskIntoConstraints off for UIImageView:0x…`).
        public var action: String
        /// The members it removes or lowers.
        public var members: [Int]
        /// Whether the listed constraints can then all hold.
        public var resolves: Bool
        /// What changes, as the lab solves it (`the width ends at 0, 26 short of its constant`).
        public var effect: String
    }

    /// The log as read.
    public var log: ConflictLog
    /// Its constraints as a linear system over the views' edges and sizes.
    public var system: LogSystem
    /// The listed constraints, in the log's order.
    public var members: [Member]
    /// Whether the listed required constraints cannot all hold (sizes kept non-negative).
    public var isUnsatisfiable: Bool
    /// Satisfiable as printed, but only with no slack at all: every required inequality tightened by
    /// what printing its constant may have rounded away, the constraints conflict (a cell's
    /// `height >= 48` against its encapsulated height printed as 48).
    public var holdsOnlyExactly: Bool
    /// Unsatisfiable as printed, or holding only exactly: unsatisfiable within the printing precision.
    public var isUnsatisfiableWithinPrinting: Bool { isUnsatisfiable || holdsOnlyExactly }
    /// The minimal conflicting sets (indices into `members`), smallest first.
    public var minimal: [[Int]]
    /// Per minimal set, the views whose non-negative size is part of the conflict.
    public var negativeSizes: [[Int]]
    /// The member Apple broke (the recovery line, matched in the list).
    public var appleBroke: Int?
    /// What the breaking rule reads of each member (its owner's depth in the hierarchy inferred from
    /// the log, `LogHierarchy`).
    public var candidates: [BreakingRule.Candidate]
    /// The view hierarchy the list implies (the rule's owners; the scenario's superviews).
    public var hierarchy: LogHierarchy
    /// The member the lab's breaking rule picks from the list alone.
    public var labBreaks: Int?
    /// The usual fixes (a view's translation off, a constraint lowered to 999), each solved again.
    public var fixes: [Fix]

    public init(_ log: ConflictLog) throws(LogSystemError) {
        self.log = log
        let system = try LogSystem(log)
        self.system = system
        members = log.constraints.indices.map { k in
            let c = log.constraints[k]
            return Member(constraint: c, kind: ConstraintKind(c), words: ConstraintWords.relation(c, system))
        }
        let required = system.members.indices.filter { system.members[$0].priority >= 1000 }
        isUnsatisfiable = !system.isSatisfiable(required)
        holdsOnlyExactly = !isUnsatisfiable && !system.holdsWithSlack(required)
        minimal = isUnsatisfiable ? system.minimalConflicts() : []
        negativeSizes = minimal.map { system.negativeSizes(in: $0) }
        appleBroke = log.brokenIndex
        let hierarchy = LogHierarchy(system, log.constraints)
        self.hierarchy = hierarchy
        candidates = zip(log.constraints, system.memberItems).map { Self.candidate($0, $1, hierarchy) }
        labBreaks = BreakingRule.choose(candidates)
        fixes = []
        fixes = FixFinder.fixes(self)
    }

    /// The rule's view of a logged constraint: its class and identifier, how deep its owner sits in
    /// the inferred hierarchy, whether Apple printed it as a leading pin (`|-(c)-[X]`), whether it
    /// spaces two views, its constant.
    static func candidate(
        _ c: LoggedConstraint, _ items: LogSystem.Items, _ hierarchy: LogHierarchy
    ) -> BreakingRule.Candidate {
        BreakingRule.Candidate(
            isProtected: BreakingRule.isProtected(className: c.className, identifier: c.identifier),
            ownerDepth: hierarchy.ownerDepth(items.first, items.second),
            isLeadingPin: c.form == .leadingPin,
            isSpacing: LayoutAttribute(name: c.firstAttribute).map { a1 in
                c.secondAttribute.flatMap(LayoutAttribute.init(name:)).map(a1.isOpposite) ?? false
            } ?? false,
            constant: c.constant)
    }

    /// The members any minimal conflicting set holds.
    public var conflicting: Set<Int> { Set(minimal.joined()) }
}
