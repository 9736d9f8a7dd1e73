// libFuzzer target: the solver under a churn of edits (`SolverChecks.Churn`). The input's first byte
// picks the number of variables (2 to 10); every byte after it is a choice of the churn (which
// operation, which constraint, which coefficient, …), so libFuzzer's mutations are nearby churns.
// After every step the tableau's invariants, its agreement with every constraint present and every
// required constraint are checked, and every eighth step a fresh solve; any failure traps with the
// step and what went wrong. At exit the steps run in all are printed (`churn steps: N`), which is
// the figure docs/robustness.md records. Built and run by Fuzz/run.sh.
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import SolverChecks

nonisolated(unsafe) var totalSteps = 0
nonisolated(unsafe) var inputs = 0
nonisolated(unsafe) var reporting = false

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if !reporting {
        reporting = true
        atexit { print("churn steps: \(totalSteps) in \(inputs) inputs") }
    }
    guard size >= 2 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var source = ByteChurnSource(Array(bytes[1...]))
    let churn = Churn(variables: 2 + Int(bytes[0] % 9))
    do {
        try churn.run(&source, steps: Int.max)
    } catch {
        fatalError("churn failed: \(error)")
    }
    totalSteps += churn.steps
    inputs += 1
    return 0
}
