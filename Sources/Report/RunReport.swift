/// Everything the HTML report of one run shows, as plain values (Store gathers them from results.db;
/// this target only turns them into a page).
public struct RunReport: Sendable {
    public struct ComparisonRow: Sendable {
        public var label: String, units: Int, viewSteps: Int, divergences: Int, percent: Double
        public init(label: String, units: Int, viewSteps: Int, divergences: Int, percent: Double) {
            (self.label, self.units, self.viewSteps, self.divergences, self.percent) = (
                label, units, viewSteps, divergences, percent
            )
        }
    }

    /// A divergence shown with its picture and the commands that recompute and reduce it.
    public struct Featured: Sendable {
        public var id: Int64, why: String, comparison: String, view: String, step: Int, magnitude: Double,
            causes: String
        public var pictureSVG: String
        public init(
            id: Int64, why: String, comparison: String, view: String, step: Int, magnitude: Double, causes: String,
            pictureSVG: String
        ) {
            (self.id, self.why, self.comparison, self.view, self.step, self.magnitude, self.causes, self.pictureSVG) =
                (id, why, comparison, view, step, magnitude, causes, pictureSVG)
        }
    }

    public var experiment: String
    public var runID: Int64
    public var codeVersion: String
    public var status: String
    public var started: String
    public var database: String
    public var comparisons: [ComparisonRow]
    public var causes: [(name: String, count: Int)]
    /// Divergences by mask: `[h][v]`, each index the part set L=1, W=2, R=4 of that axis.
    public var maskGrid: [[Int]]
    /// Magnitude histogram: bins by decade (label, count).
    public var magnitudes: [(label: String, count: Int)]
    /// Divergences by step index (0-based step, count).
    public var byStep: [(step: Int, count: Int)]
    public var totalDivergences: Int
    public var unexplained: Int
    public var featured: [Featured]
    /// How the pictures were chosen (the page says it).
    public var sampling: String

    public init(
        experiment: String, runID: Int64, codeVersion: String, status: String, started: String, database: String,
        comparisons: [ComparisonRow], causes: [(name: String, count: Int)], maskGrid: [[Int]],
        magnitudes: [(label: String, count: Int)], byStep: [(step: Int, count: Int)], totalDivergences: Int,
        unexplained: Int, featured: [Featured], sampling: String
    ) {
        self.experiment = experiment
        self.runID = runID
        self.codeVersion = codeVersion
        self.status = status
        self.started = started
        self.database = database
        self.comparisons = comparisons
        self.causes = causes
        self.maskGrid = maskGrid
        self.magnitudes = magnitudes
        self.byStep = byStep
        self.totalDivergences = totalDivergences
        self.unexplained = unexplained
        self.featured = featured
        self.sampling = sampling
    }
}
