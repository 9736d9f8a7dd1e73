import AutoLayout
import ConstraintModel
import Foundation
import Geometry
import LabJSON
import Report
import Scenario
import Sweep
import ViewTree

/// The playground: one scenario laid out two ways at a superview size, every view's frames on both
/// sides, the views that diverge with their causes, and what a person hovering a view wants to know
/// (its mask, its constraints as Apple's log writes them). Values in, values out: the endpoint and
/// the benchmark call it alike.
public enum Playground {
    /// A layout request: `{"scenario": {…}, "size": [w, h], "a": "springs/documented",
    /// "b": "autolayout/modern/once", "path": [[w, h], …]?, "tolerance": 1e-6?}`. `path` is the sizes
    /// before `size` (springs are path-dependent); without it the step is taken straight from the
    /// scenario's own size.
    public struct Request: Sendable {
        public var scenario: Scenario
        public var steps: [Size]
        public var comparison: Comparison

        public init(json: JSONValue) throws(ServerError) {
            guard case .object = json.kind else { throw .badRequest("the request must be a JSON object") }
            let text: String
            switch json["scenario"]?.kind {
            case .object?: text = JSONWriter.write(json["scenario"]!)
            case .string(let s)?: text = s
            default: throw .badRequest("the request needs 'scenario': a scenario object")
            }
            do { scenario = try Scenario(json: text, file: "scenario") } catch {
                throw .badRequest("the scenario: \(error.description)", at: error.location)
            }
            let size = try Self.size(json["size"], "size") ?? scenario.tree.superviewSize
            var path: [Size] = []
            if case .array(let items)? = json["path"]?.kind {
                for item in items { if let s = try Self.size(item, "path") { path.append(s) } }
            }
            steps = path + [size]
            let a = try Self.backend(json["a"], default: "springs/documented")
            let b = try Self.backend(json["b"], default: "autolayout/modern/once")
            var tolerance = 1e-6
            if case .number(let t)? = json["tolerance"]?.kind {
                guard t.isFinite, t >= 0 else { throw .badRequest("tolerance must be a finite number ≥ 0") }
                tolerance = t
            }
            comparison = Comparison(a: a, b: b, tolerance: tolerance)
        }

        static func size(_ v: JSONValue?, _ what: String) throws(ServerError) -> Size? {
            guard let v else { return nil }
            guard case .array(let pair) = v.kind, pair.count == 2, case .number(let w) = pair[0].kind,
                case .number(let h) = pair[1].kind, w.isFinite, h.isFinite, w >= 0, h >= 0, w <= 1e5, h <= 1e5
            else { throw .badRequest("\(what) must be [width, height], two numbers from 0 to 100000", at: v.location) }
            return Size(width: w, height: h)
        }

        static func backend(_ v: JSONValue?, default text: String) throws(ServerError) -> BackendConfiguration {
            var name = text
            if let v {
                guard case .string(let s) = v.kind else { throw .badRequest("a side must be a string like \(text)") }
                name = s
            }
            guard let c = BackendConfiguration(name), !c.isExternal else {
                throw .badRequest("unknown side \(name): \(BackendConfiguration.examples)")
            }
            return c
        }
    }

    /// Lays the request out and answers with JSON (see `json`).
    public static func layout(_ r: Request) -> JSONValue {
        let started = DispatchTime.now().uptimeNanoseconds
        let run = UnitRunner.run(
            r.scenario, steps: r.steps.map { SweepStep(size: $0) }, comparison: r.comparison, unit: 0,
            keepFrames: true)
        let tree = r.scenario.tree
        let last = run.frames.last ?? (tree.views.map(\.frame), tree.views.map(\.frame))
        let step = r.steps.count - 1
        let divergences = run.divergences.filter { $0.step == step }
        let words = constraintWords(r)
        let views: [JSONValue] = tree.views.indices.map { i in
            let v = tree.views[i]
            var members: [(String, JSONValue)] = [
                ("id", .string(v.id)), ("parent", tree.parentIndex[i].map { .number(Double($0)) } ?? .null),
                ("mask", .string(v.mask.notation)), ("translates", .bool(v.translatesMask)),
                ("constraints", .array((words[i] ?? []).map(JSONValue.string))),
            ]
            if let s = v.intrinsicContentSize.width ?? v.intrinsicContentSize.height {
                members.append(("intrinsic", .number(s)))
            }
            return .object(members)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        return .object([
            ("superview", rect(Rect(origin: .zero, size: r.steps[step]))),
            ("a", side("\(r.comparison.a)", DivergencePicture.absolute(last.a, in: tree))),
            ("b", side("\(r.comparison.b)", DivergencePicture.absolute(last.b, in: tree))),
            ("views", .array(views)),
            (
                "divergences",
                .array(
                    divergences.map { d in
                        .object([
                            ("view", .number(Double(d.view))),
                            ("causes", .array(d.causes.nameList.map(JSONValue.string))),
                            ("magnitude", d.magnitude.isFinite ? .number(d.magnitude) : .null),
                        ])
                    })
            ),
            ("tolerance", .number(r.comparison.tolerance)),
            ("ms", .number((elapsed * 1000).rounded() / 1000)),
        ])
    }

    static func side(_ label: String, _ frames: [Rect]) -> JSONValue {
        .object([("label", .string(label)), ("frames", .array(frames.map(rect)))])
    }

    static func rect(_ r: Rect) -> JSONValue {
        .array([r.x, r.y, r.width, r.height].map { $0.isFinite ? .number($0) : .null })
    }

    /// Per view index, the constraints that name it, in Apple's log style: the Auto Layout side's
    /// (its translation), or the modern translation's when neither side is Auto Layout.
    static func constraintWords(_ r: Request) -> [Int: [String]] {
        var configuration = AutoLayoutConfiguration()
        for side in [r.comparison.b, r.comparison.a] {
            if case .autolayout(let translation, let timing) = side {
                configuration = AutoLayoutConfiguration(translation: translation, timing: timing)
                break
            }
        }
        let engine = AutoLayoutEngine(
            tree: r.scenario.tree, constraints: r.scenario.constraints, configuration: configuration)
        var out: [Int: [String]] = [:]
        for c in engine.constraints {
            for item in [c.item1] + (c.item2.map { [$0] } ?? []) {
                guard let i = engine.viewIndex(of: item) else { continue }
                let text = c.appleDescription
                if out[i]?.last != text { out[i, default: []].append(text) }
            }
        }
        return out
    }
}
