/// Where a value starts in an input file: 1-based line and column (columns count Unicode scalars).
/// Every input error of the lab carries one, so a person can go straight to the offending character.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// For values built in code rather than read from a file.
    public static let none = SourceLocation(line: 0, column: 0)

    public var description: String { "\(line):\(column)" }
}
