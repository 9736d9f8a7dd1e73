import Foundation
import Geometry
import Sweep
import TestSupport
import Testing

/// Sweeps import Interface Builder documents as check-ib does: build-time pins and scroll
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

    /// Sweeps over AppKit documents keep alignment rects: resized, a button's bezel stays 20
    /// points from the corner with its frame 7 beyond it, and a checkbox moved by its mask's
    /// translation (AppKit's form) lands where springs and struts put its frame.
    @Test func anAppKitDocumentKeepsItsAlignmentRectsThroughAResize() throws {
        let path = RepositoryFiles.path("Tests/InterfaceBuilderTests/Fixtures/AppKitControls.xib")
        let spec = try SpecReader.read(
            text: """
                name: appkit
                seed: 1
                scenarios:
                  - ib: {path: "\(path)"}
                sequences:
                  - sizes: [[600, 340]]
                comparisons:
                  - {a: autolayout/appkit/once, b: springs/documented}
                """, file: "a.yaml")
        let plan = SweepPlan(spec)
        let scenario = plan.scenarios[0].scenario
        let ok = try #require(scenario.tree.views.first { $0.id == "ok" })
        #expect(ok.alignmentRectInsets == EdgeInsets(top: 5, left: 7, bottom: 7, right: 7))
        let result = plan.run(0)
        #expect(result.error == nil)
        let index = try #require(scenario.tree.views.firstIndex { $0.id == "ok" })
        let flag = try #require(scenario.tree.views.firstIndex { $0.id == "flag" })
        // Springs leave the constrained button where it was; Auto Layout moves it with the corner.
        let moved = try #require(result.divergences.first { $0.view == index })
        #expect(moved.a == Rect(x: 507, y: 295, width: 80, height: 32))
        #expect(!result.divergences.contains { $0.view == flag })
    }
}
