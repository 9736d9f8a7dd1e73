import Foundation
import Sweep
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
        #expect(spec.comparisons.map(\.description) == ["springs/documented vs autolayout/modern/once",
                                                         "springs/gnustep-0.29 vs springs/appkit @2x"])
        // DESIGN 8 defaults: 1e-6 without rounding, half a pixel with it.
        #expect(spec.comparisons.map(\.tolerance) == [1e-6, 0.25])
    }

    /// Each mistake, the message it must give, and the line and column it must point at.
    @Test(arguments: [
        ("seed: 1\nscenarios: []\nsequences: [{sizes: [[1,1]]}]\ncomparisons: [{a: springs/documented, b: springs/appkit}]\n",
         "scenarios must not be empty", 2, 12),
        ("seed: 1\nscenarios:\n  - generate: {count: 2, colour: red}\n", "unknown key 'colour' in generate", 3, 26),
        ("seed: x\n", "seed must be a non-negative integer", 1, 7),
        ("seed: 1\nscenarios:\n  - generate: {count: 0}\n", "count must be an integer ≥ 1", 3, 23),
        ("seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences:\n  - spiral: {steps: 3}\n", "unknown key 'spiral' in a sequence", 4, 5),
        ("seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences: [{sizes: [[1,1]]}]\ncomparisons:\n  - {a: springs/gnustep, b: springs/appkit}\n",
         "unknown backend configuration", 5, 9),
        ("seed: 1\nscenarios: [{generate: {count: 1}}]\nsequences: [{sizes: [[1,1]]}]\ncomparisons:\n  - {a: springs/documented, b: springs/appkit, scale: 4}\n",
         "scale must be 1, 2 or 3", 5, 55),
        ("seed: 1\nscenarios:\n  - file: missing.json\n", "cannot read scenario file", 3, 11),
        ("seed: 1\nscenarios: [\n", "YAML:", 3, 1),
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
}
