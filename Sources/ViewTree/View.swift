import Geometry

/// One view of a tree: an id, a frame in its parent's bounds coordinates, and an autoresizing mask.
/// `parentID` nil means the tree's superview (the root whose size the lab changes).
public struct View: Hashable, Sendable {
    public var id: String
    public var parentID: String?
    public var frame: Rect
    public var mask: AutoresizingMask

    public init(id: String, parentID: String? = nil, frame: Rect, mask: AutoresizingMask = .none) {
        self.id = id
        self.parentID = parentID
        self.frame = frame
        self.mask = mask
    }
}
