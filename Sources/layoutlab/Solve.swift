import ArgumentParser
import Foundation
import LabJSON
import SolverSystem

/// `layoutlab solve`: a bare constraint system, solved and re-solved for each suggestion.
struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a constraint system file (the format of bench/enaml_like.json) and print the values.",
        discussion: """
            The file lists "variables", "edit_variables", "constraints" (terms, constant, op, strength by name \
            or number) and optional "strength_weights" and "suggestions" ([{"width": 400, "height": 600}, …]). \
            Prints {"steps":[{"values":{…}}, …]}: the initial solve, then one step per suggestion, with \
            "ambiguous" on a step whose values are not uniquely fixed. An unsatisfiable required constraint \
            exits with status 1 and {"error":"unsatisfiable","constraint":i,"conflicts":[…]} (0-based indices \
            in file order); a malformed file exits with status 2.
            """)

    @Argument(help: "The system file (JSON).")
    var system: String

    func run() throws {
        let file: SystemFile
        do {
            file = try SystemFile(contentsOf: system)
        } catch {
            printError("\(system): \(error)")
            throw ExitCode(2)
        }
        do {
            let steps = try file.run()
            print(JSONWriter.write(.object([("steps", .array(steps.map(Self.json)))])))
        } catch {
            print(JSONWriter.write(Self.json(error)))
            throw ExitCode(1)
        }
    }

    static func json(_ step: SystemStep) -> JSONValue {
        var members: [(String, JSONValue)] = [("values", .object(step.values.map { ($0.name, .number($0.value)) }))]
        if !step.ambiguous.isEmpty { members.append(("ambiguous", .array(step.ambiguous.map(JSONValue.string)))) }
        return .object(members)
    }

    static func json(_ error: SystemRunError) -> JSONValue {
        switch error {
        case .unsatisfiable(let index, let conflicts):
            .object([("error", .string("unsatisfiable")), ("constraint", .number(Double(index))),
                     ("conflicts", .array(conflicts.map { .number(Double($0)) }))])
        case .solver(let e, let index):
            .object([("error", .string("solver")), ("constraint", index.map { .number(Double($0)) } ?? .null),
                     ("message", .string(e.description))])
        }
    }
}
