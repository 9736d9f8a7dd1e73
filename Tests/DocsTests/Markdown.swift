import Foundation

/// A Markdown file cut into what the documentation checks read: fenced code, the prose blocks around
/// it (paragraphs, list items, tables, headings) and the inline code spans in those blocks. Only the
/// Markdown the repository's pages use is understood; this is not a general parser.
struct MarkdownFile {
    /// A stretch of the file, with the line it starts on (1-based).
    struct Block {
        enum Kind { case paragraph, listItem, table, heading, fence }
        var kind: Kind
        var line: Int
        var text: String

        /// The block's inline code spans (`` `…` ``), in order.
        var codeSpans: [String] {
            guard kind != .fence else { return [] }
            return Self.spans(in: text)
        }

        /// The block's text with its code spans and link targets removed: what a reader reads as prose.
        var prose: String {
            guard kind != .fence else { return "" }
            var s = text.replacingOccurrences(of: #"`[^`]*`"#, with: " ", options: .regularExpression)
            s = s.replacingOccurrences(of: #"\]\([^)]*\)"#, with: "]", options: .regularExpression)
            s = s.replacingOccurrences(of: #"<[^>\n]*>"#, with: " ", options: .regularExpression)
            return s
        }

        static func spans(in text: String) -> [String] {
            var out: [String] = []
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "`") {
                let afterOpen = rest.index(after: open)
                guard let close = rest[afterOpen...].firstIndex(of: "`") else { break }
                out.append(String(rest[afterOpen..<close]))
                rest = rest[rest.index(after: close)...]
            }
            return out
        }
    }

    let path: String
    let text: String
    let blocks: [Block]

    init(path: String, text: String) {
        self.path = path
        self.text = text
        blocks = Self.blocks(text)
    }

    /// Splits the file into blocks: fences (``` … ```) whole, a table as one block, each list item
    /// with its continuation lines, headings alone, and paragraphs up to a blank line.
    static func blocks(_ text: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var out: [Block] = []
        var current: Block?
        func flush() {
            if let c = current { out.append(c) }
            current = nil
        }
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                flush()
                var body: [String] = []
                let start = i + 1
                i += 1
                while i < lines.count, !lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    body.append(lines[i])
                    i += 1
                }
                out.append(Block(kind: .fence, line: start + 1, text: body.joined(separator: "\n")))
                i += 1
                continue
            }
            if trimmed.isEmpty {
                flush()
            } else if trimmed.hasPrefix("#") {
                flush()
                out.append(Block(kind: .heading, line: i + 1, text: trimmed))
            } else if trimmed.hasPrefix("|") {
                if current?.kind != .table {
                    flush()
                    current = Block(kind: .table, line: i + 1, text: "")
                }
                current!.text += line + "\n"
            } else if trimmed.range(of: #"^([-*+]|\d+\.)\s"#, options: .regularExpression) != nil {
                flush()
                current = Block(kind: .listItem, line: i + 1, text: line + "\n")
            } else if current == nil || current?.kind == .table {
                flush()
                current = Block(kind: .paragraph, line: i + 1, text: line + "\n")
            } else {
                current!.text += line + "\n"
            }
            i += 1
        }
        flush()
        return out
    }

    /// The line (1-based) of a character offset into `text`.
    func line(of offset: String.Index) -> Int {
        text[..<offset].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// The anchors other pages may link to: GitHub's heading slugs and explicit `<a id="…">`.
    var anchors: Set<String> {
        var out = Set<String>()
        for b in blocks where b.kind == .heading {
            let title = b.text.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            out.insert(Self.slug(title))
        }
        let ids = try! NSRegularExpression(pattern: #"<a id="([^"]+)">"#)
        for m in ids.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            out.insert((text as NSString).substring(with: m.range(at: 1)))
        }
        return out
    }

    /// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`.
    static func slug(_ title: String) -> String {
        let lowered = title.lowercased().replacingOccurrences(of: "`", with: "")
        var out = ""
        for ch in lowered {
            if ch == " " {
                out.append("-")
            } else if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" {
                out.append(ch)
            }
        }
        return out
    }
}
