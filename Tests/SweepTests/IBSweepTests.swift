import Foundation
import Sweep
import TestSupport
import Testing

/// Sweeps import Interface Builder documents as check-ib does (issue 20): build-time pins and scroll
/// content are in the scenario; a device step lays the scene out in that device's size classes.
@Suite("Interface Builder sources in sweeps")
struct IBSweepTests {
    @Test func aLandscapeIPhoneStepUsesTheCompactHeightVariation() throws {
        let path = RepositoryFiles.path("Tests/InterfaceBuilderTests/Fixtures/SizeClasses.storyboard")
        let spec = try SpecReader.read(
            text: """
                name: size-classes
                seed: 1
                scenarios:
                  - ib: {path: "\(path)", devices: [iphone-8, ipad], orientations: [portrait, landscape]}
                sequences: []
                comparisons:
                  - {a: springs/documented, b: autolayout/modern/once}
                """, file: "s.yaml")
        let plan = SweepPlan(spec)
        #expect(plan.scenarios.count == 1 && plan.unitCount == 4)
        var forms: [String: [String]] = [:]
        for i in 0..<plan.unitCount {
            let u = plan.unit(i)
            guard case .environments(_, let envs) = spec.sequences[u.sequence], let e = envs.first else { continue }
            let scenario = plan.scenario(for: u)
            forms["\(e.device.id) \(e.orientation.rawValue)"] = scenario.tree.views.map(\.id)
            let lead = scenario.constraints.first { $0.attr1 == .leading }?.constant
            // Compact widths (iPhones) lead by 20; regular widths (iPads) by 100.
            #expect(lead == (e.device.id == "ipad" ? 100 : 20), "\(e.device.id)")
        }
        #expect(
            forms == [
                "iphone-8 portrait": ["banner"], "iphone-8 landscape": ["banner", "extra"],
                "ipad portrait": ["banner"], "ipad landscape": ["banner"],
            ])
        // The run itself: every unit completes with those forms.
        for i in 0..<plan.unitCount { #expect(plan.run(i).error == nil) }
    }

    @Test func buildTimePinsAreInTheSweptScenario() throws {
        let path = RepositoryFiles.path("Tests/InterfaceBuilderTests/Fixtures/BuildTimePins.xib")
        let spec = try SpecReader.read(
            text: """
                name: pins
                seed: 1
                scenarios:
                  - ib: {path: "\(path)", devices: [iphone-8], orientations: [portrait]}
                sequences: []
                comparisons:
                  - {a: springs/documented, b: autolayout/modern/once}
                """, file: "p.yaml")
        let scenario = SweepPlan(spec).scenarios[0].scenario
        #expect(scenario.constraints.filter { $0.item1 == "pinned" }.count == 4)
        #expect(!scenario.constraints.contains { $0.identifier == "c-held-w-placeholder" })
    }
}
