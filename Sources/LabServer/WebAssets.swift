import FlyingFox
import Foundation

/// The pages and scripts of `layoutlab serve` (Sources/LabServer/Web/), compiled into the executable by
/// SwiftPM's `embedInCode` resource rule: the pages go wherever the executable is copied, with no
/// resource bundle beside it to lose.
enum WebAssets {
    static let files: [String: (type: String, bytes: [UInt8])] = [
        "index.html": ("text/html; charset=utf-8", PackageResources.index_html),
        "app.css": ("text/css; charset=utf-8", PackageResources.app_css),
        "common.js": ("text/javascript; charset=utf-8", PackageResources.common_js),
        "playground.js": ("text/javascript; charset=utf-8", PackageResources.playground_js),
        "log.js": ("text/javascript; charset=utf-8", PackageResources.log_js),
        "results.js": ("text/javascript; charset=utf-8", PackageResources.results_js),
        "ib.js": ("text/javascript; charset=utf-8", PackageResources.ib_js),
    ]

    static func response(for name: String) -> HTTPResponse {
        guard let file = files[name] else {
            return Endpoint.json(ServerError(404, "no such file: \(name)").json, status: 404)
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: file.type], body: Data(file.bytes))
    }
}
