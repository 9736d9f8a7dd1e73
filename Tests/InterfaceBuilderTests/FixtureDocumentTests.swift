import Foundation
import Geometry
import InterfaceBuilder
import Testing
import ViewTree

/// Whole documents written for the tests (`Fixtures/`), each covering what the external corpus
/// would otherwise be the only test of: scenes with bars, a stack view, a cell, segues.
@Suite("Interface Builder fixture documents")
struct FixtureDocumentTests {
    static func load(_ name: String) throws -> IBImport {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try InterfaceBuilder.importDocument(
            text: try String(contentsOf: url, encoding: .utf8), file: name, fitted: TestValues.values)
    }

    /// A navigation controller's root scene (stack view, table, prototype cell), the detail scene a
    /// cell's show segue leads to, and a scene with a simulated tab bar: every view where IB put it.
    @Test func navigationTableAndStack() throws {
        let doc = try Self.load("NavigationTableStack.storyboard")
        #expect(doc.kind == .storyboard && doc.devicePreset == "iphone-8")
        #expect(
            doc.scenes.map(\.name) == [
                "scene sc-items Items", "scene sc-detail Detail", "scene sc-tabbed Tabbed", "cell item-cell",
            ])
        let insets = Dictionary(uniqueKeysWithValues: doc.scenes.map { ($0.name, $0.rootInsets.safeAreaInsets) })
        // Status bar 20 + navigation bar 44 over the root and over the detail scene (reached from a
        // cell's segue, not from the view controller's own connections); the tab bar's 49 below.
        #expect(insets["scene sc-items Items"] == EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        #expect(insets["scene sc-detail Detail"] == EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        #expect(insets["scene sc-tabbed Tabbed"] == EdgeInsets(top: 20, left: 0, bottom: 49, right: 0))
        let items = doc.scenes[0]
        #expect(items.stackArranged == ["name-label", "name-field"])
        let names = Set(items.scenario.constraints.compactMap(\.identifier))
        #expect(names.isSuperset(of: ["UISV-canvas-connection", "UISV-spacing", "UISV-alignment"]))
        let check = IBCheck.check(doc)
        #expect(check.tally.views == 7)
        #expect(
            check.tally[.agree] == 7,
            "\(check.results.filter { $0.status != .agree }.map { "\($0.view): \($0.status)" })")
    }
}
