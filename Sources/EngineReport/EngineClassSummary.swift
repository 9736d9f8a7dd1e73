/// The classes of disagreement of a run between an external engine and the lab's Auto Layout:
/// per comparison, the divergences grouped by their cause set (for two Auto Layout
/// engines, what the views' constraints have in common: `EngineTraits`), with a divergence of each
/// to shrink, and the units the engine refused. `Store` reads it from a results database.
public struct EngineClassSummary: Sendable {
    public struct Comparison: Sendable {
        public var index: Int
        public var label: String
        public var units: Int
        public var viewSteps: Int
        public var divergences: Int
        /// Units the engine answered with an error (skipped), with the most common message.
        public var failedUnits: Int
        public var commonError: String?

        public init(
            index: Int, label: String, units: Int, viewSteps: Int, divergences: Int, failedUnits: Int,
            commonError: String?
        ) {
            self.index = index
            self.label = label
            self.units = units
            self.viewSteps = viewSteps
            self.divergences = divergences
            self.failedUnits = failedUnits
            self.commonError = commonError
        }
    }

    public struct Class: Sendable {
        public var comparison: Int
        public var causes: [String]
        public var viewSteps: Int
        public var units: Int
        /// The divergence of the class with the fewest views in its tree (ties: the lowest id).
        public var example: Int64

        public init(comparison: Int, causes: [String], viewSteps: Int, units: Int, example: Int64) {
            self.comparison = comparison
            self.causes = causes
            self.viewSteps = viewSteps
            self.units = units
            self.example = example
        }
    }

    public var run: Int64
    public var experiment: String
    public var comparisons: [Comparison]
    public var classes: [Class]

    public init(run: Int64, experiment: String, comparisons: [Comparison], classes: [Class]) {
        self.run = run
        self.experiment = experiment
        self.comparisons = comparisons
        self.classes = classes
    }
}
