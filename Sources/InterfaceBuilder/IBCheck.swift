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
    /// constraints leave ambiguous and which components of each are free, and the conflicts met. IB's
    /// placeholder constraints are applied (`withPlaceholders`, the default): they shaped the stored
    /// frames, though a build removes them.
    public static func solve(_ scene: IBScene, withPlaceholders: Bool = true) -> IBSolution {
        let tree = scene.scenario.tree
        let constraints = scene.scenario.constraints + (withPlaceholders ? scene.placeholderConstraints : [])
        let engine = AutoLayoutEngine(
            tree: tree, constraints: constraints,
            configuration: AutoLayoutConfiguration(breaksAsCanvas: scene.breaksAsCanvas),
            root: scene.rootInsets)
        let step = engine.resize(to: tree.superviewSize, root: scene.rootInsets)
        var frames: [String: Rect] = [:]
        for v in step.tree.views { frames[v.id] = v.frame }
        return IBSolution(
            frames: frames, ambiguous: Set(step.ambiguous), conflicts: step.conflicts,
            free: step.ambiguous.isEmpty ? [:] : engine.ambiguousComponents())
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
        let solution = solve(scene)
        let conflicted = Set(
            solution.conflicts.flatMap { c in c.conflicting.flatMap { [$0.item1] + ($0.item2.map { [$0] } ?? []) } }
                .map { ConstraintItem($0) { _ in false }.view })
        var results = counted.map { v in
            let stored = scene.storedFrames[v.id]!
            let solved = solution.frames[v.id]
            if scene.misplaced.contains(v.id) { return record(v, .misplaced, solved: solved) }
            if scene.pinned.contains(v.id) { return record(v, .input, solved: solved) }
            if v.translatesMask { return record(v, .translated, solved: solved) }
            if scene.ibAmbiguous.contains(v.id) { return record(v, .ibAmbiguous, solved: solved) }
            if solution.ambiguous.contains(v.id) { return record(v, .ambiguous, solved: solved) }
            guard let solved else { return record(v, .ambiguous) }
            if solved.maxEdgeDifference(to: stored) <= tolerance { return record(v, .agree, solved: solved) }
            return record(v, .disagree, solved: solved)
        }
        explain(&results, scene: scene, solution: solution, conflicted: conflicted)
        return results
    }

    /// Each disagreeing or ambiguous view's constraints read on the stored frames, and its cause.
    static func explain(
        _ results: inout [IBViewResult], scene: IBScene, solution: IBSolution, conflicted: Set<String>
    ) {
        let wrong = Set(results.filter { $0.status == .disagree || $0.status == .ambiguous }.map(\.view))
        guard !wrong.isEmpty else { return }
        let explainer = SceneExplainer(scene)
        let views = Dictionary(uniqueKeysWithValues: scene.scenario.tree.views.map { ($0.id, $0) })
        for k in results.indices where wrong.contains(results[k].view) {
            let r = results[k]
            let e = explainer.explain(
                r.view, free: r.status == .ambiguous ? solution.free[r.view] ?? [] : nil, wrong: wrong)
            results[k].explanation = e
            if r.status == .ambiguous && e.kind == .free {
                // Free on its own account, or only because a view it is placed against is.
                let around = explainer.neighbours(of: r.view)
                if !around.isEmpty && !isFree(r.view, holding: around, scene: scene, solution: solution) {
                    results[k].explanation?.free = []
                    // The views it is placed against that are wrong or undetermined themselves (a view IB
                    // marks ambiguous is undetermined without being `wrong`).
                    results[k].explanation?.follows = around.filter {
                        wrong.contains($0) || !(solution.free[$0] ?? []).isEmpty
                    }.sorted()
                    results[k].explanation?.kind = .follows
                }
            }
            if r.status == .disagree, let v = views[r.view], let solved = r.solved {
                results[k].cause = cause(of: v, stored: r.stored, solved: solved, in: scene, conflicted: conflicted, e)
            } else if r.status == .ambiguous {
                // What nothing fixes, or (when IB's frames break one of its constraints) that constraint's kind.
                results[k].cause = results[k].explanation?.kind.rawValue
            }
        }
    }

    /// Whether view `id` stays undetermined with the views it is placed against held (at priority 999)
    /// where the lab put them: then it lacks a constraint of its own; otherwise it is free only
    /// through them.
    static func isFree(_ id: String, holding around: [String], scene: IBScene, solution: IBSolution) -> Bool {
        let tree = scene.scenario.tree
        var absolute: [Rect?] = Array(repeating: nil, count: tree.views.count)
        func origin(_ i: Int) -> Rect {
            if let r = absolute[i] { return r }
            let f = solution.frames[tree.views[i].id] ?? tree.views[i].frame
            let p = tree.parentIndex[i].map(origin) ?? .zero
            let r = Rect(x: p.x + f.x, y: p.y + f.y, width: f.width, height: f.height)
            absolute[i] = r
            return r
        }
        var held = scene
        for n in around {
            guard let i = tree.index(of: n) else { continue }
            let f = origin(i)
            let a = tree.views[i].alignmentRectInsets
            let root = ViewTree.superviewID
            held.placeholderConstraints += [
                LayoutConstraint(n, .left, .equal, root, .left, constant: f.x + a.left, priority: 999),
                LayoutConstraint(n, .top, .equal, root, .top, constant: f.y + a.top, priority: 999),
                LayoutConstraint(n, .width, .equal, constant: f.width - a.left - a.right, priority: 999),
                LayoutConstraint(n, .height, .equal, constant: f.height - a.top - a.bottom, priority: 999),
            ]
        }
        return solve(held).ambiguous.contains(id)
    }

    /// A disagreement's cause, grouped by what the lab lacks: a required constraint naming the view
    /// conflicted at the design size (`conflict`: Apple's engine may have broken another one); a
    /// constraint naming it could not be imported (`skipped-constraint`); otherwise the kind of the
    /// first of its constraints the stored frames violate (`intrinsic-size`, `stack`, `baseline`,
    /// `margins`, `safe-area`, `placeholder`, `build-time-pin`, `constraint`; `alignment-inset` when the
    /// view is off by exactly its alignment insets on an edge), or, when none is, `follows` (a view
    /// placed with it is wrong) or `unexplained`.
    static func cause(
        of v: View, stored: Rect, solved: Rect, in scene: IBScene, conflicted: Set<String>, _ e: IBExplanation
    ) -> String {
        if conflicted.contains(v.id) { return "conflict" }
        if scene.skippedConstraintViews.contains(v.id) { return "skipped-constraint" }
        let i = v.alignmentRectInsets
        if i != .zero && [.constraint, .stack, .buildTimePin, .margins, .safeArea].contains(e.kind) {
            let d = [
                solved.minX - stored.minX, solved.minY - stored.minY, stored.maxX - solved.maxX,
                stored.maxY - solved.maxY,
            ]
            let inset = [i.left, i.top, i.right, i.bottom]
            if zip(d, inset).contains(where: { $0.1 != 0 && abs(abs($0.0) - $0.1) < 0.25 }) { return "alignment-inset" }
        }
        return e.kind.rawValue
    }
}

/// A scene solved at its design size (`IBCheck.solve`).
public struct IBSolution: Sendable {
    /// Every view's frame, in its parent's coordinates.
    public var frames: [String: Rect]
    /// The views the constraints leave undetermined.
    public var ambiguous: Set<String>
    public var conflicts: [Conflict]
    /// Per undetermined view, the components of its alignment rect that nothing fixes.
    public var free: [String: Set<FrameComponent>]
}
