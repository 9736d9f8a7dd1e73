/// A variable of the constraint system (kiwi: `Variable`).
///
/// A reference type on purpose: constraints hold variables by identity, and `Solver.updateVariables()`
/// writes each solved value back into `value`, as kiwi does. Two variables with the same name are
/// still different variables.
///
/// `@unchecked Sendable` so errors can carry variables; like the solver itself, a variable must be
/// used from one task at a time (nothing here is synchronised).
public final class Variable: CustomStringConvertible, @unchecked Sendable {
    /// The name, or its first part when `suffix` is given.
    private let base: String
    private let suffix: StaticString?
    /// The value written by the last `Solver.updateVariables()`; 0 before.
    /// (No dynamic exclusivity check: it is a plain number written in the solver's hot loop.)
    @exclusivity(unchecked) public var value: Double = 0
    /// Where the first solver to use this variable keeps it (its index in that solver's variable
    /// list), so that solver finds it without hashing; -1 until then. Other solvers use their table.
    @usableFromInline @exclusivity(unchecked) var solverIndex: Int32 = -1
    /// For a variable made for a `VariableBlock`: its entry among the blocks of the solver that made
    /// it (checked there, like `solverIndex`); -1 otherwise.
    @usableFromInline @exclusivity(unchecked) var blockEntry: Int32 = -1
    /// Where the last solver to make this an edit variable keeps it among its edits: a hint, checked
    /// there, so suggesting a value needs no hashing (each step suggests the root's size).
    @usableFromInline @exclusivity(unchecked) var editIndex: Int32 = -1

    public init(_ name: String = "") {
        base = name
        suffix = nil
    }

    /// A variable named `base + suffix`, joined only when the name is read: a tree's views make four
    /// variables each on every build (`v1.x`, `v1.width`, …), and their names are for diagnostics.
    public init(_ base: String, suffix: StaticString) {
        self.base = base
        self.suffix = suffix
    }

    /// A name for diagnostics and for reading systems from files; not used by the solver.
    public var name: String { suffix.map { base + $0.description } ?? base }

    /// The values of `variables`, in order, written over `values`. Reading `value` from another
    /// module is a dynamic exclusivity check per read (the attribute above is this module's); a
    /// layout engine reads every frame after every step, so it reads them here in one pass.
    public static func values(of variables: [Variable], into values: inout [Double]) {
        if values.count != variables.count { values = [Double](repeating: 0, count: variables.count) }
        variables.withUnsafeBufferPointer { vars in
            values.withUnsafeMutableBufferPointer { out in
                // `variables` keeps them alive: no retain and release per read.
                for i in vars.indices {
                    out[i] = Unmanaged.passUnretained(vars[i])._withUnsafeGuaranteedRef { $0.value }
                }
            }
        }
    }

    public var description: String { name.isEmpty ? "Variable(\(ObjectIdentifier(self)))" : name }
}
