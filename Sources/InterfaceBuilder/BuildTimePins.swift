import ConstraintModel
import LabXML
import ViewTree

/// Views Xcode pins at build time. In an Auto Layout document, a view with
/// `translatesAutoresizingMaskIntoConstraints="NO"` that no constraint places is drawn by IB at a
/// fixed frame (`fixedFrame="YES"`), and when the document is compiled Xcode adds required left, top,
/// width and height constraints at that frame ("IB auto generated at build time for view with fixed
/// frame"). Their frames are inputs; their subviews' are not. A stack view's arranged views are the
/// stack's to place, so they are never pinned, whatever IB marks on them. In the corpus all 857 such
/// views are referenced by no constraint (`Tools/ib-corpus-facts.py fixed-frames`).
enum BuildTimePins {
    static let identifier = "IB auto generated at build time for view with fixed frame"

    static func isPinned(_ e: XMLElement) -> Bool {
        e["fixedFrame"] == "YES" && e["translatesAutoresizingMaskIntoConstraints"] == "NO"
    }

    /// Left, top, width and height at each pinned view's stored frame (the lab's top-left coordinates).
    /// Constraints place alignment rects, so the pins hold the rect inside the stored frame.
    static func constraints(for pinned: Set<String>, views: [View]) -> [LayoutConstraint] {
        var out: [LayoutConstraint] = []
        for v in views where pinned.contains(v.id) {
            let parent = v.parentID ?? ViewTree.superviewID
            let rect = v.alignmentRect(forFrame: v.frame)
            for c in [
                LayoutConstraint(v.id, .left, .equal, parent, .left, constant: rect.x),
                LayoutConstraint(v.id, .top, .equal, parent, .top, constant: rect.y),
                LayoutConstraint(v.id, .width, .equal, constant: rect.width),
                LayoutConstraint(v.id, .height, .equal, constant: rect.height),
            ] {
                var c = c
                c.identifier = identifier
                out.append(c)
            }
        }
        return out
    }
}
