import AutoLayout
import ConflictLog
import ConstraintModel

/// The view hierarchy a conflict log implies, as far as the breaking rule needs it (which view owns
/// each constraint, and how deep). A log prints no hierarchy; the evidence, strongest first:
///
/// 1. what `LogSystem` already infers: `'|'` names a superview, a view tied to another's margins
///    sits inside it, an autoresizing position is relative to its superview;
/// 2. `UISV-canvas-connection` ties a stack view to its arranged subview;
/// 3. siblings share a parent: two views spaced edge to opposite edge (`B.leading == A.trailing`),
///    a stack view's `UISV-spacing`/`-alignment`/`-distributing`, two controls that hold no subviews
///    (labels, buttons, image views…) aligned on one edge; a view whose sibling's parent is known
///    takes it (siblings of siblings included), and siblings with no known parent share one the log
///    does not name;
/// 4. any other alignment of two views on one edge puts one inside the other, as the constant's sign
///    says (a leading inset is positive, a trailing one negative).
///
/// Each kind of evidence after the first is a heuristic read off the corpus's logs, so the breaking
/// rule's cross-validation judges them too: `Evidence` names how much of it a hierarchy takes.
public struct LogHierarchy: Sendable {
    /// How much of the evidence a hierarchy takes (each level adds to the one before).
    public enum Evidence: String, CaseIterable, Comparable, Sendable {
        /// What the log names: `'|'`, margins, autoresizing positions' superviews (1).
        case named
        /// And stack views' canvas connections (2).
        case stackViews = "stack_views"
        /// And siblings sharing a parent (3).
        case siblings
        /// And any other alignment read as containment by its constant's sign (4).
        case all

        public static func < (a: Self, b: Self) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Per view of the system, then per unnamed parent made for siblings: its parent.
    public private(set) var parent: [Int?]

    public init(_ system: LogSystem, _ constraints: [LoggedConstraint], evidence: Evidence = .all) {
        parent = system.views.map(\.parent)
        guard evidence > .named else { return }
        var siblings: [(Int, Int)] = []
        var containments: [(child: Int, container: Int)] = []
        for (c, items) in zip(constraints, system.memberItems) {
            guard let i2 = items.second, items.first != i2 else { continue }
            let i1 = items.first
            let identifier = c.identifier ?? ""
            let a1 = LayoutAttribute(name: c.firstAttribute)
            let a2 = c.secondAttribute.flatMap(LayoutAttribute.init(name:))
            if identifier.hasPrefix("UISV-canvas-connection") {
                let stackFirst = Self.className(system.views[i1].item) == "UIStackView"
                let (stack, other) = stackFirst ? (i1, i2) : (i2, i1)
                if parent[other] == nil { parent[other] = stack }
            } else if evidence < .siblings {
                continue
            } else if ["UISV-spacing", "UISV-alignment", "UISV-distributing"].contains(where: identifier.hasPrefix)
                || (a1 != nil && a2 != nil && a1!.isOpposite(to: a2!))
            {
                siblings.append((i1, i2))
            } else if let a1, let a2, a1.edge == a2.edge, Self.alignable.contains(a1.edge) {
                if Self.holdsNoSubviews(system.views[i1].item), Self.holdsNoSubviews(system.views[i2].item) {
                    siblings.append((i1, i2))
                } else {
                    // Inside its superview a view's leading inset is positive and its trailing one
                    // negative: `X.leading == Y.leading + 8` puts X in Y, `− 8` Y in X.
                    let k = c.constant
                    let inner = a1.isLowEdge ? k >= 0 : (a1.isHighEdge ? k <= 0 : true)
                    containments.append(inner ? (i1, i2) : (i2, i1))
                }
            }
        }
        // Siblings share a parent: group them (a sibling of a sibling is one too).
        let groups = Self.groups(of: siblings, count: parent.count)
        settle(groups)
        for (child, container) in containments
        where evidence == .all && parent[child] == nil && !ancestors(container).contains(child) {
            parent[child] = container
            settle(groups)
        }
        for group in groups where group.allSatisfy({ parent[$0] == nil }) {
            parent.append(nil)
            for v in group { parent[v] = parent.count - 1 }
        }
    }

    /// Every member of a group with no known parent takes the parent a member has, unless that would
    /// make a cycle.
    mutating func settle(_ groups: [[Int]]) {
        for group in groups {
            guard let first = group.first(where: { parent[$0] != nil }), let known = parent[first] else { continue }
            for v in group where parent[v] == nil && !ancestors(known).contains(v) { parent[v] = known }
        }
    }

    /// The connected groups of `pairs` among `count` views, each in ascending order.
    static func groups(of pairs: [(Int, Int)], count: Int) -> [[Int]] {
        var root = Array(0..<count)
        func find(_ v: Int) -> Int {
            var v = v
            while root[v] != v { (root[v], v) = (root[root[v]], root[v]) }
            return v
        }
        for (x, y) in pairs { root[find(x)] = find(y) }
        var members: [Int: Set<Int>] = [:]
        for (x, y) in pairs { members[find(x), default: []].formUnion([x, y]) }
        return members.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// `v` and its ancestors, nearest first (a cycle in the evidence ends the walk).
    public func ancestors(_ v: Int) -> [Int] {
        var out: [Int] = []
        var next: Int? = v
        while let k = next, !out.contains(k) {
            out.append(k)
            next = parent[k]
        }
        return out
    }

    /// How many ancestors `v` has.
    public func depth(_ v: Int) -> Int { ancestors(v).count - 1 }

    /// The depth of the view that owns a constraint between `item1` and `item2` (their nearest
    /// common ancestor; a unary constraint's, its item), or -1 when they share no known ancestor.
    public func ownerDepth(_ item1: Int, _ item2: Int?) -> Int {
        guard let item2, item2 != item1 else { return depth(item1) }
        let second = Set(ancestors(item2))
        guard let owner = ancestors(item1).first(where: { second.contains($0) }) else { return -1 }
        return depth(owner)
    }

    /// Edges and centres (a margin form or frame name counting as its edge, `LayoutAttribute.edge`).
    static let alignable: Set<LayoutAttribute> = [
        .leading, .left, .top, .trailing, .right, .bottom, .centerX, .centerY,
    ]

    /// Controls that never hold subviews of the app's: two of them aligned are siblings.
    static let leafClasses = [
        "UILabel", "UIButton", "UIImageView", "UITextField", "UITextView", "UISwitch", "UIRoundedRectButton",
        "UISlider", "UIPageControl", "UIActivityIndicatorView", "UISegmentedControl", "NSButton", "NSTextField",
        "NSImageView",
    ]

    static func holdsNoSubviews(_ item: LoggedItem) -> Bool {
        let name = className(item)
        return leafClasses.contains(where: name.hasPrefix) || name.hasSuffix("Label")
    }

    /// The class without its module (`MyApp.TitleLabel` → `TitleLabel`).
    static func className(_ item: LoggedItem) -> String { LogSystem.innermostClass(item.className) }

}
