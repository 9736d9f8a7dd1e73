/// A variable of the constraint system (kiwi: `Variable`).
///
/// A reference type on purpose: constraints hold variables by identity, and `Solver.updateVariables()`
/// writes each solved value back into `value`, as kiwi does. Two variables with the same name are
/// still different variables.
///
/// `@unchecked Sendable` so errors can carry variables; like the solver itself, a variable must be
/// used from one task at a time, adding it to solvers included (a solver caches the variable's
/// symbol in it; nothing here is synchronised).
public final class Variable: CustomStringConvertible, @unchecked Sendable {
    /// A name for diagnostics and for reading systems from files; not used by the solver.
    public let name: String
    /// The value written by the last `Solver.updateVariables()`; 0 before.
    /// (No dynamic exclusivity check: it is a plain number written in the solver's hot loop.)
    @exclusivity(unchecked) public var value: Double = 0

    /// The solver that last gave this variable a symbol, and that symbol: a solver reads it before
    /// its own variable index, so adding constraints hashes each variable once, not once per term.
    /// (A strong reference, so the token's address is never reused by another solver's while this
    /// variable can still compare against it.)
    @usableFromInline @exclusivity(unchecked) var symbolOwner: SolverToken?
    @usableFromInline @exclusivity(unchecked) var symbolID: Int32 = -1
    /// Whether any solver ever gave it a symbol: when not, no solver's index needs consulting.
    @usableFromInline @exclusivity(unchecked) var hadSymbol = false

    public init(_ name: String = "") {
        self.name = name
    }

    public var description: String { name.isEmpty ? "Variable(\(ObjectIdentifier(self)))" : name }
}

/// A solver's identity for `Variable.symbolOwner` (one per solver state; `Solver.reset()` makes a new one).
@usableFromInline
final class SolverToken {
    @usableFromInline init() {}
}
