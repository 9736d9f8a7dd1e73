import Geometry
import InterfaceBuilder
import LabJSON
import ViewTree

/// The Interface Builder check page: a document's scenes, every view with its `check-ib` status, IB's
/// stored rectangle and the lab's solved one in the scene's coordinates, so the page can overlay them.
enum InterfaceBuilderCheck {
    static func check(text: String, name: String) throws(ServerError) -> JSONValue {
        let doc: IBImport
        do { doc = try InterfaceBuilder.importDocument(text: text, file: name) } catch {
            throw .badRequest(error.description, at: error.location)
        }
        let check = IBCheck.check(doc)
        var byScene: [String: [IBViewResult]] = [:]
        for r in check.results { byScene[r.scene, default: []].append(r) }
        let scenes: [JSONValue] = doc.scenes.map { scene in
            let tree = scene.scenario.tree
            let results = Dictionary((byScene[scene.name] ?? []).map { ($0.view, $0) }, uniquingKeysWith: { a, _ in a })
            // Absolute rectangles: each view's stored (or solved) origin plus its parent's.
            var stored: [Rect] = []
            var solved: [Rect?] = []
            for i in tree.views.indices {
                let v = tree.views[i]
                let r = results[v.id]
                let own = r?.stored ?? v.frame
                let parentStored = tree.parentIndex[i].map { stored[$0].origin } ?? .zero
                stored.append(
                    Rect(x: own.x + parentStored.x, y: own.y + parentStored.y, width: own.width, height: own.height))
                if let s = r?.solved {
                    let base = tree.parentIndex[i].map { solved[$0]?.origin ?? stored[$0].origin } ?? .zero
                    solved.append(Rect(x: s.x + base.x, y: s.y + base.y, width: s.width, height: s.height))
                } else {
                    solved.append(nil)
                }
            }
            let views: [JSONValue] = tree.views.indices.map { i in
                let v = tree.views[i]
                let r = results[v.id]
                var members: [(String, JSONValue)] = [
                    ("id", .string(v.id)), ("element", .string(r?.element ?? scene.elements[v.id] ?? "view")),
                    ("status", .string(r?.status.rawValue ?? "uncounted")), ("stored", Playground.rect(stored[i])),
                    ("solved", solved[i].map(Playground.rect) ?? .null),
                ]
                if let cause = r?.cause { members.append(("cause", .string(cause))) }
                return .object(members)
            }
            let tally = Dictionary(grouping: byScene[scene.name] ?? [], by: \.status.rawValue).mapValues(\.count)
            return .object([
                ("name", .string(scene.name)),
                ("size", .array([.number(tree.superviewSize.width), .number(tree.superviewSize.height)])),
                ("views", .array(views)),
                (
                    "tally",
                    .object(tally.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(Double($0.value))) })
                ),
            ])
        }
        let total = check.tally
        return .object([
            ("name", .string(name)), ("platform", .string(doc.platform.rawValue)), ("scenes", .array(scenes)),
            ("agreement", total.determinable == 0 ? .null : .number(total.agreement)),
            ("determinable", .number(Double(total.determinable))),
        ])
    }
}
