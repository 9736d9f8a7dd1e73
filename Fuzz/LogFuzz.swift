// libFuzzer target: the conflict-log reader and the analysis of what it reads (issue 22). Any bytes as
// a pasted console dump. The reader must return logs or a ConflictLogError whose line and column lie
// inside the input; every log it returns is rebuilt, solved and explained — never a crash, a hang or
// an out-of-bounds read (address sanitizer). Built and run by Fuzz/run.sh.
import ConflictAnalysis
import ConflictLog

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    do {
        let file = try ConflictLogReader.read(text, file: "fuzz")
        for log in file.logs {
            precondition(log.firstLine >= 1 && log.lastLine <= lines && log.firstLine <= log.lastLine, "log lines outside the input")
            // Small lists only: the analysis is a search over subsets.
            guard log.constraints.count <= 12 else { continue }
            if let a = try? ConflictAnalysis(log) {
                _ = a.explanation
                _ = a.conflictMarks
                precondition(!a.isUnsatisfiable || !a.minimal.isEmpty, "unsatisfiable without a minimal set")
            }
        }
    } catch {
        precondition(error.line >= 1 && error.line <= max(1, lines) && error.column >= 1, "error outside the input: \(error)")
    }
    return 0
}
