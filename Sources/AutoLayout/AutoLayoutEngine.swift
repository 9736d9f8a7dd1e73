import ConstraintModel
import Geometry
import Solver
import Translation
import ViewTree

/// How the Auto Layout backend translates masks and reads frames.
public struct AutoLayoutConfiguration: Hashable, Sendable {
    public var translation: TranslationPolicy
    public var timing: TranslationTiming
    /// Pixels per point to round frames to, or nil for the solver's exact values.
    public var scale: Int?

    public init(translation: TranslationPolicy = .modern, timing: TranslationTiming = .once, scale: Int? = nil) {
        self.translation = translation
        self.timing = timing
        self.scale = scale
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
}

/// The Auto Layout backend for one view tree: masks translated into constraints, hand-written
/// constraints, and the superview's size as two edit variables of one incremental solver. Each
/// `resize` suggests the new size and reads the frames; nothing is rebuilt (with `every-step`
/// timing the translated constraints are removed and added again on the same solver).
///
/// Installation order is: translated constraints (views in tree order, x then y), then hand-written
/// constraints in file order (with `every-step`, re-translated constraints come after them). **Breaking rule:** when installing a required constraint makes the
/// system unsatisfiable, that constraint is the one broken (not installed), and the report lists
/// the constraints it conflicts with; when the superview cannot take a requested size, the most
/// recently installed constraint of the conflicting set is broken, until it can. UIKit's own choice
/// is undocumented; this rule is deterministic and blames the newest constraint.
public final class AutoLayoutEngine {
    public let configuration: AutoLayoutConfiguration
    public private(set) var tree: ViewTree
    let variables: ViewVariables
    let solver = Solver()

    /// An installed constraint: the layout constraint, its solver form and, for translated ones, the view.
    struct Installed {
        var layout: LayoutConstraint
        var solver: Constraint
        var view: Int?
    }

    private var installed: [Installed] = []
    private var byIdentity: [ObjectIdentifier: Int] = [:]
    private var pendingConflicts: [Conflict] = []
    private var pendingDegenerate: [DegenerateTranslation] = []

    /// Strength of the superview's size: above every non-required priority, since a window sets its
    /// root view's frame from outside and Auto Layout cannot overrule it.
    static let rootSizeStrength = Strength.required - 1

    public init(tree: ViewTree, constraints: [LayoutConstraint], configuration: AutoLayoutConfiguration) {
        self.configuration = configuration
        self.tree = tree
        self.variables = ViewVariables(tree: tree)
        self.translationForms = Array(repeating: [], count: tree.views.count)
        self.roundedByScale = Array(repeating: false, count: tree.views.count)
        try! solver.addEditVariable(variables.rootWidth, strength: Self.rootSizeStrength)
        try! solver.addEditVariable(variables.rootHeight, strength: Self.rootSizeStrength)
        suggest(tree.superviewSize)
        translateMasks()
        for c in constraints where c.isActive { install(c, view: nil) }
    }

    /// Every installed constraint, in installation order (what `layoutlab explain` prints).
    public var constraints: [LayoutConstraint] { installed.map(\.layout) }

    /// Resizes the superview and lays the tree out.
    public func resize(to size: Size) -> AutoLayoutStep {
        advance(to: size)
        return AutoLayoutStep(tree: tree, conflicts: lastConflicts, ambiguous: ambiguousViews(), degenerate: lastDegenerate)
    }

    /// Resizes and lays out without the ambiguity query (the sweep asks for it only where frames
    /// diverge). Afterwards `tree` holds the frames and the `last…` properties what happened.
    public func advance(to size: Size) {
        stepsTaken += 1
        if configuration.timing == .everyStep && stepsTaken > 1 {
            retranslateMasks()
        }
        suggest(size)
        solver.updateVariables()
        if !rootTakes(size) { recoverRootSize(size) }
        readFrames(size)
        // What was met since the last step: on the first, what building met too.
        lastConflicts = pendingConflicts
        lastDegenerate = pendingDegenerate
        pendingConflicts = []
        pendingDegenerate = []
    }

    /// Conflicts broken during the last step (and, on the first, while building).
    public private(set) var lastConflicts: [Conflict] = []
    /// Degenerate translations met during the last step (and, on the first, while building).
    public private(set) var lastDegenerate: [DegenerateTranslation] = []
    /// Per view, the translation forms its current translated constraints use.
    public private(set) var translationForms: [TranslationForms]
    /// Per view, whether pixel rounding moved an edge in the last step.
    public private(set) var roundedByScale: [Bool]
    /// Resizes so far; with `every-step` the masks are translated again before every resize but the
    /// first (whose translation, from the initial frames, was made while building).
    public private(set) var stepsTaken = 0

    /// Views with a variable in a required constraint that the solution misses by more than
    /// `tolerance` (the solver's near-zero threshold treats small coefficients and values as zero).
    public func viewsMissingRequiredConstraints(tolerance: Double = 1e-7) -> Set<Int> {
        var out = Set<Int>()
        for entry in installed where entry.layout.isRequired {
            let e = entry.solver.expression
            var value = e.constant
            for t in e.terms { value += t.coefficient * t.variable.value }
            let miss: Double = switch entry.solver.op {
            case .equal: abs(value)
            case .greaterOrEqual: max(0, -value)
            case .lessOrEqual: max(0, value)
            }
            if miss > tolerance { for t in e.terms { if let v = variables.owner(of: t.variable) { out.insert(v) } } }
        }
        return out
    }

    // MARK: Installing

    private func strength(_ c: LayoutConstraint) -> Double {
        c.isRequired ? Strength.required : Strength.priority(c.priority)
    }

    private func install(_ c: LayoutConstraint, view: Int?) {
        // A translated constraint relates view `view` to its superview, in the superview's coordinates.
        let compiled: Constraint
        if let view {
            let parent = tree.parentIndex[view]
            let superviewFirst = c.item1 != tree.views[view].id  // AppKit's `superview.width == view.maxX + R`
            let items: (Int?, Int?) = superviewFirst ? (parent, view) : (view, c.item2 == nil ? nil : parent)
            compiled = variables.compile(c, strength: strength(c), items: items, frame: .some(parent))
        } else {
            compiled = variables.compile(c, strength: strength(c))
        }
        do {
            try solver.addConstraint(compiled)
            byIdentity[ObjectIdentifier(compiled)] = installed.count
            installed.append(Installed(layout: c, solver: compiled, view: view))
            unconstrainedCache = nil
        } catch SolverError.unsatisfiableConstraint(_, let conflicts) {
            pendingConflicts.append(Conflict(broken: c, conflicting: conflicts.compactMap(layoutConstraint)))
        } catch {
            preconditionFailure("installing \(c.appleDescription): \(error)")
        }
    }

    private func layoutConstraint(_ c: Constraint) -> LayoutConstraint? {
        byIdentity[ObjectIdentifier(c)].map { installed[$0].layout }
    }

    private func translateMasks() {
        for (view, result) in MaskTranslation.translateAll(tree, policy: configuration.translation) {
            pendingDegenerate += result.degenerate
            translationForms[view] = result.forms
            for c in result.constraints { install(c, view: view) }
        }
    }

    /// `every-step`: swap the translated constraints for new ones made from the current frames. The
    /// hand-written constraints stay installed, so a conflict now blames the new translation.
    private func retranslateMasks() {
        for entry in installed where entry.view != nil { try! solver.removeConstraint(entry.solver) }
        installed.removeAll { $0.view != nil }
        reindex()
        translateMasks()
    }

    private func reindex() {
        unconstrainedCache = nil
        byIdentity = [:]
        for (k, e) in installed.enumerated() { byIdentity[ObjectIdentifier(e.solver)] = k }
    }

    // MARK: The superview's size

    private func suggest(_ size: Size) {
        try! solver.suggestValue(variables.rootWidth, size.width)
        try! solver.suggestValue(variables.rootHeight, size.height)
    }

    private func rootTakes(_ size: Size) -> Bool {
        abs(variables.rootWidth.value - size.width) <= 1e-6 && abs(variables.rootHeight.value - size.height) <= 1e-6
    }

    /// The requested superview size contradicts required constraints: find the conflicting set by
    /// requiring the size, break the most recently installed member, and try again.
    private func recoverRootSize(_ size: Size) {
        let probes = [variables.rootWidth == size.width, variables.rootHeight == size.height]
        for probe in probes {
            while true {
                do {
                    try solver.addConstraint(probe)
                    try! solver.removeConstraint(probe)
                    break
                } catch SolverError.unsatisfiableConstraint(_, let conflicts) {
                    guard let newest = conflicts.compactMap({ byIdentity[ObjectIdentifier($0)] }).max() else { break }
                    let entry = installed[newest]
                    try! solver.removeConstraint(entry.solver)
                    installed.remove(at: newest)
                    reindex()
                    let others = conflicts.compactMap(layoutConstraint)
                    pendingConflicts.append(Conflict(broken: entry.layout, conflicting: others + [entry.layout]))
                } catch {
                    preconditionFailure("probing the superview size: \(error)")
                }
            }
        }
        solver.updateVariables()
    }

    // MARK: Reading

    private func readFrames(_ size: Size) {
        let v = variables
        var absolute: [Rect] = tree.views.indices.map {
            Rect(x: v.x[$0].value, y: v.y[$0].value, width: v.width[$0].value, height: v.height[$0].value)
        }
        if let scale = configuration.scale {
            for i in absolute.indices {
                let r = PixelRounding.round(absolute[i], scale: Double(scale))
                roundedByScale[i] = r != absolute[i]
                absolute[i] = r
            }
        }
        var frames: [Rect] = []
        for (i, a) in absolute.enumerated() {
            let parentOrigin = tree.parentIndex[i].map { absolute[$0].origin } ?? .zero
            frames.append(Rect(x: a.x - parentOrigin.x, y: a.y - parentOrigin.y, width: a.width, height: a.height))
        }
        tree.superviewSize = Size(width: v.rootWidth.value, height: v.rootHeight.value)
        tree.setFrames(frames)
    }

    /// Variables that no installed constraint mentions; recomputed only when constraints change.
    private var unconstrainedCache: [Int]?

    /// Views the constraints leave free: a variable the solver reports as not uniquely fixed, or one
    /// no constraint mentions at all (the solver never sees those).
    public func ambiguousViews() -> [String] {
        if unconstrainedCache == nil {
            var mentioned = Set<ObjectIdentifier>()
            for entry in installed { for t in entry.solver.expression.terms { mentioned.insert(ObjectIdentifier(t.variable)) } }
            let v = variables
            unconstrainedCache = tree.views.indices.filter { i in
                [v.x[i], v.y[i], v.width[i], v.height[i]].contains { !mentioned.contains(ObjectIdentifier($0)) }
            }
        }
        var owners = Set(solver.ambiguousVariables().compactMap(variables.owner))
        owners.formUnion(unconstrainedCache!)
        return tree.views.indices.filter(owners.contains).map { tree.views[$0].id }
    }
}

/// A constraint broken to recover from an unsatisfiable system, with the set it conflicted with.
public struct Conflict: Hashable, Sendable {
    public var broken: LayoutConstraint
    /// The conflicting set as UIKit lists it (the broken constraint included).
    public var conflicting: [LayoutConstraint]

    init(broken: LayoutConstraint, conflicting: [LayoutConstraint]) {
        self.broken = broken
        self.conflicting = conflicting.contains(broken) ? conflicting : conflicting + [broken]
    }

    /// UIKit's console report.
    public var log: String {
        var text = "Unable to simultaneously satisfy constraints.\n"
        text += "\tProbably at least one of the constraints in the following list is one you don't want.\n(\n"
        text += conflicting.map { "    \"\($0.appleDescription)\"" }.joined(separator: ",\n")
        text += "\n)\n\nWill attempt to recover by breaking constraint \n\(broken.appleDescription)\n"
        return text
    }
}

/// The lab's pixel rounding of Auto Layout frames: each **edge**, in the root's coordinates, goes to
/// the nearest pixel (halves up), and sizes are the differences. Rounding edges rather than origin and
/// size keeps views that share an edge sharing it after rounding, which is what UIKit's pixel
/// alignment of layout-engine frames preserves.
public enum PixelRounding {
    public static func round(_ r: Rect, scale s: Double) -> Rect {
        func px(_ v: Double) -> Double { (v * s + 0.5).rounded(.down) / s }
        let minX = px(r.minX), minY = px(r.minY)
        return Rect(x: minX, y: minY, width: px(r.maxX) - minX, height: px(r.maxY) - minY)
    }
}
