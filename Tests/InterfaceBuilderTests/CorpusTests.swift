import Foundation
import InterfaceBuilder
import TestSupport
import Testing

/// The real documents of the external Interface Builder corpus (`LAYOUTLAB_IB_CORPUS`, default
/// `../shared/corpus/ib`; read from there, never copied). Skipped, with the reason printed, where
/// there is none; `.ci/run` names it, so in CI these always run.
@Suite("Interface Builder corpus", .enabled(if: ExternalCorpus.interfaceBuilder.isAvailable,
                                             Comment(rawValue: ExternalCorpus.interfaceBuilder.skipReason)))
struct CorpusTests {
    static func files() throws -> [URL] {
        try ExternalCorpus.interfaceBuilder.files(withExtensions: ["xib", "storyboard"])
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

    /// The IB oracle's goals, as floors that guard against regressions: on the real documents at
    /// least 85% of the views the lab can be checked on (agree + disagree + ambiguous) agree with IB's
    /// stored frames, on iOS, on macOS and overall (`layoutlab check-ib` prints the same figures).
    @Test func agreementWithInterfaceBuilderStaysAtTheGoals() throws {
        var results: [IBViewResult] = []
        for url in try Self.files() {
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let doc = try? InterfaceBuilder.importDocument(text: text, file: url.lastPathComponent) else { continue }
            results += IBCheck.check(doc).results
        }
        let all = IBTally(results)
        let iOS = IBTally(results.filter { $0.platform == .iOS })
        let macOS = IBTally(results.filter { $0.platform == .macOS })
        print("IB corpus agreement: iOS \(iOS.agreement), macOS \(macOS.agreement), all \(all.agreement)")
        #expect(iOS.agreement >= 0.85 && macOS.agreement >= 0.85 && all.agreement >= 0.85)
        #expect(macOS[.agree] > 800 && iOS[.agree] > 2200)
    }
}
