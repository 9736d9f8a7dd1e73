import Geometry
import Springs
import TestSupport
import ViewTree

/// A superview of the given size holding one view.
func singleView(frame: Rect, mask: AutoresizingMask, superview: Size = Size(width: 100, height: 100)) -> ViewTree {
    try! ViewTree(superviewSize: superview, views: [View(id: "v", frame: frame, mask: mask)])
}

/// The frame of the only view after resizing through `widths` (height kept at 100).
func finalFrame(_ policy: SpringsPolicy, frame: Rect, mask: AutoresizingMask, widths: [Double], scale: Int = 1) -> Rect
{
    let steps = Springs.resize(
        singleView(frame: frame, mask: mask), through: widths.map { Size(width: $0, height: 100) },
        policy: policy, scale: scale)
    return steps.last!.tree.views[0].frame
}
