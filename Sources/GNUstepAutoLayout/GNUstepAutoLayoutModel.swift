import Geometry
import Scenario

/// GNUstep master's Auto Layout, emulated without GNUstep: a scenario laid out through a sequence of
/// sizes as `Engines/appkit/engine.m` lays it out on GNUstep master (`external:gnustep-master`), with
/// each of GNUstep's deviations from Apple's documented behaviour a switch (`Deviation`). All on it
/// reproduces the live engine; all off it follows Apple's documented rules on GNUstep's engine.
///
/// A unit the live engine refuses (a required conflict, an unbounded simplex, an attribute AppKit does
/// not have) is refused with the same message; after a refusal the model takes no more sizes.
public final class GNUstepAutoLayoutModel {
    public let deviations: GNUstepDeviations
    private let window: WindowModel
    private let viewCount: Int
    private var refusal: Refusal?

    public init(
        _ scenario: Scenario, deviations: GNUstepDeviations = .all, order: HashOrder = .insertion
    )
        throws(Refusal)
    {
        self.deviations = deviations
        viewCount = scenario.tree.views.count
        window = WindowModel(
            size: scenario.tree.superviewSize, deviations: deviations,
            rightToLeft: scenario.tree.layoutDirection == .rightToLeft, order: order)
        try window.load(scenario)
    }

    /// Sets the window's content size as engine.m does (`-setContentSize:`, the root's frame size if
    /// the window did not give it exactly, `-layoutSubtreeIfNeeded`) and returns every view's frame,
    /// in scenario order.
    public func step(to size: Size) throws(Refusal) -> [Rect] {
        if let refusal { throw Refusal("no scenario: the last one was dropped (\(refusal.message))") }
        do {
            try window.setContentSize(size)
            let root = WindowModel.contentView
            let now = window.views[root].frame.size
            if !(now.width == size.width && now.height == size.height) { try window.setFrameSize(root, size) }
            try window.layoutSubtreeIfNeeded(root)
        } catch {
            let r = Refusal(error.description)
            refusal = r
            throw r
        }
        return frames
    }

    /// Sets the constant of the scenario's `index`-th hand-written constraint (file order) on the
    /// installed constraint, as `-setConstant:` does between two sizes. GNUstep's engine never sees the
    /// change (`Deviation.ignoredChanges`); Apple's solves again.
    public func setConstant(ofConstraint index: Int, to constant: Double) throws(Refusal) {
        guard let c = window.handWritten[index] else { return }
        c.constant = constant
        do { try window.engine?.constantChanged(c) } catch {
            let r = Refusal(error.description)
            refusal = r
            throw r
        }
    }

    /// Every view's frame now, in scenario order.
    public var frames: [Rect] { (0..<viewCount).map { window.views[2 + $0].frame } }

    /// A whole run: the frames after each size, or the refusal.
    public static func layout(
        _ scenario: Scenario, sizes: [Size], deviations: GNUstepDeviations = .all, order: HashOrder = .insertion
    ) -> Result<[[Rect]], Refusal> {
        do {
            let model = try GNUstepAutoLayoutModel(scenario, deviations: deviations, order: order)
            var out: [[Rect]] = []
            for s in sizes { out.append(try model.step(to: s)) }
            return .success(out)
        } catch {
            return .failure(error)
        }
    }
}
