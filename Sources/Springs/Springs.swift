import Geometry
import ViewTree

/// Springs and struts: resizes a view tree's superview and lets every view's autoresizing mask move
/// and resize it, recursively, under one of the known policies. A pure function: tree and
/// carried state in, tree and state out.
public enum Springs {
    /// Resizes the superview of `tree` to `newSize`. `state` carries what some implementations keep
    /// between resizes (the rounding error); start with `SpringsState(for: tree)`.
    ///
    /// A view whose size changed resizes its own subviews from its old size, as UIKit's and AppKit's
    /// `setFrame:` do; a view whose size did not change leaves its subviews alone.
    public static func resize(
        _ tree: ViewTree, to newSize: Size, policy: SpringsPolicy, scale: Int = 1,
        state: SpringsState
    ) -> SpringsStep {
        var frames = tree.frames
        var size = tree.superviewSize
        var state = state
        var notes = Array(repeating: ResizeNotes(), count: tree.views.count)
        resize(
            tree, frames: &frames, superviewSize: &size, to: newSize, policy: policy, scale: scale, state: &state,
            notes: &notes)
        var result = tree
        if size != tree.superviewSize {
            result.superviewSize = size
            result.setFrames(frames)
        }
        return SpringsStep(tree: result, state: state, notes: notes)
    }

    /// The same resize in place, for callers that step one tree many times (the sweep): `tree` gives
    /// the structure and masks only; `frames` (in `tree.views` order) and `superviewSize` are the
    /// current layout and become the new one; `state` is carried; `notes` receives this step's notes.
    /// No tree is copied, so a step costs the arithmetic and not a copy of every view.
    public static func resize(
        _ tree: ViewTree, frames: inout [Rect], superviewSize: inout Size, to newSize: Size,
        policy: SpringsPolicy, scale: Int = 1, state: inout SpringsState, notes: inout [ResizeNotes]
    ) {
        precondition(
            state.errors.count == tree.views.count && frames.count == tree.views.count
                && notes.count == tree.views.count,
            "frames, state and notes belong to another tree")
        for i in notes.indices { notes[i] = [] }
        resize(
            policy.rule, tree, frames: &frames, superviewSize: &superviewSize, to: newSize, scale: Double(scale),
            errors: &state.errors, notes: &notes)
    }

    /// Generic over the rule, so each policy's arithmetic is specialised and inlined into the walk.
    private static func resize<Rule: ResizingRule>(
        _ rule: Rule.Type, _ tree: ViewTree, frames: inout [Rect], superviewSize: inout Size,
        to newSize: Size, scale: Double, errors: inout [Rect], notes: inout [ResizeNotes]
    ) {
        var target = newSize
        if Rule.clampsNegativeSuperviewSize {
            target = Size(width: max(0, newSize.width), height: max(0, newSize.height))
        }
        // Setting the size a view already has resizes nothing — no split, no rounding, nothing carried
        // (GNUstep's `setFrameSize:` returns early on an equal size, seen against live GNUstep 0.29;
        // UIKit and the other implementations autoresize only when the size changes).
        if target == superviewSize { return }
        resizeSubviews(
            Rule.self, tree, of: nil, from: superviewSize, to: target, base: .zero, scale: scale,
            frames: &frames, errors: &errors, notes: &notes)
        superviewSize = target
    }

    /// Applies a sequence of sizes, each step starting from the previous step's result.
    public static func resize(
        _ tree: ViewTree, through sizes: [Size], policy: SpringsPolicy, scale: Int = 1
    ) -> [SpringsStep] {
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

    /// One level of the walk: `parent`'s children resized from its old size to its new one.
    /// `base` is the parent's origin in the top-level view's coordinates (`AxisResize.baseOffset`).
    private static func resizeSubviews<Rule: ResizingRule>(
        _ rule: Rule.Type, _ tree: ViewTree, of parent: Int?, from oldSize: Size,
        to newSize: Size, base: Point, scale: Double, frames: inout [Rect],
        errors: inout [Rect], notes: inout [ResizeNotes]
    ) {
        for child in tree.children(of: parent) {
            let before = frames[child]
            let mask = tree.views[child].mask
            var frame = before
            var error = errors[child]
            var note = ResizeNotes()
            for axis in Axis.allCases {
                let isH = axis == .horizontal
                let input = AxisResize(
                    origin: before.origin(on: axis), length: before.length(on: axis),
                    originError: isH ? error.x : error.y, lengthError: isH ? error.width : error.height,
                    parts: mask.parts(on: axis), maskIsNone: mask.isEmpty,
                    oldSuperLength: oldSize[axis], newSuperLength: newSize[axis], scale: scale, isVertical: !isH,
                    baseOffset: isH ? base.x : base.y)
                let out = Rule.resize(input)
                frame.set(axis, origin: out.origin, length: out.length)
                if isH {
                    error.x = out.originError
                    error.width = out.lengthError
                } else {
                    error.y = out.originError
                    error.height = out.lengthError
                }
                note.formUnion(out.notes)
            }
            frames[child] = frame
            errors[child] = error
            notes[child].formUnion(note)
            // NaN sizes compare unequal, so a non-finite size also propagates, as it would live.
            if frame.size != before.size || (Rule.resizesSubviewsWhenMoved && frame != before) {
                resizeSubviews(
                    Rule.self, tree, of: child, from: before.size, to: frame.size,
                    base: Point(x: base.x + frame.x, y: base.y + frame.y), scale: scale,
                    frames: &frames, errors: &errors, notes: &notes)
            }
        }
    }
}

/// What a springs policy carries from one resize to the next: per view, the rounding error
/// (rounded − unrounded) of its last resize, for x, y, width and height. Zero for the policies that
/// carry nothing; "an explicit frame set clears it" (GNUstep), so a fresh state is all zeros.
public struct SpringsState: Hashable, Sendable {
    /// Per view, in `tree.views` order: the rounding error of x, y, width and height.
    public var errors: [Rect]

    public init(errors: [Rect]) { self.errors = errors }

    /// No error carried: the state of a tree whose frames were just set.
    public init(for tree: ViewTree) { errors = Array(repeating: .zero, count: tree.views.count) }
}

/// One resize's result: the new tree, the state to carry, and per view (in `tree.views` order) what
/// happened to it.
public struct SpringsStep: Hashable, Sendable {
    /// The tree at the new superview size.
    public var tree: ViewTree
    /// The rounding error to carry into the next resize.
    public var state: SpringsState
    /// Per view: what the policy did (clamped, split a negative sum, rounded, …); a sweep's causes.
    public var notes: [ResizeNotes]
}
