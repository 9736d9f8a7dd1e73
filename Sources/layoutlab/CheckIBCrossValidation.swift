import ArgumentParser
import Foundation
import InterfaceBuilder

/// `check-ib --cross-validate`: the headline agreement cross-validated by repository, with the
/// in-sample figure beside it, per corpus folder and platform (`IBCrossValidation`).
extension CheckIBCommand {
    func printCrossValidation() throws {
        var docs: [IBCrossValidation.Document] = []
        var manifests: [String: [String: String]] = [:]
        for path in files {
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent()
            if manifests[folder.path] == nil {
                let manifest = FileManager.default.contents(atPath: folder.appendingPathComponent("MANIFEST.tsv").path)
                manifests[folder.path] =
                    manifest.map { IBCrossValidation.repositories(manifest: String(decoding: $0, as: UTF8.self)) }
                    ?? [:]
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("\(path): cannot be read")
            }
            let name = url.lastPathComponent
            docs.append(
                .init(
                    folder: folder.lastPathComponent, name: name,
                    repository: manifests[folder.path]![name] ?? IBCrossValidation.repository(fromFileName: name),
                    text: String(decoding: data, as: UTF8.self)))
        }
        let figures = IBCrossValidation.run(docs)
        let repositories = Set(docs.map(\.repository)).count
        print("check-ib agreement with Interface Builder, leave one repository out (in sample beside it)")
        print("\(docs.count - figures.notImported) documents imported, \(repositories) repositories")
        var rows = [
            [
                "folder", "platform", "leave one repository out", "in sample", "LORO, sizes derived",
                "in sample, derived",
            ]
        ]
        func cell(_ t: IBTally) -> String {
            t.determinable == 0
                ? "-" : String(format: "%.1f%% (%d of %d)", 100 * t.agreement, t[.agree], t.determinable)
        }
        func sum(_ tallies: IBCrossValidation.Tallies, _ folder: String?, _ platform: IBImport.Platform?) -> IBTally {
            var t = IBTally()
            for (f, byPlatform) in tallies where folder == nil || f == folder {
                for (p, tally) in byPlatform where platform == nil || p == platform { t.add(tally) }
            }
            return t
        }
        let folders = Set(docs.map(\.folder)).sorted()
        for folder in folders.map(Optional.some) + (folders.count > 1 ? [nil] : []) {
            for platform in [IBImport.Platform.iOS, .macOS].map(Optional.some) + [nil] {
                let loro = sum(figures.leaveOneRepositoryOut, folder, platform)
                let inSample = sum(figures.inSample, folder, platform)
                rows.append(
                    [
                        folder ?? "all folders", platform?.rawValue ?? "all", cell(loro), cell(inSample),
                        cell(loro.derived),
                        cell(inSample.derived),
                    ])
            }
        }
        print(TextTable.render(rows, rightAligned: Set(2...5)), terminator: "")
        print("fitted rules (views they make agree: over all documents, and in held-out repositories):")
        for rule in FittedRule.allCases {
            let g = figures.ruleGain[rule]!
            print("  \(rule.rawValue): \(g.inSample), held out \(g.heldOut)\(g.heldOut <= 0 ? " (off)" : "")")
        }
    }
}
