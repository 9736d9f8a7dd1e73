import LabJSON

/// A request the server cannot answer, with the HTTP status and a message for the page: bad input,
/// a file outside the root, an oversized body, an SQL error. The server answers it and keeps running.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public var status: Int
    public var message: String
    /// Where in the request's text the problem is (a log's line and column), when known.
    public var location: SourceLocation?

    public init(_ status: Int, _ message: String, at location: SourceLocation? = nil) {
        self.status = status
        self.message = message
        self.location = location
    }

    public static func badRequest(_ message: String, at location: SourceLocation? = nil) -> ServerError {
        ServerError(400, message, at: location)
    }

    public var description: String { "\(status): \(message)" }

    /// `{"error": message, "line"?, "column"?}`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("error", .string(message))]
        if let location, location != .none {
            members += [("line", .number(Double(location.line))), ("column", .number(Double(location.column)))]
        }
        return .object(members)
    }
}
