import AutoLayout
import ConstraintModel
import Foundation
import Geometry
import Scenario
import Translation
import ViewTree

/// The frames of the last step of an Auto Layout run over a scenario given as JSON text.
func autoLayout(
    _ json: String, sizes: [Size], _ config: AutoLayoutConfiguration = AutoLayoutConfiguration()
) throws -> [AutoLayoutStep] {
    let s = try Scenario(json: json)
    return AutoLayout.layout(s.tree, constraints: s.constraints, through: sizes, configuration: config)
}

/// One view `v` with this frame and mask in a 320×480 superview.
func oneView(_ frame: Rect, _ mask: AutoresizingMask) -> ViewTree {
    try! ViewTree(superviewSize: Size(width: 320, height: 480), views: [View(id: "v", frame: frame, mask: mask)])
}

func frame(of tree: ViewTree, _ id: String) -> Rect { tree.views[tree.index(of: id)!].frame }
