/// Something in a conflict log the reader could not read: the line and column (1-based) and what it
/// expected there. A log's line is never dropped silently.
public struct ConflictLogError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String = "", line: Int, column: Int, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file.isEmpty ? "" : "\(file):")\(line):\(column): \(message)" }
}
