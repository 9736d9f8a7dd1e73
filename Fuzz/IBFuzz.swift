// libFuzzer target: the Interface Builder importer. Any bytes as a document: the XML
// reader and the importer must give scenes or a located error — never crash — and small imported
// scenes are solved too (the check-ib path), so odd frames and constraints reach the solver.
// Built and run by Fuzz/run.sh.
import InterfaceBuilder

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let doc = try InterfaceBuilder.importDocument(text: text, file: "fuzz.xib")
        for s in doc.skipped { _ = s.description }
        if doc.scenes.reduce(0, { $0 + $1.scenario.tree.views.count }) <= 40 {
            _ = IBCheck.check(doc)
        }
    } catch {
        _ = error.description
    }
    return 0
}
