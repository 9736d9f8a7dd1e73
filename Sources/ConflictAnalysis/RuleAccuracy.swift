/// How often the lab's breaking rule names the constraint Apple broke, as `Tools/breaking-rules.py`
/// measures it on the conflict-log corpus (`../shared/corpus/logs`). The headline is cross-validated
/// leave-one-repository-out: the rule is fitted on every other repository's logs and predicts each
/// held-out repository's, so the figure is what to expect on logs of other projects. The figures
/// here are the tool's; `Tools/breaking-rules.py --check` fails when they are not.
public enum RuleAccuracy {
    public struct Figure: Hashable, Sendable {
        public var hits: Int
        public var logs: Int

        public init(_ hits: Int, of logs: Int) {
            self.hits = hits
            self.logs = logs
        }

        public var fraction: Double { logs == 0 ? 0 : Double(hits) / Double(logs) }
        public var percent: Int { Int((100 * fraction).rounded()) }
    }

    /// Leave-one-repository-out over the corpus (each log whose repository is unknown a group of its own).
    public static let crossValidated = Figure(86, of: 94)
    /// The rule fitted on all the logs, scored on them.
    public static let inSample = Figure(86, of: 94)
    /// The rule as fitted on the corpus, on logs of projects the corpus does not draw on
    /// (`Tests/ConflictLogTests/HeldOut/`, chosen before the lab read them; `Tools/heldout-logs.py`).
    public static let heldOut = Figure(48, of: 67)
    /// How many repositories (groups) the corpus's logs come from.
    public static let repositories = 84

    /// Cross-validated per kind of conflict (`ConflictShape`).
    public static let byShape: [ConflictShape: Figure] = [
        .appKit: Figure(11, of: 12), .encapsulatedSize: Figure(23, of: 26), .oneAttributeTwice: Figure(12, of: 14),
        .stackView: Figure(10, of: 11), .systemOnly: Figure(10, of: 11), .translatedMask: Figure(23, of: 23),
    ]

    /// A kind of conflict the rule is weak on: over at least `weakMinimumLogs` logs, its
    /// cross-validated accuracy is `weakMargin` or more below the rule's overall one.
    public static let weakMargin = 0.05
    public static let weakMinimumLogs = 4

    public static func isWeak(_ shape: ConflictShape) -> Bool {
        guard let f = byShape[shape] else { return false }
        return f.logs >= weakMinimumLogs && f.fraction <= crossValidated.fraction - weakMargin
    }
}
