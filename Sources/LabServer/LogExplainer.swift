import ConflictAnalysis
import ConflictLog
import LabJSON

/// The log explainer page: a pasted console dump, each conflict explained as `layoutlab log --format json`
/// explains it (the same JSON), with the picture of its views (the conflicting constraints' edges marked)
/// and its system as a scenario the playground can open.
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

    /// `layoutlab log`'s JSON of the conflict, with what only a page needs: its picture and its scenario.
    static func json(_ a: ConflictAnalysis) -> JSONValue {
        let shared = a.json
        guard case .object(var fields) = shared.kind else { return shared }
        let picture = a.picture(caption: "lines \(a.log.firstLine)–\(a.log.lastLine), constraints numbered as listed")
        let (scenario, left) = a.scenario()
        fields += [
            JSONValue.Member(key: "svg", value: .string(picture.svg)),
            JSONValue.Member(key: "scenario", value: ScenarioSources.scenarioValue(scenario)),
            JSONValue.Member(key: "left_out", value: .array(left.map { .string("\($0)") })),
        ]
        return JSONValue(.object(fields))
    }
}
