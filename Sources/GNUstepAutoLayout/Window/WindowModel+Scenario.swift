import ConstraintModel
import Geometry
import Scenario
import ViewTree

/// A scenario into the window, as `Engines/appkit/engine.m` builds it: views in scenario order (frame,
/// mask, translation, intrinsic size, content priorities), each added to its parent, the masks
/// translated by a first `-layoutSubtreeIfNeeded`, the hand-written constraints added one by one on
/// their items' common ancestor (`active: false` ones skipped), the Visual Format entries through
/// GNUstep's parser, and a last `-layoutSubtreeIfNeeded`. A scenario the engine cannot express is
/// refused with the engine's own message.
extension WindowModel {
    func load(_ scenario: Scenario) throws(Refusal) {
        let tree = scenario.tree
        var ids: [String: Int] = [ViewTree.superviewID: Self.contentView]
        for v in tree.views {
            if v.scrollView != nil { throw Refusal("view \(v.id): UIKit scroll views have no AppKit form here") }
            var made = View(frame: v.frame, mask: v.mask, translates: v.translatesMask, flipped: true)
            made.intrinsic = (v.intrinsicContentSize.width, v.intrinsicContentSize.height)
            // -setContentHuggingPriority:forOrientation: takes an NSLayoutPriority, a float.
            made.hugging = (
                Double(Float(v.contentHuggingPriority.horizontal)),
                Double(Float(v.contentHuggingPriority.vertical))
            )
            made.compression = (
                Double(Float(v.contentCompressionResistancePriority.horizontal)),
                Double(Float(v.contentCompressionResistancePriority.vertical))
            )
            ids[v.id] = addView(made)
        }
        for (k, v) in tree.views.enumerated() {
            addSubview(ids[v.id]!, to: tree.parentIndex[k].map { ids[tree.views[$0].id]! } ?? Self.contentView)
        }
        strengths = Strengths(weights: deviations.contains(.priorityWeights), priorities: priorities(scenario, ids))
        do {
            try layoutSubtreeIfNeeded(Self.contentView)
            for (k, c) in scenario.constraints.filter(\.isHandWritten).enumerated() {
                try addHandWritten(c, index: k, ids: ids)
            }
            for (k, entry) in scenario.visualFormats.enumerated() { try addVisualFormat(entry, index: k, ids: ids) }
            try layoutSubtreeIfNeeded(Self.contentView)
        } catch let e as Refusal {
            throw e
        } catch let e as FrameworkException {
            throw Refusal(e.description)
        } catch {
            throw Refusal("\(error)")
        }
    }

    /// engine.m's `addHandWritten`.
    private func addHandWritten(_ c: LayoutConstraint, index: Int, ids: [String: Int]) throws {
        let label = c.identifier.map { "constraint \"\($0)\"" } ?? "constraint #\(index + 1)"
        let margins: Set<LayoutAttribute> = [
            .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins, .centerYWithinMargins,
        ]
        if margins.contains(c.attr1) || c.attr2.map(margins.contains) == true {
            let named = margins.contains(c.attr1) ? c.attr1 : c.attr2!
            throw Refusal("\(label): AppKit has no margin attributes (\(named.rawValue))")
        }
        guard let a1 = Self.attribute(c.attr1) else { throw Refusal("\(label): unknown attr1 \(c.attr1.rawValue)") }
        guard let i1 = ids[c.item1] else { throw Refusal("\(label): unknown item1 \(c.item1)") }
        var i2: Int?
        var a2: EngineAttribute?
        if let item2 = c.item2 {
            guard let found = ids[item2] else { throw Refusal("\(label): unknown item2 \(item2)") }
            guard let attr = c.attr2.flatMap(Self.attribute) else {
                throw Refusal("\(label): item2 without a known attr2")
            }
            i2 = found
            a2 = attr
        }
        guard c.priority >= 1 && c.priority <= 1000 else {
            throw Refusal("\(label): priority must be 1...1000 or required, high, low, fittingSize")
        }
        guard c.isActive else { return }
        let relation: CassowaryConstraint.Relation =
            switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessOrEqual
            case .greaterThanOrEqual: .greaterOrEqual
            }
        let made = EngineConstraint(
            i1, a1, relation, i2, a2, multiplier: c.multiplier, constant: c.constant,
            priority: c.priority)
        handWritten[index] = made
        try add(made)
    }

    /// engine.m's `addVisualFormat`: the entry through GNUstep's parser, whatever its platform, each
    /// constraint added on its own.
    private func addVisualFormat(_ entry: VisualFormatEntry, index: Int, ids: [String: Int]) throws {
        var named: [String: VisualFormatParser.Item] = [:]
        for (id, view) in ids where view != Self.contentView {
            named[id] = VisualFormatParser.Item(view: view, superview: views[view].parent)
        }
        var parser = VisualFormatParser(
            format: entry.format, options: entry.options.rawValue, metrics: entry.metrics, views: named,
            yUp: deviations.contains(.yUp))
        for c in try parser.parse() { try add(c) }
    }

    /// Every priority the scenario's constraints can have: hand-written, Visual Format (parsed once
    /// ahead for them), hugging and compression resistance.
    private func priorities(_ scenario: Scenario, _ ids: [String: Int]) -> [Double] {
        var out = scenario.constraints.filter(\.isHandWritten).map { Double(Float($0.priority)) }
        for v in views.dropFirst(2) {
            out += [v.hugging.horizontal, v.hugging.vertical, v.compression.horizontal, v.compression.vertical]
        }
        for entry in scenario.visualFormats {
            var parser = VisualFormatParser(
                format: entry.format, options: entry.options.rawValue, metrics: entry.metrics,
                views: ids.mapValues { VisualFormatParser.Item(view: $0, superview: views[$0].parent) }, yUp: true)
            if let made = try? parser.parse() { out += made.map(\.priority) }
        }
        return out
    }

    static func attribute(_ a: LayoutAttribute) -> EngineAttribute? {
        switch a {
        case .left: .left
        case .right: .right
        case .top: .top
        case .bottom: .bottom
        case .leading: .leading
        case .trailing: .trailing
        case .width: .width
        case .height: .height
        case .centerX: .centerX
        case .centerY: .centerY
        default: nil
        }
    }
}

/// Why GNUstep master's engine refuses a unit, in its own words (`{"error": …}` of engine.m): a
/// framework exception's `NAME: REASON`, or what engine.m cannot express in AppKit.
public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
