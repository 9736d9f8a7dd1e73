import ArgumentParser
import Foundation
import LabJSON
import Store

/// `layoutlab query`: SQL over results.db, printed for people or programs.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run one SQL statement against results.db and print the rows.",
        discussion: """
            The schema and example queries are in docs/results-db.md; experiments/queries/*.sql answer the \
            curated experiments' questions. Example:
              layoutlab query "SELECT cause, divergences FROM summary_by_cause \
            WHERE run_id = (SELECT MAX(id) FROM runs)"
            """)

    @Argument(help: "One SQL statement (or @FILE to read it from a file).")
    var sql: String

    @Option(help: "The results database.")
    var db = "results.db"

    @Option(help: "Output: table (aligned), csv or json (an array of objects).")
    var format: QueryFormat = .table

    func run() throws {
        var text = sql
        if sql.hasPrefix("@") {
            guard let data = FileManager.default.contents(atPath: String(sql.dropFirst())) else {
                printError("cannot read \(sql.dropFirst())")
                throw ExitCode(2)
            }
            text = String(decoding: data, as: UTF8.self)
        }
        guard FileManager.default.fileExists(atPath: db) else {
            printError("\(db) does not exist (run a sweep first, or pass --db)")
            throw ExitCode(1)
        }
        do {
            let database = try Database(path: db, readOnly: true)
            let result = try database.query(text)
            Swift.print(format.render(result.columns, result.rows), terminator: "")
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
    }
}

enum QueryFormat: String, CaseIterable, ExpressibleByArgument {
    case table, csv, json

    static func cell(_ v: SQLValue) -> String {
        switch v {
        case .null: "NULL"
        case .integer(let i): String(i)
        case .real(let d): JSONWriter.plainNumber(d)
        case .text(let s): s
        case .blob(let b): "<\(b.count) bytes>"
        }
    }

    func render(_ columns: [String], _ rows: [[SQLValue]]) -> String {
        switch self {
        case .table:
            return TextTable.render(
                [columns] + rows.map { $0.map(Self.cell) }, rightAligned: Summary.numericColumns(rows))
                + "(\(rows.count) row\(rows.count == 1 ? "" : "s"))\n"
        case .csv:
            func quote(_ s: String) -> String {
                s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                    ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
            }
            return ([columns] + rows.map { $0.map { if case .null = $0 { "" } else { Self.cell($0) } } })
                .map { $0.map(quote).joined(separator: ",") }.joined(separator: "\n") + "\n"
        case .json:
            let objects = rows.map { row in
                JSONValue.object(
                    zip(columns, row).map { name, v in
                        (
                            name,
                            { () -> JSONValue in
                                switch v {
                                case .null: .null
                                case .integer(let i): .number(Double(i))
                                case .real(let d): .number(d)
                                case .text(let s): .string(s)
                                case .blob(let b): .string("<\(b.count) bytes>")
                                }
                            }()
                        )
                    })
            }
            return JSONWriter.write(.array(objects)) + "\n"
        }
    }
}
