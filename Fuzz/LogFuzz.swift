// libFuzzer target: the conflict-log reader. Any bytes as a pasted console dump. The reader
// must return logs or a ConflictLogError whose line and column lie inside the input, and every log it
// returns must be whole (its lines inside the input, its broken constraint read) — never a crash, a
// hang or an out-of-bounds read (address sanitizer). The analysis of what it reads is left out: it
// solves systems (about 140 inputs a second), and its tests run it on every corpus log instead.
// Built and run by Fuzz/run.sh.
import ConflictLog

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).count
    do {
        let file = try ConflictLogReader.read(text, file: "fuzz")
        for log in file.logs {
            precondition(log.firstLine >= 1 && log.lastLine <= lines && log.firstLine <= log.lastLine, "log lines outside the input")
            precondition(log.broken != nil, "a log without its broken constraint")
            for c in log.constraints { precondition(c.line >= log.firstLine && c.line <= log.lastLine, "a constraint outside its log") }
            if let k = log.brokenIndex { precondition(k < log.constraints.count, "broken index out of range") }
        }
    } catch {
        precondition(error.line >= 1 && error.line <= max(1, lines) && error.column >= 1, "error outside the input: \(error)")
    }
    return 0
}
