// libFuzzer target: the conflict-log reader. Any bytes as a pasted console dump. The reader must
// return logs or a ConflictLogError whose line and column lie inside the input, and every log it
// returns must be whole: its lines inside the input, its list's end among them, its broken
// constraint in its list when matched. Cut right after its list, the input must give the same log
// again with no broken constraint (a person selecting the list copies no more). Never a crash, a hang
// or an out-of-bounds read (address sanitizer). The analysis of what it reads is left out: it solves
// systems (about 140 inputs a second), and its tests run it on every corpus log instead.
// Built and run by Fuzz/run.sh (seeded with Tests/ConflictLogTests/Logs, HeldOut and the corpus's logs).
import ConflictLog

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    do {
        let file = try ConflictLogReader.read(text, file: "fuzz")
        for log in file.logs {
            checkWhole(log, lines: lines.count)
            // Cut right after the list, the same constraints and no broken one (the first log only:
            // a cut ends the input).
            guard log.firstLine == file.logs.first?.firstLine, log.isListComplete,
                (log.broken?.line ?? .max) > log.listEndLine
            else { continue }
            let cut = lines.prefix(log.listEndLine).joined(separator: "\n")
            guard
                let again = try? ConflictLogReader.read(cut, file: "cut").logs.first(where: {
                    $0.firstLine == log.firstLine
                })
            else { preconditionFailure("cut after its list, the log is no longer read") }
            precondition(again.constraints.map(\.text) == log.constraints.map(\.text), "cut: other constraints")
            precondition(again.broken == nil, "cut after its list, the log still names a broken constraint")
        }
    } catch {
        precondition(
            error.line >= 1 && error.line <= max(1, lines.count) && error.column >= 1,
            "error outside the input: \(error)")
    }
    return 0
}

func checkWhole(_ log: ConflictLog, lines: Int) {
    precondition(
        log.firstLine >= 1 && log.lastLine <= lines && log.firstLine <= log.lastLine, "log lines outside the input")
    precondition(log.listEndLine >= log.firstLine && log.listEndLine <= log.lastLine, "list end outside the log")
    precondition(!log.constraints.isEmpty, "a log without constraints")
    for c in log.constraints {
        precondition(c.line >= log.firstLine && c.line <= log.listEndLine, "a constraint outside its list")
    }
    if let k = log.brokenIndex {
        precondition(k < log.constraints.count && log.broken != nil, "broken index out of range")
    }
}
