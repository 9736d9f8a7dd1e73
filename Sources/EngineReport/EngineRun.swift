import Geometry
import Scenario
import Sweep

/// A run of the GNUstep experiment as the report reads it (`Store` loads it from a results
/// database): each comparison with its totals, and every unit that diverged or was refused, with its
/// scenario, sizes and divergences.
public struct EngineRun: Sendable {
    public struct ComparisonTotals: Sendable {
        public var index: Int
        public var comparison: Comparison
        public var units: Int
        public var viewSteps: Int
        public var divergences: Int
        public var refused: Int

        public init(index: Int, comparison: Comparison, units: Int, viewSteps: Int, divergences: Int, refused: Int) {
            self.index = index
            self.comparison = comparison
            self.units = units
            self.viewSteps = viewSteps
            self.divergences = divergences
            self.refused = refused
        }
    }

    /// Where a unit sits in its experiment: the same scenario and sequence in every comparison.
    public struct UnitPosition: Hashable, Sendable {
        public var scenarioIndex: Int
        public var sequenceIndex: Int
        public init(scenarioIndex: Int, sequenceIndex: Int) {
            (self.scenarioIndex, self.sequenceIndex) = (scenarioIndex, sequenceIndex)
        }
    }

    public struct Unit: Sendable {
        public struct Divergence: Sendable {
            public var step: Int
            public var view: String
            public var a: Rect
            public var b: Rect
            public var causes: [String]

            public init(step: Int, view: String, a: Rect, b: Rect, causes: [String]) {
                self.step = step
                self.view = view
                self.a = a
                self.b = b
                self.causes = causes
            }
        }

        public var comparison: Int
        public var scenarioIndex: Int
        public var sequenceIndex: Int
        public var scenario: Scenario
        public var sizes: [Size]
        public var error: String?
        public var divergences: [Divergence]
        public var position: UnitPosition { UnitPosition(scenarioIndex: scenarioIndex, sequenceIndex: sequenceIndex) }

        public init(
            comparison: Int, scenarioIndex: Int, sequenceIndex: Int, scenario: Scenario, sizes: [Size],
            error: String?, divergences: [Divergence]
        ) {
            self.comparison = comparison
            self.scenarioIndex = scenarioIndex
            self.sequenceIndex = sequenceIndex
            self.scenario = scenario
            self.sizes = sizes
            self.error = error
            self.divergences = divergences
        }
    }

    public var run: Int64
    public var experiment: String
    public var codeVersion: String
    public var engines: [String: ExternalEngineSpec]
    public var comparisons: [ComparisonTotals]
    public var units: [Unit]
    /// By comparison index, the position of each unit both sides laid out
    /// alike at every step (not in `units`).
    public var identical: [Int: Set<UnitPosition>]

    public init(
        run: Int64, experiment: String, codeVersion: String, engines: [String: ExternalEngineSpec],
        comparisons: [ComparisonTotals], units: [Unit], identical: [Int: Set<UnitPosition>] = [:]
    ) {
        self.run = run
        self.experiment = experiment
        self.codeVersion = codeVersion
        self.engines = engines
        self.comparisons = comparisons
        self.units = units
        self.identical = identical
    }

    /// The comparisons of GNUstep master (the live engine, or its emulation with every deviation on)
    /// against Apple's documented rules (the lab's `autolayout/appkit`): the divergences the report
    /// attributes. GNUstep's side is side a when `gnustepIsA`.
    public var appleComparisons: [ComparisonTotals] {
        comparisons.filter { c in
            switch (c.comparison.a, c.comparison.b) {
            case (.external, .autolayout(.appkit, _)), (.autolayout(.appkit, _), .external): true
            case (.gnustep(.all), .autolayout(.appkit, _)), (.autolayout(.appkit, _), .gnustep(.all)): true
            default: false
            }
        }
    }

    public static func gnustepIsA(_ c: Comparison) -> Bool {
        switch c.a {
        case .external, .gnustep: true
        default: false
        }
    }

    /// The comparisons of the live engine against its emulation with every deviation on.
    public var exactnessComparisons: [ComparisonTotals] {
        comparisons.filter { c in
            switch (c.comparison.a, c.comparison.b) {
            case (.external, .gnustep(.all)), (.gnustep(.all), .external): true
            default: false
            }
        }
    }
}
