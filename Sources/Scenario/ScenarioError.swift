import LabJSON
import ViewTree

/// What is wrong with a scenario file, and where: the file, the line and column of the offending
/// value, and the view it belongs to. The CLI prints it and exits with status 2.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case syntax(String)
        case unknownKey(String, allowed: [String])
        case missingKey(String)
        case wrongType(key: String, expected: String, found: String)
        case nonFinite(key: String)
        case invalidValue(key: String, reason: String)
        case invalidMask(String)
        case structure(ViewTreeError.Problem)
        /// A hand-written constraint breaks a rule; `label` is its id or its position.
        case invalidConstraint(label: String, rule: String)
        /// Two settings that cannot hold together.
        case contradiction(String)
        /// A Visual Format string that does not parse: Apple's message with its caret.
        case visualFormat(entry: Int, String)
    }

    public var problem: Problem
    public var viewID: String?
    public var location: SourceLocation
    public var file: String?

    public init(_ problem: Problem, viewID: String? = nil, at location: SourceLocation, file: String? = nil) {
        self.problem = problem
        self.viewID = viewID
        self.location = location
        self.file = file
    }

    public var message: String {
        switch problem {
        case .syntax(let m): m
        case .unknownKey(let k, let allowed): "unknown key \"\(k)\" (allowed: \(allowed.joined(separator: ", ")))"
        case .missingKey(let k): "missing key \"\(k)\""
        case .wrongType(let k, let expected, let found): "\"\(k)\" must be \(expected), found \(found)"
        case .nonFinite(let k): "\"\(k)\" must be a finite number"
        case .invalidValue(let k, let reason): "\"\(k)\" \(reason)"
        case .invalidMask(let reason): "invalid mask: \(reason)"
        case .structure(let p): ViewTreeError(viewID: viewID ?? "", problem: p).description
        case .invalidConstraint(let label, let rule): "constraint \(label): \(rule)"
        case .contradiction(let m): "contradictory settings: \(m)"
        case .visualFormat(let n, let m): "visualFormat #\(n): \(m)"
        }
    }

    public var description: String {
        var where_ = file.map { "\($0):" } ?? ""
        if location != .none { where_ += "\(location.line):\(location.column):" }
        var text = where_.isEmpty ? "" : where_ + " "
        // Structural messages already name their view.
        if case .structure = problem {} else if let viewID { text += "view \"\(viewID)\": " }
        return text + message
    }
}
