import AutoLayout
import ConstraintModel
import Geometry
import ViewTree

extension ViewTree {
    /// The tree with its frames solved by the lab's Auto Layout at its own superview size, as Interface
    /// Builder stores a document's frames already laid out: generated scenarios start where their
    /// constraints put them, so the first step's divergences come from the resize, not the design.
    func laidOut(by constraints: [LayoutConstraint]) -> ViewTree {
        var tree = self
        let laid = AutoLayout.layout(
            self, constraints: constraints, through: [superviewSize], configuration: AutoLayoutConfiguration())
        tree.setFrames(laid[0].tree.frames)
        return tree
    }
}
