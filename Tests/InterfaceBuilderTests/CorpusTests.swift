import Foundation
import InterfaceBuilder
import TestSupport
import Testing

/// The real documents of the external Interface Builder corpora: `LAYOUTLAB_IB_CORPUS` (default
/// `../shared/corpus/ib`) and `LAYOUTLAB_IB_MORE_CORPUS` (default `../shared/corpus/ib-more`), read from
/// there, never copied. Each suite skips, with the reason printed, where its corpus is absent;
/// `.ci/run` names both, so in CI they always run.
@Suite(
    "Interface Builder corpus",
    .enabled(
        if: ExternalCorpus.interfaceBuilder.isAvailable, Comment(rawValue: ExternalCorpus.interfaceBuilder.skipReason)))
struct CorpusTests {
    /// Every document imports, or fails with a named unsupported feature: 248 import, the 12 legacy
    /// archive xibs do not.
    @Test func everyFileImportsOrNamesTheFeature() throws {
        let count = try IBCorpus.importCounts(.interfaceBuilder)
        #expect(count.imported == 248)
        #expect(count.unsupported == ["legacy keyed-archive format (Xcode 3–4 xibs, <archive>)": 12])
        #expect(count.scenes > 600)
    }
}

@Suite(
    "Interface Builder corpus, other repositories",
    .enabled(
        if: ExternalCorpus.interfaceBuilderMore.isAvailable,
        Comment(rawValue: ExternalCorpus.interfaceBuilderMore.skipReason)))
struct MoreCorpusTests {
    /// All 425 documents import.
    @Test func everyFileImports() throws {
        let count = try IBCorpus.importCounts(.interfaceBuilderMore)
        #expect(count.imported == 425 && count.unsupported.isEmpty)
        #expect(count.scenes > 800)
    }
}

@Suite(
    "Interface Builder corpora, cross-validated by repository",
    .enabled(
        if: ExternalCorpus.interfaceBuilder.isAvailable || ExternalCorpus.interfaceBuilderMore.isAvailable,
        Comment(
            rawValue: ExternalCorpus.interfaceBuilder.skipReason + "; "
                + ExternalCorpus.interfaceBuilderMore.skipReason)))
struct CrossValidatedCorpusTests {
    /// The floors guard the leave-one-repository-out agreement: every fitted value (`IBFit`) fitted on
    /// the other repositories, each repository checked with them. The fitted rules stay as built in;
    /// the headline (`IBCrossValidation.run`, `check-ib --cross-validate`) also turns a rule off in a
    /// fold where the other repositories do not gain from it, which moves a handful of views and takes one
    /// more pass over the corpora per fitted rule, too slow for a unit test.
    /// Per folder present, and over both when both are.
    @Test func crossValidatedAgreementStaysAboveItsFloors() throws {
        let docs = try IBCorpus.documents()
        let results = IBCorpus.leaveOneRepositoryOut(docs)
        func tally(_ folder: String?, _ platform: IBImport.Platform) -> IBTally {
            IBTally(
                results.filter { ($0.folder == folder || folder == nil) && $0.result.platform == platform }.map(
                    \.result))
        }
        let floors: [(String?, IBImport.Platform, Double)] = [
            ("ib", .iOS, 0.89), ("ib", .macOS, 0.69), ("ib-more", .iOS, 0.88), ("ib-more", .macOS, 0.58),
        ]
        let folders = Set(docs.map(\.folder))
        for (folder, platform, floor) in floors where folders.contains(folder!) {
            let t = tally(folder, platform)
            print(
                "IB cross-validated agreement, \(folder!) \(platform): \(t.agreement) (\(t[.agree]) of \(t.determinable))"
            )
            #expect(t.agreement >= floor, "\(folder!) \(platform)")
        }
        if folders.count == 2 {
            let iOS = tally(nil, .iOS)
            let macOS = tally(nil, .macOS)
            print("IB cross-validated agreement, both folders: iOS \(iOS.agreement), macOS \(macOS.agreement)")
            #expect(iOS.agreement >= 0.88 && macOS.agreement >= 0.61)
        }
    }

    /// The built-in fitted values are the fit on both corpora (`Tools/ib-cross-validate.py
    /// --write-table` writes them): none is left from an older fit or edited by hand.
    @Test(
        .enabled(
            if: ExternalCorpus.interfaceBuilder.isAvailable && ExternalCorpus.interfaceBuilderMore.isAvailable,
            "needs both corpora"))
    func builtInValuesAreTheFitOnBothCorpora() throws {
        let docs = try IBCorpus.documents()
        let fitted = IBFit.fit(docs.map { ($0.repository, IBFit.votes(text: $0.text, file: $0.name)) })
        let builtIn = FittedValues.builtIn.table
        let differing = Set(fitted.keys).union(builtIn.keys).filter { fitted[$0] != builtIn[$0] }.sorted()
        #expect(differing.count == 0, "\(differing.count) differ, e.g. \(differing.prefix(5))")
    }
}

/// The corpora's documents with their repositories (`MANIFEST.tsv`), and the checks the suites share.
enum IBCorpus {
    struct Document {
        var folder: String
        var name: String
        var repository: String
        var text: String
    }

    static func importCounts(
        _ corpus: ExternalCorpus
    ) throws -> (imported: Int, scenes: Int, unsupported: [String: Int]) {
        var imported = 0
        var scenes = 0
        var unsupported: [String: Int] = [:]
        for url in try corpus.files(withExtensions: ["xib", "storyboard"]) {
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
        return (imported, scenes, unsupported)
    }

    /// Every document of the corpora present, with the repository its folder's manifest names.
    static func documents() throws -> [Document] {
        var out: [Document] = []
        for (name, corpus) in [("ib", ExternalCorpus.interfaceBuilder), ("ib-more", .interfaceBuilderMore)]
        where corpus.isAvailable {
            let files = try corpus.files(withExtensions: ["xib", "storyboard"])
            let manifest = try repositories(
                files.first!.deletingLastPathComponent().appendingPathComponent("MANIFEST.tsv"))
            for url in files {
                let file = url.lastPathComponent
                let repository = manifest[file] ?? file.components(separatedBy: "__").prefix(2).joined(separator: "/")
                out.append(
                    Document(
                        folder: name, name: file, repository: repository,
                        text: try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return out
    }

    /// `file` → `repo` from a tab-separated manifest with a header line (`IBCrossValidation`'s reader).
    static func repositories(_ url: URL) throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        return IBCrossValidation.repositories(manifest: try String(contentsOf: url, encoding: .utf8))
    }

    /// Each repository's documents checked with the values fitted on the others.
    static func leaveOneRepositoryOut(_ docs: [Document]) -> [(folder: String, result: IBViewResult)] {
        let votes = docs.map { IBFit.votes(text: $0.text, file: $0.name) }
        var out: [(folder: String, result: IBViewResult)] = []
        for repository in Set(docs.map(\.repository)).sorted() {
            let training = docs.indices.filter { docs[$0].repository != repository }.map {
                (docs[$0].repository, votes[$0])
            }
            let values = FittedValues(table: IBFit.fit(training))
            for doc in docs where doc.repository == repository {
                guard
                    let imported = try? InterfaceBuilder.importDocument(text: doc.text, file: doc.name, fitted: values)
                else { continue }
                out += IBCheck.check(imported).results.map { (doc.folder, $0) }
            }
        }
        return out
    }
}
