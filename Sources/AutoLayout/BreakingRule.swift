import ConstraintModel
import ViewTree

/// Which constraint Auto Layout breaks when required constraints cannot all hold.
///
/// Apple's engine collects the mutually exclusive constraints of the failing row and asks UIKit
/// (`-[UIView engine:markerForConstraintToBreakAmongConstraints:]`), which keeps the maximum under
/// private per-constraint keys, then the view hierarchy order; it lowers that constraint to a priority
/// above any that can be set, and asks again while the system stays unsatisfiable. The keys are not
/// public and the hierarchy is not in a log, so the lab's rule is what the 94 real logs of
/// `../shared/corpus/logs` show (`docs/conflict-logs.md`, `Tools/breaking-rules.py`):
///
/// 1. UIKit's and AppKit's bookkeeping constraints are never broken while another is listed:
///    translated autoresizing masks, cells' and hosting views' encapsulated sizes, temporary and
///    fitting sizes, stack views' hiding constraints, safe-area and margin guides, layout supports,
///    system spacing (83 such constraints in 65 logs, broken once: in a log listing nothing else).
/// 2. Of the rest, the one owned deepest in the view hierarchy: a constraint belongs to its items'
///    nearest common ancestor (where `addConstraint:` installs it; a size, to its view), and the
///    deeper that owner, the sooner it goes. Without this step the rule names 66 logs instead of 86.
/// 3. Among those, not a leading or top inset to the superview (`|-(8)-[X]`, Apple's
///    `_constraintType` 3): 1 of the apps' 47 was broken (2 logs turn on it).
/// 4. Then a spacing between two views (`B.leading == A.trailing + 8`, `UISV-spacing`) before an
///    alignment or a size (2 logs).
/// 5. Then the largest constant (absolute value) — a fixed size, a long inset (13 logs) — and on a
///    tie the later one in the list.
///
/// On the corpus this names Apple's choice in 86 of 94 logs (91%); the misses turn on what logs do
/// not print (UIKit's private keys, OS-version differences). A log shows no hierarchy, so its owners
/// come from an inferred one (`LogHierarchy`); the backend reads its tree's.
public enum BreakingRule {
    /// What the rule reads of one constraint of the conflicting set.
    public struct Candidate: Hashable, Sendable {
        /// UIKit's or AppKit's own bookkeeping (step 1).
        public var isProtected: Bool
        /// The depth of the view that owns it (its items' nearest common ancestor; the window's
        /// root is 0), or -1 when its items share no known ancestor (step 2).
        public var ownerDepth: Int
        /// `X.leading|left|top == X's superview's same edge + c`, multiplier 1 (step 3).
        public var isLeadingPin: Bool
        /// One view's edge against another's opposite edge: `B.leading == A.trailing + c` (step 4).
        public var isSpacing: Bool
        public var constant: Double

        public init(
            isProtected: Bool, ownerDepth: Int = 0, isLeadingPin: Bool, isSpacing: Bool = false, constant: Double
        ) {
            self.isProtected = isProtected
            self.ownerDepth = ownerDepth
            self.isLeadingPin = isLeadingPin
            self.isSpacing = isSpacing
            self.constant = constant
        }

        /// Steps 2 to 5 as one key: the largest is broken.
        var key: (Int, Int, Int, Double) { (ownerDepth, isLeadingPin ? 0 : 1, isSpacing ? 1 : 0, abs(constant)) }
    }

    /// The index of the constraint to break among `candidates`, listed in the engine's order.
    public static func choose(_ candidates: [Candidate]) -> Int? {
        guard !candidates.isEmpty else { return nil }
        var pool = Array(candidates.indices.filter { !candidates[$0].isProtected })
        if pool.isEmpty { pool = Array(candidates.indices) }
        var best = pool[0]
        for k in pool.dropFirst() where !(candidates[k].key < candidates[best].key) { best = k }
        return best
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

    /// Step 1 for a constraint known by its class and identifier.
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
    /// its owner sits in the tree and whether it pins its first item to its own superview's leading edge.
    public static func candidate(_ c: LayoutConstraint, ownerDepth: Int, isLeadingPin: Bool) -> Candidate {
        var isProtected: Bool
        switch c.origin {
        case .autoresizingMask: isProtected = true
        default: isProtected = Self.isProtected(className: "NSLayoutConstraint", identifier: c.identifier)
        }
        if c.identifier == BreakingRule.systemIdentifier { isProtected = true }
        return Candidate(
            isProtected: isProtected, ownerDepth: ownerDepth, isLeadingPin: isLeadingPin,
            isSpacing: c.attr2.map(c.attr1.isOpposite) ?? false, constant: c.constant)
    }

    /// Identifies constraints the lab adds on a system's behalf (the engine's own bookkeeping).
    public static let systemIdentifier = "LayoutLab-system"
}
