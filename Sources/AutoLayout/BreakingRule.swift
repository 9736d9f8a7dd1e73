import ConstraintModel
import ViewTree

/// Which constraint Auto Layout breaks when required constraints cannot all hold (issue 22).
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
/// 2. Nor is a leading or top inset to the superview (`|-(8)-[X]`, Apple's `_constraintType` 3):
///    1 of the apps' 47 was broken.
/// 3. Of the rest, the one with the largest constant (absolute value) — a fixed size, a long
///    inset — and on a tie the later one in the list.
///
/// On the corpus this names Apple's choice in 78 of 94 logs (83%); the misses turn on what logs do
/// not print (the hierarchy order, UIKit's private keys, OS-version differences).
public enum BreakingRule {
    /// What the rule reads of one constraint of the conflicting set.
    public struct Candidate: Hashable, Sendable {
        /// UIKit's or AppKit's own bookkeeping (step 1).
        public var isProtected: Bool
        /// `X.leading|left|top == X's superview's same edge + c`, multiplier 1 (step 2).
        public var isLeadingPin: Bool
        public var constant: Double

        public init(isProtected: Bool, isLeadingPin: Bool, constant: Double) {
            self.isProtected = isProtected
            self.isLeadingPin = isLeadingPin
            self.constant = constant
        }
    }

    /// The index of the constraint to break among `candidates`, listed in the engine's order.
    public static func choose(_ candidates: [Candidate]) -> Int? {
        guard !candidates.isEmpty else { return nil }
        var pool = Array(candidates.indices.filter { !candidates[$0].isProtected })
        if pool.isEmpty { pool = Array(candidates.indices) }
        let notPins = pool.filter { !candidates[$0].isLeadingPin }
        if !notPins.isEmpty { pool = notPins }
        var best = pool[0]
        for k in pool.dropFirst() where abs(candidates[k].constant) >= abs(candidates[best].constant) { best = k }
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

    /// The rule's view of one of the lab's constraints in `tree`.
    public static func candidate(_ c: LayoutConstraint, in tree: ViewTree) -> Candidate {
        var isProtected: Bool
        switch c.origin {
        case .autoresizingMask: isProtected = true
        default: isProtected = Self.isProtected(className: "NSLayoutConstraint", identifier: c.identifier)
        }
        if c.identifier == BreakingRule.systemIdentifier { isProtected = true }
        return Candidate(isProtected: isProtected, isLeadingPin: isLeadingPin(c, in: tree), constant: c.constant)
    }

    /// Identifies constraints the lab adds on a system's behalf (the engine's own bookkeeping).
    public static let systemIdentifier = "LayoutLab-system"

    /// `X.leading|left|top == superview.same + c` with X's own superview, multiplier 1.
    static func isLeadingPin(_ c: LayoutConstraint, in tree: ViewTree) -> Bool {
        guard [.leading, .left, .top].contains(c.attr1), c.attr2 == c.attr1, c.multiplier == 1, let item2 = c.item2
        else { return false }
        guard let index = tree.views.firstIndex(where: { $0.id == c.item1 }) else { return false }
        let parent = tree.parentIndex[index].map { tree.views[$0].id } ?? ViewTree.superviewID
        return item2 == parent
    }
}
