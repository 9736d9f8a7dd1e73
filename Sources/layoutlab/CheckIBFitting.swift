import ArgumentParser
import Foundation
import InterfaceBuilder
import LabJSON

/// `check-ib --votes`, `--fit` and `--fitted`: the observations fitted values are fitted on, the fit
/// itself, and a fold's values read back (`Tools/ib-cross-validate.py` drives the three).
extension CheckIBCommand {
    func printVotes() throws {
        for path in files {
            let votes = IBFit.votes(text: try IBFile.text(path), file: path)
            let json: [(String, JSONValue)] = votes.keys.sorted().map { key in
                let values = votes[key]!
                return (
                    key,
                    .object(values.keys.sorted().map { (JSONWriter.number($0), JSONValue.number(Double(values[$0]!))) })
                )
            }
            print(JSONWriter.write(.object([("file", .string(path)), ("votes", .object(json))])))
        }
    }

    /// The lines of a votes file: each a repository and its observations.
    static func observations(_ path: String) throws -> [(repository: String, votes: IBFit.Votes)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(path): cannot be read")
        }
        var out: [(repository: String, votes: IBFit.Votes)] = []
        for (n, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            let value: JSONValue
            do { value = try JSONReader.parse(String(line)) } catch {
                throw ValidationError("\(path):\(n + 1): \(error)")
            }
            guard case .string(let repo)? = value["repository"]?.kind, case .object(let keys)? = value["votes"]?.kind
            else {
                throw ValidationError("\(path):\(n + 1): expected {\"repository\": …, \"votes\": {…}}")
            }
            var votes: IBFit.Votes = [:]
            for k in keys {
                guard case .object(let values) = k.value.kind else { continue }
                for v in values {
                    if let x = Double(v.key), case .number(let count) = v.value.kind {
                        votes[k.key, default: [:]][x] = Int(count)
                    }
                }
            }
            out.append((repo, votes))
        }
        return out
    }

    static func fittedValues(_ path: String) throws -> FittedValues {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(path): cannot be read")
        }
        do {
            return try FittedValues(json: try JSONReader.parse(String(decoding: data, as: UTF8.self)))
        } catch let e as JSONSyntaxError {
            throw ValidationError("\(path):\(e)")
        } catch {
            throw ValidationError("\(path):\(error)")
        }
    }
}
