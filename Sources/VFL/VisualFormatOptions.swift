import ConstraintModel

/// NSLayoutFormatOptions: align every view on an attribute, and the direction `H:` runs in.
/// The bits are Apple's (`1 << NSLayoutAttribute` for alignment, `0x10000`/`0x20000` for direction),
/// so masks copied from code read the same.
public struct VisualFormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let alignAllLeft = VisualFormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = VisualFormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = VisualFormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = VisualFormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = VisualFormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = VisualFormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = VisualFormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = VisualFormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = VisualFormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = VisualFormatOptions(rawValue: 1 << 12)
    /// AppKit's name for the last baseline (NSLayoutFormatAlignAllBaseline).
    public static let alignAllBaseline = alignAllLastBaseline
    /// Vertical spacing measured from the upper view's last baseline to the lower view's first
    /// (NSLayoutFormatSpacingBaselineToBaseline, iOS 11); Apple refuses it for horizontal layout.
    public static let spacingBaselineToBaseline = VisualFormatOptions(rawValue: 0x80000)
    public static let directionLeadingToTrailing = VisualFormatOptions([])
    public static let directionLeftToRight = VisualFormatOptions(rawValue: 0x10000)
    public static let directionRightToLeft = VisualFormatOptions(rawValue: 0x20000)

    static let directionMask: UInt = 0x30000

    /// The names scenario files and `layoutlab vfl --options` use (Apple's, without the prefix).
    public static let names: [(String, VisualFormatOptions)] = [
        ("alignAllLeft", .alignAllLeft), ("alignAllRight", .alignAllRight), ("alignAllTop", .alignAllTop),
        ("alignAllBottom", .alignAllBottom), ("alignAllLeading", .alignAllLeading),
        ("alignAllTrailing", .alignAllTrailing),
        ("alignAllCenterX", .alignAllCenterX), ("alignAllCenterY", .alignAllCenterY),
        ("alignAllFirstBaseline", .alignAllFirstBaseline), ("alignAllLastBaseline", .alignAllLastBaseline),
        ("alignAllBaseline", .alignAllBaseline), ("spacingBaselineToBaseline", .spacingBaselineToBaseline),
        ("directionLeadingToTrailing", .directionLeadingToTrailing), ("directionLeftToRight", .directionLeftToRight),
        ("directionRightToLeft", .directionRightToLeft),
    ]

    public init?(name: String) {
        guard let found = Self.names.first(where: { $0.0 == name }) else { return nil }
        self = found.1
    }

    /// The alignment attributes set, in NSLayoutAttribute order.
    var alignments: [LayoutAttribute] {
        let table: [(UInt, LayoutAttribute)] = [
            (1, .left), (2, .right), (3, .top), (4, .bottom), (5, .leading), (6, .trailing),
            (9, .centerX), (10, .centerY), (11, .lastBaseline), (12, .firstBaseline),
        ]
        return table.filter { rawValue & (1 << $0.0) != 0 }.map(\.1)
    }

    /// Names of the set options, for printing.
    public var nameList: [String] {
        var out = Self.names.filter {
            $0.1.rawValue != 0 && $0.1.rawValue & Self.directionMask == 0 && contains($0.1)
                && $0.0 != "alignAllBaseline"
        }
        .map(\.0)
        switch rawValue & Self.directionMask {
        case 0x10000: out.append("directionLeftToRight")
        case 0x20000: out.append("directionRightToLeft")
        default: break
        }
        return out
    }
}

/// Which platform's rules a format string follows for the standard spacing to the superview
///: UIKit (iOS 8+) ties `|-` to the superview's margin; AppKit, iOS 6–7 and GNUstep use
/// the edge plus 20. Between siblings the standard spacing is 8 everywhere.
public enum VisualFormatPlatform: String, CaseIterable, Hashable, Sendable {
    case uikit
    case appkit

    public static let siblingSpacing = 8.0
    public static let edgeSpacing = 20.0
}
