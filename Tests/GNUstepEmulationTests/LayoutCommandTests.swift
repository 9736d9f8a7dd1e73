import Foundation
import TestSupport
import Testing

/// `layoutlab layout --engine autolayout --translation appkit --policy gnustep-master`: GNUstep
/// master's frames from the emulation, run as a user runs it, with no GNUstep installed or looked for.
@Suite("layoutlab layout --policy gnustep-master")
struct LayoutCommandTests {
    /// `top == superview.top + 20` and `leading == superview.leading + 10` on a 100 × 44 bar in 320 × 480.
    static let bar = """
        {"superview":{"width":320,"height":480},"views":[{"id":"bar","frame":[10,20,300,44],"translatesMask":false}],
         "constraints":[{"item1":"bar","attr1":"leading","relation":"==","item2":"superview","attr2":"leading","constant":10},
                        {"item1":"bar","attr1":"top","relation":"==","item2":"superview","attr2":"top","constant":20},
                        {"item1":"bar","attr1":"width","relation":"==","constant":100},
                        {"item1":"bar","attr1":"height","relation":"==","constant":44}]}
        """

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let exe = try #require(LabExecutable.layoutlab, Comment(rawValue: LabExecutable.notFound))
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        // No GNUstep: the engine's build folder and GNUstep's environment are not passed on.
        p.environment = ["PATH": "/usr/bin:/bin"]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// The bar's frame at each size, from the command's JSON.
    static func frames(_ json: String) throws -> [[Double]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try #require(object["steps"] as? [[String: Any]])
        return try steps.map { step in
            let frames = try #require(step["frames"] as? [String: [String: Double]])
            let f = try #require(frames["bar"])
            return [f["x"]!, f["y"]!, f["width"]!, f["height"]!]
        }
    }

    @Test func gnustepMasterWithoutGNUstep() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bar-\(UUID().uuidString).json")
        try Self.bar.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let common = [
            "layout", file.path, "--engine", "autolayout", "--translation", "appkit", "--sizes",
            "320x480,400x600", "--format", "json",
        ]
        // GNUstep ties top to maxY with the root's minY at 0: y = height + 20 − 44 (456, then 576).
        let master = try Self.run(common + ["--policy", "gnustep-master"])
        #expect(master.status == 0, "\(master.err)")
        #expect(try Self.frames(master.out) == [[10, 456, 100, 44], [10, 576, 100, 44]])
        // With y-up given Apple's behaviour, the bar is 20 below the top edge, as Apple documents.
        let apple = try Self.run(common + ["--policy", "gnustep-master+apple:y-up"])
        #expect(apple.status == 0, "\(apple.err)")
        #expect(try Self.frames(apple.out) == [[10, 20, 100, 44], [10, 20, 100, 44]])
        // y-up alone is enough for GNUstep's frame here.
        let one = try Self.run(common + ["--policy", "appkit+gnustep:y-up"])
        #expect(try Self.frames(one.out) == [[10, 456, 100, 44], [10, 576, 100, 44]])
    }

    @Test func anUnknownSwitchIsNamed() throws {
        let r = try Self.run([
            "layout", "x.json", "--engine", "autolayout", "--policy", "appkit+gnustep:y-down",
            "--sizes", "100x100",
        ])
        #expect(r.status != 0)
        #expect(r.err.contains("appkit+gnustep:SWITCHES") && r.err.contains("y-up"), "\(r.err)")
    }
}
