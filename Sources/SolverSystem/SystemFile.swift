import Foundation
import LabJSON
import Solver

/// A constraint system read from a JSON file in the format of `shared/bench/enaml_like.json`:
///
/// ```
/// { "variables": ["width", …],
///   "edit_variables": [{"var": "width", "strength": "strong"}, …],
///   "constraints": [{"terms": [{"var": "left", "coefficient": 1.0}, …], "constant": 0.0,
///                    "op": ">=" | "<=" | "==", "strength": "required" | <name> | <number>}, …],
///   "strength_weights": {"required": 1001001000.0, "strong": 1e6, "mmedium": 1250.0, …},   // optional
///   "suggestions": [{"width": 400, "height": 600}, …] }                                   // optional
/// ```
/// Each constraint reads `Σ coefficient·var + constant OP 0`. A strength is a number or a name looked
/// up in `strength_weights`, then among kiwi's `required`, `strong`, `medium`, `weak`. Other keys
/// (`description`, `expected_values`, …) are ignored. Every problem is reported with where it is.
public struct SystemFile: Sendable {
    public struct TermSpec: Sendable {
        public var variable: String
        public var coefficient: Double
    }

    public struct ConstraintSpec: Sendable {
        public var terms: [TermSpec]
        public var constant: Double
        public var op: RelationalOperator
        public var strength: Double
    }

    public var variables: [String]
    public var editVariables: [(name: String, strength: Double)]
    public var constraints: [ConstraintSpec]
    /// Each suggestion maps edit-variable names to values; applied in `editVariables` order.
    public var suggestions: [[String: Double]]

    /// Parse a system. Throws `SystemFileError.malformed` naming the key or constraint index.
    public init(data: Data) throws(SystemFileError) {
        // The lab's reader first: a syntax error then says line and column (and a duplicate key is
        // caught, which JSONSerialization would silently resolve).
        do {
            _ = try JSONReader.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw .invalidJSON(error.description)
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidJSON(String(describing: error))
        }
        guard let top = root as? [String: Any] else { throw .malformed(at: "top level", "not a JSON object") }

        var weights: [String: Double] = [
            "required": Strength.required, "strong": Strength.strong,
            "medium": Strength.medium, "weak": Strength.weak,
        ]
        if let w = top["strength_weights"] {
            guard let dict = w as? [String: Any] else { throw .malformed(at: "strength_weights", "not an object") }
            for (name, value) in dict {
                guard let v = Self.number(value) else {
                    throw .malformed(at: "strength_weights.\(name)", "not a number")
                }
                weights[name] = v
            }
        }
        func strength(_ value: Any?, at location: String) throws(SystemFileError) -> Double {
            if let name = value as? String {
                guard let w = weights[name] else { throw .malformed(at: location, "unknown strength '\(name)'") }
                return w
            }
            guard let value, let v = Self.number(value) else {
                throw .malformed(at: location, "strength must be a name or a number")
            }
            return v
        }

        guard let vars = top["variables"] as? [Any] else {
            throw .malformed(at: "variables", "missing or not an array of names")
        }
        variables = []
        var known = Set<String>()
        for (i, v) in vars.enumerated() {
            guard let name = v as? String else { throw .malformed(at: "variables[\(i)]", "not a string") }
            guard known.insert(name).inserted else { throw .malformed(at: "variables[\(i)]", "duplicate '\(name)'") }
            variables.append(name)
        }

        editVariables = []
        if let edits = top["edit_variables"] {
            guard let list = edits as? [Any] else { throw .malformed(at: "edit_variables", "not an array") }
            for (i, e) in list.enumerated() {
                let at = "edit_variables[\(i)]"
                guard let obj = e as? [String: Any] else { throw .malformed(at: at, "not an object") }
                guard let name = obj["var"] as? String else { throw .malformed(at: at + ".var", "missing name") }
                guard known.contains(name) else { throw .malformed(at: at + ".var", "unknown variable '\(name)'") }
                editVariables.append((name, try strength(obj["strength"] ?? "strong", at: at + ".strength")))
            }
        }

        guard let cons = top["constraints"] as? [Any] else {
            throw .malformed(at: "constraints", "missing or not an array")
        }
        constraints = []
        for (i, c) in cons.enumerated() {
            let at = "constraints[\(i)]"
            guard let obj = c as? [String: Any] else { throw .malformed(at: at, "not an object") }
            guard let termList = obj["terms"] as? [Any] else {
                throw .malformed(at: at + ".terms", "missing or not an array")
            }
            var terms: [TermSpec] = []
            for (j, t) in termList.enumerated() {
                let tat = "\(at).terms[\(j)]"
                guard let tobj = t as? [String: Any] else { throw .malformed(at: tat, "not an object") }
                guard let name = tobj["var"] as? String else { throw .malformed(at: tat + ".var", "missing name") }
                guard known.contains(name) else { throw .malformed(at: tat + ".var", "unknown variable '\(name)'") }
                let coefficient: Double
                if let raw = tobj["coefficient"] {
                    guard let v = Self.number(raw) else { throw .malformed(at: tat + ".coefficient", "not a number") }
                    coefficient = v
                } else {
                    coefficient = 1
                }
                terms.append(TermSpec(variable: name, coefficient: coefficient))
            }
            var constant = 0.0
            if let raw = obj["constant"] {
                guard let v = Self.number(raw) else { throw .malformed(at: at + ".constant", "not a number") }
                constant = v
            }
            let op: RelationalOperator
            switch obj["op"] as? String {
            case "==": op = .equal
            case "<=": op = .lessOrEqual
            case ">=": op = .greaterOrEqual
            default: throw .malformed(at: at + ".op", "must be \"==\", \"<=\" or \">=\"")
            }
            let s = try strength(obj["strength"] ?? "required", at: at + ".strength")
            constraints.append(ConstraintSpec(terms: terms, constant: constant, op: op, strength: s))
        }

        suggestions = []
        if let sugg = top["suggestions"] {
            guard let list = sugg as? [Any] else { throw .malformed(at: "suggestions", "not an array") }
            let editNames = Set(editVariables.map(\.name))
            for (i, s) in list.enumerated() {
                let at = "suggestions[\(i)]"
                guard let obj = s as? [String: Any] else { throw .malformed(at: at, "not an object") }
                var step: [String: Double] = [:]
                for (name, raw) in obj {
                    guard editNames.contains(name) else {
                        throw .malformed(at: "\(at).\(name)", "'\(name)' is not an edit variable")
                    }
                    guard let v = Self.number(raw) else { throw .malformed(at: "\(at).\(name)", "not a number") }
                    step[name] = v
                }
                suggestions.append(step)
            }
        }
    }

    /// Read and parse a file.
    public init(contentsOf path: String) throws(SystemFileError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        try self.init(data: data)
    }

    private static func number(_ value: Any) -> Double? {
        // JSON true/false also arrive as NSNumber (and `is Bool` holds for 1 and 0): tell them
        // apart by the boxed type code.
        if let n = value as? NSNumber { return String(cString: n.objCType) == "c" ? nil : n.doubleValue }
        return value as? Double
    }
}

/// A problem with a system file; `description` says what and where.
public enum SystemFileError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case invalidJSON(String)
    /// `location` is a key path such as `constraints[12].terms[0].var`.
    case malformed(at: String, String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .invalidJSON(let reason): return "invalid JSON: \(reason)"
        case .malformed(let location, let problem): return "\(location): \(problem)"
        }
    }
}
