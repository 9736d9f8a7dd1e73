import Foundation

/// What counts as a numeric claim in the README's prose, and what counts as naming a command.
///
/// A claim is a number a reader could hold the lab to: a percentage, a decimal, a number with a
/// thousands separator, a number of 100 or more, or a number with a unit of time or size. Not claims:
/// small counts (fewer than 100, no unit: "three tasks", "64 masks" are definitions), version numbers
/// after a product's name ("iOS 13", "Swift 6.1", "GNUstep 0.29"), numbers inside names
/// (`gnustep-0.29`, `iphone-x`), and constants in scientific notation (a tolerance of 1e-6).
enum NumericClaims {
    static let products = [
        "iOS", "macOS", "OS X", "Xcode", "Swift", "swift-tools-version", "GNUstep", "gui", "Debian", "Ubuntu",
        "Python", "Yams", "kiwisolver", "Slurm", "version", "Chameleon", "iPhone", "iPad", "Pro",
    ]
    static let units = ["%", "ms", "µs", "ns", "s", "KB", "MB", "GB", "min", "minutes", "seconds", "hours", "×"]

    static func find(in prose: String) -> [String] {
        let number = try! NSRegularExpression(pattern: #"(?<![\w.+-])([0-9][0-9,]*(?:\.[0-9]+)?)"#)
        var out: [String] = []
        let ns = prose as NSString
        for m in number.matches(in: prose, range: NSRange(location: 0, length: ns.length)) {
            let token = ns.substring(with: m.range(at: 1)).trimmingCharacters(in: CharacterSet(charactersIn: ","))
            let before = ns.substring(to: m.range.location)
            let after = ns.substring(from: m.range.location + m.range.length)
            if isVersion(before: before) || after.hasPrefix("e-") || after.hasPrefix("e+") { continue }
            let unit = units.first { u in
                let rest = after.drop { $0 == " " }
                return rest.hasPrefix(u) && (rest.dropFirst(u.count).first.map { !$0.isLetter } ?? true)
            }
            // A number run into a name (`x86_64`, `2x`, `64-bit`) is part of the name, unless it is a unit.
            if unit == nil, let next = after.first,
                next.isLetter || next == "_" || next == "-" && after.dropFirst().first?.isLetter == true
            {
                continue
            }
            let value = Double(token.replacingOccurrences(of: ",", with: "")) ?? 0
            if unit != nil || token.contains(",") || token.contains(".") || value >= 100 {
                out.append(token + (unit.map { $0 == "%" ? $0 : " " + $0 } ?? ""))
            }
        }
        return out
    }

    /// Whether the number follows a product's name (a version) or a range's start of one.
    static func isVersion(before: String) -> Bool {
        // "iOS 6–12": the range's end is a version too.
        let tail = before.suffix(30).replacingOccurrences(of: #"[0-9.]+[–-]$"#, with: "", options: .regularExpression)
        return products.contains { tail.hasSuffix($0 + " ") || tail.hasSuffix($0 + "\u{a0}") }
    }

    /// Whether a code span is a command a reader can run.
    static func isCommand(_ span: String) -> Bool {
        let s = span.trimmingCharacters(in: .whitespaces)
        let starts = [
            "layoutlab", "swift ", "python3 ", "pbpaste", "cat ", "time ", "git ", "Tools/", "Tests/", "Fuzz/",
            "deploy/", "Engines/", ".ci/run", ".build/", "LAYOUTLAB", "apt-get ", "pip ",
        ]
        return starts.contains { s.hasPrefix($0) }
    }
}
