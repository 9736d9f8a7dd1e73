import Report

/// The conflict drawn: the views where the lab's solve puts them, each conflicting constraint a mark
/// along the edge or across the size it binds, numbered as the log lists it. One drawing for
/// `layoutlab log --svg` and the log explainer of `layoutlab serve`.
extension ConflictAnalysis {
    public func picture(caption: String) -> ConflictPicture {
        let rects = resolvedRects
        let views = system.views.indices.map { ConflictPicture.View(name: system.views[$0].name, rect: rects[$0]) }
        let marks = conflictMarks.map { ConflictPicture.Mark(from: $0.from, to: $0.to, label: "\($0.member + 1)") }
        return ConflictPicture(views: views, marks: marks, caption: caption)
    }
}
