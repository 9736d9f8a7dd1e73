import Foundation
import TestSupport
import Testing

/// The pages `layoutlab serve` embeds are the ones in Sources/LabServer/Web/: an edit there without
/// `Tools/embed-web.py` would serve the old page.
@Suite struct WebAssetsTests {
    @Test func theEmbeddedPagesAreTheSources() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", RepositoryFiles.path("Tools/embed-web.py"), "--check"]
        let errors = Pipe()
        p.standardError = errors
        do { try p.run() } catch {
            print("theEmbeddedPagesAreTheSources skipped: python3 cannot be started (\(error))")
            return
        }
        p.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 0, "\(message)")
    }
}
