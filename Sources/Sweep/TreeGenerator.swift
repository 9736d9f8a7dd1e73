import Geometry
import ViewTree

/// Makes random view trees from a `TreeGeneratorSpec`, deterministically from a seed.
///
/// Frames are drawn per axis inside the parent, on a half-point grid so that replays read well, with
/// the degenerate cases springs and struts handle differently: zero sizes, views touching an edge (a
/// zero margin) and views larger than their superview (a negative max margin).
public enum TreeGenerator {
    public static func tree(_ spec: TreeGeneratorSpec, seed: UInt64, index: Int, generator: Int) -> ViewTree {
        var rng = SplitMix(seed: seed, 1, UInt64(generator), UInt64(index))
        let superview = spec.superviews[rng.int(0...(spec.superviews.count - 1))]
        let count = rng.int(spec.views)
        var views: [View] = []
        var depth: [Int] = []
        var childCount: [Int] = []
        var rootChildren = 0
        for i in 0..<count {
            // Nest under an existing view that still has room, or go to the root.
            var parent: Int? = nil
            let candidates = views.indices.filter { depth[$0] < spec.depth && childCount[$0] < spec.fanout }
            if !candidates.isEmpty && (rootChildren >= spec.fanout || rng.chance(0.5)) {
                parent = candidates[rng.int(0...(candidates.count - 1))]
            }
            let size = parent.map { views[$0].frame.size } ?? superview
            var frame = Rect.zero
            for axis in Axis.allCases {
                let (o, l) = axisFrame(size[axis], spec, &rng)
                frame.set(axis, origin: o, length: l)
            }
            views.append(View(id: "v\(i)", parentID: parent.map { "v\($0)" }, frame: frame, mask: pickMask(spec, &rng)))
            depth.append((parent.map { depth[$0] } ?? 0) + 1)
            childCount.append(0)
            if let parent { childCount[parent] += 1 } else { rootChildren += 1 }
        }
        return try! ViewTree(superviewSize: superview, views: views)
    }

    static func halfPoint(_ v: Double) -> Double { (v * 2).rounded() / 2 }

    static func axisFrame(_ s: Double, _ spec: TreeGeneratorSpec, _ rng: inout SplitMix) -> (Double, Double) {
        let r = rng.unit()
        if r < spec.zeroSize {
            return (halfPoint(rng.unit() * s), 0)
        } else if r < spec.zeroSize + spec.largerThanSuperview {
            return (halfPoint(-rng.unit() * s * 0.25), halfPoint(s * (1 + rng.unit() * 0.5)))
        } else if r < spec.zeroSize + spec.largerThanSuperview + spec.edgeTouching {
            let w = halfPoint(max(0.5, rng.unit() * s * 0.6))
            return (rng.chance(0.5) ? 0 : s - w, w)  // min or max margin zero
        }
        let w = halfPoint(max(0.5, rng.unit() * s * 0.6))
        return (halfPoint(rng.unit() * max(0, s - w)), w)
    }

    static func pickMask(_ spec: TreeGeneratorSpec, _ rng: inout SplitMix) -> AutoresizingMask {
        let total = spec.masks.reduce(0) { $0 + $1.weight }
        var r = rng.unit() * total
        for (mask, w) in spec.masks {
            if r < w { return mask }
            r -= w
        }
        return spec.masks.last!.mask
    }
}

extension SequenceSpec {
    /// The steps, starting from the scenario's superview size `start`. `seed` feeds random walks.
    public func steps(from start: Size, seed: UInt64) -> [SweepStep] {
        if case .environments(_, let environments) = self { return environments.map(SweepStep.init) }
        return sizes(from: start, seed: seed).map { SweepStep(size: $0) }
    }

    /// The sizes, starting from the scenario's superview size `start` (for environments, the windows).
    public func sizes(from start: Size, seed: UInt64) -> [Size] {
        func apply(_ axis: SequenceAxis, _ f: (Double) -> Double) -> Size {
            Size(
                width: axis == .height ? start.width : f(start.width),
                height: axis == .width ? start.height : f(start.height))
        }
        switch self {
        case .explicit(let sizes):
            return sizes
        case .ramp(let target, let steps):
            return (1...max(1, steps)).map { k in
                let t = Double(k) / Double(steps)
                return Size(
                    width: start.width + (target.width - start.width) * t,
                    height: start.height + (target.height - start.height) * t)
            }
        case .throughZero(let steps, let axis):
            let down = max(1, steps / 2)
            let up = max(1, steps - down)
            let fractions = (1...down).map { 1 - Double($0) / Double(down) } + (1...up).map { Double($0) / Double(up) }
            return fractions.map { f in apply(axis) { $0 * f } }
        case .oscillation(let amplitude, let steps, let axis):
            let pattern = [1.0, 0, -1, 0]
            return (0..<steps).map { k in apply(axis) { max(0, $0 + amplitude * pattern[k % 4]) } }
        case .randomWalk(let steps, let maxStep, let axis):
            var rng = SplitMix(seed: seed)
            var current = start
            return (0..<steps).map { _ in
                if axis != .height {
                    current.width = max(0, ((current.width + (rng.unit() * 2 - 1) * maxStep) * 2).rounded() / 2)
                }
                if axis != .width {
                    current.height = max(0, ((current.height + (rng.unit() * 2 - 1) * maxStep) * 2).rounded() / 2)
                }
                return current
            }
        case .environments(_, let environments):
            return environments.map(\.window)
        }
    }
}
