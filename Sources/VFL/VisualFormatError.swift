import Foundation

/// Why a format string does not parse, as Apple's parser reports it: the reason, the format, and a
/// caret under the parser's cursor (often one character past the fault).
public struct VisualFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var format: String
    /// Where Apple's caret stands, counted from 0 (the parser's cursor); nil for the errors Apple
    /// reports without a caret (an empty string, non-ASCII characters).
    public var index: Int?

    public init(reason: String, format: String, index: Int?) {
        self.reason = reason
        self.format = format
        self.index = index
    }

    /// `Unable to parse constraint format: \n<reason> \n<format> \n<spaces>^`, as NSException's reason.
    public var description: String {
        guard let index else { return "Unable to parse constraint format: \(reason)" }
        return "Unable to parse constraint format: \n\(reason) \n\(format) \n\(String(repeating: " ", count: index))^"
    }
}
