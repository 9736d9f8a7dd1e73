import Foundation
import InterfaceBuilder
import Testing

/// The real documents of `shared/corpus/ib` (read from there, never copied).
@Suite("Interface Builder corpus")
struct CorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/ib")

    static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { ["xib", "storyboard"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    /// Every document imports, or fails with a named unsupported feature: 248 import, the 12 legacy
    /// archive xibs do not.
    @Test func everyFileImportsOrNamesTheFeature() throws {
        var imported = 0, scenes = 0
        var unsupported: [String: Int] = [:]
        for url in try Self.files() {
            let text = try String(contentsOf: url, encoding: .utf8)
            do {
                let doc = try InterfaceBuilder.importDocument(text: text, file: url.lastPathComponent)
                imported += 1
                scenes += doc.scenes.count
            } catch {
                let feature = try #require(error.unsupportedFeature, "\(error)")
                unsupported[feature, default: 0] += 1
            }
        }
        #expect(imported == 248)
        #expect(unsupported == ["legacy keyed-archive format (Xcode 3–4 xibs, <archive>)": 12])
        #expect(scenes > 600)
    }
}
