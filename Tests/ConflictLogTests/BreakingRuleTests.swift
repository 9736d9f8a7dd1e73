import AutoLayout
import ConflictAnalysis
import ConflictLog
import ConstraintModel
import Geometry
import Testing
import ViewTree

/// The breaking rule's steps (`BreakingRule`, evidence in docs/conflict-logs.md, chosen by
/// `Tools/breaking-rules.py`), and the Auto Layout backend using it: the choice is lowered, not dropped.
@Suite("Which constraint is broken")
struct BreakingRuleTests {
    typealias C = BreakingRule.Candidate

    @Test func protectedConstraintsAreSparedWhileAnotherIsListed() {
        let list = [
            C(isProtected: true, isLeadingPin: false, constant: 300),
            C(isProtected: false, isLeadingPin: false, constant: 8),
        ]
        #expect(BreakingRule.choose(list) == 1)
        // Only bookkeeping in the list (corpus log 0029): the rule chooses among it.
        #expect(
            BreakingRule.choose([
                C(isProtected: true, isLeadingPin: false, constant: 0),
                C(isProtected: true, isLeadingPin: false, constant: 49),
            ]) == 1)
    }

    @Test func leadingPinsAreSparedWhileAnotherIsListed() {
        let list = [
            C(isProtected: false, isLeadingPin: true, constant: 40),
            C(isProtected: false, isLeadingPin: false, constant: 12),
        ]
        #expect(BreakingRule.choose(list) == 1)
        #expect(BreakingRule.choose([C(isProtected: false, isLeadingPin: true, constant: 8)]) == 0)
    }

    @Test func theLargestConstantAndOnATieTheLaterOne() {
        let sizes = [
            C(isProtected: false, isLeadingPin: false, constant: -16),
            C(isProtected: false, isLeadingPin: false, constant: 12),
        ]
        #expect(BreakingRule.choose(sizes) == 0)
        let tie = [
            C(isProtected: false, isLeadingPin: false, constant: 10),
            C(isProtected: false, isLeadingPin: false, constant: -10),
        ]
        #expect(BreakingRule.choose(tie) == 1)
        #expect(BreakingRule.choose([]) == nil)
    }

    /// What counts as bookkeeping, by class and identifier.
    @Test(
        arguments: [
            ("NSAutoresizingMaskLayoutConstraint", nil, true), ("_UILayoutSupportConstraint", nil, true),
            ("_UISystemBaselineConstraint", nil, true),
            ("NSLayoutConstraint", "UIView-Encapsulated-Layout-Height", true),
            ("NSLayoutConstraint", "_UITemporaryLayoutWidth", true), ("NSLayoutConstraint", "fittingSizeHTarget", true),
            ("NSLayoutConstraint", "UISV-hiding", true),
            ("NSLayoutConstraint", "UIViewSafeAreaLayoutGuide-bottom", true),
            ("NSLayoutConstraint", "UIView-leftMargin-guide-constraint", true),
            ("NSLayoutConstraint", "UISV-spacing", false),
            ("NSLayoutConstraint", "UISV-canvas-connection", false), ("MASLayoutConstraint", nil, false),
            ("NSLayoutConstraint", "Label Width", false),
        ] as [(String, String?, Bool)])
    func bookkeeping(className: String, identifier: String?, protected: Bool) {
        #expect(BreakingRule.isProtected(className: className, identifier: identifier) == protected)
    }

    /// The lab's own constraints: a translated mask is bookkeeping; `X.leading == superview.leading + c`
    /// is a leading pin only with X's own superview.
    @Test func candidatesOfTheLabsConstraints() throws {
        let tree = try ViewTree(
            superviewSize: Size(width: 300, height: 200),
            views: [
                View(id: "p", frame: Rect(x: 0, y: 0, width: 200, height: 100), translatesMask: false),
                View(id: "c", parentID: "p", frame: Rect(x: 10, y: 10, width: 50, height: 50), translatesMask: false),
            ])
        let engine = AutoLayoutEngine(tree: tree, constraints: [], configuration: AutoLayoutConfiguration())
        func candidate(_ c: LayoutConstraint) -> C { engine.breakingCandidate(c) }
        let pin = LayoutConstraint("c", .leading, .equal, "p", .leading, constant: 10)
        let notParent = LayoutConstraint("c", .leading, .equal, "superview", .leading, constant: 10)
        let mask = LayoutConstraint("c", .width, .equal, constant: 50, origin: .autoresizingMask([]))
        // Owned by p (depth 1: the superview is 0); c's own width by c (depth 2).
        #expect(
            candidate(pin)
                == C(
                    isProtected: false, ownerDepth: 1, firstItemDepth: 2, secondItemDepth: 1, isLeadingPin: true,
                    constant: 10))
        #expect(candidate(mask).isUnarySize && candidate(mask).secondItemDepth == -1 && !candidate(pin).isUnarySize)
        #expect(!candidate(notParent).isLeadingPin && candidate(notParent).ownerDepth == 0)
        #expect(candidate(mask).isProtected && candidate(mask).ownerDepth == 2)
        // A layout guide is its view's: owned by p, and not a pin to p itself.
        let guide = LayoutConstraint("c", .leading, .equal, "p.layoutMarginsGuide", .leading, constant: 10)
        #expect(candidate(guide).ownerDepth == 1 && !candidate(guide).isLeadingPin)
        let spacing = LayoutConstraint("c", .leading, .equal, "p", .trailingMargin, constant: 8)
        #expect(candidate(spacing).isSpacing && !candidate(pin).isSpacing)
    }

    /// Step 2 goes before the constant, the leading pin and the spacing: the deeper owner is broken,
    /// and one whose items share no known ancestor (-1) last.
    @Test func theDeepestOwnerFirst() {
        let list = [
            C(isProtected: false, ownerDepth: 1, isLeadingPin: false, isSpacing: true, constant: 300),
            C(isProtected: false, ownerDepth: 2, isLeadingPin: true, constant: 8),
            C(isProtected: false, ownerDepth: -1, isLeadingPin: false, constant: 500),
        ]
        #expect(BreakingRule.choose(list) == 1)
        // At one depth: not a leading pin, then a spacing, then the constant.
        let level = [
            C(isProtected: false, ownerDepth: 1, isLeadingPin: true, constant: 300),
            C(isProtected: false, ownerDepth: 1, isLeadingPin: false, isSpacing: true, constant: 8),
            C(isProtected: false, ownerDepth: 1, isLeadingPin: false, constant: 100),
        ]
        #expect(BreakingRule.choose(level) == 1)
        #expect(BreakingRule.choose(Array(level.prefix(1)) + [level[2]]) == 1)
    }

    /// Of two constraints on the same anchors, the one asking more of the deeper item is marked: as that
    /// item reads the constant (either way round), a larger size, an inset to the margin over one to
    /// the edge (a margin of 8), a `>=` that asks more than an `==`; a `<=` asks for no more.
    @Test func whichAsksMoreOnTheSameAnchors() throws {
        func marks(_ list: String) throws -> [Bool] {
            let text = "Unable to simultaneously satisfy constraints.\n(\n\(list)\n)\n"
            let analysis = try ConflictAnalysis(try #require(ConflictLogReader.read(text).logs.first))
            return analysis.candidates.map(\.asksMore)
        }
        let bottoms = try marks(
            """
                "<NSLayoutConstraint:0x1 UIButton:0xb.bottom == UIView:0xa.bottom - 24   (active)>",
                "<NSLayoutConstraint:0x2 UIButton:0xb.bottom == UIView:0xa.bottom - 32   (active)>"
            """)
        #expect(bottoms == [true, false])
        let flipped = try marks(
            """
                "<NSLayoutConstraint:0x1 UIView:0xa.bottom == UIButton:0xb.bottom + 24   (active)>",
                "<NSLayoutConstraint:0x2 UIButton:0xb.bottom == UIView:0xa.bottom - 32   (active)>"
            """)
        #expect(flipped == [true, false])
        let sizes = try marks(
            """
                "<NSLayoutConstraint:0x1 UIImageView:0xb.width == 24   (active)>",
                "<NSLayoutConstraint:0x2 UIImageView:0xb.width >= 40   (active)>",
                "<NSLayoutConstraint:0x3 UIImageView:0xb.width <= 60   (active)>"
            """)
        #expect(sizes == [false, true, false])
        let margin = try marks(
            """
                "<NSLayoutConstraint:0x1 H:[UIButton:0xb]-(16)-|   (active, names: '|':UIView:0xa )>",
                "<NSLayoutConstraint:0x2 UIView:0xa.trailingMargin == UIButton:0xb.trailing   (active)>"
            """)
        #expect(margin == [false, true])
        // The backend does not compute the feature, so a rule that reads it would break differently there.
        #expect(!BreakingRule.rule.steps.contains { $0.feature == .asksMore })
    }

    /// Where every step ties, the list's order picks, and the ranking names the others that tie: they
    /// are the rule's coin flip, not its prediction.
    @Test func tiesAreNamed() throws {
        let twin = C(isProtected: false, ownerDepth: 1, isLeadingPin: false, constant: 8)
        let list = [twin, C(isProtected: false, ownerDepth: 1, isLeadingPin: false, constant: 4), twin]
        let r = try #require(BreakingRule.ranking(list))
        #expect(BreakingRule.rule.ties == .later && r.pick == 2 && r.tiedWith == [0])
        let earlier = BreakingRule.Rule(BreakingRule.rule.steps, ties: .earlier)
        #expect(BreakingRule.ranking(list, rule: earlier).map { [$0.pick] + $0.tiedWith } == [0, 2])
        #expect(BreakingRule.ranking([twin])?.tiedWith == [])
    }

    /// A rule is applied as given: each step compares one feature, greatest or least first; the list's
    /// last member is the one the engine was adding.
    @Test func rulesAsGiven() throws {
        let list = [
            C(isProtected: false, isLeadingPin: false, isUnarySize: true, constant: 30),
            C(isProtected: false, isLeadingPin: false, isEquality: false, constant: 10),
            C(isProtected: true, isLeadingPin: false, isUnarySize: true, constant: 20),
        ]
        func pick(_ steps: [String], _ ties: BreakingRule.TieBreak = .earlier) -> Int? {
            BreakingRule.choose(list, rule: BreakingRule.Rule(steps.compactMap(RuleStep.init), ties: ties))
        }
        #expect(pick(["constant-"]) == 1 && pick(["constant+"]) == 0 && pick(["equality-"]) == 1)
        #expect(pick(["unary_size+", "constant-"]) == 2 && pick(["bookkeeping-", "unary_size+"]) == 0)
        #expect(pick(["listed_last+"]) == 2 && pick(["listed_last-"], .later) == 1 && pick([]) == 0)
        #expect(RuleStep("owner_depth+") == RuleStep(.ownerDepth) && RuleStep("spacing-")?.end == .least)
        #expect(
            RuleStep("depth+") == nil && RuleStep("constant") == nil
                && RuleStep(.leadingPin, .least).description == "leading_pin-")
    }

    /// In the backend: a view pinned 20 from its superview's leading edge, 100 wide, and 30 from its
    /// trailing edge in a 100-point superview: the pin is spared, the width (the larger constant) is
    /// broken — lowered, so the view still takes the width left to it — and reported with its set.
    @Test func theBackendLowersTheRulesChoice() throws {
        let tree = try ViewTree(
            superviewSize: Size(width: 100, height: 100),
            views: [View(id: "v", frame: Rect(x: 20, y: 0, width: 50, height: 10), translatesMask: false)])
        let constraints = [
            LayoutConstraint("v", .leading, .equal, "superview", .leading, constant: 20, identifier: "pin"),
            LayoutConstraint("v", .width, .equal, constant: 100, identifier: "width"),
            LayoutConstraint("superview", .trailing, .equal, "v", .trailing, constant: 30, identifier: "trail"),
            LayoutConstraint("v", .top, .equal, "superview", .top),
            LayoutConstraint("v", .height, .equal, constant: 10),
        ]
        let engine = AutoLayoutEngine(tree: tree, constraints: constraints, configuration: AutoLayoutConfiguration())
        let step = engine.resize(to: Size(width: 100, height: 100))
        let conflict = try #require(step.conflicts.first)
        #expect(conflict.broken.identifier == "width")
        #expect(Set(conflict.conflicting.compactMap(\.identifier)) == ["pin", "width", "trail"])
        #expect(step.tree.views[0].frame == Rect(x: 20, y: 0, width: 50, height: 10))
        #expect(engine.viewsMissingRequiredConstraints().isEmpty)
    }
}
