/// An exception GNUstep master raises where Apple's engine would go on (a required conflict, a
/// simplex that finds no bound): the emulation throws it with the same name and reason, so a unit the
/// live engine refuses is refused here for the same reason (`Engines/appkit/engine.m` answers
/// `{"error": "NAME: REASON"}`).
public struct FrameworkException: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var reason: String

    public init(_ name: String, _ reason: String) {
        self.name = name
        self.reason = reason
    }

    /// The engine's answer for it: `NAME: REASON`.
    public var description: String { "\(name): \(reason)" }

    static func invalidArgument(_ reason: String) -> FrameworkException {
        FrameworkException("NSInvalidArgumentException", reason)
    }

    static func internalInconsistency(_ reason: String) -> FrameworkException {
        FrameworkException("NSInternalInconsistencyException", reason)
    }

    /// `-[GSCassowarySolver addWithArtificialVariable:]`.
    static let unsatisfiable = invalidArgument("Cannot satisfy the required constraints")
    /// `-[GSCassowarySolver optimize:]`.
    static let unbounded = internalInconsistency("Objective function is unbounded")
}
