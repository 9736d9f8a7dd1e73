/// The fixed text UIKit and AppKit print around a conflict's list, in every era the corpus shows
/// (`docs/conflict-logs.md`): the header, the advice before the list, the recovery line naming the
/// broken constraint, and the advice after it.
enum LogPhrases {
    /// UIKit ("…constraints." on iOS; no punctuation in some pastes), AppKit ("…constraints:"), and
    /// macOS 14 and later ("Conflicting constraints detected: (").
    static let headers = ["Unable to simultaneously satisfy constraints", "Conflicting constraints detected:"]

    /// The advice between the header and the list: one sentence a line from iOS 8, one paragraph
    /// on iOS 6 and 7 (on the header's line when a paste joined them).
    static let advice = [
        "Probably at least one of the constraints", "Try this:", "(1) look at each constraint", "(2) find the code",
        "(Note: If you're seeing NSAutoresizingMaskLayoutConstraints",
    ]

    /// The advice's sentences a paste that leaves out the header may begin with.
    static let openingAdvice = [
        "Probably at least one of the constraints", "(Note: If you're seeing NSAutoresizingMaskLayoutConstraints",
    ]

    /// The advice after the recovery line (UIKit from iOS 8; iOS 6–7 and AppKit).
    static let tails = [
        "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints",
        "The methods in the UIConstraintBasedLayoutDebugging category",
        "Break on objc_exception_throw to catch this in the debugger.",
        "Set the NSUserDefault NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints",
    ]

    /// Followed by " constraint" and the broken constraint on the same line or the next (UIKit,
    /// AppKit), or by the constraint itself and a full stop (macOS 14).
    static let recovery = "Will attempt to recover by breaking"

    /// A header on a line: the phrase after any prefix, then only punctuation (`.`, `:`), the list's
    /// opening parenthesis or the advice — so prose that mentions the phrase is not a log.
    static func header(_ l: LogLine) -> (prefix: String, header: String, restAt: Int)? {
        for h in headers {
            guard let r = l.content.firstRange(of: h) else { continue }
            let prefix = String(l.content[..<r.lowerBound])
            var at = l.start + prefix.unicodeScalars.count + h.unicodeScalars.count
            var header = h
            for p in [".", ":"] where !h.hasSuffix(":") && l.has(p, at: at) {
                header += p
                at += 1
            }
            let next = l.skippingSpaces(at)
            guard next == l.end || l.has("(", at: next) || advice.contains(where: { l.has($0, at: next) }) else {
                continue
            }
            return (prefix, header, at)
        }
        return nil
    }
}
