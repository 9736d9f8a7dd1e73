import Geometry
import ViewTree

/// Springs and struts: resizes a view tree's superview and lets every view's autoresizing mask move
/// and resize it, recursively, under one of the known policies (DESIGN 3.2). A pure function: tree and
/// carried state in, tree and state out.
public enum Springs {
    /// Resizes the superview of `tree` to `newSize`. `state` carries what some implementations keep
    /// between resizes (the rounding error); start with `SpringsState(for: tree)`.
    ///
    /// A view whose size changed resizes its own subviews from its old size, as UIKit's and AppKit's
    /// `setFrame:` do; a view whose size did not change leaves its subviews alone.
    public static func resize(_ tree: ViewTree, to newSize: Size, policy: SpringsPolicy, scale: Int = 1,
                              state: SpringsState) -> SpringsStep {
        precondition(state.errors.count == tree.views.count, "state belongs to another tree")
        let rule = policy.rule
        var target = newSize
        if rule.clampsNegativeSuperviewSize {
            target = Size(width: max(0, newSize.width), height: max(0, newSize.height))
        }
        // Setting the size a view already has resizes nothing — no split, no rounding, nothing carried
        // (GNUstep's `setFrameSize:` returns early on an equal size, seen against live GNUstep 0.29;
        // UIKit and the other implementations autoresize only when the size changes).
        if target == tree.superviewSize {
            return SpringsStep(tree: tree, state: state, notes: Array(repeating: [], count: tree.views.count))
        }
        var run = Run(tree: tree, rule: rule, scale: Double(scale), frames: tree.frames, errors: state.errors,
                      notes: Array(repeating: [], count: tree.views.count))
        run.resizeSubviews(of: nil, from: tree.superviewSize, to: target, base: .zero)
        var result = tree
        result.superviewSize = target
        result.setFrames(run.frames)
        return SpringsStep(tree: result, state: SpringsState(errors: run.errors), notes: run.notes)
    }

    /// Applies a sequence of sizes, each step starting from the previous step's result.
    public static func resize(_ tree: ViewTree, through sizes: [Size], policy: SpringsPolicy, scale: Int = 1) -> [SpringsStep] {
        var steps: [SpringsStep] = []
        var current = tree
        var state = SpringsState(for: tree)
        for size in sizes {
            let step = resize(current, to: size, policy: policy, scale: scale, state: state)
            steps.append(step)
            current = step.tree
            state = step.state
        }
        return steps
    }

    /// The working state of one resize, on flat arrays (sweeps run millions of view-steps).
    private struct Run {
        let tree: ViewTree
        let rule: any ResizingRule.Type
        let scale: Double
        var frames: [Rect]
        var errors: [Rect]
        var notes: [ResizeNotes]

        /// `base` is the parent's origin in the top-level view's coordinates (`AxisResize.baseOffset`).
        mutating func resizeSubviews(of parent: Int?, from oldSize: Size, to newSize: Size, base: Point) {
            for child in tree.children(of: parent) {
                let before = frames[child]
                let mask = tree.views[child].mask
                var frame = before
                var error = errors[child]
                for axis in Axis.allCases {
                    let isH = axis == .horizontal
                    let input = AxisResize(
                        origin: before.origin(on: axis), length: before.length(on: axis),
                        originError: isH ? error.x : error.y, lengthError: isH ? error.width : error.height,
                        parts: mask.parts(on: axis), maskIsNone: mask.isEmpty,
                        oldSuperLength: oldSize[axis], newSuperLength: newSize[axis], scale: scale, isVertical: !isH,
                        baseOffset: isH ? base.x : base.y)
                    let out = rule.resize(input)
                    frame.set(axis, origin: out.origin, length: out.length)
                    if isH {
                        error.x = out.originError
                        error.width = out.lengthError
                    } else {
                        error.y = out.originError
                        error.height = out.lengthError
                    }
                    notes[child].formUnion(out.notes)
                }
                frames[child] = frame
                errors[child] = error
                // NaN sizes compare unequal, so a non-finite size also propagates, as it would live.
                if frame.size != before.size || (rule.resizesSubviewsWhenMoved && frame != before) {
                    resizeSubviews(of: child, from: before.size, to: frame.size,
                                   base: Point(x: base.x + frame.x, y: base.y + frame.y))
                }
            }
        }
    }
}

/// What a springs policy carries from one resize to the next: per view, the rounding error
/// (rounded − unrounded) of its last resize, for x, y, width and height. Zero for the policies that
/// carry nothing; "an explicit frame set clears it" (GNUstep), so a fresh state is all zeros.
public struct SpringsState: Hashable, Sendable {
    public var errors: [Rect]

    public init(errors: [Rect]) { self.errors = errors }

    public init(for tree: ViewTree) { errors = Array(repeating: .zero, count: tree.views.count) }
}

/// One resize's result: the new tree, the state to carry, and per view (in `tree.views` order) what
/// happened to it.
public struct SpringsStep: Hashable, Sendable {
    public var tree: ViewTree
    public var state: SpringsState
    public var notes: [ResizeNotes]
}
