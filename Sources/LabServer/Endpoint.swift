import FlyingFox
import Foundation
import LabJSON

/// The lab's JSON values (FlyingFox has a type of the same name).
public typealias JSONValue = LabJSON.JSONValue

/// What every endpoint reads from a request and writes back: query parameters, a size-limited body,
/// JSON answers, and errors as JSON with their HTTP status.
struct Endpoint {
    let request: HTTPRequest
    let bodyLimit: Int

    /// A query parameter, or nil.
    func parameter(_ name: String) -> String? { request.query.first { $0.name == name }?.value }

    /// A query parameter that must be there.
    func required(_ name: String) throws(ServerError) -> String {
        guard let v = parameter(name), !v.isEmpty else { throw .badRequest("missing parameter '\(name)'") }
        return v
    }

    /// An integer parameter, if given; a bad one is an error, not a default.
    func integer(_ name: String) throws(ServerError) -> Int? {
        guard let v = parameter(name), !v.isEmpty else { return nil }
        guard let n = Int(v) else { throw .badRequest("parameter '\(name)' must be an integer, not '\(v)'") }
        return n
    }

    /// The body as text, refused (413) beyond the limit: by its declared length before any of it is read,
    /// and, for a body of no declared length, as soon as it passes the limit.
    func bodyText() async throws -> String {
        if let declared = request.bodySequence.count, declared > bodyLimit {
            throw ServerError(413, "the request body is \(declared) bytes; the limit is \(bodyLimit)")
        }
        var data = Data()
        for try await chunk in request.bodySequence {
            data.append(chunk)
            if data.count > bodyLimit {
                throw ServerError(413, "the request body passes the limit of \(bodyLimit) bytes")
            }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The body as JSON (errors say line and column).
    func bodyJSON() async throws -> JSONValue {
        let text = try await bodyText()
        do { return try JSONReader.parse(text) } catch {
            throw ServerError.badRequest("the request body is not JSON: \(error.message)", at: error.location)
        }
    }

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            statusCode: Self.status(status), headers: [.contentType: "application/json; charset=utf-8"],
            body: Data(JSONWriter.write(value).utf8))
    }

    static func text(_ text: String, type: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: Self.status(status), headers: [.contentType: type], body: Data(text.utf8))
    }

    static func status(_ code: Int) -> HTTPStatusCode {
        switch code {
        case 200: .ok
        case 400: .badRequest
        case 403: .forbidden
        case 404: .notFound
        case 413: .payloadTooLarge
        default: .internalServerError
        }
    }

    /// Runs a handler, turning a `ServerError` (or any other error) into a JSON answer: bad input gets
    /// a message for the page, and the server goes on.
    static func answer(_ body: () async throws -> HTTPResponse) async -> HTTPResponse {
        do {
            return try await body()
        } catch let error as ServerError {
            return json(error.json, status: error.status)
        } catch {
            return json(ServerError(500, "\(error)").json, status: 500)
        }
    }
}
