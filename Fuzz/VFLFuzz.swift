// libFuzzer target: the Visual Format parser. Any bytes as a format string against a fixed
// views dictionary and metrics, with every option set the bytes choose. The parser must return
// constraints or a VisualFormatError — never crash, hang or read out of bounds (address sanitizer).
// Built and run by Fuzz/run.sh.
import ConstraintModel
import VFL

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // The first byte picks options and platform; the rest is the format.
    let selector = bytes[0]
    let format = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let names = VisualFormatOptions.names
    var options = VisualFormatOptions()
    if selector & 1 != 0 { options.insert(names[Int(selector >> 1) % names.count].1) }
    if selector & 0x80 != 0 { options.insert(.directionRightToLeft) }
    let platform: VisualFormatPlatform = selector & 0x40 != 0 ? .appkit : .uikit
    do {
        let made = try VisualFormat.constraints(format, views: ["a", "b", "c", "view", "_x1"], metrics: ["m": 8, "a": 3, "big": 1e308],
                                                options: options, platform: platform)
        for c in made {
            _ = c.appleDescription
            precondition(c.priority > 0 && c.priority <= 1000, "priority out of range: \(c.appleDescription)")
            precondition(c.constant.isFinite, "non-finite constant: \(c.appleDescription)")
        }
    } catch {
        _ = error.description
        if let i = error.index { precondition(i >= 0 && i <= format.utf8.count, "caret outside the format: \(i)") }
    }
    return 0
}
