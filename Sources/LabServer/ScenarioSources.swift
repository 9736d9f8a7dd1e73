import Foundation
import Geometry
import InterfaceBuilder
import LabJSON
import Scenario
import Sweep
import ViewTree

/// Where the playground's trees come from: a scenario file, a scene of an Interface Builder document
/// (from under the root or dropped on the page), or a generated tree.
enum ScenarioSources {
    /// A scenario's text, checked: `{"name", "scenario": {…}}`.
    static func scenario(text: String, name: String) throws(ServerError) -> JSONValue {
        let scenario: Scenario
        do { scenario = try Scenario(json: text, file: name) } catch {
            throw .badRequest(error.description, at: error.location)
        }
        return .object([("name", .string(name)), ("scenario", scenarioValue(scenario))])
    }

    /// A scenario as a JSON value (the scenario file format).
    static func scenarioValue(_ scenario: Scenario) -> JSONValue {
        // Written by the scenario's own writer and read back: one format, one writer.
        (try? JSONReader.parse(scenario.json())) ?? .null
    }

    /// An Interface Builder document's scenes, each with its scenario:
    /// `{"name", "platform", "scenes": [{"name", "views", "scenario"}], "skipped": [text]}`.
    static func interfaceBuilder(text: String, name: String) throws(ServerError) -> JSONValue {
        let doc: IBImport
        do { doc = try InterfaceBuilder.importDocument(text: text, file: name) } catch {
            throw .badRequest(error.description, at: error.location)
        }
        let scenes: [JSONValue] = doc.scenes.map { scene in
            .object([
                ("name", .string(scene.name)), ("views", .number(Double(scene.scenario.tree.views.count))),
                ("scenario", scenarioValue(scene.scenario)),
            ])
        }
        return .object([
            ("name", .string(name)), ("platform", .string(doc.platform.rawValue)), ("scenes", .array(scenes)),
            ("skipped", .array(doc.skipped.prefix(50).map { .string($0.description) })),
        ])
    }

    /// A random tree of `views` views (1…200) from the sweeps' generator, all 64 masks, seeded.
    static func generated(seed: UInt64, views: Int, superview: Size) throws(ServerError) -> JSONValue {
        guard (1...200).contains(views) else { throw .badRequest("views must be from 1 to 200") }
        let spec = TreeGeneratorSpec(count: 1, views: views...views, depth: 4, fanout: 6, superviews: [superview])
        let tree = TreeGenerator.tree(spec, seed: seed, index: 0, generator: 0)
        return .object([
            ("name", .string("generated (seed \(seed), \(views) views)")),
            ("scenario", scenarioValue(Scenario(tree: tree, constraints: []))),
        ])
    }
}
