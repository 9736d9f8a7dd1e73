// libFuzzer target: the constraint-system reader, the enaml_like.json format `layoutlab
// solve` takes. Any bytes: the reader gives a system or a SystemFileError; a small system it accepts
// is built and run through the solver, which must finish with values or a typed SystemRunError —
// never crash or hang (libFuzzer's -timeout catches a hang). Built and run by Fuzz/run.sh.
import Foundation
import SolverSystem

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    do {
        let system = try SystemFile(data: Data(bytes: data, count: size))
        guard system.constraints.count <= 64, system.suggestions.count <= 16 else { return 0 }
        do {
            let steps = try system.run()
            for step in steps { precondition(step.values.count == system.variables.count, "a step lost variables") }
        } catch {
            _ = error.description
        }
    } catch {
        _ = error.description
    }
    return 0
}
