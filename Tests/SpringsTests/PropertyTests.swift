import Geometry
import PropertyBased
import Springs
import TestSupport
import Testing
import ViewTree

@Suite("Springs properties")
struct SpringsPropertyTests {
    /// Under `documented`, while every flexible part stays positive, each part scales by
    /// (S' − fixed)/(S − fixed), so a path of resizes ends where one resize from the start would.
    @Test func documentedPathsEndWhereASingleResizeWould() async {
        var applicable = 0
        await propertyCheck(count: 300, input: generatedView.array(of: 1...8), generatedPath) { gen, path in
            announce(gen, path)
            let tree = makeTree(gen)
            let steps = Springs.resize(tree, through: path, policy: .documented)
            guard steps.allSatisfy({ flexiblePartsPositive($0.tree) }) else { return }
            applicable += 1
            let direct = Springs.resize(tree, to: path.last!, policy: .documented, state: SpringsState(for: tree))
            for (a, b) in zip(steps.last!.tree.views, direct.tree.views) {
                #expect(a.frame.maxEdgeDifference(to: b.frame) <= 1e-9, "\(a.id): path \(a.frame) vs direct \(b.frame)")
            }
        }
        // The property must have been exercised, not filtered away.
        #expect(applicable >= 60, "only \(applicable) of 300 generated cases kept every flexible part positive")
    }

    /// Setting the size the superview already has changes nothing, under every policy: no split, no
    /// rounding, nothing carried (GNUstep's `setFrameSize:` returns early on an equal size). The issue's
    /// case first: AppKit at x=1019 w=28.129 in 1024 through 1024, 1024, 50, 1024.
    @Test(arguments: SpringsPolicy.allCases)
    func anEqualSizeChangesNothing(policy: SpringsPolicy) async {
        let tree = singleView(
            frame: Rect(x: 1019, y: 0, width: 28.129, height: 10), mask: hMask("LW"),
            superview: Size(width: 1024, height: 100))
        let sizes = [1024.0, 1024, 50, 1024].map { Size(width: $0, height: 100) }
        let steps = Springs.resize(tree, through: sizes, policy: policy)
        #expect(steps[0].tree.views[0].frame == tree.views[0].frame)
        #expect(steps[1].tree.views[0].frame == tree.views[0].frame)
        #expect(steps[0].state == SpringsState(for: tree) && steps[0].notes[0].isEmpty)
        await propertyCheck(count: 100, input: generatedView.array(of: 1...8), generatedPath, Gen.int(in: 1...3)) {
            gen, path, scale in
            announce(gen, path, scale)
            var state = SpringsState(for: makeTree(gen))
            var current = makeTree(gen)
            for size in path {
                let step = Springs.resize(current, to: size, policy: policy, scale: scale, state: state)
                let again = Springs.resize(step.tree, to: size, policy: policy, scale: scale, state: step.state)
                #expect(
                    again.tree == step.tree && again.state == step.state, "resizing to \(size) twice moved something")
                (current, state) = (step.tree, step.state)
            }
        }
    }

    /// A view whose mask is none never moves, under every policy, whatever the path (through zero and
    /// negative sizes too), wherever its superview goes.
    @Test(arguments: SpringsPolicy.allCases)
    func aViewWithMaskNoneNeverMoves(policy: SpringsPolicy) async {
        await propertyCheck(count: 150, input: generatedView.array(of: 1...8), generatedPath, Gen.int(in: 1...3)) {
            gen, path, scale in
            announce(gen, path, scale)
            let tree = makeTree(gen)
            for step in Springs.resize(tree, through: path, policy: policy, scale: scale) {
                for (before, after) in zip(tree.views, step.tree.views) where before.mask == .none {
                    #expect(after.frame == before.frame, "\(before.id) moved under \(policy.rawValue)")
                }
            }
        }
    }

    /// GNUstep and AppKit put every view they resize (mask not none, superview size changed in that
    /// step) on the pixel grid with a size ≥ 0 — the grid of the top-level view, where libs-gui's
    /// `centerScanRect:` rounds: sizes exactly, origins once the ancestors' origins are added (up to
    /// the last bits of those additions), since an ancestor that never moved keeps a fractional origin.
    @Test(arguments: [SpringsPolicy.gnustep029, .appkit])
    func roundingPoliciesLandOnThePixelGrid(policy: SpringsPolicy) async {
        var checked = 0
        await propertyCheck(count: 150, input: generatedView.array(of: 1...8), generatedPath, Gen.int(in: 1...3)) {
            gen, path, scale in
            announce(gen, path, scale)
            var previous = makeTree(gen)
            for step in Springs.resize(previous, through: path, policy: policy, scale: scale) {
                let t = step.tree
                func parentSize(_ t: ViewTree, _ i: Int) -> Size {
                    t.parentIndex[i].map { t.views[$0].frame.size } ?? t.superviewSize
                }
                func absolute(_ i: Int) -> Point {
                    let own = t.views[i].frame.origin
                    guard let p = t.parentIndex[i] else { return own }
                    let base = absolute(p)
                    return Point(x: base.x + own.x, y: base.y + own.y)
                }
                for (i, v) in t.views.enumerated() where v.mask != .none && parentSize(previous, i) != parentSize(t, i)
                {
                    checked += 1
                    let s = Double(scale)
                    for value in [v.frame.width, v.frame.height] {
                        #expect((value * s).rounded() == value * s, "\(v.id): size \(value) is off the 1/\(scale) grid")
                    }
                    let origin = absolute(i)
                    for value in [origin.x, origin.y] {
                        #expect(
                            abs((value * s).rounded() - value * s) < 1e-9,
                            "\(v.id): origin \(value) is off the 1/\(scale) grid")
                    }
                    #expect(v.frame.width >= 0 && v.frame.height >= 0)
                }
                previous = t
            }
        }
        #expect(checked >= 300, "only \(checked) resized views checked")
    }
}
