import Geometry
import Springs
import TestSupport
import Testing
import ViewTree

/// Hand-checked values for every policy. The GNUstep and AppKit figures are the measured ones of
/// Apple's documentation; the others are worked out from each implementation's source by hand in the comments.
@Suite("Springs policies, hand-checked")
struct PolicyTests {
    static let start = Rect(x: 10, y: 10, width: 30, height: 30)

    /// GNUstep gui 0.29, superview 100 wide, subview x=10 w=30, 100→200→50→0→100. Masks
    /// without a flexible part, and L alone (which moves by Δ and so retraces its path), end at 10,30.
    @Test(arguments: [
        ("", 10.0, 30.0), ("L", 10, 30), ("R", 10, 30), ("W", 10, 100), ("LW", 23, 50), ("WR", 10, 50),
        ("LR", 46, 30), ("LWR", 33, 34),
    ])
    func gnustepReferenceSequenceOnX(parts: String, x: Double, width: Double) {
        let h = finalFrame(.gnustep029, frame: Self.start, mask: hMask(parts), widths: [200.0, 50, 0, 100])
        #expect(h == Rect(x: x, y: 10, width: width, height: 30))
    }

    /// The same path on y ends elsewhere: in a flipped superview GNUstep 0.29 rounds y half down and
    /// takes a negative height's absolute value instead of clamping it (`GNUstepRule`). Measured with
    /// the live engine (`Engines/gnustep/build.sh`, then the scenario and sizes 100×200, 100×50,
    /// 100×0, 100×100 on its stdin, docs/external-engines.md).
    static let verticalTable: [String: (Double, Double)] = [
        "": (10, 30), "L": (10, 30), "R": (10, 30), "W": (10, 30), "LW": (22, 18),
        "WR": (10, 47), "LR": (46, 30), "LWR": (33, 34),
    ]

    @Test(arguments: ["", "L", "R", "W", "LW", "WR", "LR", "LWR"])
    func gnustepReferenceSequenceOnY(parts: String) throws {
        let (y, height) = try #require(Self.verticalTable[parts])
        let tree = singleView(frame: Self.start, mask: vMask(parts))
        let steps = Springs.resize(
            tree, through: [200.0, 50, 0, 100].map { Size(width: 100, height: $0) }, policy: .gnustep029)
        #expect(steps.last!.tree.views[0].frame == Rect(x: 10, y: y, width: 30, height: height))
    }

    /// All 64 masks at once, both axes resized together (100→200→50→0→100 on width and height): each
    /// axis ends where its table puts its parts, whatever the other axis does.
    @Test func gnustepReferenceSequenceForEveryMask() {
        let table: [String: (Double, Double)] = [
            "": (10, 30), "L": (10, 30), "R": (10, 30), "W": (10, 100), "LW": (23, 50),
            "WR": (10, 50), "LR": (46, 30), "LWR": (33, 34),
        ]
        func letters(_ parts: FlexibleParts) -> String {
            (parts.min ? "L" : "") + (parts.size ? "W" : "") + (parts.max ? "R" : "")
        }
        let path = [200.0, 50, 0, 100].map { Size(width: $0, height: $0) }
        for raw in 0...63 {
            let mask = AutoresizingMask(rawValue: raw)
            let frame = Springs.resize(singleView(frame: Self.start, mask: mask), through: path, policy: .gnustep029)
                .last!.tree.views[0].frame
            let (x, w) = table[letters(mask.parts(on: .horizontal))]!
            let (y, h) = Self.verticalTable[letters(mask.parts(on: .vertical))]!
            #expect(frame == Rect(x: x, y: y, width: w, height: h), "\(mask.notation)")
        }
    }

    /// The L+W case step by step: 200→50 gives x = −2.5, w = −7.5, rounded to −2, −8, the width clamped
    /// to 0 and the errors (+0.5, −0.5) carried into the next resize.
    @Test func gnustepCarriesTheRoundingErrorTakenBeforeTheClamp() {
        let steps = Springs.resize(
            singleView(frame: Self.start, mask: hMask("LW")),
            through: [Size(width: 200, height: 100), Size(width: 50, height: 100)], policy: .gnustep029)
        #expect(steps[0].tree.views[0].frame == Rect(x: 35, y: 10, width: 105, height: 30))
        #expect(steps[1].tree.views[0].frame == Rect(x: -2, y: 10, width: 0, height: 30))
        #expect(steps[1].state.errors[0] == Rect(x: 0.5, y: 0, width: -0.5, height: 0))
        #expect(steps[1].notes[0].isSuperset(of: [.rounded, .clamped]))
    }

    /// Published AppKit values (libs-gui master tests).
    @Test(arguments: [("LW", 154.0, 23.0, 71.0), ("WR", 75, 10, 21), ("LW", 75, 3, 12)])
    func appkitPublishedValues(parts: String, width: Double, x: Double, w: Double) {
        #expect(
            finalFrame(.appkit, frame: Self.start, mask: hMask(parts), widths: [width])
                == Rect(x: x, y: 10, width: w, height: 30))
    }

    /// W+R 100→75: w = 30 − 25·30/90 = 21.67. On a 2× grid both rounding rules give 43 px = 21.5 pt;
    /// on a 3× grid 65 px = 65/3 pt.
    @Test func roundingHappensOnThePixelGrid() {
        for policy in [SpringsPolicy.gnustep029, .appkit] {
            #expect(finalFrame(policy, frame: Self.start, mask: hMask("WR"), widths: [75], scale: 2).width == 21.5)
            #expect(finalFrame(policy, frame: Self.start, mask: hMask("WR"), widths: [75], scale: 3).width == 65.0 / 3)
        }
        // gnustep rounds x half up: L 100→100.5 puts x at 10.5 → 11 at 1×, 10.5 at 2×; appkit floors.
        #expect(finalFrame(.gnustep029, frame: Self.start, mask: hMask("L"), widths: [100.5]).x == 11)
        #expect(finalFrame(.gnustep029, frame: Self.start, mask: hMask("L"), widths: [100.5], scale: 2).x == 10.5)
        #expect(finalFrame(.appkit, frame: Self.start, mask: hMask("L"), widths: [100.5]).x == 10)
    }

    /// Documented: proportional, unrounded, negative sizes kept; equal split (noted) when the flexible
    /// parts sum to ≤ 0.
    @Test func documentedProportionalRule() {
        #expect(
            finalFrame(.documented, frame: Self.start, mask: hMask("LW"), widths: [200])
                == Rect(x: 35, y: 10, width: 105, height: 30))
        #expect(
            finalFrame(.documented, frame: Self.start, mask: hMask("LWR"), widths: [200])
                == Rect(x: 20, y: 10, width: 60, height: 30))
        // L+R: x grows by 100·10/70.
        #expect(
            abs(finalFrame(.documented, frame: Self.start, mask: hMask("LR"), widths: [200]).x - (10 + 100.0 * 10 / 70))
                < 1e-12)
        #expect(finalFrame(.documented, frame: Self.start, mask: hMask("W"), widths: [50]).width == -20)  // kept negative
        let zero = Springs.resize(
            singleView(frame: Rect(x: 10, y: 10, width: 0, height: 30), mask: hMask("W")),
            to: Size(width: 150, height: 100), policy: .documented, state: SpringsState(errors: [.zero]))
        #expect(zero.tree.views[0].frame.width == 50)
        #expect(zero.notes[0] == [.nonPositiveFlexibleSum, .equalSplit])
    }

    /// Chameleon, 100→200 (Δ = 100): L+R moves by Δ/2; W+R scales w by Δ/(S − x) = 100/90 and floors
    /// 63.33 to 63; L+W uses t = x + w = 40.
    @Test func chameleonBranches() {
        #expect(
            finalFrame(.chameleon, frame: Self.start, mask: hMask("LR"), widths: [200])
                == Rect(x: 60, y: 10, width: 30, height: 30))
        #expect(
            finalFrame(.chameleon, frame: Self.start, mask: hMask("WR"), widths: [200])
                == Rect(x: 10, y: 10, width: 63, height: 30))
        #expect(
            finalFrame(.chameleon, frame: Self.start, mask: hMask("LW"), widths: [200])
                == Rect(x: 35, y: 10, width: 105, height: 30))
        // R only just floors x; the fixed y is left alone (only the branch's fields are rounded).
        #expect(
            finalFrame(
                .chameleon, frame: Rect(x: 10.7, y: 10.7, width: 30, height: 30), mask: hMask("R"), widths: [150])
                == Rect(x: 10, y: 10.7, width: 30, height: 30))
    }

    /// `floorf` rounds through a 32-bit Float first: 16777217.5 becomes 16777218 before the floor.
    @Test func chameleonFloorsThroughFloat32() {
        let big = Rect(x: 0, y: 0, width: 16_777_216, height: 10)
        #expect(finalFrame(.chameleon, frame: big, mask: hMask("W"), widths: [101.5]).width == 16_777_218)
    }

    @Test func chameleonDividesByZero() {
        let step = Springs.resize(
            singleView(frame: Rect(x: 0, y: 10, width: 0, height: 30), mask: hMask("LW")),
            to: Size(width: 200, height: 100), policy: .chameleon, state: SpringsState(errors: [.zero]))
        #expect(step.tree.views[0].frame.x.isNaN)
        #expect(step.notes[0].contains(.nonFinite))
    }

    /// Cocotron splits equally: L+W 100→200 gives +50 each; L+W+R 100→190 gives +30 each.
    @Test func cocotronEqualShares() {
        #expect(
            finalFrame(.cocotron, frame: Self.start, mask: hMask("LW"), widths: [200])
                == Rect(x: 60, y: 10, width: 80, height: 30))
        #expect(
            finalFrame(.cocotron, frame: Self.start, mask: hMask("LWR"), widths: [190])
                == Rect(x: 40, y: 10, width: 60, height: 30))
        #expect(
            finalFrame(.cocotron, frame: Self.start, mask: hMask("WR"), widths: [200])
                == Rect(x: 10, y: 10, width: 80, height: 30))
        #expect(
            finalFrame(.cocotron, frame: Self.start, mask: hMask("LR"), widths: [200])
                == Rect(x: 60, y: 10, width: 30, height: 30))
    }

    /// WinObjC L+W 100→154: T = 40, N = 94, x = 10·94/40 = 23.5, w = 40·94/40 − 23.5 = 70.5, floored to
    /// 23, 70 with 0.5 carried on each; going back to 100 restores 10, 30 exactly.
    @Test func winobjcCarriesItsErrorBack() {
        let steps = Springs.resize(
            singleView(frame: Self.start, mask: hMask("LW")),
            through: [Size(width: 154, height: 100), Size(width: 100, height: 100)], policy: .winobjc)
        #expect(steps[0].tree.views[0].frame == Rect(x: 23, y: 10, width: 70, height: 30))
        #expect(steps[0].state.errors[0] == Rect(x: -0.5, y: 0, width: -0.5, height: 0))
        #expect(steps[1].tree.views[0].frame == Self.start)
    }

    /// WinObjC clamps before it floors, so a clamped width carries no error; GNUstep takes the error
    /// before the clamp. W only, 100→49.5: w = −20.5.
    @Test func winobjcTakesTheErrorAfterTheClampGNUstepBefore() {
        let tree = singleView(frame: Self.start, mask: hMask("W"))
        let size = Size(width: 49.5, height: 100)
        let w = Springs.resize(tree, to: size, policy: .winobjc, state: SpringsState(for: tree))
        let g = Springs.resize(tree, to: size, policy: .gnustep029, state: SpringsState(for: tree))
        #expect(w.tree.views[0].frame.width == 0 && g.tree.views[0].frame.width == 0)
        #expect(w.state.errors[0].width == 0)
        #expect(g.state.errors[0].width == 0.5)  // rounded −20 minus unrounded −20.5
    }

    /// WinObjC's fallbacks: W+R with no max margin takes S' − x; L+W+R with a zero sum takes S'/3 each;
    /// L+R with a zero sum centres at N/2.
    @Test func winobjcFallbacks() {
        #expect(
            finalFrame(.winobjc, frame: Rect(x: 10, y: 0, width: 90, height: 10), mask: hMask("WR"), widths: [160])
                .width == 150)
        let zeroSum = singleView(
            frame: Rect(x: 0, y: 0, width: 0, height: 10), mask: hMask("LWR"), superview: Size(width: 0, height: 100))
        let s = Springs.resize(
            zeroSum, to: Size(width: 90, height: 100), policy: .winobjc, state: SpringsState(for: zeroSum))
        #expect(s.tree.views[0].frame == Rect(x: 30, y: 0, width: 30, height: 10))
        #expect(s.notes[0].contains(.fallback))
        let centred = singleView(frame: Rect(x: 0, y: 0, width: 100, height: 10), mask: hMask("LR"))
        #expect(
            Springs.resize(
                centred, to: Size(width: 200, height: 100), policy: .winobjc, state: SpringsState(for: centred)
            )
            .tree.views[0].frame.x == 50)
    }

    /// WinObjC computes in Float32: x = 0.99999999 is 1.0 as a Float, so moving it by 10 floors to 11
    /// where Double would give 10 — noted as `float32`; x = 0.5 floors the same either way, no note.
    /// A negative width is standardised first (origin moved by it, width made positive).
    @Test func winobjcNotesFloat32AndStandardisation() {
        func step(_ frame: Rect, _ mask: AutoresizingMask) -> SpringsStep {
            let tree = singleView(frame: frame, mask: mask)
            return Springs.resize(
                tree, to: Size(width: 110, height: 100), policy: .winobjc, state: SpringsState(for: tree))
        }
        let float = step(Rect(x: 0.99999999, y: 0, width: 10, height: 10), hMask("L"))
        #expect(float.tree.views[0].frame.x == 11)
        #expect(float.notes[0].contains(.float32))
        let exact = step(Rect(x: 0.5, y: 0, width: 10, height: 10), hMask("L"))
        #expect(exact.tree.views[0].frame.x == 10)
        #expect(!exact.notes[0].contains(.float32))
        let negative = step(Rect(x: 50, y: 0, width: -6, height: 10), hMask("L"))
        #expect(negative.tree.views[0].frame == Rect(x: 54, y: 0, width: 6, height: 10))
        #expect(negative.notes[0].contains(.standardized))
    }

    /// A subview is resized from its superview's old size to its new one: b (W) inside a (L+W) follows
    /// a's width 30 → 105 under the documented rule.
    @Test func subviewsFollowTheirSuperviewsSizeChange() throws {
        let tree = try ViewTree(
            superviewSize: Size(width: 100, height: 100),
            views: [
                View(id: "a", frame: Self.start, mask: hMask("LW")),
                View(id: "b", parentID: "a", frame: Rect(x: 0, y: 0, width: 30, height: 10), mask: hMask("W")),
            ])
        let step = Springs.resize(
            tree, to: Size(width: 200, height: 100), policy: .documented, state: SpringsState(for: tree))
        #expect(step.tree.views[1].frame == Rect(x: 0, y: 0, width: 105, height: 10))
    }

    /// GNUstep sees a negative superview size as 0; the documented rule takes it as given.
    @Test func gnustepClampsANegativeSuperviewSize() {
        let tree = singleView(frame: Self.start, mask: hMask("W"))
        let g = Springs.resize(
            tree, to: Size(width: -20, height: 100), policy: .gnustep029, state: SpringsState(for: tree))
        #expect(g.tree.superviewSize.width == 0)
        #expect(g.tree.views[0].frame.width == 0)
        let d = Springs.resize(
            tree, to: Size(width: -20, height: 100), policy: .documented, state: SpringsState(for: tree))
        #expect(d.tree.views[0].frame.width == -90)
    }
}
