import AutoLayout
import ConstraintModel
import Foundation
import Geometry
import PropertyBased
import TestSupport
import Testing
import ViewTree

/// Hand-written constraints at the edges of the numbers: constants of ±1e12, multipliers of
/// 1e-12 and 1e12, required cycles and hundreds of duplicates, over generated trees. The backend must
/// finish every step with finite frames — conflicts broken and ambiguity reported as usual — never
/// NaN or a hang (the time limit).
@Suite("Degenerate constraints")
struct DegenerateConstraintTests {
    static let attributes: [LayoutAttribute] = [
        .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY,
    ]

    static func constraints(seed: UInt64, views: [String], count: Int, duplicates: Int) -> [LayoutConstraint] {
        var rng = SplitMix64(state: seed)
        func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &rng)] }
        let constants: [Double] = [1e12, -1e12, 0, 8, -3.5e12, 1e12 + 0.5]
        let multipliers: [Double] = [1, 1e-12, -1e-12, 1e12, 0.5]
        let priorities: [Double] = [1000, 1000, 999, 750, 250, 1]
        var made: [LayoutConstraint] = []
        while made.count < count {
            let a1 = pick(attributes)
            let sameAxis = attributes.filter { $0.axis == a1.axis && $0.isSize == a1.isSize }
            let toConstant = a1.isSize && Bool.random(using: &rng)
            let c = LayoutConstraint(
                pick(views), a1, pick([.equal, .lessThanOrEqual, .greaterThanOrEqual]),
                toConstant ? nil : pick(views), toConstant ? nil : pick(sameAxis),
                multiplier: toConstant ? 1 : pick(multipliers), constant: pick(constants), priority: pick(priorities))
            if c.validate(knownItems: Set(views)) == nil { made.append(c) }
        }
        // A required cycle through three views' left edges whose offsets do not close.
        if views.count >= 3 {
            made += [
                LayoutConstraint(views[0], .left, .equal, views[1], .left, constant: 1e12),
                LayoutConstraint(views[1], .left, .equal, views[2], .left, constant: 1e12),
                LayoutConstraint(views[2], .left, .equal, views[0], .left, constant: 1e12),
            ]
        }
        if let model = made.first { made += Array(repeating: model, count: duplicates) }
        return made.shuffled(using: &rng)
    }

    @Test(.timeLimit(.minutes(2)))
    func degenerateConstraintsGiveFiniteFrames() async {
        await propertyCheck(
            count: 60, input: generatedView.array(of: 1...6), Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...12),
            Gen.int(in: 0...200), generatedPath
        ) { gen, seed, count, duplicates, path in
            announce(gen, seed, count, duplicates, path)
            var views = makeTree(gen).views
            for i in views.indices where i % 2 == 0 { views[i].translatesMask = false }
            let tree = try ViewTree(superviewSize: Size(width: 100, height: 100), views: views)
            let made = Self.constraints(seed: seed, views: tree.views.map(\.id), count: count, duplicates: duplicates)
            let steps = AutoLayout.layout(
                tree, constraints: made, through: path + [Size(width: 1e6, height: 0)],
                configuration: AutoLayoutConfiguration())
            for step in steps {
                for v in step.tree.views {
                    let f = v.frame
                    #expect(
                        f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite,
                        "seed \(seed): \(v.id) \(f)")
                }
            }
        }
    }

    /// A case the random test met (2026-11-24): rounding with constants of 1e12 left an already
    /// broken constraint in a conflict set, the breaking rule chose it, lowering it again changed
    /// nothing, and the engine looped for ever, its conflict list growing without end. Broken
    /// constraints are now never chosen again, and the solver names only required ones. The layout runs
    /// on a thread of its own with a minute to finish (`finishing(within:)`): alone it takes milliseconds.
    @Test func aBrokenConstraintInAConflictIsNotChosenAgain() throws {
        let gen = [
            GeneratedView(
                mask: 45, fx: 0.3504363236755425, fy: 0.20488475022318126, fw: 0.22104637513153885,
                fh: 0.14658006473439922, parentPick: 4),
            GeneratedView(
                mask: 35, fx: 0.21701105105352586, fy: 0.2596222130761438, fw: 0.18432446814044623,
                fh: 0.21595170065000863, parentPick: 4),
            GeneratedView(
                mask: 37, fx: 0.28520139379250314, fy: 0.17932445942780667, fw: 0.1854982958605687,
                fh: 0.3798188465663712, parentPick: 5),
        ]
        var views = makeTree(gen).views
        for i in views.indices where i % 2 == 0 { views[i].translatesMask = false }
        let tree = try! ViewTree(superviewSize: Size(width: 100, height: 100), views: views)
        let made = Self.constraints(
            seed: 15_455_312_991_247_465_214, views: tree.views.map(\.id), count: 12, duplicates: 170)
        let laidOut = finishing(within: 60) {
            AutoLayout.layout(
                tree, constraints: made, through: [Size(width: 164.63376222778368, height: 6.908247325570237)],
                configuration: AutoLayoutConfiguration())
        }
        let steps = try #require(laidOut, "the layout did not finish within a minute on a thread of its own")
        // Each conflict breaks a different constraint: no more conflicts than constraints.
        #expect(steps[0].conflicts.count <= made.count + 4 * tree.views.count)
        #expect(!steps[0].conflicts.isEmpty)
        for v in steps[0].tree.views {
            #expect(v.frame.x.isFinite && v.frame.width.isFinite && v.frame.y.isFinite && v.frame.height.isFinite)
        }
    }

    /// The hang guard itself: work that outlasts its time is reported as unfinished, quick work gives
    /// its result.
    @Test func theHangGuardReportsWorkThatDoesNotFinish() {
        #expect(
            finishing(within: 0.2) {
                Thread.sleep(forTimeInterval: 3)
                return 1
            } == nil)
        #expect(finishing(within: 30) { 2 } == 2)
    }
}
