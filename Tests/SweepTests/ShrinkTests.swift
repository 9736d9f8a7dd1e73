import Geometry
import Sweep
import Testing
import ViewTree

/// `layoutlab shrink`: a divergence in a 10-view random tree reduces to a case of at most three views
/// and two steps that still diverges with the same causes.
@Suite("Shrinking divergences")
struct ShrinkTests {
    static func tree(_ index: Int) -> ViewTree {
        TreeGenerator.tree(
            TreeGeneratorSpec(count: 1, views: 10...10, depth: 3, fanout: 4), seed: 11, index: index, generator: 0)
    }

    /// Comparisons whose divergences have different causes.
    @Test(arguments: [
        "springs/documented vs autolayout/modern/once", "springs/documented vs springs/gnustep-0.29",
        "springs/gnustep-0.29 vs springs/appkit", "springs/documented vs springs/cocotron",
        "springs/documented vs autolayout/ios6-12/once",
    ])
    func tenViewTreesShrinkToThreeViewsAndTwoSteps(label: String) throws {
        let sides = label.components(separatedBy: " vs ")
        let comparison = Comparison(
            a: try #require(BackendConfiguration(sides[0])), b: try #require(BackendConfiguration(sides[1])),
            scale: label.contains("appkit") ? 2 : nil)
        var shrunk = 0
        for index in 0..<6 {
            let tree = Self.tree(index)
            let steps = SequenceSpec.randomWalk(steps: 8, maxStep: 120, axis: .both).steps(
                from: tree.superviewSize, seed: UInt64(index))
            let result = UnitRunner.run(tree: tree, constraints: [], steps: steps, comparison: comparison, unit: 0)
            guard let d = result.divergences.first else { continue }
            let causes = Set(d.causes.nameList)
            let start = Shrinker.Case(scenario: .init(tree: tree), steps: Array(steps.prefix(d.step + 1)))
            let small = Shrinker.shrink(start, comparison: comparison, causes: causes)
            #expect(Shrinker.reproduces(small, comparison: comparison, causes: causes))
            #expect(small.scenario.tree.views.count <= 3, "\(label) #\(index) \(causes): \(small.scenario.json())")
            #expect(small.steps.count <= 2, "\(label) #\(index) \(causes): \(small.steps.map(\.size))")
            // Deterministic: the same input gives the same case.
            #expect(Shrinker.shrink(start, comparison: comparison, causes: causes).scenario == small.scenario)
            shrunk += 1
        }
        #expect(shrunk >= 3)
    }
}
