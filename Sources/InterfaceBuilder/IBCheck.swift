import AutoLayout
import Geometry
import Margins
import ViewTree

/// Interface Builder as an oracle (issue 10): IB stored the frames Apple's engine computed at the
/// design size, so solving each imported scene there and comparing frames checks the lab's solver,
/// translation, margins and importer against Apple's on real layouts.
public struct IBCheck: Sendable {
    public struct Disagreement: Sendable {
        public var view: String
        public var stored: Rect
        public var solved: Rect
    }

    public var file: String
    /// Views compared or excluded (the roots are not counted).
    public var views = 0
    public var agree = 0
    public var disagree = 0
    /// Views IB marks `misplaced` (excluded and counted).
    public var misplaced = 0
    /// Views not compared: in a document laid out with masks only, or left ambiguous by the
    /// constraints the lab imports (their frames are not determined, so any answer is arbitrary).
    public var skipped = 0
    public var disagreements: [Disagreement] = []

    /// Frames within this many points on every edge agree (IB stores frames rounded to the pixel grid
    /// of the design device, and writes decimals short).
    public static let tolerance = 0.5

    public init(file: String) { self.file = file }

    public static func check(_ doc: IBImport) -> IBCheck {
        var result = IBCheck(file: doc.file)
        for scene in doc.scenes {
            let tree = scene.scenario.tree
            let counted = tree.views.filter { scene.storedFrames[$0.id] != nil }
            result.views += counted.count
            guard doc.usesAutoLayout else {
                result.skipped += counted.count
                continue
            }
            let engine = AutoLayoutEngine(tree: tree, constraints: scene.scenario.constraints, configuration: AutoLayoutConfiguration(),
                                          root: RootInsets(safeAreaInsets: scene.rootSafeArea))
            let step = engine.resize(to: tree.superviewSize, root: RootInsets(safeAreaInsets: scene.rootSafeArea))
            let ambiguous = Set(step.ambiguous)
            for v in counted {
                guard let stored = scene.storedFrames[v.id] else { continue }
                if scene.misplaced.contains(v.id) { result.misplaced += 1; continue }
                if ambiguous.contains(v.id) { result.skipped += 1; continue }
                let solved = step.tree.views[step.tree.index(of: v.id)!].frame
                if solved.maxEdgeDifference(to: stored) <= tolerance {
                    result.agree += 1
                } else {
                    result.disagree += 1
                    result.disagreements.append(Disagreement(view: v.id, stored: stored, solved: solved))
                }
            }
        }
        return result
    }
}
