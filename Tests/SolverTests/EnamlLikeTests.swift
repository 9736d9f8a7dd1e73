import Foundation
import Solver
import SolverSystem
import TestSupport
import Testing

/// kiwi's enaml_like benchmark written down as numbers (`experiments/bench/enaml_like.json`, a copy of
/// the lab's `shared/bench/enaml_like.json` kept in the repository so a clone can run it).
func enamlLikePath() -> String { RepositoryFiles.path("experiments/bench/enaml_like.json") }

struct EnamlLike {
    let file: SystemFile
    let sizes: [(Double, Double)]
    let expected: [String: [String: Double]]

    init() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: enamlLikePath()))
        file = try SystemFile(data: data)
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let timed = try #require(json["timed_operations"] as? [String: Any])
        let rawSizes = try #require(timed["sizes"] as? [[Double]])
        sizes = rawSizes.map { ($0[0], $0[1]) }
        let ev = try #require(json["expected_values"] as? [String: [String: Double]])
        expected = ev
    }
}

@Suite struct EnamlLikeTests {
    @Test func answersMatchKiwiAfterInitialSolveAndEachSize() throws {
        let enaml = try EnamlLike()
        #expect(enaml.file.constraints.count == 111)
        #expect(enaml.sizes.count == 6)
        let system = try enaml.file.build()
        #expect(system.constraints.count == 111)  // both copies of the duplicated constraints accepted
        #expect(Set(system.constraints.map { ObjectIdentifier($0) }).count == 111)
        let solver = system.solver
        solver.updateVariables()
        func check(_ key: String) throws {
            let want = try #require(enaml.expected[key], "missing expected_values[\(key)]")
            #expect(want.count == 37)
            for v in system.variables {
                let w = try #require(want[v.name])
                #expect(abs(v.value - w) <= 1e-6, "\(key): \(v.name) = \(v.value), kiwi \(w)")
            }
        }
        try check("initial")
        // Twice round the cycle: the second pass checks that re-solving is path-independent.
        for _ in 0..<2 {
            for (w, h) in enaml.sizes {
                try solver.suggestValue(system.variablesByName["width"]!, w)
                try solver.suggestValue(system.variablesByName["height"]!, h)
                solver.updateVariables()
                try check("\(Int(w))x\(Int(h))")
            }
        }
    }

    @Test func duplicateConstraintsAreBothPresentAndRemovable() throws {
        let enaml = try EnamlLike()
        // Find a constraint that occurs twice in the file.
        var firstIndex: [String: Int] = [:]
        var pair: (Int, Int)?
        for (i, c) in enaml.file.constraints.enumerated() {
            let key = "\(c.terms.map { "\($0.variable)*\($0.coefficient)" })\(c.constant)\(c.op)\(c.strength)"
            if let j = firstIndex[key] {
                pair = (j, i)
                break
            }
            firstIndex[key] = i
        }
        let (a, b) = try #require(pair)
        let system = try enaml.file.build()
        #expect(system.solver.hasConstraint(system.constraints[a]))
        #expect(system.solver.hasConstraint(system.constraints[b]))
        try system.solver.removeConstraint(system.constraints[b])
        #expect(system.solver.hasConstraint(system.constraints[a]))
        #expect(!system.solver.hasConstraint(system.constraints[b]))
        // The remaining copy still holds: the initial answers are unchanged.
        system.solver.updateVariables()
        for v in system.variables {
            #expect(abs(v.value - enaml.expected["initial"]![v.name]!) <= 1e-6, "\(v.name)")
        }
    }
}
