import ArgumentParser
import Foundation
import Scenario

/// Reads a scenario file for a command. A bad file prints the error (file:line:column: view: problem)
/// to standard error and exits with status 2, before any output is written.
enum ScenarioFile {
    static func load(_ path: String) throws -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("\(path): cannot read the file")
            throw ExitCode(2)
        }
        do {
            return try Scenario(json: String(decoding: data, as: UTF8.self), file: path)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
}

func printNote(_ message: String) {
    FileHandle.standardError.write(Data(("note: " + message + "\n").utf8))
}
