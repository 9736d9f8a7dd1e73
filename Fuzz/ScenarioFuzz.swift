// libFuzzer target: the scenario reader. Any bytes as a scenario file: the reader must
// give a scenario or a located ScenarioError — never crash. A scenario it accepts is written back
// with `json()` and must read again to the same views and constraints (the writer is the reader's
// inverse; `layoutlab replay` and results.db's scenario_json depend on it). Built and run by Fuzz/run.sh.
import Scenario

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let scenario = try Scenario(json: text, file: "fuzz.json")
        let written = scenario.json()
        do {
            let again = try Scenario(json: written, file: "written.json")
            precondition(again.tree.views.count == scenario.tree.views.count, "view count changed through json(): \(written)")
            precondition(again.constraints.count == scenario.constraints.count, "constraint count changed through json(): \(written)")
            precondition(again.json() == written, "json() is not stable: \(written)")
        } catch {
            preconditionFailure("json() wrote a scenario the reader rejects: \(error.description)\n\(written)")
        }
    } catch {
        _ = error.description
    }
    return 0
}
