// libFuzzer target: the experiment reader. Any bytes as an experiment file (YAML): Yams
// composes it and the lab's reader must give a spec or a SpecError with a line and column inside
// the text — never crash. Built and run by Fuzz/run.sh (scenario paths resolve against a folder
// that does not exist, so only the spec text is read).
import Sweep

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let spec = try SpecReader.read(text: text, file: "/nonexistent-fuzz-folder/fuzz.yaml")
        precondition(!spec.comparisons.isEmpty && !spec.sequences.isEmpty, "a spec without comparisons or sequences was accepted")
    } catch {
        // YAML breaks lines at \n, \r\n and a lone \r, so the text has at most this many lines.
        let lines = text.utf8.reduce(1) { $0 + ($1 == 10 || $1 == 13 ? 1 : 0) }
        precondition(error.line >= 0 && error.line <= lines + 1, "error line \(error.line) outside the text (\(lines) lines): \(error)")
        _ = error.description
    }
    return 0
}
