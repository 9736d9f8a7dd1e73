import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `layoutlab serve` as a server must behave: a real server on a free loopback port, real HTTP. Paths
/// outside the root are refused, the database cannot be written through the SQL box, oversized bodies
/// are refused unread, bad input gets a message, and the server answers the next request after each.
@Suite(.serialized) struct ServerSafetyTests {
    /// `layoutlab serve` over the repository, with a copy of the committed results.db in a temporary
    /// folder, as its own process (so the tests running beside it cannot starve its threads), stopped
    /// by its PID when the body returns.
    static func withServer(_ body: (URL, String) async throws -> Void) async throws {
        guard let layoutlab = LabExecutable.layoutlab else {
            Issue.record(Comment(rawValue: LabExecutable.notFound))
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("results.db").path
        try FileManager.default.copyItem(atPath: RepositoryFiles.path("results.db"), toPath: db)
        let server = Process()
        server.executableURL = layoutlab
        server.arguments = [
            "serve", "--port", "0", "--root", RepositoryFiles.root.path, "--db", db, "--body-limit", "\(1 << 20)",
        ]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        // The first line says where it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
            Issue.record("layoutlab serve did not say where it listens: \(text)")
            return
        }
        try await body(URL(string: String(text[start.lowerBound..<end]))!, db)
    }

    static func request(_ url: URL, method: String = "GET", body: Data? = nil) async throws -> (Int, [String: Any]) {
        var r = URLRequest(url: url)
        r.httpMethod = method
        r.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: r)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as! HTTPURLResponse).statusCode, json)
    }

    @Test func pathsOutsideTheRootAreRefused() async throws {
        try await Self.withServer { base, _ in
            for path in ["../../etc/passwd", "/etc/passwd", "experiments/../../etc/passwd"] {
                var c = URLComponents(url: base.appendingPathComponent("api/scenario"), resolvingAgainstBaseURL: false)!
                c.queryItems = [URLQueryItem(name: "path", value: path)]
                let (status, json) = try await Self.request(c.url!)
                #expect(status == 403, "\(path): \(json)")
                #expect((json["error"] as? String)?.contains("root") == true, "\(path): \(json)")
            }
            let (ok, scenario) = try await Self.request(
                base.appendingPathComponent("api/scenario")
                    .appending(queryItems: [URLQueryItem(name: "path", value: "experiments/scenarios/example.json")]))
            #expect(ok == 200 && scenario["scenario"] != nil)
        }
    }

    @Test func theSQLBoxCannotWrite() async throws {
        try await Self.withServer { base, db in
            let before = try Data(contentsOf: URL(fileURLWithPath: db))
            for sql in [
                "DELETE FROM runs", "DROP TABLE units", "PRAGMA query_only = OFF; DELETE FROM runs",
                "ATTACH DATABASE 'x.db' AS x",
            ] {
                let (status, json) = try await Self.request(
                    base.appendingPathComponent("api/sql"), method: "POST", body: Data(sql.utf8))
                #expect(status == 400, "\(sql): \(json)")
                #expect(json["error"] is String, "\(sql)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
            let (status, json) = try await Self.request(
                base.appendingPathComponent("api/sql"), method: "POST", body: Data("SELECT COUNT(*) FROM runs".utf8))
            #expect(status == 200)
            #expect((json["rows"] as? [[Any]])?.first?.first as? Int ?? 0 >= 1)
        }
    }

    /// A body declared larger than the limit is answered 413 before any of it is sent: the request's
    /// header alone, over a plain socket, gets the answer.
    @Test func anOversizedBodyIsRefusedUnreadAndTheServerGoesOn() async throws {
        try await Self.withServer { base, _ in
            let header = "POST /api/log HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(2 << 20)\r\n\r\n"
            let answer = try RawHTTP.exchange(port: UInt16(base.port!), send: header)
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(200))")
            #expect(answer.contains("limit"), "\(answer.prefix(300))")
            let (after, _) = try await Self.request(base.appendingPathComponent("api/info"))
            #expect(after == 200)
        }
    }

    @Test func malformedInputGetsAMessageAndTheServerGoesOn() async throws {
        try await Self.withServer { base, _ in
            let cases: [(String, String, String)] = [
                ("api/log", "this is not a conflict log", "no conflict log"),
                ("api/ib/check", "<document><objects><view", "malformed XML"),
                ("api/scenario", #"{"superview": {"width": 100}, "views": []}"#, "height"),
                ("api/layout", #"{"scenario": 3}"#, "scenario"),
                ("api/layout", "{not json", "JSON"),
                ("api/sql", "SELECT * FROM no_such_table", "no_such_table"),
            ]
            for (path, body, words) in cases {
                let (status, json) = try await Self.request(
                    base.appendingPathComponent(path), method: "POST", body: Data(body.utf8))
                #expect(status == 400, "\(path): \(json)")
                #expect((json["error"] as? String)?.contains(words) == true, "\(path): \(json)")
                let (after, _) = try await Self.request(base.appendingPathComponent("api/info"))
                #expect(after == 200, "the server stopped answering after \(path)")
            }
        }
    }
}
