// `layoutlab serve`'s playground round trip for a tree of 100 views: the request read, both sides laid
// out (springs/documented and autolayout/modern/once, one step to a new superview size) and the answer
// written (`layout`), and the same through a real server over the loopback (`http_round_trip`: a
// URLSession POST to a LabServer on a free port, the body read back). A drag in the page waits for
// one round trip per move, so the goal is a frame's time, 16 ms.
//
//   swift run -c release layoutlab-bench --only serve

import Dispatch
import Foundation
import Geometry
import LabJSON
import LabServer
import Scenario
import Sweep

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor func serveBenchmarks() {
    let n = 100
    guard selected("serve", n) else { return }
    let spec = TreeGeneratorSpec(count: 1, views: n...n, depth: 4, fanout: 6)
    let tree = TreeGenerator.tree(spec, seed: 7, index: 0, generator: 0)
    let scenario = Scenario(tree: tree, constraints: []).json()
    func request(_ k: Int) -> String {
        #"{"scenario": \#(scenario), "size": [\#(280 + k % 80), 460], "a": "springs/documented", "#
            + #""b": "autolayout/modern/once"}"#
    }
    do {
        let answer = Playground.layout(try Playground.Request(json: try JSONReader.parse(request(3))))
        guard case .array(let views)? = answer["views"]?.kind, views.count == n else {
            return fail("serve: the playground did not lay out \(n) views")
        }
    } catch {
        return fail("serve: \(error)")
    }
    report(
        "serve", "layout", n,
        measure(
            setup: { () },
            op: { _, k in
                let r = try! Playground.Request(json: try! JSONReader.parse(request(k)))
                _ = JSONWriter.write(Playground.layout(r))
            }))
    guard wanted("http_round_trip") else { return }
    let server: LabServer
    do { server = try LabServer(ServerConfiguration(root: FileManager.default.currentDirectoryPath, port: 0)) } catch {
        return fail("serve: \(error)")
    }
    let serving = Task.detached { try await server.run() }
    defer { serving.cancel() }
    let port = waitFor { try? await server.waitUntilListening() }
    guard let port else { return fail("serve: the server did not listen") }
    let url = URL(string: "http://127.0.0.1:\(port)/api/layout")!
    report(
        "serve", "http_round_trip", n,
        measure(
            setup: { () },
            op: { _, k in
                var r = URLRequest(url: url)
                r.httpMethod = "POST"
                r.httpBody = Data(request(k).utf8)
                let done = DispatchSemaphore(value: 0)
                URLSession.shared.dataTask(with: r) { data, response, _ in
                    if (response as? HTTPURLResponse)?.statusCode != 200 || data == nil {
                        fatalError("serve: no answer")
                    }
                    done.signal()
                }.resume()
                done.wait()
            }))
}

/// The value of an async call, waited for from synchronous code (the bench's harness is synchronous).
func waitFor<T: Sendable>(_ body: @escaping @Sendable () async -> T?) -> T? {
    let box = Locked<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.store(await body())
        done.signal()
    }
    done.wait()
    return box.load()
}
