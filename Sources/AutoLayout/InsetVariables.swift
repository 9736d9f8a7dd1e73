import Geometry
import Solver

/// The solver variables that stand for effective layout margins and safe-area insets, one per view
/// (or root), kind and edge, made only when a constraint reads them. They are edit variables: the
/// margins depend on frames, so the backend resolves them from the last solution and
/// suggests them again until nothing moves — the solver re-optimises without a rebuild.
final class InsetVariables {
    enum Kind: Int {
        case margin = 0
        case safeArea = 1
    }

    /// By key; allocated when the first is made (most trees read no margin or guide, and a slot per
    /// view, kind and edge for each was 3% of building a tree).
    private(set) var variables: [Variable?] = []
    private let slotCount: Int
    /// Keys in creation order.
    private(set) var keys: [Int] = []
    /// Keys made since the engine last registered edit variables.
    var pending: [Int] = []
    /// The keys read by the constraint being compiled (see `record`).
    private(set) var recorded: [Int] = []
    private var recording = false

    init(viewCount: Int) {
        slotCount = (viewCount + 1) * 8
    }

    var isEmpty: Bool { keys.isEmpty }

    /// A flat key: ((item + 1)·2 + kind)·4 + edge, the root being item −1.
    static func key(_ item: Int?, _ kind: Kind, _ edge: RectEdge) -> Int {
        (((item ?? -1) + 1) * 2 + kind.rawValue) * 4 + edge.rawValue
    }

    static func decode(_ key: Int) -> (item: Int?, kind: Kind, edge: RectEdge) {
        let item = key / 8 - 1
        return (item < 0 ? nil : item, Kind(rawValue: (key / 4) % 2)!, RectEdge(rawValue: key % 4)!)
    }

    func variable(_ item: Int?, _ kind: Kind, _ edge: RectEdge, name: @autoclosure () -> String) -> Variable {
        let k = Self.key(item, kind, edge)
        if recording { recorded.append(k) }
        if variables.isEmpty { variables = Array(repeating: nil, count: slotCount) }
        if let v = variables[k] { return v }
        let v = Variable(name())
        variables[k] = v
        keys.append(k)
        pending.append(k)
        return v
    }

    func beginRecording() {
        recorded.removeAll(keepingCapacity: true)
        recording = true
    }

    func endRecording() -> [Int] {
        recording = false
        return recorded
    }
}
