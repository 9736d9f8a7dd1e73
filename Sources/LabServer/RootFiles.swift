import Foundation

/// The files the server may read: those under its root folder, by a path relative to it. A path that
/// leads outside (`..`, an absolute path, a symbolic link out) is refused, whatever it names.
struct RootFiles: Sendable {
    /// The root, absolute, with symbolic links resolved.
    let root: URL

    init(_ path: String) {
        root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// The file `relative` names under the root; 403 when it would be outside, 404 when it is not there.
    func resolve(_ relative: String) throws(ServerError) -> URL {
        if relative.hasPrefix("/") || relative.contains("\0") {
            throw ServerError(403, "\(relative): only paths relative to the server's root are served")
        }
        let url = root.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path == root.path || url.path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/") else {
            throw ServerError(403, "\(relative) is outside the server's root")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ServerError(404, "no file \(relative) under the server's root")
        }
        return url
    }

    /// The file's text.
    func text(_ relative: String) throws(ServerError) -> String {
        let url = try resolve(relative)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ServerError(404, "cannot read \(relative)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Files under the root with these extensions, as relative paths, sorted; build folders, hidden
    /// folders and version control are skipped, and at most `limit` are listed.
    func list(extensions: Set<String>, limit: Int = 5000) -> [String] {
        var out: [String] = []
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        else {
            return []
        }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        while let url = walker.nextObject() as? URL, out.count < limit {
            let name = url.lastPathComponent
            if name.hasPrefix(".") || name == "node_modules" {
                walker.skipDescendants()
                continue
            }
            guard extensions.contains(url.pathExtension.lowercased()) else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            if path.hasPrefix(prefix) { out.append(String(path.dropFirst(prefix.count))) }
        }
        return out.sorted()
    }
}
