import FlyingFox
import FlyingSocks
import Foundation
import Geometry
import LabJSON

/// `layoutlab serve`: the lab in a browser. Four pages over one small JSON API:
///
/// * the playground — a scenario, an Interface Builder scene or a generated tree laid out both ways
///   at any superview size (`POST /api/layout`);
/// * the log explainer (`POST /api/log`);
/// * the results browser — runs, summaries, divergences filtered and paged, a read-only SQL box
///   (`/api/runs`, `/api/summary`, `/api/divergences`, `/api/divergence`, `/api/queries`, `POST /api/sql`);
/// * the Interface Builder check (`/api/ib/check`).
///
/// Safety, as a server must: it binds the loopback unless told otherwise; the database is opened
/// read-only with `query_only`; files are read from under the root only (traversal refused); request
/// bodies are limited; bad input is answered with a message and the server goes on.
public final class LabServer: Sendable {
    public let configuration: ServerConfiguration
    let files: RootFiles
    let results: ResultsBrowser
    let queries: CuratedQueries
    let server: HTTPServer

    public init(_ configuration: ServerConfiguration) throws(ServerError) {
        self.configuration = configuration
        files = RootFiles(configuration.root)
        results = ResultsBrowser(path: configuration.database)
        queries = CuratedQueries(folder: configuration.queries)
        let address: any SocketAddress
        do {
            address =
                configuration.host.contains(":")
                ? try sockaddr_in6.inet6(ip6: configuration.host, port: configuration.port)
                : try sockaddr_in.inet(ip4: configuration.host, port: configuration.port)
        } catch {
            throw ServerError(400, "cannot listen on \(configuration.host): \(error)")
        }
        server = HTTPServer(
            config: HTTPServer.Configuration(
                address: address, timeout: 60, sharedRequestReplaySize: configuration.bodyLimit,
                logger: .disabled))
    }

    /// Serves until the task is cancelled or `stop` is called.
    public func run() async throws {
        await addRoutes()
        try await server.run()
    }

    /// Waits until the server listens; returns the port it got (with `port: 0`, any free one).
    public func waitUntilListening() async throws -> UInt16 {
        try await server.waitUntilListening(timeout: 10)
        let port: UInt16
        switch await server.listeningAddress {
        case .ip4(_, let p)?, .ip6(_, let p)?: port = p
        default: port = configuration.port
        }
        NoDelay.setOnListeningSocket(port: port)
        return port
    }

    public func stop() async { await server.stop(timeout: 1) }

    func route(_ pattern: String, _ body: @escaping @Sendable (Endpoint) async throws -> HTTPResponse) async {
        let limit = configuration.bodyLimit
        await server.appendRoute(HTTPRoute(stringLiteral: pattern)) { request in
            await Endpoint.answer { try await body(Endpoint(request: request, bodyLimit: limit)) }
        }
    }

    func addRoutes() async {
        await route("GET /") { _ in WebAssets.response(for: "index.html") }
        await route("GET /favicon.ico") { _ in HTTPResponse(statusCode: .noContent) }
        await route("GET /assets/*") { e in WebAssets.response(for: String(e.request.path.dropFirst("/assets/".count)))
        }
        await route("GET /api/info") { _ in Endpoint.json(self.info()) }
        await addPlaygroundRoutes()
        await addResultsRoutes()
        await route("POST /api/log") { e in Endpoint.json(try LogExplainer.explain(try await e.bodyText())) }
        await route("GET /api/ib/check") { e in
            let path = try e.required("path")
            return Endpoint.json(try InterfaceBuilderCheck.check(text: try self.files.text(path), name: path))
        }
        await route("POST /api/ib/check") { e in
            Endpoint.json(
                try InterfaceBuilderCheck.check(text: try await e.bodyText(), name: e.parameter("name") ?? "dropped"))
        }
        await route("*") { e in Endpoint.json(ServerError(404, "no such page: \(e.request.path)").json, status: 404) }
    }

    func addPlaygroundRoutes() async {
        await route("GET /api/files") { _ in
            Endpoint.json(
                .object([
                    ("scenarios", .array(self.files.list(extensions: ["json"]).map(JSONValue.string))),
                    ("ib", .array(self.files.list(extensions: ["xib", "storyboard"]).map(JSONValue.string))),
                ]))
        }
        await route("GET /api/scenario") { e in
            let path = try e.required("path")
            return Endpoint.json(try ScenarioSources.scenario(text: try self.files.text(path), name: path))
        }
        await route("POST /api/scenario") { e in
            Endpoint.json(
                try ScenarioSources.scenario(text: try await e.bodyText(), name: e.parameter("name") ?? "dropped"))
        }
        await route("GET /api/ib/scenes") { e in
            let path = try e.required("path")
            return Endpoint.json(try ScenarioSources.interfaceBuilder(text: try self.files.text(path), name: path))
        }
        await route("POST /api/ib/scenes") { e in
            Endpoint.json(
                try ScenarioSources.interfaceBuilder(
                    text: try await e.bodyText(), name: e.parameter("name") ?? "dropped"))
        }
        await route("GET /api/generate") { e in
            let seed = UInt64(try e.integer("seed") ?? 1)
            let views = try e.integer("views") ?? 12
            return Endpoint.json(
                try ScenarioSources.generated(seed: seed, views: views, superview: Size(width: 320, height: 480)))
        }
        await route("POST /api/layout") { e in
            Endpoint.json(Playground.layout(try Playground.Request(json: try await e.bodyJSON())))
        }
    }

    func addResultsRoutes() async {
        await route("GET /api/runs") { _ in Endpoint.json(try self.results.runs()) }
        await route("GET /api/summary") { e in
            Endpoint.json(
                try self.results.summary(run: try e.integer("run") ?? { throw ServerError.badRequest("missing run") }())
            )
        }
        await route("GET /api/divergences") { e in
            guard let run = try e.integer("run") else { throw ServerError.badRequest("missing parameter 'run'") }
            let limit = min(500, max(1, try e.integer("limit") ?? 50))
            func number(_ name: String) throws(ServerError) -> Double? {
                guard let v = e.parameter(name), !v.isEmpty else { return nil }
                guard let d = Double(v), d.isFinite else { throw .badRequest("\(name) must be a number") }
                return d
            }
            let cause = e.parameter("cause").flatMap { $0.isEmpty ? nil : $0 }
            let device = e.parameter("device").flatMap { $0.isEmpty ? nil : $0 }
            return Endpoint.json(
                try self.results.divergences(
                    run: run, comparison: try e.integer("comparison"), cause: cause, mask: try e.integer("mask"),
                    device: device, width: try number("width"), height: try number("height"),
                    after: try e.integer("after") ?? 0, limit: limit))
        }
        await route("GET /api/divergence") { e in
            guard let id = try e.integer("id") else { throw ServerError.badRequest("missing parameter 'id'") }
            return Endpoint.json(try self.results.divergence(id: id))
        }
        await route("GET /api/queries") { _ in Endpoint.json(self.queries.list()) }
        await route("POST /api/sql") { e in Endpoint.json(try self.results.sql(try await e.bodyText())) }
    }

    /// What the page needs to build its menus: the backends, the devices, the database and the root.
    func info() -> JSONValue {
        .object([
            ("database", configuration.database.map(JSONValue.string) ?? .null),
            ("root", .string(files.root.path)),
            ("springs", .array(ServerChoices.springsPolicies.map(JSONValue.string))),
            ("autolayout", .array(ServerChoices.autoLayoutSides.map(JSONValue.string))),
            ("devices", ServerChoices.devices),
            ("body_limit", .number(Double(configuration.bodyLimit))),
        ])
    }
}
