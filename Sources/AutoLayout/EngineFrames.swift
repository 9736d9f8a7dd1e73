import ConstraintModel
import Geometry
import Margins
import Solver
import Translation
import ViewTree

// Reading the solution back: frames, pixel rounding, ambiguous views.

extension AutoLayoutEngine {

    /// Every view's frame in the root's coordinates, unrounded: the solved alignment rect, grown by
    /// the view's alignment insets. One pass over the variables, with the engine's properties read
    /// once (each read of a class's stored property in a loop is a dynamic exclusivity check: they
    /// were a quarter of a step, `Tools/profile.sh advance`).
    func absoluteFrames() -> [Rect] {
        var out: [Rect] = []
        absoluteFrames(into: &out)
        return out
    }

    /// The same, written over `out` (a step reuses one buffer).
    func absoluteFrames(into out: inout [Rect]) {
        let v = variables
        var values: [Double] = []
        swap(&values, &valueBuffer)  // reused without a copy
        solver.values(of: v.block, into: &values)  // x, y, width, height per view
        defer { valueBuffer = values }
        out.removeAll(keepingCapacity: true)
        tree.views.withUnsafeBufferPointer { views in  // read in place: subscripting copies a View
            for i in views.indices {
                let rect = Rect(
                    x: values[4 * i], y: values[4 * i + 1], width: values[4 * i + 2], height: values[4 * i + 3])
                out.append(v.hasAlignmentInsets ? views[i].frame(forAlignmentRect: rect) : rect)
            }
        }
    }

    /// The solution's frames in parent coordinates, unrounded.
    func solvedFrames() -> [Rect] { tree.relativeFrames(absolute: absoluteFrames()) }

    func readFrames(_ size: Size) {
        var absolute: [Rect] = []
        swap(&absolute, &frameBuffer)  // reused without a copy
        defer { frameBuffer = absolute }
        absoluteFrames(into: &absolute)
        if let scale = configuration.scale {
            var rounded = roundedByScale
            for i in absolute.indices {
                let r = PixelRounding.round(absolute[i], scale: Double(scale))
                rounded[i] = r != absolute[i]
                absolute[i] = r
            }
            roundedByScale = rounded
        }
        tree.superviewSize = Size(width: variables.rootWidth.value, height: variables.rootHeight.value)
        tree.setFrames(absolute: absolute)
    }

    /// Views the constraints leave free: a variable the solver reports as not uniquely fixed, or one
    /// no constraint mentions at all (the solver never sees those).
    public func ambiguousViews() -> [String] {
        if unconstrainedCache == nil {
            var mentioned = Set<ObjectIdentifier>()
            for entry in installed {
                for t in solver.constraint(entry.handle)!.expression.terms {
                    mentioned.insert(ObjectIdentifier(t.variable))
                }
            }
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
