import ArgumentParser
import Foundation
import Geometry
import InterfaceBuilder
import LabJSON

/// Reads an Interface Builder document for a command: a missing file or malformed XML prints the
/// error (file:line:column) and exits 2, before anything is written.
enum IBFile {
    static func load(_ path: String) throws -> IBImport {
        do {
            return try InterfaceBuilder.importDocument(text: try text(path), file: path)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
    }

    /// The document's text, or an error that says why it cannot be read (missing, a folder, unreadable)
    /// rather than letting an empty text pass for malformed XML.
    static func text(_ path: String) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Unreadable(description: "\(path): no such file")
        }
        guard !isFolder.boolValue else { throw Unreadable(description: "\(path): is a folder, not a document") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(description: "\(path): cannot read the file")
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct Unreadable: Error, CustomStringConvertible { var description: String }
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
        let layout = doc.usesAutoLayout ? "Auto Layout" : "springs and struts only"
        print(
            "\(file): \(doc.kind.rawValue), \(doc.platform.rawValue), \(layout)"
                + (doc.designDevice.map { ", designed for \($0)" + (doc.devicePreset.map { " (preset \($0))" } ?? "") }
                    ?? ""))
        for (n, scene) in doc.scenes.enumerated() {
            let name =
                String(format: "%02d", n + 1) + "-"
                + scene.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.reduce("") { $0 + String($1) }
            let path = (dir as NSString).appendingPathComponent(name.prefix(80) + ".json")
            // The design device's safe area is IB's; `layout --device` gives each device's own.
            var scenario = scene.scenario
            scenario.tree.root.safeAreaInsets = .zero
            try (scenario.json() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            print(
                "  \(path): \(scene.scenario.tree.views.count) views, \(scene.scenario.constraints.count) constraints"
                    + (scene.misplaced.isEmpty ? "" : ", \(scene.misplaced.count) misplaced in IB"))
        }
        if !doc.skipped.isEmpty {
            print("skipped (\(doc.skipped.count)):")
            for s in doc.skipped { print("  \(file):\(s)") }
        }
    }
}
