import ConflictAnalysis
import ConflictLog
import LabJSON
import Report

/// The log explainer page: a pasted console dump, each conflict explained as `layoutlab log` explains
/// it, with the picture of its views (the conflicting constraints' edges marked) and its system as a
/// scenario the playground can open.
enum LogExplainer {
    static func explain(_ text: String) throws(ServerError) -> JSONValue {
        let read: ConflictLogFile
        do { read = try ConflictLogReader.read(text, file: "paste") } catch {
            throw .badRequest(error.description)
        }
        guard !read.logs.isEmpty else {
            throw .badRequest(
                "no conflict log in the paste (look for \"Unable to simultaneously satisfy constraints\")")
        }
        var conflicts: [JSONValue] = []
        for log in read.logs {
            let analysis: ConflictAnalysis
            do { analysis = try ConflictAnalysis(log) } catch {
                throw .badRequest("lines \(log.firstLine)–\(log.lastLine): \(error)")
            }
            conflicts.append(json(analysis))
        }
        return .object([
            ("conflicts", .array(conflicts)), ("skipped_lines", .number(Double(read.foreignLines.count))),
        ])
    }

    static func json(_ a: ConflictAnalysis) -> JSONValue {
        func key(_ k: Int?) -> JSONValue { k.map { .number(Double($0)) } ?? .null }
        let constraints: [JSONValue] = a.members.indices.map { i in
            let m = a.members[i]
            return .object([
                ("text", .string(m.constraint.text)), ("kind", .string(m.kind.rawValue)), ("words", .string(m.words)),
                ("conflicting", .bool(a.conflicting.contains(i))),
            ])
        }
        let rects = a.resolvedRects
        let views = a.system.views.indices.map { ConflictPicture.View(name: a.system.views[$0].name, rect: rects[$0]) }
        let marks = a.conflictMarks.map { ConflictPicture.Mark(from: $0.from, to: $0.to, label: "\($0.member + 1)") }
        let picture = ConflictPicture(
            views: views, marks: marks,
            caption: "lines \(a.log.firstLine)–\(a.log.lastLine), constraints numbered as listed")
        let (scenario, left) = a.scenario()
        return .object([
            ("lines", .array([.number(Double(a.log.firstLine)), .number(Double(a.log.lastLine))])),
            ("platform", .string(a.log.platform.rawValue)),
            ("constraints", .array(constraints)),
            ("unsatisfiable", .bool(a.isUnsatisfiable)),
            ("minimal", .array(a.minimal.map { .array($0.map { .number(Double($0)) }) })),
            ("apple_broke", key(a.appleBroke)), ("lab_breaks", key(a.labBreaks)),
            (
                "fixes",
                .array(
                    a.fixes.map { f in
                        .object([
                            ("action", .string(f.action)), ("resolves", .bool(f.resolves)),
                            ("effect", .string(f.effect)),
                        ])
                    })
            ),
            ("explanation", .string(a.explanation)),
            ("svg", .string(picture.svg)),
            ("scenario", ScenarioSources.scenarioValue(scenario)),
            ("left_out", .array(left.map { .string("\($0)") })),
        ])
    }
}
