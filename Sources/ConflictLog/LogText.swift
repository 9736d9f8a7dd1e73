/// Text as conflict logs print it.
public enum LogText {
    /// Decodes the escapes `-[NSString description]` writes inside a list (`\U2019`, `\n`, `\t`, `\"`,
    /// `\\`): the recovery line prints the same characters unescaped.
    public static func decodeEscapes(_ s: String) -> String {
        guard s.contains("\\") else { return s }
        var out = ""
        var scalars = Array(s.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            guard c == "\\", let next = scalars.first else {
                out.unicodeScalars.append(c)
                continue
            }
            switch next {
            case "n":
                scalars.removeFirst()
                out += "\n"
            case "t":
                scalars.removeFirst()
                out += "\t"
            case "\"", "\\", "'":
                scalars.removeFirst()
                out.unicodeScalars.append(next)
            case "U", "u":
                let hex = scalars.dropFirst().prefix(4)
                if hex.count == 4, let v = UInt32(String(String.UnicodeScalarView(hex)), radix: 16),
                    let scalar = Unicode.Scalar(v)
                {
                    scalars.removeFirst(5)
                    out.unicodeScalars.append(scalar)
                } else {
                    out.unicodeScalars.append(c)
                }
            default:
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
