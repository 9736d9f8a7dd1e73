import Geometry
import Testing
import ViewTree

/// `ViewTree.setFrames(absolute:)` and `relativeFrames(absolute:)`: frames in the root's coordinates become each view's frame in its
/// parent's, whatever order parents and children come in.
@Suite struct AbsoluteFramesTests {
    @Test func absoluteFramesBecomeParentRelative() throws {
        // c's parent b comes after it; b's parent a is a root child.
        let views = [
            View(id: "a", frame: Rect(x: 0, y: 0, width: 300, height: 300)),
            View(id: "c", parentID: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10)),
            View(id: "b", parentID: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100)),
            View(id: "d", frame: Rect(x: 0, y: 0, width: 5, height: 5)),
        ]
        var tree = try ViewTree(superviewSize: Size(width: 400, height: 400), views: views)
        let absolute = [
            Rect(x: 20, y: 30, width: 300, height: 200),
            Rect(x: 75.5, y: 90, width: 12, height: 8),
            Rect(x: 60, y: 70, width: 100, height: 50),
            Rect(x: 1, y: 2, width: 3, height: 4),
        ]
        let relative = tree.relativeFrames(absolute: absolute)
        tree.setFrames(absolute: absolute)
        #expect(
            tree.views.map(\.frame) == [
                Rect(x: 20, y: 30, width: 300, height: 200),
                Rect(x: 15.5, y: 20, width: 12, height: 8),  // 75.5 − 60, 90 − 70
                Rect(x: 40, y: 40, width: 100, height: 50),  // 60 − 20, 70 − 30
                Rect(x: 1, y: 2, width: 3, height: 4),
            ])
        #expect(relative == tree.views.map(\.frame))
    }
}
