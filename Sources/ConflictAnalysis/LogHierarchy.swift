import AutoLayout
import ConflictLog

/// The view hierarchy a conflict log implies, as far as the breaking rule needs it (which view owns
/// each constraint, and how deep). A log prints no hierarchy; the evidence, strongest first:
///
/// 1. what `LogSystem` already infers: `'|'` names a superview, a view tied to another's margins
///    sits inside it, an autoresizing position is relative to its superview;
/// 2. `UISV-canvas-connection` ties a stack view to its arranged subview;
/// 3. siblings share a parent: two views spaced edge to opposite edge (`B.leading == A.trailing`),
///    a stack view's `UISV-spacing`/`-alignment`/`-distributing`, two controls that hold no subviews
///    (labels, buttons, image views…) aligned on one edge; a view whose sibling's parent is known
///    takes it, and siblings with no known parent share one the log does not name;
/// 4. any other alignment of two views on one edge puts one inside the other, as the constant's sign
///    says (a leading inset is positive, a trailing one negative).
///
/// On the 94 corpus logs this evidence gives the rule's 86; without the siblings of step 3, 84
/// (docs/conflict-logs.md).
public struct LogHierarchy: Sendable {
    /// Per view of the system, then per unnamed parent made for siblings: its parent.
    public private(set) var parent: [Int?]

    public init(_ system: LogSystem, _ constraints: [LoggedConstraint]) {
        parent = system.views.map(\.parent)
        var siblings: [(Int, Int)] = []
        var containments: [(child: Int, container: Int)] = []
        for (k, c) in constraints.enumerated() where k < system.members.count {
            guard let i1 = system.members[k].item1, let i2 = system.members[k].item2, i1 != i2 else { continue }
            let identifier = c.identifier ?? ""
            let (a1, a2) = (c.firstAttribute, c.secondAttribute ?? "")
            if identifier.hasPrefix("UISV-canvas-connection") {
                let stackFirst = Self.className(system.views[i1].item) == "UIStackView"
                let (stack, other) = stackFirst ? (i1, i2) : (i2, i1)
                if parent[other] == nil { parent[other] = stack }
            } else if ["UISV-spacing", "UISV-alignment", "UISV-distributing"].contains(where: identifier.hasPrefix)
                || BreakingRule.isSpacing(a1, a2)
            {
                siblings.append((i1, i2))
            } else if Self.edge(a1) == Self.edge(a2), Self.alignable.contains(Self.edge(a1)) {
                if Self.holdsNoSubviews(system.views[i1].item), Self.holdsNoSubviews(system.views[i2].item) {
                    siblings.append((i1, i2))
                } else {
                    // Inside its superview a view's leading inset is positive and its trailing one
                    // negative: `X.leading == Y.leading + 8` puts X in Y, `− 8` Y in X.
                    let k = c.constant
                    let inner =
                        Self.leadingEdges.contains(Self.edge(a1))
                        ? k >= 0 : (Self.trailingEdges.contains(Self.edge(a1)) ? k <= 0 : true)
                    containments.append(inner ? (i1, i2) : (i2, i1))
                }
            }
        }
        for _ in 0..<4 {
            spread(siblings)
            for (child, container) in containments where parent[child] == nil && !ancestors(container).contains(child) {
                parent[child] = container
                spread(siblings)
            }
        }
        for (x, y) in siblings where parent[x] == nil && parent[y] == nil && x != y {
            parent.append(nil)
            let unnamed = parent.count - 1
            parent[x] = unnamed
            parent[y] = unnamed
            spread(siblings)
        }
    }

    /// A sibling with no known parent takes the other's, unless that would make a cycle.
    mutating func spread(_ siblings: [(Int, Int)]) {
        for (x, y) in siblings {
            if parent[x] == nil, let p = parent[y], !ancestors(p).contains(x) {
                parent[x] = p
            } else if parent[y] == nil, let p = parent[x], !ancestors(p).contains(y) {
                parent[y] = p
            }
        }
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

    static let leadingEdges: Set<String> = ["leading", "left", "top"]
    static let trailingEdges: Set<String> = ["trailing", "right", "bottom"]
    static let alignable = leadingEdges.union(trailingEdges).union(["centerX", "centerY"])

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
    static func className(_ item: LoggedItem) -> String {
        String(item.className.split(separator: ".").last ?? Substring(item.className))
    }

    static func edge(_ a: String) -> String { a.hasSuffix("Margin") ? String(a.dropLast("Margin".count)) : a }
}
