import AutoLayout
import Environment
import Geometry
import Margins
import Scenario
import ViewTree

/// A scenario laid out once by the Auto Layout backend, with every view's effective insets.
struct Laid {
    let tree: ViewTree
    let resolved: ResolvedInsets
    let step: AutoLayoutStep

    init(_ json: String, size: Size? = nil, root: RootInsets? = nil) throws {
        let scenario = try Scenario(json: json)
        let size = size ?? scenario.tree.superviewSize
        let rootInsets = root ?? RootPlacement.place(scenario.tree.root, size: size)
        let engine = AutoLayoutEngine(
            tree: scenario.tree, constraints: scenario.constraints, configuration: .init(), root: rootInsets)
        step = engine.resize(to: size, root: rootInsets)
        tree = step.tree
        resolved = engine.resolvedInsets()
    }

    func frame(_ id: String) -> Rect { tree.views[tree.index(of: id)!].frame }
    func margins(_ id: String) -> EdgeInsets { resolved.margins[tree.index(of: id)!] }
    func safeArea(_ id: String) -> EdgeInsets { resolved.safeArea[tree.index(of: id)!] }
}

func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// Constraints pinning `item`'s four edges to `to`'s attributes (`edge` or `margin` forms).
func pin(_ item: String, to: String, margins: Bool) -> String {
    let pairs =
        margins
        ? [("top", "topMargin"), ("left", "leftMargin"), ("bottom", "bottomMargin"), ("right", "rightMargin")]
        : [("top", "top"), ("left", "left"), ("bottom", "bottom"), ("right", "right")]
    return pairs.map {
        "{\"item1\":\"\(item)\",\"attr1\":\"\($0.0)\",\"relation\":\"==\",\"item2\":\"\(to)\",\"attr2\":\"\($0.1)\"}"
    }
    .joined(separator: ",")
}
