import AutoLayout
import ConstraintModel
import Geometry
import Margins
import ViewTree

/// Interface Builder as an oracle: IB stored the frames Apple's engine computed at
/// the design size, so solving each imported scene there and comparing frames checks the lab's solver,
/// translation, margins and importer against Apple's on real layouts. Every view gets one status
/// (`IBViewResult.Status`); the headline is agree / (agree + disagree + ambiguous).
public struct IBCheck: Sendable {
    public var file: String
    public var platform: IBImport.Platform
    public var results: [IBViewResult] = []

    /// Frames within this many points on every edge agree (IB stores frames rounded to the pixel grid
    /// of the design device, and writes decimals short).
    public static let tolerance = 0.5

    public init(file: String, platform: IBImport.Platform) {
        self.file = file
        self.platform = platform
    }

    public var tally: IBTally { IBTally(results) }

    /// A scene solved at its design size: every view's frame (parent coordinates), the views the
    /// constraints leave ambiguous, and the conflicts met. IB's placeholder constraints are applied
    /// (`withPlaceholders`, the default): they shaped the stored frames, though a build removes them.
    public static func solve(
        _ scene: IBScene, withPlaceholders: Bool = true
    )
        -> (frames: [String: Rect], ambiguous: Set<String>, conflicts: [Conflict])
    {
        let tree = scene.scenario.tree
        let constraints = scene.scenario.constraints + (withPlaceholders ? scene.placeholderConstraints : [])
        let engine = AutoLayoutEngine(
            tree: tree, constraints: constraints, configuration: AutoLayoutConfiguration(),
            root: scene.rootInsets)
        let step = engine.resize(to: tree.superviewSize, root: scene.rootInsets)
        var frames: [String: Rect] = [:]
        for v in step.tree.views { frames[v.id] = v.frame }
        return (frames, Set(step.ambiguous), step.conflicts)
    }

    public static func check(_ doc: IBImport) -> IBCheck {
        var result = IBCheck(file: doc.file, platform: doc.platform)
        for scene in doc.scenes { result.results += check(scene, in: doc) }
        return result
    }

    /// Every view of one scene that IB stored a frame for (the root is not counted).
    static func check(_ scene: IBScene, in doc: IBImport) -> [IBViewResult] {
        let tree = scene.scenario.tree
        let counted = tree.views.filter { scene.storedFrames[$0.id] != nil }
        func record(_ v: View, _ status: IBViewResult.Status, solved: Rect? = nil, cause: String? = nil) -> IBViewResult
        {
            var r = IBViewResult(
                file: doc.file, scene: scene.name, view: v.id, element: scene.elements[v.id] ?? "view", status: status,
                stored: scene.storedFrames[v.id]!, solved: solved, cause: cause,
                sizeFromStoredFrame: scene.sizeFromStoredFrame.contains(v.id), platform: doc.platform)
            r.alignmentRectInsets = v.alignmentRectInsets
            return r
        }
        guard doc.usesAutoLayout else { return counted.map { record($0, .input) } }
        let (frames, ambiguous, conflicts) = solve(scene)
        let followsIB = followsIBAmbiguity(scene, ambiguous: ambiguous)
        let conflicted = Set(
            conflicts.flatMap { c in c.conflicting.flatMap { [$0.item1] + ($0.item2.map { [$0] } ?? []) } }
                .map { ConstraintItem($0) { _ in false }.view })
        return counted.map { v in
            let stored = scene.storedFrames[v.id]!
            let solved = frames[v.id]
            if scene.misplaced.contains(v.id) { return record(v, .misplaced, solved: solved) }
            if scene.pinned.contains(v.id) { return record(v, .input, solved: solved) }
            if scene.ibAmbiguous.contains(v.id) { return record(v, .ibAmbiguous, solved: solved) }
            if followsIB.contains(v.id) {
                return record(v, .ibAmbiguous, solved: solved, cause: "placed-by-ib-ambiguous")
            }
            if ambiguous.contains(v.id) { return record(v, .ambiguous, solved: solved) }
            guard let solved else { return record(v, .ambiguous) }
            if solved.maxEdgeDifference(to: stored) <= tolerance { return record(v, .agree, solved: solved) }
            return record(
                v, .disagree, solved: solved,
                cause: cause(of: v, stored: stored, solved: solved, in: scene, conflicted: conflicted))
        }
    }

    /// The views the lab finds ambiguous only because a view IB marks ambiguous is: with those views
    /// held (at priority 999) where IB stored them, the engine's arbitrary pick, they are determined.
    /// IB marks the view whose constraints are missing, not the views placed relative to it, though
    /// Apple's engine leaves those just as undetermined.
    static func followsIBAmbiguity(_ scene: IBScene, ambiguous: Set<String>) -> Set<String> {
        guard !scene.ibAmbiguous.isEmpty, !ambiguous.subtracting(scene.ibAmbiguous).isEmpty else { return [] }
        var held: [LayoutConstraint] = []
        for v in scene.scenario.tree.views where scene.ibAmbiguous.contains(v.id) {
            guard let f = scene.storedFrames[v.id] else { continue }
            let i = v.alignmentRectInsets
            let parent = v.parentID ?? ViewTree.superviewID
            held += [
                LayoutConstraint(v.id, .left, .equal, parent, .left, constant: f.x + i.left, priority: 999),
                LayoutConstraint(v.id, .top, .equal, parent, .top, constant: f.y + i.top, priority: 999),
                LayoutConstraint(v.id, .width, .equal, constant: f.width - i.left - i.right, priority: 999),
                LayoutConstraint(v.id, .height, .equal, constant: f.height - i.top - i.bottom, priority: 999),
            ]
        }
        var withHeld = scene
        withHeld.placeholderConstraints += held
        let stillAmbiguous = solve(withHeld).ambiguous
        return ambiguous.subtracting(scene.ibAmbiguous).subtracting(stillAmbiguous)
    }

    /// A disagreement's cause, only where the lab can show it: the view's frame is off by exactly its
    /// alignment insets on some edge (the lab placed its alignment rect where IB placed the frame,
    /// or the reverse: `alignment-inset`); the view is named by a required
    /// constraint that conflicted at the design size (Apple's engine may have broken another one),
    /// or by a constraint the importer could not take. Otherwise `unexplained`.
    static func cause(of v: View, stored: Rect, solved: Rect, in scene: IBScene, conflicted: Set<String>) -> String {
        if conflicted.contains(v.id) { return "conflict" }
        let i = v.alignmentRectInsets
        if i != .zero {
            let d = [
                solved.minX - stored.minX, solved.minY - stored.minY, stored.maxX - solved.maxX,
                stored.maxY - solved.maxY,
            ]
            let inset = [i.left, i.top, i.right, i.bottom]
            if zip(d, inset).contains(where: { $0.1 != 0 && abs(abs($0.0) - $0.1) < 0.25 }) { return "alignment-inset" }
        }
        if scene.skippedConstraintViews.contains(v.id) { return "skipped-constraint" }
        return "unexplained"
    }
}
