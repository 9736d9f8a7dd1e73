/// One "Unable to simultaneously satisfy constraints" report, as UIKit or AppKit printed it: the
/// constraints Apple's engine found mutually exclusive, in the order it listed them, and the one it
/// broke ("Will attempt to recover by breaking constraint") when the paste goes that far.
public struct ConflictLog: Hashable, Sendable {
    public enum Platform: String, Hashable, Sendable {
        /// iOS, tvOS, Mac Catalyst: "Unable to simultaneously satisfy constraints." with advice.
        case uikit
        /// macOS: "Unable to simultaneously satisfy constraints:" or, from macOS 14, "Conflicting
        /// constraints detected:".
        case appkit
    }

    /// The header as printed after any prefix (`Unable to simultaneously satisfy constraints.`).
    public var header: String
    /// What came before the header on its line: a timestamp and process (`2019-01-01 12:00:00.123
    /// App[123:456] `), Console.app's or syslog's form, an os_log category (`[LayoutConstraints] `).
    public var prefix: String
    public var platform: Platform
    /// The listed constraints, in the printed order.
    public var constraints: [LoggedConstraint]
    /// The constraint the recovery line names, as printed there; nil when the paste ends before it
    /// (a person selecting the list copies no more).
    public var broken: LoggedConstraint?
    /// Which listed constraint that is (matched by text, then with escapes decoded, then with the
    /// addresses masked: a paste may join a list and a recovery line from two runs).
    public var brokenIndex: Int?
    /// How the recovery line's constraint was found in the list.
    public var brokenMatch: BrokenMatch?

    public enum BrokenMatch: String, Hashable, Sendable {
        /// The same text, or the same once escapes are decoded.
        case text
        /// The same but for the constraint's own address.
        case ownAddress = "own-address"
        /// The same but for every address: the list and the recovery line of two runs.
        case otherRun = "other-run"
    }
    /// The log's lines in its input (1-based, inclusive).
    public var firstLine: Int
    public var lastLine: Int
    /// The line the list ends on: its closing parenthesis, else its last constraint.
    public var listEndLine: Int
    /// False when the paste ends inside a parenthesised list, after a whole constraint but before
    /// the closing parenthesis: constraints after it, if the console printed any, are not in it.
    public var isListComplete: Bool

    public init(
        header: String, prefix: String, platform: Platform, constraints: [LoggedConstraint], broken: LoggedConstraint?,
        firstLine: Int, lastLine: Int, listEndLine: Int? = nil, isListComplete: Bool = true
    ) {
        self.header = header
        self.prefix = prefix
        self.platform = platform
        self.constraints = constraints
        self.broken = broken
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.listEndLine = listEndLine ?? constraints.last?.line ?? firstLine
        self.isListComplete = isListComplete
        let found = broken.flatMap { Self.match($0, in: constraints) }
        self.brokenIndex = found?.0
        self.brokenMatch = found?.1
    }

    /// The listed constraint a recovery line names, and how it was found.
    static func match(_ b: LoggedConstraint, in list: [LoggedConstraint]) -> (Int, BrokenMatch)? {
        if let k = list.firstIndex(where: { $0.text == b.text }) { return (k, .text) }
        let decoded = Self.unspaced(b.decodedText)
        if let k = list.firstIndex(where: { Self.unspaced($0.decodedText) == decoded }) { return (k, .text) }
        let own = Self.maskingOwnAddress(decoded, b.address)
        if let k = list.firstIndex(where: { Self.maskingOwnAddress($0.decodedText, $0.address) == own }) {
            return (k, .ownAddress)
        }
        let shape = Self.maskingAllAddresses(decoded)
        return list.firstIndex { Self.maskingAllAddresses($0.decodedText) == shape }.map { ($0, .otherRun) }
    }

    /// The description without a space typed after its opening `<` (a web page's `< NSLayoutConstraint:…>`).
    static func unspaced(_ text: String) -> String {
        text.hasPrefix("< ") ? "<" + text.dropFirst(2) : text
    }

    static func maskingOwnAddress(_ text: String, _ address: String?) -> String {
        guard let address, let r = text.firstRange(of: address) else { return text }
        return text.replacingCharacters(in: r, with: "0x?")
    }

    static func maskingAllAddresses(_ text: String) -> String {
        var out = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            out.unicodeScalars.append(c)
            if c == "0", scalars.first == "x" {
                out.unicodeScalars.append(scalars.removeFirst())
                while let h = scalars.first, h.properties.isASCIIHexDigit { scalars.removeFirst() }
                out += "?"
            }
        }
        return out
    }
}

/// Everything read from one input: its logs (a console dump may hold several) and the lines between
/// them that belong to none (other console output), which are skipped.
public struct ConflictLogFile: Hashable, Sendable {
    public var logs: [ConflictLog]
    /// Lines outside every log (1-based).
    public var foreignLines: [Int]
}

extension String {
    func replacingCharacters(in r: Range<String.Index>, with s: String) -> String {
        var copy = self
        copy.replaceSubrange(r, with: s)
        return copy
    }
}
