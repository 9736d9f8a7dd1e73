import GNUstepAutoLayout
import Geometry
import Scenario

/// The report by root cause (`layoutlab engine-report`): how exactly the emulation reproduces GNUstep
/// master, then every view-step where GNUstep master and Apple's documented rules disagree,
/// attributed to GNUstep's deviations by ablation (`DeviationAttribution`), the units GNUstep refuses,
/// and one section per deviation with its counts, a minimal case shrunk against the live engine, the
/// case as Objective-C, where GNUstep does it and what Apple documents.
public struct DeviationReport: Sendable {
    /// The live engine against its emulation with every deviation on.
    public struct Exactness: Sendable {
        public var label: String
        public var tolerance: Double
        public var units: Int
        public var viewSteps: Int
        public var divergences: Int
        /// Divergences the live engine itself gives the emulation's frame for under another heap layout.
        public var heapOrder: Int
        /// Divergences whose emulated frame changes with the emulation's own hash order.
        public var orderDependent: Int
        /// Divergences below 1e-3 point from float32 rounding along another pivot path, and the largest.
        public var float32Noise: Int
        public var largestFloat32Noise: Double
        /// Divergences none of these explain, and the largest.
        public var unexplained: Int
        public var largestUnexplained: Double
        public var refused: Int
        /// Refused units the emulation refuses too, for the same reason.
        public var refusedAlike: Int
    }

    /// One row of the first table: view-steps (and units) with the same attribution.
    public struct Row: Sendable {
        public var attribution: Attribution
        public var viewSteps: Int
        public var units: Int
        /// View-steps per comparison with Apple's rules, in `compared`'s order.
        public var byComparison: [Int]
    }

    /// Units the live engine refused in the comparisons with Apple's rules, by reason.
    public struct Refusals: Sendable {
        public var reason: String
        public var units: Int
        /// Of those, refused by the emulation for the same reason.
        public var emulatedAlike: Int
        /// Per deviation, the units its removal alone lets the emulation lay out.
        public var causes: [(Deviation, Int)]
    }

    /// One deviation's section.
    public struct Section: Sendable {
        public var deviation: Deviation
        public var aloneViewSteps = 0
        public var aloneUnits = 0
        public var jointViewSteps = 0
        public var jointUnits = 0
        /// The deviations it is needed with, by view-steps.
        public var jointWith: [(Deviation, Int)] = []
        /// View-steps where it is one of several deviations that each suffice.
        public var sufficientViewSteps = 0
        public var refusedUnits = 0
        public var minimal = MinimalCase()
    }

    /// A deviation's minimal case: the shrunk scenario and sizes, the diverging view, both sides' frames
    /// after the last size; or why there is none.
    public struct MinimalCase: Sendable {
        public var scenario: Scenario?
        public var sizes: [Size] = []
        public var view: String = ""
        public var engineFrames: [String: Rect] = [:]
        public var appleFrames: [String: Rect] = [:]
        public var calls: Int = 0
        public var note: String?

        public init() {}
    }

    public var title: String
    /// The command that wrote the document, and what it was run on.
    public var provenance: String
    public var exactness: [Exactness]
    /// The comparisons with Apple's rules: labels, units, view-steps, diverging view-steps.
    public var compared: [(index: Int, label: String, units: Int, viewSteps: Int, divergences: Int)]
    public var tolerance: Double
    public var rows: [Row]
    public var refusals: [Refusals]
    public var sections: [Section]
    /// View-steps the emulation does not reproduce, by their stored causes.
    public var remaining: [(causes: [String], viewSteps: Int, units: Int)]
}
