/// check-ib's agreement cross-validated by repository: every value fitted on documents
/// (`IBFit`) is fitted again with one repository left out, and that repository's documents are checked
/// with what the others gave; each repository in turn. A fitted rule stays on in a fold only where,
/// on the other repositories, it makes more views agree than disagree. Beside it, the in-sample figure:
/// everything fitted on every document, a rule on where its gain survives leaving out the repositories
/// it was fitted on (`Tools/ib-cross-validate.py` computes the same figures through `check-ib`).
public enum IBCrossValidation {
    public struct Document: Sendable {
        /// The corpus folder it is in (figures are per folder).
        public var folder: String
        public var name: String
        public var repository: String
        public var text: String

        public init(folder: String, name: String, repository: String, text: String) {
            self.folder = folder
            self.name = name
            self.repository = repository
            self.text = text
        }
    }

    /// Tallies per folder and platform.
    public typealias Tallies = [String: [IBImport.Platform: IBTally]]

    public struct Figures: Sendable {
        /// Each repository checked with the values fitted on the others: the headline.
        public var leaveOneRepositoryOut: Tallies = [:]
        public var inSample: Tallies = [:]
        /// Per fitted rule: the views it makes agree over all documents, and in held-out repositories
        /// where the other repositories keep it.
        public var ruleGain: [FittedRule: (inSample: Int, heldOut: Int)] = [:]
        /// Documents that do not import (legacy archives), left out of both figures.
        public var notImported = 0
    }

    public static func run(_ docs: [Document]) -> Figures {
        var figures = Figures()
        let votes = docs.map { IBFit.votes(text: $0.text, file: $0.name) }
        let all = FittedValues(table: IBFit.fit(zip(docs, votes).map { ($0.repository, $1) }))
        func check(_ d: Document, _ values: FittedValues) -> IBCheck? {
            (try? InterfaceBuilder.importDocument(text: d.text, file: d.name, fitted: values)).map(IBCheck.check)
        }
        let base = docs.map { check($0, all) }
        figures.notImported = base.filter { $0 == nil }.count
        // Each rule's gain per document: agreeing views with it on less with it off.
        var gain: [FittedRule: [Int]] = [:]
        for rule in FittedRule.allCases {
            var off = all
            off.rulesOff = [rule]
            gain[rule] = docs.indices.map {
                (base[$0]?.tally[.agree] ?? 0) - (check(docs[$0], off)?.tally[.agree] ?? 0)
            }
        }
        let byRepository = Dictionary(grouping: docs.indices) { docs[$0].repository }
        func rulesOff(without repository: String) -> Set<FittedRule> {
            Set(
                FittedRule.allCases.filter { rule in
                    let held = byRepository[repository]!.map { gain[rule]![$0] }.reduce(0, +)
                    return gain[rule]!.reduce(0, +) - held <= 0
                })
        }
        for rule in FittedRule.allCases {
            var heldOut = 0
            for repository in byRepository.keys where !rulesOff(without: repository).contains(rule) {
                heldOut += byRepository[repository]!.map { gain[rule]![$0] }.reduce(0, +)
            }
            figures.ruleGain[rule] = (gain[rule]!.reduce(0, +), heldOut)
        }
        var inSample = all
        inSample.rulesOff = Set(FittedRule.allCases.filter { figures.ruleGain[$0]!.heldOut <= 0 })
        for d in docs {
            if let c = check(d, inSample) {
                figures.inSample[d.folder, default: [:]][c.platform, default: IBTally()].add(c.tally)
            }
        }
        for (repository, held) in byRepository {
            let training = docs.indices.filter { docs[$0].repository != repository }.map {
                (docs[$0].repository, votes[$0])
            }
            let values = FittedValues(table: IBFit.fit(training), rulesOff: rulesOff(without: repository))
            for k in held {
                guard let c = check(docs[k], values) else { continue }
                figures.leaveOneRepositoryOut[docs[k].folder, default: [:]][c.platform, default: IBTally()].add(c.tally)
            }
        }
        return figures
    }

    /// `file` → `repo` from a corpus folder's tab-separated `MANIFEST.tsv` (a header line naming them).
    public static func repositories(manifest text: String) -> [String: String] {
        let lines = text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = lines.first, let f = header.firstIndex(of: "file"), let r = header.firstIndex(of: "repo")
        else { return [:] }
        var out: [String: String] = [:]
        for row in lines.dropFirst() where row.count > max(f, r) { out[row[f]] = row[r] }
        return out
    }

    /// A document's repository where no manifest names it: `owner__repo__path` file names.
    public static func repository(fromFileName name: String) -> String {
        name.components(separatedBy: "__").prefix(2).joined(separator: "/")
    }
}
