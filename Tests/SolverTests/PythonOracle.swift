import Foundation
import Testing

/// Runs one of the repository's Python oracles (`Tools/kiwi-replay.py`, `Tools/lp-replay.py`) and
/// returns its exit status and output, printed. Exit 2 means the oracle cannot run (python3,
/// kiwisolver or scipy missing): the test is skipped with that reason printed, or fails when
/// LAYOUTLAB_REQUIRE_KIWI=1 (CI installs them, so there a missing oracle is a broken setup).
func runPythonOracle(_ arguments: [String], test: String) -> (Int32, String)? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3"] + arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    var status: Int32 = 2
    var output = ""
    do {
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        status = p.terminationStatus == 127 ? 2 : p.terminationStatus
        output = String(decoding: data, as: UTF8.self)
    } catch {
        output = "python3 not found: \(error)"
    }
    if status == 2 {
        let reason = "\(test): the oracle cannot run: \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        if ProcessInfo.processInfo.environment["LAYOUTLAB_REQUIRE_KIWI"] == "1" {
            Issue.record(Comment(rawValue: reason))
        } else {
            print("\(test) skipped: \(reason)")
        }
        return nil
    }
    print(output)
    return (status, output)
}
