import Foundation
import Solver
import SolverSystem
import Testing

func system(_ json: String) throws(SystemFileError) -> SystemFile {
    try SystemFile(data: Data(json.utf8))
}

@Suite struct SystemFileTests {
    let small = """
        {"variables": ["width", "left", "right", "mid"],
         "edit_variables": [{"var": "width", "strength": "strong"}],
         "strength_weights": {"required": 1001001000.0, "strong": 1000000.0, "soft": 10},
         "constraints": [
           {"terms": [{"var": "left", "coefficient": 1}], "constant": -10, "op": "==", "strength": "required"},
           {"terms": [{"var": "right", "coefficient": 1}, {"var": "left", "coefficient": -1},
                      {"var": "width", "coefficient": -1}], "constant": 0, "op": "==", "strength": "required"},
           {"terms": [{"var": "mid", "coefficient": 2}, {"var": "left", "coefficient": -1},
                      {"var": "right", "coefficient": -1}], "constant": 0, "op": "==", "strength": 1001001000},
           {"terms": [{"var": "right", "coefficient": 1}], "constant": -300, "op": "<=", "strength": "required"},
           {"terms": [{"var": "width", "coefficient": 1}], "constant": -50, "op": "==", "strength": "soft"}
         ],
         "suggestions": [{"width": 100}, {"width": 500}]}
        """

    @Test func runGivesOneStepPerSuggestionAfterTheInitialSolve() throws {
        let steps = try system(small).run()
        #expect(steps.count == 3)
        func value(_ step: SystemStep, _ name: String) -> Double? { step.values.first { $0.name == name }?.value }
        #expect(steps.map { $0.values.map(\.name) } == Array(repeating: ["width", "left", "right", "mid"], count: 3))
        // Initially the edit sits at 0 (strong) and beats the soft width == 50.
        #expect(value(steps[0], "width") == 0)
        #expect(value(steps[1], "width") == 100)
        #expect(value(steps[1], "mid") == 60)
        #expect(value(steps[2], "right") == 300)  // the required bound caps the suggestion
        #expect(value(steps[2], "width") == 290)
        #expect(steps.allSatisfy { $0.ambiguous.isEmpty })
        let json = SystemJSON.steps(steps)
        #expect(json.hasPrefix(#"{"steps":[{"values":{"width":0,"left":10,"right":10,"mid":10}},"#))  // no "ambiguous" when none are
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((parsed?["steps"] as? [Any])?.count == 3)
    }

    @Test func ambiguousVariablesAreNamed() throws {
        let steps = try system(
            """
            {"variables": ["a", "b"], "constraints": [
              {"terms": [{"var": "a", "coefficient": 1}, {"var": "b", "coefficient": 1}], "constant": -10, "op": "==", "strength": "required"}]}
            """
        ).run()
        #expect(steps.count == 1)
        #expect(steps[0].ambiguous == ["a", "b"])
    }

    @Test func unsatisfiableConstraintIsReportedByIndexWithConflictIndices() throws {
        let text = """
            {"variables": ["x", "y", "z"], "constraints": [
              {"terms": [{"var": "x", "coefficient": 1}], "constant": -10, "op": ">=", "strength": "required"},
              {"terms": [{"var": "z", "coefficient": 1}], "constant": 0, "op": "==", "strength": "required"},
              {"terms": [{"var": "y", "coefficient": 1}, {"var": "x", "coefficient": -1}], "constant": -5, "op": "==", "strength": "required"},
              {"terms": [{"var": "y", "coefficient": 1}], "constant": -12, "op": "<=", "strength": "required"}]}
            """
        #expect {
            _ = try system(text).run()
        } throws: { error in
            guard case SystemRunError.unsatisfiable(let index, let conflicts) = error else { return false }
            return index == 3 && conflicts == [0, 2]
        }
        do {
            _ = try system(text).run()
        } catch {
            #expect(SystemJSON.error(error) == #"{"error":"unsatisfiable","constraint":3,"conflicts":[0,2]}"#)
        }
    }

    @Test(arguments: [
        (#"[1, 2]"#, "top level: not a JSON object"),
        (#"{"constraints": []}"#, "variables: missing or not an array of names"),
        (#"{"variables": ["a", "a"], "constraints": []}"#, "variables[1]: duplicate 'a'"),
        (#"{"variables": ["a"]}"#, "constraints: missing or not an array"),
        (
            #"{"variables": ["a"], "constraints": [{"terms": [{"var": "b", "coefficient": 1}], "op": "=="}]}"#,
            "constraints[0].terms[0].var: unknown variable 'b'"
        ),
        (
            #"{"variables": ["a"], "constraints": [{"terms": [], "op": "=="}, {"terms": [], "op": "="}]}"#,
            #"constraints[1].op: must be "==", "<=" or ">=""#
        ),
        (
            #"{"variables": ["a"], "constraints": [{"terms": [{"var": "a", "coefficient": "2"}], "op": "=="}]}"#,
            "constraints[0].terms[0].coefficient: not a number"
        ),
        (
            #"{"variables": ["a"], "constraints": [{"terms": [], "op": "==", "strength": "mighty"}]}"#,
            "constraints[0].strength: unknown strength 'mighty'"
        ),
        (
            #"{"variables": ["a"], "constraints": [{"terms": [], "op": "==", "strength": true}]}"#,
            "constraints[0].strength: strength must be a name or a number"
        ),
        (
            #"{"variables": ["a"], "edit_variables": [{"var": "q"}], "constraints": []}"#,
            "edit_variables[0].var: unknown variable 'q'"
        ),
        (
            #"{"variables": ["a", "b"], "edit_variables": [{"var": "a"}], "constraints": [], "suggestions": [{"b": 1}]}"#,
            "suggestions[0].b: 'b' is not an edit variable"
        ),
        (
            #"{"variables": ["a"], "strength_weights": {"x": "big"}, "constraints": []}"#,
            "strength_weights.x: not a number"
        ),
    ])
    func malformedFilesSayWhatAndWhere(text: String, message: String) {
        #expect {
            _ = try system(text)
        } throws: { error in
            (error as? SystemFileError)?.description == message
        }
    }

    @Test func invalidJSONAndMissingFiles() {
        #expect(throws: SystemFileError.self) { _ = try system("{") }
        #expect {
            _ = try SystemFile(contentsOf: "/nonexistent/system.json")
        } throws: { error in
            guard case SystemFileError.unreadable(let path, _) = error else { return false }
            return path == "/nonexistent/system.json"
        }
    }

    @Test func requiredEditStrengthInAFileIsASolverError() {
        #expect {
            _ = try system(
                #"{"variables": ["a"], "edit_variables": [{"var": "a", "strength": "required"}], "constraints": []}"#
            ).build()
        } throws: { error in
            guard case SystemRunError.solver(.badRequiredStrength, nil) = error else { return false }
            return true
        }
    }
}
