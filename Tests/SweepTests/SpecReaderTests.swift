import Foundation
import Geometry
import Sweep
import TestSupport
import Testing

@Suite("Experiment files")
struct SpecReaderTests {
    static let valid = """
        # a comment
        name: t
        seed: 3
        scenarios:
          - generate: {count: 2, views: [2, 3]}
        sequences:
          - sizes: [[200, 100], [50, 100]]
          - random_walk: {steps: 3, max_step: 10}
        comparisons:
          - {a: springs/documented, b: autolayout/modern/once}
          - {a: springs/gnustep-0.29, b: springs/appkit, scale: 2}
        """

    @Test func readsAValidFile() throws {
        let spec = try SpecReader.read(text: Self.valid, file: "t.yaml")
        #expect(spec.seed == 3)
        #expect(spec.sequences.count == 2)
        #expect(
            spec.comparisons.map(\.description) == [
                "springs/documented vs autolayout/modern/once",
                "springs/gnustep-0.29 vs springs/appkit @2x",
            ])
        // The defaults: 1e-6 without rounding, half a pixel with it.
        #expect(spec.comparisons.map(\.tolerance) == [1e-6, 0.25])
    }

    /// Environment sequences expand per device (and orientation) into steps of environments.
    @Test func environmentSequences() throws {
        let spec = try SpecReader.read(
            text: """
                seed: 1
                scenarios: [{generate: {count: 1}}]
                sequences:
                  - in_call: {devices: [iphone-8, iphone-x], orientations: [portrait], steps: 3}
                  - rotate: {devices: [ipad], start: landscape, steps: 2}
                  - split_view: {devices: [ipad-pro-12.9], orientations: [landscape]}
                  - device_matrix: {devices: all, orientations: [portrait, landscape]}
                comparisons: [{a: springs/documented, b: autolayout/modern/once}]
                """, file: "e.yaml")
        #expect(spec.sequences.map(\.kind) == ["in-call", "in-call", "rotate", "split-view", "device-matrix"])
        let steps = spec.sequences.map { $0.steps(from: .zero, seed: 0) }
        #expect(steps[0].map { $0.environment!.inCall } == [false, true, false])
        #expect(steps[1].allSatisfy { $0.environment!.device.id == "iphone-x" })
        #expect(steps[2].map { $0.environment!.orientation } == [.landscape, .portrait])
        #expect(steps[2].map(\.size) == [Size(width: 1024, height: 768), Size(width: 768, height: 1024)])
        // Full screen, then each split width and slide over, each followed by full screen again.
        #expect(steps[3].map { $0.environment!.windowWidth } == [nil, 375, nil, 678, nil, 981, nil, 375, nil])
        #expect(steps[4].count == 34)
    }

    @Test func anEnvironmentContradictsAScenariosOwnSafeArea() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try #"{"superview":{"width":1,"height":1,"safeAreaInsets":{"top":20}},"views":[]}"#
            .write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let text =
            "seed: 1\nscenarios: [{file: s.json}]\nsequences:\n  - in_call: {devices: [iphone-8]}\ncomparisons: [{a: springs/documented, b: autolayout/modern}]\n"
        #expect {
            try SpecReader.read(text: text, file: dir.appendingPathComponent("e.yaml").path)
        } throws: { error in
            let e = error as! SpecError
            return e.message.contains("sets superview.safeAreaInsets, which an environment sequence replaces")
                && e.line == 4
        }
    }

    /// Each mistake, the message it must give, and the line and column it must point at.
    @Test(
        arguments: [
            (
                "seed: 1\nscenarios: []\nsequences: [{sizes: [[1,1]]}]\ncomparisons: [{a: springs/documented, b: springs/appkit}]\n",
                "scenarios must not be empty", 2, 12
            ),
            ("seed: 1\nscenarios:\n  - generate: {count: 2, colour: red}\n", "unknown key 'colour' in generate", 3, 26),
            ("seed: x\n", "seed must be a non-negative integer", 1, 7),
            ("seed: 1\nscenarios:\n  - generate: {count: 0}\n", "count must be an integer ≥ 1", 3, 23),
            (
                "seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences:\n  - spiral: {steps: 3}\n",
                "unknown key 'spiral' in a sequence", 4, 5
            ),
            (
                "seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences: [{sizes: [[1,1]]}]\ncomparisons:\n  - {a: springs/gnustep, b: springs/appkit}\n",
                "unknown backend configuration", 5, 9
            ),
            (
                "seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences: [{sizes: [[1,1]]}]\ncomparisons:\n  - {a: springs/documented, b: springs/appkit, scale: 4}\n",
                "scale must be 1, 2 or 3", 5, 55
            ),
            ("seed: 1\nscenarios:\n  - file: missing.json\n", "cannot read scenario file", 3, 11),
            ("seed: 1\nscenarios: [\n", "YAML:", 3, 1),
            (
                "seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences:\n  - in_call: {devices: [iphone-99]}\n",
                "unknown device 'iphone-99' (valid: iphone-se-1, iphone-8,", 4, 25
            ),
            (
                "seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences:\n  - split_view: {devices: [iphone-8]}\n",
                "iphone-8 has no split view (iPads only: ipad, ipad-7, ipad-pro-11, ipad-pro-12.9)", 4, 27
            ),
            (
                "seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences:\n  - rotate: {devices: all, start: sideways}\n",
                "start is portrait or landscape", 4, 35
            ),
            (
                "seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences:\n  - device_matrix: {orientations: [portrait]}\n",
                "device_matrix needs 'devices'", 4, 20
            ),
            // Keys are names: a collection or an alias as a key is refused before Yams composes the file
            // (its duplicate-key sort is exponential in the keys' nesting: MappingKeyCheck).
            ("seed: 1\n? [a, b]\n: 2\n", "a key must be a name, not a sequence", 2, 3),
            ("seed: 1\nscenarios: [{generate: {{count: 1}: 2}}]\n", "a key must be a name, not a mapping", 2, 25),
            ("seed: &s 1\n*s : 2\n", "a key must be a name, not an alias", 2, 1),
        ] as [(String, String, Int, Int)])
    func reportsFileLineAndMessage(text: String, message: String, line: Int, column: Int) {
        do {
            _ = try SpecReader.read(text: text, file: "dir/exp.yaml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error)")
            #expect(error.file == "dir/exp.yaml")
            #expect((error.line, error.column) == (line, column), "\(error)")
        }
    }

    /// The fuzzer's file (`Fuzz/run.sh experiment`): nested complex keys that Yams' duplicate-key check
    /// took a minute over under the fuzzer (6 s in release). Refused at its first collection key, within
    /// a minute on a thread of its own (`finishing(within:)`).
    @Test func nestedComplexKeysAreRefusedAtOnce() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Crashes/nested-complex-keys.yaml")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let outcome = finishing(within: 60) { () -> String? in
            do {
                _ = try SpecReader.read(text: text, file: "fuzz.yaml")
                return nil
            } catch {
                return "\(error)"
            }
        }
        let refusal = try #require(outcome, "reading the fuzzer's file did not finish within a minute")
        #expect(refusal == "fuzz.yaml:2:6: a key must be a name, not a mapping", "accepted, or refused otherwise")
    }

    /// Collections and aliases as values are what experiments use: the key check leaves them alone.
    @Test func collectionsAndAliasesAsValuesStillRead() throws {
        let spec = try SpecReader.read(
            text: """
                seed: 1
                scenarios:
                  - generate: &g {count: 2, views: [2, 3]}
                  - generate: *g
                sequences: [{sizes: [[200, 100], [50, 100]]}]
                comparisons: [{a: springs/documented, b: autolayout/modern/once}]
                """, file: "t.yaml")
        #expect(spec.scenarioSources.count == 2)
    }
}
