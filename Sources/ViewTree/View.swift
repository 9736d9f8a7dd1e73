import Geometry

/// One view of a tree: an id, a frame in its parent's bounds coordinates, and an autoresizing mask.
/// `parentID` nil means the tree's superview (the root whose size the lab changes).
public struct View: Hashable, Sendable {
    public var id: String
    public var parentID: String?
    public var frame: Rect
    public var mask: AutoresizingMask
    /// UIKit's `translatesAutoresizingMaskIntoConstraints` (default true): the Auto Layout backend
    /// turns the mask into constraints only when it is set.
    public var translatesMask: Bool
    /// UIView's `layoutMargins` (default 8 on every edge), used by the margin attributes.
    public var layoutMargins: EdgeInsets

    public init(id: String, parentID: String? = nil, frame: Rect, mask: AutoresizingMask = .none,
                translatesMask: Bool = true, layoutMargins: EdgeInsets = .defaultLayoutMargins) {
        self.id = id
        self.parentID = parentID
        self.frame = frame
        self.mask = mask
        self.translatesMask = translatesMask
        self.layoutMargins = layoutMargins
    }
}
