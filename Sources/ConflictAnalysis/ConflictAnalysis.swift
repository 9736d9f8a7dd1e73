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
    /// The members that tie with `labBreaks` on every step of the rule: between them the list's order
    /// alone decides, which is no prediction.
    public var labTiedWith: [Int]
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
        hierarchy = LogHierarchy(system, log.constraints)
        let conflicting = Set(minimal.joined())
        let demands = log.constraints.indices.map {
            Self.demand(log.constraints[$0], system.memberItems[$0], margin: system.margin)
        }
        let candidatesUnder = Dictionary(
            uniqueKeysWithValues: LogHierarchy.Evidence.allCases.map { evidence in
                let h = LogHierarchy(system, log.constraints, evidence: evidence)
                let each = log.constraints.indices.map { k in
                    Self.candidate(
                        log.constraints[k], system.memberItems[k], h,
                        inConflict: conflicting.isEmpty || conflicting.contains(k))
                }
                return (evidence, BreakingRule.markingAsksMore(each, demands: demands))
            })
        candidates = candidatesUnder[Self.ruleEvidence]!
        ruleFeatures = Self.features(candidatesUnder)
        let ranking = BreakingRule.ranking(candidates)
        labBreaks = ranking?.pick
        labTiedWith = ranking?.tiedWith ?? []
        fixes = []
        fixes = FixFinder.fixes(self)
    }

    /// The rule's view of a logged constraint: its class and identifier, how deep its owner and items
    /// sit in the inferred hierarchy, whether Apple printed it as a leading pin (`|-(c)-[X]`), whether
    /// it spaces two views or sizes one against a constant, its relation, multiplier and constant,
    /// whether a set that cannot hold has it (every member, when the list holds as printed).
    static func candidate(
        _ c: LoggedConstraint, _ items: LogSystem.Items, _ hierarchy: LogHierarchy, inConflict: Bool
    ) -> BreakingRule.Candidate {
        let a1 = LayoutAttribute(name: c.firstAttribute)
        return BreakingRule.Candidate(
            isProtected: BreakingRule.isProtected(className: c.className, identifier: c.identifier),
            ownerDepth: hierarchy.ownerDepth(items.first, items.second),
            firstItemDepth: hierarchy.depth(items.first),
            secondItemDepth: c.second == nil ? -1 : items.second.map(hierarchy.depth) ?? -1,
            isLeadingPin: c.form == .leadingPin,
            isSpacing: a1.map { a1 in c.secondAttribute.flatMap(LayoutAttribute.init(name:)).map(a1.isOpposite) ?? false
            }
                ?? false,
            isUnarySize: c.second == nil && (c.firstAttribute == "width" || c.firstAttribute == "height"),
            isEquality: c.relation == "==", multiplier: c.multiplier, constant: c.constant, inConflict: inConflict)
    }

    /// What a logged constraint asks of its items' anchors, for `BreakingRule.markingAsksMore`. Anchors
    /// are the system's (`LogSystem.placements`): `leading` and `minX` are one anchor, and a margin
    /// anchor is its edge inset by the log's assumed margin (`trailingMargin` is `trailing − 8`), so an
    /// inset to the edge and one to the margin tie the same anchors.
    static func demand(_ c: LoggedConstraint, _ items: LogSystem.Items, margin: Double) -> BreakingRule.Demand? {
        guard (c.second == nil) == (items.second == nil) else { return nil }
        func anchor(_ attribute: String) -> (name: String, offset: Double)? {
            guard let p = LogSystem.placements[attribute] else { return nil }
            return ("\(p.horizontal ? "H" : "V") \(p.isSize ? "size" : "\(p.fraction)")", p.margin * margin)
        }
        guard let a1 = anchor(c.firstAttribute) else { return nil }
        var a2: (name: String, offset: Double)?
        if let s = c.secondAttribute {
            guard let a = anchor(s) else { return nil }
            a2 = a
        }
        return BreakingRule.Demand(
            first: items.first, firstAttribute: a1.name, second: items.second, secondAttribute: a2?.name,
            relation: c.relation, multiplier: c.multiplier,
            constant: c.constant + c.multiplier * (a2?.offset ?? 0) - a1.offset)
    }

    /// How much of the evidence for a hierarchy (`LogHierarchy.Evidence`) the breaking rule reads:
    /// chosen with its steps by `Tools/breaking-rules.py`.
    public static let ruleEvidence: LogHierarchy.Evidence = .all

    /// Per member, every feature a step of the breaking rule could read (`RuleStep.Feature`), those
    /// of the hierarchy under each level of evidence (`owner_depth@named`): what
    /// `Tools/breaking-rules.py` fits the rule on (`layoutlab log --format json`, "features").
    public var ruleFeatures: [[(name: String, value: Double)]]

    static let hierarchyFeatures: Set<RuleStep.Feature> = [
        .ownerDepth, .firstItemDepth, .secondItemDepth, .asksMore,
    ]

    static func features(
        _ under: [LogHierarchy.Evidence: [BreakingRule.Candidate]]
    ) -> [[(name: String, value: Double)]] {
        let all = under[.all]!
        return all.indices.map { k in
            RuleStep.Feature.allCases.flatMap { f -> [(name: String, value: Double)] in
                guard hierarchyFeatures.contains(f) else {
                    return [(f.rawValue, f.value(all[k], index: k, count: all.count))]
                }
                return LogHierarchy.Evidence.allCases.map { e in
                    ("\(f.rawValue)@\(e.rawValue)", f.value(under[e]![k], index: k, count: all.count))
                }
            }
        }
    }

    /// The kinds of conflict the log shows, for the rule's accuracy on each.
    public var shapes: [ConflictShape] { ConflictShape.of(self) }

    /// What the log omits that could make its list conflict, when the list holds as printed.
    public var omissions: [LogOmission] { LogOmission.of(self) }

    /// The members any minimal conflicting set holds.
    public var conflicting: Set<Int> { Set(minimal.joined()) }
}
