import Foundation
import LabJSON
import Solver

/// The solver built from a `SystemFile`.
public struct BuiltSystem {
    public let solver: Solver
    /// The variables in file order.
    public let variables: [Variable]
    public let variablesByName: [String: Variable]
    /// The constraints in file order (duplicates in the file are separate objects).
    public let constraints: [Constraint]
}

/// One step of a run: every variable's value in file order, and the ambiguous variable names.
public struct SystemStep {
    public var values: [(name: String, value: Double)]
    public var ambiguous: [String]
}

/// Why running a system failed.
public enum SystemRunError: Error, CustomStringConvertible {
    /// Constraint `constraintIndex` (0-based, file order) contradicts the required constraints before
    /// it; `conflicts` are the indices of those it conflicts with (see `Solver.addConstraint`).
    case unsatisfiable(constraintIndex: Int, conflicts: [Int])
    /// Any other solver error, with the constraint index when it concerns one.
    case solver(SolverError, constraintIndex: Int?)

    public var description: String {
        switch self {
        case .unsatisfiable(let i, let conflicts):
            return "constraint \(i) is unsatisfiable; it conflicts with constraints \(conflicts)"
        case .solver(let e, let i):
            return i.map { "constraint \($0): \(e)" } ?? "\(e)"
        }
    }
}

extension SystemFile {
    /// Create the variables, add the edit variables (first, as kiwi's enaml_like benchmark does), then
    /// the constraints in file order. Does not solve.
    public func build() throws(SystemRunError) -> BuiltSystem {
        let solver = Solver()
        let vars = variables.map { Variable($0) }
        var byName: [String: Variable] = [:]
        for v in vars { byName[v.name] = v }
        for (name, strength) in editVariables {
            do throws(SolverError) {
                try solver.addEditVariable(byName[name]!, strength: strength)
            } catch {
                throw .solver(error, constraintIndex: nil)
            }
        }
        var built: [Constraint] = []
        built.reserveCapacity(constraints.count)
        var index: [ObjectIdentifier: Int] = [:]
        for (i, spec) in constraints.enumerated() {
            let expr = Expression(
                spec.terms.map { Term(byName[$0.variable]!, $0.coefficient) }, constant: spec.constant)
            let c = Constraint(expr, spec.op, strength: spec.strength)
            do throws(SolverError) {
                try solver.addConstraint(c)
            } catch {
                if case .unsatisfiableConstraint(_, let conflicts) = error {
                    throw .unsatisfiable(
                        constraintIndex: i,
                        conflicts: conflicts.compactMap { index[ObjectIdentifier($0)] }.sorted())
                }
                throw .solver(error, constraintIndex: i)
            }
            index[ObjectIdentifier(c)] = i
            built.append(c)
        }
        return BuiltSystem(solver: solver, variables: vars, variablesByName: byName, constraints: built)
    }

    /// Solve: the first step after adding everything, then one per suggestion (each suggestion sets
    /// its edit variables, in `editVariables` order, and re-solves incrementally).
    public func run() throws(SystemRunError) -> [SystemStep] {
        let system = try build()
        var steps: [SystemStep] = []
        func record() {
            system.solver.updateVariables()
            let ambiguous = Set(system.solver.ambiguousVariables().map { ObjectIdentifier($0) })
            steps.append(
                SystemStep(
                    values: system.variables.map { ($0.name, $0.value) },
                    ambiguous: system.variables.filter { ambiguous.contains(ObjectIdentifier($0)) }.map(\.name)))
        }
        record()
        for suggestion in suggestions {
            for (name, _) in editVariables {
                guard let value = suggestion[name] else { continue }
                do throws(SolverError) {
                    try system.solver.suggestValue(system.variablesByName[name]!, value)
                } catch {
                    throw .solver(error, constraintIndex: nil)
                }
            }
            record()
        }
        return steps
    }
}

/// JSON text for the `layoutlab solve` command, written with the lab's JSON writer (shortest
/// round-trip numbers, non-finite values by name).
public enum SystemJSON {
    /// `{"steps":[{"values":{"name":value,…}},…]}`, values in file order; `"ambiguous":[…]` on a step
    /// only where some variables are not uniquely fixed.
    public static func steps(_ steps: [SystemStep]) -> String {
        JSONWriter.write(
            .object([
                (
                    "steps",
                    .array(
                        steps.map { step in
                            var members: [(String, JSONValue)] = [
                                ("values", .object(step.values.map { ($0.name, .number($0.value)) }))
                            ]
                            if !step.ambiguous.isEmpty {
                                members.append(("ambiguous", .array(step.ambiguous.map(JSONValue.string))))
                            }
                            return .object(members)
                        })
                )
            ]))
    }

    /// `{"error":"unsatisfiable","constraint":i,"conflicts":[…]}` (0-based indices in file order), or
    /// `{"error":"malformed"|"solver","message":"…"}`.
    public static func error(_ error: Error) -> String {
        if case SystemRunError.unsatisfiable(let i, let conflicts) = error {
            return JSONWriter.write(
                .object([
                    ("error", .string("unsatisfiable")), ("constraint", .number(Double(i))),
                    ("conflicts", .array(conflicts.map { .number(Double($0)) })),
                ]))
        }
        let kind = error is SystemFileError ? "malformed" : "solver"
        return JSONWriter.write(.object([("error", .string(kind)), ("message", .string(String(describing: error)))]))
    }
}
