/// Minimal SVG text building: escaped text and attributes, and numbers short enough to read.
enum SVG {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Coordinates to 1/100 of a drawing unit: exact enough to place an edge, short enough to read.
    static func n(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }

    /// `<name a="v" …>` with the attributes in the order given.
    static func tag(_ name: String, _ attributes: [(String, String)], close: Bool = true) -> String {
        let attrs = attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
        return "<\(name)\(attrs)\(close ? "/" : "")>"
    }
}
