/// The published ways UIKit and AppKit turn an autoresizing mask into constraints, named
/// after the systems whose console logs show them (159 lines from 79 public sources, 2012–2023).
public enum TranslationPolicy: String, CaseIterable, Sendable {
    /// The lab's exact proportional reference form (`minX` and `width`, as iOS 8 and later log them). No
    /// platform logs it; it is what springs and struts would be if written as constraints.
    case modern
    /// iOS 6–12 (and tvOS): `width` and the centre `midX` (A. Hershberger's iOS 7 characterisation,
    /// 2014); with both margins flexible the centre keeps its fraction of the superview, which is not
    /// springs and struts. `ios7-center`, its first name, is accepted as an alias.
    case ios6to12 = "ios6-12"
    /// iOS 13 and later: the min edge (`minX == L`) and a fixed max margin as an edge constraint —
    /// `appkit`'s shape, with multipliers kept in Double (no log shows Float32 multipliers on iOS).
    case ios13 = "ios13"
    /// macOS (every version seen): AppKit's private `NSAutoresizingMaskLayoutConstraint
    /// constraintsWithAutoresizingMask:…`: four constraints per view, a fixed max margin written as
    /// `superview.width == view.maxX + c`, and multipliers stored as 32-bit floats.
    case appkit
    /// Not a platform's translation: the constraints a careful engineer writes instead of the mask
    /// when migrating (the migration study, `experiments/ib-migration.yaml`; `IdiomaticTranslation`).
    case idiomatic

    /// The centre form's first name, kept so older experiment files and commands still work.
    public static let aliases: [String: TranslationPolicy] = ["ios7-center": .ios6to12]

    /// A policy by name or alias.
    public init?(name: String) {
        guard let p = TranslationPolicy(rawValue: name) ?? Self.aliases[name] else { return nil }
        self = p
    }

    public static var names: [String] { allCases.map(\.rawValue) }
}

/// When masks are translated: once from the initial frames, or again before every resize from the
/// current frames (UIKit regenerates them when a view's frame is set or the device rotates).
public enum TranslationTiming: String, CaseIterable, Sendable {
    case once
    case everyStep = "every-step"

    public static var names: [String] { allCases.map(\.rawValue) }
}
