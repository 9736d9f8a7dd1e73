import LabJSON
import PropertyBased
import Scenario
import TestSupport
import Testing

/// Damaged input never crashes the reader: it gives a scenario or an error that points inside the text.
@Suite("Damaged scenario files")
struct MutationTests {
    static let alphabet = Array("{}[]\",:0123456789.-eE truefalsnl\\\n\"idframemaskparentsuperview&h=v")

    @Test func everyMutationGivesAScenarioOrALocatedError() async {
        let original = Array(ScenarioReadingTests.example)
        await propertyCheck(
            count: 2000, input: Gen.int(in: 0...(original.count - 1)).array(of: 1...6),
            Gen.int(in: 0...(Self.alphabet.count - 1)).array(of: 6), Gen.int(in: 0...2)
        ) { positions, picks, mode in
            announce(positions, picks, mode)
            var text = original
            for (k, p) in positions.enumerated() where p < text.count {
                switch mode {
                case 0: text[p] = Self.alphabet[picks[k]]  // replace
                case 1: text.remove(at: p)  // delete
                default: text.insert(Self.alphabet[picks[k]], at: p)  // insert
                }
            }
            let source = String(text)
            do throws(ScenarioError) {
                let s = try Scenario(json: source)
                #expect((try? Scenario(json: s.json())) == s)  // whatever was accepted round-trips
            } catch {
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(error.location.line >= 1 && error.location.line <= lines.count, "\(error)")
                if error.location.line >= 1 && error.location.line <= lines.count {
                    #expect(
                        error.location.column >= 1 && error.location.column <= lines[error.location.line - 1].count + 1,
                        "\(error)")
                }
            }
        }
    }
}
