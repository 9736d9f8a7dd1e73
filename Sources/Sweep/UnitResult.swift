import Environment
import Geometry
import LabJSON

/// A unit that could not run (an external engine failed); the message names the unit and the engine.
public struct UnitFailure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

/// A view whose two frames differ beyond the tolerance at one step.
public struct Divergence: Hashable, Sendable {
    public var step: Int
    public var view: Int
    public var a: Rect
    public var b: Rect
    public var causes: Causes

    /// The largest edge difference (minX, minY, maxX, maxY); infinite when only one side is finite.
    public var magnitude: Double { a.maxEdgeDifference(to: b) }
}

/// What one work unit produced.
public struct UnitResult: Hashable, Sendable {
    public var unit: Int
    /// Per step, the superview's size (the window's, for environment steps).
    public var sizes: [Size]
    /// Per step, the environment, when the sequence applies one (else empty).
    public var environments: [Environment]
    /// Per step, the layout passes each side took (nil for springs) and whether its margins settled.
    public var passes: [(a: Int?, b: Int?)]
    public var settled: [Bool]
    /// Per step, how many views diverged.
    public var divergingViews: [Int]
    public var divergences: [Divergence]
    /// Views × steps compared (the sweep's throughput unit).
    public var viewSteps: Int
    /// Set when an external engine failed on this unit (no divergences are recorded then).
    public var error: String? = nil
    /// Whether that failure stops the sweep (the engine's `on_error: stop`).
    public var errorStops = false
    /// Per step, both sides' frames (window coordinates for the root's children, parent coordinates
    /// below), when the run was asked to keep them (`keepFrames`); not part of equality.
    public var frames: [(a: [Rect], b: [Rect])] = []

    public static func == (l: Self, r: Self) -> Bool {
        l.unit == r.unit && l.sizes == r.sizes && l.environments == r.environments && l.settled == r.settled
            && l.passes.map(\.a) == r.passes.map(\.a) && l.passes.map(\.b) == r.passes.map(\.b)
            && l.divergingViews == r.divergingViews && l.divergences == r.divergences && l.viewSteps == r.viewSteps
    }

    public func hash(into h: inout Hasher) {
        h.combine(unit)
        h.combine(divergences)
    }

    /// The environments as JSON (what results.db stores so replay can rebuild the steps); nil when
    /// the sequence had none.
    public var environmentsJSON: String? {
        environments.isEmpty ? nil : JSONWriter.write(.array(environments.map(Self.json)))
    }

    static func json(_ e: Environment) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("device", .string(e.device.id)), ("orientation", .string(e.orientation.rawValue)),
        ]
        if e.inCall { m.append(("inCall", .bool(true))) }
        if let w = e.windowWidth { m.append(("windowWidth", .number(w))) }
        return .object(m)
    }

    /// Reads `environmentsJSON` back against the presets; nil if any entry is unreadable.
    public static func environments(fromJSON text: String, presets: DevicePresets = .standard) -> [Environment]? {
        guard let value = try? JSONReader.parse(text), case .array(let items) = value.kind else { return nil }
        var out: [Environment] = []
        for item in items {
            guard case .string(let id)? = item["device"]?.kind, let device = presets.device(id),
                case .string(let o)? = item["orientation"]?.kind, let orientation = Orientation(rawValue: o)
            else { return nil }
            var e = Environment(device: device, orientation: orientation)
            if case .bool(let b)? = item["inCall"]?.kind { e.inCall = b }
            if case .number(let w)? = item["windowWidth"]?.kind { e.windowWidth = w }
            out.append(e)
        }
        return out
    }

    /// The sizes as `[[w,h],…]`, exactly as `JSONWriter` writes them (what results.db stores and replay
    /// reads), written token by token: the workers make one per unit, and through `JSONValue` it cost
    /// more than writing the unit's rows.
    public var sizesJSON: String {
        var out = JSONTextWriter(capacity: 2 + 16 * sizes.count)
        out.beginArray()
        for size in sizes {
            out.beginArray()
            out.number(size.width)
            out.number(size.height)
            out.endArray()
        }
        out.endArray()
        return out.text
    }

    /// Reads `sizesJSON` back; nil if the text is not a list of [w, h] pairs.
    public static func sizes(fromJSON text: String) -> [Size]? {
        guard let value = try? JSONReader.parse(text), case .array(let items) = value.kind else { return nil }
        var sizes: [Size] = []
        for item in items {
            guard case .array(let pair) = item.kind, pair.count == 2, case .number(let w) = pair[0].kind,
                case .number(let h) = pair[1].kind
            else { return nil }
            sizes.append(Size(width: w, height: h))
        }
        return sizes
    }
}

extension UnitResult {
    /// A unit that ran no step (a side refused it, or its engine is missing): its sizes only.
    init(failing unit: Int, steps: [SweepStep]) {
        self.init(
            unit: unit, sizes: steps.map(\.size), environments: [], passes: [], settled: [], divergingViews: [],
            divergences: [], viewSteps: 0)
    }
}
