import Geometry

/// A view tree: the superview (root) size and its descendants. A value: backends take one and return
/// a new one. Construction validates the structure, so every tree a backend sees is well formed.
public struct ViewTree: Hashable, Sendable {
    /// The root's bounds size: what a resize changes.
    public var superviewSize: Size
    /// The root view beyond its size: margins, safe area, view controller.
    public var root: RootView
    /// The root's own `layoutMargins` (default 8 on every edge).
    public var superviewMargins: EdgeInsets {
        get { root.layoutMargins }
        set { root.layoutMargins = newValue }
    }
    /// Resolves leading and trailing (left-to-right unless the scenario says otherwise).
    public var layoutDirection: LayoutDirection
    /// The views in their given order (output keeps it).
    public private(set) var views: [View]
    /// Index of each view's parent in `views`; nil for children of the superview.
    public let parentIndex: [Int?]
    /// Children of each view, by index, in `views` order.
    public let children: [[Int]]
    /// Children of the superview, in `views` order.
    public let rootChildren: [Int]

    public init(
        superviewSize: Size, views: [View], superviewMargins: EdgeInsets = .defaultLayoutMargins,
        layoutDirection: LayoutDirection = .leftToRight, root: RootView? = nil
    ) throws(ViewTreeError) {
        var index: [String: Int] = [:]
        for (i, v) in views.enumerated() {
            if v.id.isEmpty { throw ViewTreeError(viewID: v.id, problem: .emptyID) }
            if v.id == ViewTree.superviewID { throw ViewTreeError(viewID: v.id, problem: .reservedID) }
            if index.updateValue(i, forKey: v.id) != nil { throw ViewTreeError(viewID: v.id, problem: .duplicateID) }
        }
        var parents: [Int?] = []
        parents.reserveCapacity(views.count)
        for v in views {
            guard let p = v.parentID, p != ViewTree.superviewID else {
                parents.append(nil)
                continue
            }
            guard let pi = index[p] else { throw ViewTreeError(viewID: v.id, problem: .unknownParent(p)) }
            parents.append(pi)
        }
        // A parent chain that revisits a view is a cycle; report the chain from the first view on it.
        for start in views.indices {
            var seen: [Int] = [start]
            var current = parents[start]
            while let c = current {
                if let loop = seen.firstIndex(of: c) {
                    let cycle = seen[loop...].map { views[$0].id } + [views[c].id]
                    throw ViewTreeError(viewID: views[c].id, problem: .cycle(cycle))
                }
                seen.append(c)
                current = parents[c]
            }
        }
        var children = Array(repeating: [Int](), count: views.count)
        var roots: [Int] = []
        for (i, p) in parents.enumerated() {
            if let p { children[p].append(i) } else { roots.append(i) }
        }
        self.superviewSize = superviewSize
        self.root = root ?? RootView(layoutMargins: superviewMargins)
        self.layoutDirection = layoutDirection
        self.views = views
        self.parentIndex = parents
        self.children = children
        self.rootChildren = roots
    }

    /// The name constraints and scenario files use for the root; no view may take it.
    public static let superviewID = "superview"

    /// The frames, in `views` order.
    public var frames: [Rect] { views.map(\.frame) }

    /// Replaces every frame at once (same count and order as `views`); the structure cannot change.
    public mutating func setFrames(_ frames: [Rect]) {
        precondition(frames.count == views.count, "one frame per view")
        for i in views.indices { views[i].frame = frames[i] }
    }

    /// Sets every view's frame from frames in the root's coordinates (`relativeFrame`), in one pass
    /// with nothing allocated (a layout engine does this after every step).
    public mutating func setFrames(absolute frames: [Rect]) {
        precondition(frames.count == views.count, "one frame per view")
        let parents = parentIndex
        views.withUnsafeMutableBufferPointer { views in
            for i in views.indices { views[i].frame = Self.relativeFrame(i, absolute: frames, parents: parents) }
        }
    }

    /// Frames in the root's coordinates made relative to each view's parent (`relativeFrame`).
    public func relativeFrames(absolute frames: [Rect]) -> [Rect] {
        precondition(frames.count == views.count, "one frame per view")
        return frames.indices.map { Self.relativeFrame($0, absolute: frames, parents: parentIndex) }
    }

    /// View i's frame in its parent's coordinates, from every view's frame in the root's.
    @inline(__always)
    private static func relativeFrame(_ i: Int, absolute frames: [Rect], parents: [Int?]) -> Rect {
        var r = frames[i]
        if let p = parents[i] {
            r.x -= frames[p].x
            r.y -= frames[p].y
        }
        return r
    }

    /// The index of the view with this id.
    public func index(of id: String) -> Int? { views.firstIndex { $0.id == id } }

    /// Children of a view by index, or of the superview for nil.
    public func children(of parent: Int?) -> [Int] {
        if let parent { children[parent] } else { rootChildren }
    }
}

/// The user-interface layout direction: in right-to-left, leading is the right edge.
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    case leftToRight
    case rightToLeft
}

/// A structural problem in a view tree, naming the view.
public struct ViewTreeError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case emptyID
        case reservedID
        case duplicateID
        case unknownParent(String)
        case cycle([String])
    }

    public var viewID: String
    public var problem: Problem

    public init(viewID: String, problem: Problem) {
        self.viewID = viewID
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .emptyID: "a view has an empty id"
        case .reservedID: "view id \"\(viewID)\" is reserved for the root"
        case .duplicateID: "duplicate view id \"\(viewID)\""
        case .unknownParent(let p): "view \"\(viewID)\": unknown parent \"\(p)\""
        case .cycle(let ids): "view \"\(viewID)\": parent cycle \(ids.joined(separator: " → "))"
        }
    }
}
