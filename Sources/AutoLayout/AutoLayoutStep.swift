import Translation
import ViewTree

/// How the Auto Layout backend translates masks and reads frames.
public struct AutoLayoutConfiguration: Hashable, Sendable {
    public var translation: TranslationPolicy
    public var timing: TranslationTiming
    /// Pixels per point to round frames to, or nil for the solver's exact values.
    public var scale: Int?
    /// Break conflicts as Interface Builder's canvas does (`CanvasBreaking`), not as UIKit at run time.
    public var breaksAsCanvas: Bool

    public init(
        translation: TranslationPolicy = .modern, timing: TranslationTiming = .once, scale: Int? = nil,
        breaksAsCanvas: Bool = false
    ) {
        self.translation = translation
        self.timing = timing
        self.scale = scale
        self.breaksAsCanvas = breaksAsCanvas
    }
}

/// One step of an Auto Layout run: the frames, and what went wrong on the way.
public struct AutoLayoutStep: Hashable, Sendable {
    public var tree: ViewTree
    /// Constraints broken to recover from unsatisfiable systems, in the order they were broken.
    public var conflicts: [Conflict]
    /// Ids of views whose frames the constraints do not fix (their frames are arbitrary).
    public var ambiguous: [String]
    /// Masks whose translation divided by zero at this step (held fixed on that axis instead).
    public var degenerate: [DegenerateTranslation]
    /// Layout passes the step took: more than one when margins moved with the frames.
    public var passes: Int = 1
    /// False when margins were still moving after `AutoLayoutEngine.maxPasses` passes.
    public var settled: Bool = true
    /// Content-priority ties that leave views ambiguous.
    public var ties: [PriorityTie] = []
}

/// Why margins moved a view: the safe area reached its margins or guides, preserving the
/// superview's margins raised them, or they changed between layout passes.
public struct InsetCauses: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let safeArea = InsetCauses(rawValue: 1)
    public static let preservedMargins = InsetCauses(rawValue: 2)
    public static let marginFeedback = InsetCauses(rawValue: 4)
}
