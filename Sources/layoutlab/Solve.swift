import ArgumentParser
import Foundation
import SolverSystem

/// `layoutlab solve`: a bare constraint system, solved and re-solved for each suggestion.
struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Solve a constraint system file (the format of experiments/bench/enaml_like.json) and print the values.",
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
            print(SystemJSON.steps(try file.run()))
        } catch {
            print(SystemJSON.error(error))
            throw ExitCode(1)
        }
    }
}
