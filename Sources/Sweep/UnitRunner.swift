import ConstraintModel
import Geometry
import LabJSON
import ViewTree

/// A view whose two frames differ beyond the tolerance at one step.
public struct Divergence: Hashable, Sendable {
    public var step: Int
    public var view: Int
    public var a: Rect
    public var b: Rect
    public var causes: Causes

    /// The largest edge difference (minX, minY, maxX, maxY); infinite when only one side is finite.
    public var magnitude: Double { a.maxEdgeDifference(to: b) }
}

/// What one work unit produced.
public struct UnitResult: Hashable, Sendable {
    public var unit: Int
    public var sizes: [Size]
    /// Per step, how many views diverged.
    public var divergingViews: [Int]
    public var divergences: [Divergence]
    /// Views × steps compared (the sweep's throughput unit).
    public var viewSteps: Int

    /// The sizes as `[[w,h],…]` in the lab's number format (what results.db stores and replay reads).
    public var sizesJSON: String {
        JSONWriter.write(.array(sizes.map { .array([.number($0.width), .number($0.height)]) }))
    }

    /// Reads `sizesJSON` back; nil if the text is not a list of [w, h] pairs.
    public static func sizes(fromJSON text: String) -> [Size]? {
        guard let value = try? JSONReader.parse(text), case .array(let items) = value.kind else { return nil }
        var sizes: [Size] = []
        for item in items {
            guard case .array(let pair) = item.kind, pair.count == 2, case .number(let w) = pair[0].kind,
                  case .number(let h) = pair[1].kind else { return nil }
            sizes.append(Size(width: w, height: h))
        }
        return sizes
    }
}

/// Runs both sides of a comparison through a size sequence in lockstep and records every view whose
/// frames differ beyond the tolerance, with its causes.
public enum UnitRunner {
    public static func run(tree: ViewTree, constraints: [LayoutConstraint], sizes: [Size], comparison: Comparison,
                           unit: Int) -> UnitResult {
        var a = makeStepper(comparison.a, tree: tree, constraints: constraints, scale: comparison.scale)
        var b = makeStepper(comparison.b, tree: tree, constraints: constraints, scale: comparison.scale)
        let n = tree.views.count
        // Events so far on the path, per view; a view inherits its ancestors' (parents come first
        // in `order`, so one pass suffices).
        var history = Array(repeating: Causes(), count: n)
        var inherited = Array(repeating: Causes(), count: n)
        let order = topologicalOrder(tree)
        var result = UnitResult(unit: unit, sizes: sizes, divergingViews: [], divergences: [], viewSteps: n * sizes.count)
        for (k, size) in sizes.enumerated() {
            a.advance(to: size)
            b.advance(to: size)
            let fa = a.frames, fb = b.frames
            var count = 0
            for i in order {
                history[i].formUnion(a.events(i))
                history[i].formUnion(b.events(i))
                inherited[i] = history[i].union(tree.parentIndex[i].map { inherited[$0] } ?? [])
                guard diverges(fa[i], fb[i], tolerance: comparison.tolerance) else { continue }
                let extra = a.expensiveEvents(i).union(b.expensiveEvents(i))
                history[i].formUnion(extra)
                inherited[i].formUnion(extra)
                count += 1
                result.divergences.append(Divergence(step: k, view: i, a: fa[i], b: fb[i], causes: inherited[i]))
            }
            result.divergingViews.append(count)
        }
        return result
    }

    static func diverges(_ a: Rect, _ b: Rect, tolerance: Double) -> Bool {
        a.maxEdgeDifference(to: b) > tolerance
    }

    static func topologicalOrder(_ tree: ViewTree) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(tree.views.count)
        var stack = tree.rootChildren.reversed() as [Int]
        while let i = stack.popLast() {
            out.append(i)
            stack.append(contentsOf: tree.children[i].reversed())
        }
        return out
    }
}

extension UnitRunner {
    /// Both sides' frames at step `step` of a unit, recomputed from scratch (what `layoutlab replay`
    /// prints for a stored divergence).
    public static func replay(tree: ViewTree, constraints: [LayoutConstraint], sizes: [Size], comparison: Comparison,
                              step: Int) -> (a: [Rect], b: [Rect]) {
        var a = makeStepper(comparison.a, tree: tree, constraints: constraints, scale: comparison.scale)
        var b = makeStepper(comparison.b, tree: tree, constraints: constraints, scale: comparison.scale)
        for size in sizes.prefix(step + 1) {
            a.advance(to: size)
            b.advance(to: size)
        }
        return (a.frames, b.frames)
    }
}
