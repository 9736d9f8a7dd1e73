import ArgumentParser
import Foundation
import Geometry
import InterfaceBuilder
import LabJSON

/// Reads an Interface Builder document for a command: a missing file or malformed XML prints the
/// error (file:line:column) and exits 2, before anything is written.
enum IBFile {
    static func load(_ path: String) throws -> IBImport {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("\(path): cannot read the file")
            throw ExitCode(2)
        }
        do {
            return try InterfaceBuilder.importDocument(text: String(decoding: data, as: UTF8.self), file: path)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
    }
}

/// `layoutlab import`: an Interface Builder document into scenario files, one per top-level view or scene.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a .xib or .storyboard: one scenario file per top-level view or scene, and what was skipped.",
        discussion: """
            Reads frames (IB's, in the superview's coordinates), autoresizing masks, \
            translatesAutoresizingMaskIntoConstraints, constraints (ids kept), layout margins, the safe-area and \
            margins guides, hugging and compression resistance, intrinsic sizes (IB's placeholders, else the \
            stored size of content-sized views), the design device and stack views (as UIStackView's \
            constraints). Table and collection view cells become scenes of their own. Every element the lab does \
            not model is listed with its line, column and reason. Malformed XML exits 2 with file:line:column.
            """)

    @Argument(help: "The .xib or .storyboard file.")
    var file: String

    @Option(help: "Where to write the scenario files (default: a folder named after the document).")
    var out: String?

    func run() throws {
        let doc = try IBFile.load(file)
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let dir = out ?? stem
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        print("\(file): \(doc.kind.rawValue), \(doc.platform.rawValue), \(doc.usesAutoLayout ? "Auto Layout" : "springs and struts only")"
              + (doc.designDevice.map { ", designed for \($0)" + (doc.devicePreset.map { " (preset \($0))" } ?? "") } ?? ""))
        for (n, scene) in doc.scenes.enumerated() {
            let name = String(format: "%02d", n + 1) + "-" + scene.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.reduce("") { $0 + String($1) }
            let path = (dir as NSString).appendingPathComponent(name.prefix(80) + ".json")
            // The design device's safe area is IB's; `layout --device` gives each device's own.
            var scenario = scene.scenario
            scenario.tree.root.safeAreaInsets = .zero
            try (scenario.json() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            print("  \(path): \(scene.scenario.tree.views.count) views, \(scene.scenario.constraints.count) constraints"
                  + (scene.misplaced.isEmpty ? "" : ", \(scene.misplaced.count) misplaced in IB"))
        }
        if !doc.skipped.isEmpty {
            print("skipped (\(doc.skipped.count)):")
            for s in doc.skipped { print("  \(file):\(s)") }
        }
    }
}

/// `layoutlab check-ib`: solve each imported scene at its design size and compare with IB's frames.
struct CheckIBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-ib",
        abstract: "Compare the lab's Auto Layout with the frames Interface Builder stored, per file and overall.",
        discussion: """
            IB stores the frames Apple's engine computed at the document's design size. Each scene is solved \
            there (modern translation, the design device's safe area) and every view's frame compared with IB's \
            within \(JSONWriter.plainNumber(IBCheck.tolerance)) pt per edge. Views IB marks misplaced are excluded \
            and counted; views the imported constraints leave ambiguous, and documents laid out with masks only, \
            are counted as skipped. --format json prints one object per file and a last {"total": …}.
            """)

    @Argument(help: "The .xib and .storyboard files.")
    var files: [String]

    @Option(help: "table (default) or json.")
    var format: Kind = .table

    enum Kind: String, ExpressibleByArgument { case table, json }

    func run() throws {
        var total = IBCheck(file: "total")
        var rows = [["file", "views", "agree", "disagree", "misplaced", "skipped"]]
        var failed: [String] = []
        for path in files {
            let result: IBCheck
            do {
                let data = FileManager.default.contents(atPath: path) ?? Data()
                result = IBCheck.check(try InterfaceBuilder.importDocument(text: String(decoding: data, as: UTF8.self), file: path))
            } catch {
                failed.append(error.description)
                continue
            }
            total.views += result.views; total.agree += result.agree; total.disagree += result.disagree
            total.misplaced += result.misplaced; total.skipped += result.skipped
            switch format {
            case .json: print(JSONWriter.write(Self.json(result)))
            case .table: rows.append([path, "\(result.views)", "\(result.agree)", "\(result.disagree)", "\(result.misplaced)", "\(result.skipped)"])
            }
        }
        let compared = total.agree + total.disagree
        switch format {
        case .json:
            let counts: [(String, Int)] = [("files", files.count - failed.count), ("views", total.views), ("agree", total.agree),
                                           ("disagree", total.disagree), ("misplaced", total.misplaced), ("skipped", total.skipped),
                                           ("not_imported", failed.count)]
            let members: [(String, JSONValue)] = counts.map { ($0.0, JSONValue.number(Double($0.1))) }
            print(JSONWriter.write(.object([("total", JSONValue.object(members))])))
        case .table:
            rows.append(["total", "\(total.views)", "\(total.agree)", "\(total.disagree)", "\(total.misplaced)", "\(total.skipped)"])
            print(TextTable.render(rows, rightAligned: [1, 2, 3, 4, 5]), terminator: "")
            print(String(format: "agreement: %.1f%% of %d compared views", compared == 0 ? 0 : 100 * Double(total.agree) / Double(compared), compared))
        }
        for f in failed { printError(f) }
        if !failed.isEmpty { throw ExitCode(2) }
    }

    static func json(_ r: IBCheck) -> JSONValue {
        func rect(_ f: Rect) -> JSONValue { .array([f.x, f.y, f.width, f.height].map(JSONValue.number)) }
        return .object([
            ("file", .string(r.file)), ("views", .number(Double(r.views))), ("agree", .number(Double(r.agree))),
            ("disagree", .number(Double(r.disagree))), ("misplaced", .number(Double(r.misplaced))), ("skipped", .number(Double(r.skipped))),
            ("disagreements", .array(r.disagreements.map { d in
                .object([("view", .string(d.view)), ("stored", rect(d.stored)), ("solved", rect(d.solved)), ("reason", .string(d.reason.rawValue))])
            })),
        ])
    }
}
