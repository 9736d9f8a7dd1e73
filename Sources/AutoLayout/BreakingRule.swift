import ConstraintModel
import ViewTree

/// Which constraint Auto Layout breaks when required constraints cannot all hold.
///
/// Apple's engine collects the mutually exclusive constraints of the row it could not satisfy and asks
/// its delegate which to break (`-[UIView engine:markerForConstraintToBreakAmongConstraints:]`). UIKit
/// keeps the greatest under a fixed sequence of private per-constraint keys, then compares the first
/// items' places in the view hierarchy, then the second items'; on a complete tie the one listed
/// earlier stays chosen. The constraint is lowered "to an internal value that is not required but that
/// is higher priority than anything you can externally specify" (Cocoa Auto Layout Release Notes), and
/// the engine asks again while the row stays unsatisfiable.
///
/// The keys are private and a log prints no hierarchy, so the lab's rule has the same shape — the
/// greatest under a sequence of `Step`s, then the list's order — with steps read off real logs:
/// `rule` is the sequence `Tools/breaking-rules.py` chooses by leave-one-repository-out cross-validation
/// over the conflict-log corpus (`docs/conflict-logs.md` has the figures and the evidence for each
/// step). A log's hierarchy is inferred from its list (`LogHierarchy`); the backend reads its tree's.
public enum BreakingRule {
    /// What the rule reads of one constraint of the conflicting set.
    public struct Candidate: Hashable, Sendable {
        /// UIKit's or AppKit's own bookkeeping (`isProtected(className:identifier:)`).
        public var isProtected: Bool
        /// The depth of the view that owns it (its items' nearest common ancestor, where
        /// `addConstraint:` installs it; a size, its view; the window's root is 0), or -1 when its
        /// items share no known ancestor.
        public var ownerDepth: Int
        /// The depth of its first item's view, and of its second's (-1 for none, or not known).
        public var firstItemDepth: Int
        public var secondItemDepth: Int
        /// `X.leading|left|top == X's superview's same edge + c`, multiplier 1 (`|-(c)-[X]`).
        public var isLeadingPin: Bool
        /// One view's edge against another's opposite edge: `B.leading == A.trailing + c`.
        public var isSpacing: Bool
        /// A size against a constant alone: `X.width == c`, `[X(c)]`.
        public var isUnarySize: Bool
        /// `==` rather than `<=` or `>=`.
        public var isEquality: Bool
        public var multiplier: Double
        public var constant: Double
        /// Part of a set of the list that cannot hold (the backend's conflicting sets always are).
        public var inConflict: Bool
        /// Another member ties the same anchors and asks less of the deeper item (`markingAsksMore`).
        /// Only `layoutlab log` computes it (the shipped `rule` does not read it; the backend leaves it
        /// false, and `BreakingRuleTests` fails if the rule comes to read it).
        public var asksMore = false

        public init(
            isProtected: Bool, ownerDepth: Int = 0, firstItemDepth: Int = 0, secondItemDepth: Int = -1,
            isLeadingPin: Bool, isSpacing: Bool = false, isUnarySize: Bool = false, isEquality: Bool = true,
            multiplier: Double = 1, constant: Double, inConflict: Bool = true
        ) {
            self.isProtected = isProtected
            self.ownerDepth = ownerDepth
            self.firstItemDepth = firstItemDepth
            self.secondItemDepth = secondItemDepth
            self.isLeadingPin = isLeadingPin
            self.isSpacing = isSpacing
            self.isUnarySize = isUnarySize
            self.isEquality = isEquality
            self.multiplier = multiplier
            self.constant = constant
            self.inConflict = inConflict
        }
    }

    /// The rule: the candidate greatest under `steps` (each key compared in turn, the first that
    /// differs decides); where every step ties, `ties` decides between the list's first and last.
    public struct Rule: Hashable, Sendable {
        public var steps: [RuleStep]
        public var ties: TieBreak

        public init(_ steps: [RuleStep], ties: TieBreak) {
            self.steps = steps
            self.ties = ties
        }
    }

    public enum TieBreak: String, Hashable, Sendable, CaseIterable {
        /// UIKit's delegate keeps the one listed earlier on a complete tie.
        case earlier
        case later
    }

    /// The rule the lab applies, as `Tools/breaking-rules.py` chose it (docs/conflict-logs.md).
    public static let rule = Rule(
        ["bookkeeping-", "owner_depth+", "leading_pin-", "spacing+", "constant+"].compactMap(RuleStep.init),
        ties: .later)

    /// The index of the constraint to break among `candidates`, listed in the engine's order.
    public static func choose(_ candidates: [Candidate], rule: Rule = rule) -> Int? {
        ranking(candidates, rule: rule)?.pick
    }

    /// The rule's choice, and the candidates that tie with it on every step (the choice among them is
    /// the list's order alone).
    public static func ranking(_ candidates: [Candidate], rule: Rule = rule) -> (pick: Int, tiedWith: [Int])? {
        guard !candidates.isEmpty else { return nil }
        let keys = candidates.indices.map { k in
            rule.steps.map { $0.key(candidates[k], index: k, count: candidates.count) }
        }
        let best = keys.max { $0.lexicographicallyPrecedes($1) }!
        let top = keys.indices.filter { keys[$0] == best }
        let pick = rule.ties == .earlier ? top.first! : top.last!
        return (pick, top.filter { $0 != pick })
    }

    /// Identifier prefixes of the constraints UIKit and AppKit make for themselves.
    public static let protectedIdentifierPrefixes = [
        "UIView-Encapsulated-Layout-", "NSView-Encapsulated-Layout-", "_UITemporaryLayout", "fittingSize",
        "UISV-hiding", "UIViewSafeAreaLayoutGuide-",
    ]

    /// Constraint classes UIKit uses for its own bookkeeping.
    public static let protectedClasses: Set<String> = [
        "NSAutoresizingMaskLayoutConstraint", "_UILayoutSupportConstraint", "_UISystemBaselineConstraint",
    ]

    /// UIKit's and AppKit's bookkeeping, known by class and identifier: translated autoresizing masks,
    /// cells' and hosting views' encapsulated sizes, temporary and fitting sizes, stack views' hiding
    /// constraints, safe-area and margin guides, layout supports, system spacing.
    public static func isProtected(className: String, identifier: String?) -> Bool {
        if protectedClasses.contains(className) { return true }
        guard let id = identifier else { return false }
        if protectedIdentifierPrefixes.contains(where: { id.hasPrefix($0) }) { return true }
        // A translated mask written into a scenario file (`layoutlab log --scenario` names them so).
        if id.hasPrefix("NSAutoresizingMaskLayoutConstraint") { return true }
        // UIView-leftMargin-guide-constraint and its siblings tie a margins guide to its view.
        return id.hasPrefix("UIView-") && id.contains("guide-constraint")
    }

    /// The rule's view of one of the lab's constraints, given what only its engine can say: how deep
    /// its owner and items sit in the tree and whether it pins its first item to its own superview's
    /// leading edge.
    public static func candidate(
        _ c: LayoutConstraint, ownerDepth: Int, itemDepths: (Int, Int), isLeadingPin: Bool
    ) -> Candidate {
        var isProtected: Bool
        switch c.origin {
        case .autoresizingMask: isProtected = true
        default: isProtected = Self.isProtected(className: "NSLayoutConstraint", identifier: c.identifier)
        }
        if c.identifier == BreakingRule.systemIdentifier { isProtected = true }
        return Candidate(
            isProtected: isProtected, ownerDepth: ownerDepth, firstItemDepth: itemDepths.0,
            secondItemDepth: itemDepths.1, isLeadingPin: isLeadingPin,
            isSpacing: c.attr2.map(c.attr1.isOpposite) ?? false, isUnarySize: c.item2 == nil && c.attr1.isSize,
            isEquality: c.relation == .equal, multiplier: c.multiplier, constant: c.constant)
    }

    /// Identifies constraints the lab adds on a system's behalf (the engine's own bookkeeping).
    public static let systemIdentifier = "LayoutLab-system"
}
