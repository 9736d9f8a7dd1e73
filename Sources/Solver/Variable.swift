/// A variable of the constraint system (kiwi: `Variable`).
///
/// A reference type on purpose: constraints hold variables by identity, and `Solver.updateVariables()`
/// writes each solved value back into `value`, as kiwi does. Two variables with the same name are
/// still different variables.
///
/// `@unchecked Sendable` so errors can carry variables; like the solver itself, a variable must be
/// used from one task at a time (nothing here is synchronised).
public final class Variable: CustomStringConvertible, @unchecked Sendable {
    /// A name for diagnostics and for reading systems from files; not used by the solver.
    public let name: String
    /// The value written by the last `Solver.updateVariables()`; 0 before.
    /// (No dynamic exclusivity check: it is a plain number written in the solver's hot loop.)
    @exclusivity(unchecked) public var value: Double = 0

    public init(_ name: String = "") {
        self.name = name
    }

    public var description: String { name.isEmpty ? "Variable(\(ObjectIdentifier(self)))" : name }
}
