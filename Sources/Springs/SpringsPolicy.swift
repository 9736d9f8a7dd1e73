/// The known ways of sharing a superview's size change among a view's flexible parts.
/// Apple documents only the proportional rule; every implementation fills the gaps differently, and
/// the lab emulates each by name.
public enum SpringsPolicy: String, CaseIterable, Sendable {
    /// Apple's documented rule, exactly: proportional split, no rounding, negative sizes kept. Where Apple
    /// is silent (flexible parts summing to ≤ 0) the change is split equally, and the step is noted.
    case documented
    /// GNUstep gui 0.29 `NSView -resizeWithOldSuperviewSize:` with `centerScanRect:` rounding and the
    /// carried rounding error.
    case gnustep029 = "gnustep-0.29"
    /// libs-gui master, whose values were "checked against AppKit": GNUstep's steps with both edges
    /// floored on the pixel grid.
    case appkit
    /// Chameleon's `UIView` (The Iconfactory's UIKit for macOS; PureSwift/Cacao is a port).
    case chameleon
    /// Cocotron's `NSView -resizeWithOldSuperviewSize:`: equal shares, no rounding.
    case cocotron
    /// WinObjC's `UIView` autoresizing: proportional with per-mask fallbacks, clamp, floor, carried error.
    case winobjc

    /// The valid names, for error messages.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The rule that resizes one axis of one view under this policy.
    var rule: any ResizingRule.Type {
        switch self {
        case .documented: DocumentedRule.self
        case .gnustep029: GNUstepRule.self
        case .appkit: AppKitRule.self
        case .chameleon: ChameleonRule.self
        case .cocotron: CocotronRule.self
        case .winobjc: WinObjCRule.self
        }
    }
}
