import AutoLayout
import ConflictLog
import ConstraintModel

/// Kinds of conflict the breaking rule's accuracy is measured on separately
/// (`Tools/breaking-rules.py` cross-validates each; `RuleAccuracy.byShape` holds the figures), so
/// `layoutlab log` can say when a log's conflict is of a kind the rule is weak on. A log may be of
/// several kinds.
public enum ConflictShape: String, CaseIterable, Hashable, Sendable {
    /// Two of the app's constraints set the same attribute of the same view: two heights, two
    /// bottoms, two leading edges.
    case oneAttributeTwice = "one-attribute-twice"
    /// A translated autoresizing mask takes part.
    case translatedMask = "translated-mask"
    /// A cell's or a hosting view's encapsulated size (`UIView-Encapsulated-Layout-*`) takes part.
    case encapsulatedSize = "encapsulated-size"
    /// A stack view's own constraints (`UISV-*`, `NSStackView*`) take part.
    case stackView = "stack-view"
    /// Only UIKit's or AppKit's own constraints are listed.
    case systemOnly = "system-only"
    /// AppKit's log.
    case appKit = "appkit"

    /// The kinds `a`'s conflict is of.
    public static func of(_ a: ConflictAnalysis) -> [ConflictShape] {
        var out: [ConflictShape] = []
        let app = a.members.indices.filter { !a.members[$0].kind.isSystem }
        var seen = Set<String>()
        for k in app {
            let c = a.members[k].constraint
            let attribute = LayoutAttribute(name: c.firstAttribute).map { "\($0.edge)" } ?? c.firstAttribute
            if !seen.insert("\(a.system.memberItems[k].first) \(attribute)").inserted {
                out.append(.oneAttributeTwice)
                break
            }
        }
        let kinds = Set(a.members.map(\.kind))
        if kinds.contains(.autoresizing) { out.append(.translatedMask) }
        if kinds.contains(.encapsulated) { out.append(.encapsulatedSize) }
        if kinds.contains(.stackView) { out.append(.stackView) }
        if app.isEmpty { out.append(.systemOnly) }
        if a.log.platform == .appkit { out.append(.appKit) }
        return out
    }

    /// In words, for the explanation.
    public var words: String {
        switch self {
        case .oneAttributeTwice: "two constraints setting one attribute of one view"
        case .translatedMask: "a translated autoresizing mask"
        case .encapsulatedSize: "a container's encapsulated size"
        case .stackView: "a stack view's own constraints"
        case .systemOnly: "only UIKit's or AppKit's own constraints"
        case .appKit: "AppKit"
        }
    }
}
