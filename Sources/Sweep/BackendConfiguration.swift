import GNUstepAutoLayout
import Springs
import Translation

/// One side of a comparison: springs under a policy, or Auto Layout under a translation and timing.
/// Written `springs/gnustep-0.29` or `autolayout/modern/once` in experiment files and the database.
public enum BackendConfiguration: Hashable, Sendable, CustomStringConvertible {
    case springs(SpringsPolicy)
    case autolayout(TranslationPolicy, TranslationTiming)
    /// An engine outside the lab speaking its JSON-lines protocol (`engines:` in the experiment).
    case external(String)
    /// GNUstep master's Auto Layout emulated, with the deviations switched on (`Deviation`):
    /// `autolayout/gnustep-master` (all), `autolayout/gnustep-master+apple:y-up` (all but y-up, which
    /// follows Apple), `autolayout/appkit+gnustep:y-up` (only y-up).
    case gnustep(GNUstepDeviations)

    public init?(_ text: String) {
        if text.hasPrefix("external:") {
            let name = String(text.dropFirst("external:".count))
            guard !name.isEmpty else { return nil }
            self = .external(name)
            return
        }
        let parts = text.split(separator: "/").map(String.init)
        switch parts.first {
        case "springs":
            guard parts.count == 2, let p = SpringsPolicy(rawValue: parts[1]) else { return nil }
            self = .springs(p)
        case "autolayout" where parts.count == 2 && Self.gnustep(parts[1]) != nil:
            self = .gnustep(Self.gnustep(parts[1])!)
        case "autolayout":
            guard parts.count == 2 || parts.count == 3, let t = TranslationPolicy(name: parts[1]) else { return nil }
            guard let timing = parts.count == 3 ? TranslationTiming(rawValue: parts[2]) : .once else { return nil }
            self = .autolayout(t, timing)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .springs(let p): "springs/\(p.rawValue)"
        case .autolayout(let t, let timing): "autolayout/\(t.rawValue)/\(timing.rawValue)"
        case .external(let name): "external:\(name)"
        case .gnustep(let d): "autolayout/" + Self.gnustepName(d)
        }
    }

    static let gnustepMaster = "gnustep-master"

    /// `gnustep-master`, `gnustep-master+apple:<switches>` or `appkit+gnustep:<switches>`.
    static func gnustep(_ text: String) -> GNUstepDeviations? {
        if text == gnustepMaster { return .all }
        for (prefix, fromAll) in [(gnustepMaster + "+apple:", true), ("appkit+gnustep:", false)]
        where text.hasPrefix(prefix) {
            guard let d = GNUstepDeviations(names: String(text.dropFirst(prefix.count))) else { return nil }
            return fromAll ? GNUstepDeviations(Deviation.allCases.filter { !d.contains($0) }) : d
        }
        return nil
    }

    /// The shorter spelling of a set of switches (each parses back to the same set).
    static func gnustepName(_ d: GNUstepDeviations) -> String {
        if d == .all { return gnustepMaster }
        let off = GNUstepDeviations(Deviation.allCases.filter { !d.contains($0) })
        return d.isEmpty || off.members.count < d.members.count
            ? "\(gnustepMaster)+apple:\(off)" : "appkit+gnustep:\(d)"
    }

    /// Whether this side is an engine outside the lab (it needs the experiment's `engines:`).
    public var isExternal: Bool { if case .external = self { true } else { false } }

    /// Whether this side can refuse a unit (an external engine, or GNUstep's emulated engine).
    public var canRefuse: Bool {
        switch self {
        case .external, .gnustep: true
        default: false
        }
    }

    /// Whether this side rounds frames to the pixel grid at the comparison's scale.
    public func rounds(scale: Int?) -> Bool {
        switch self {
        case .springs(let p): [.gnustep029, .appkit, .chameleon, .winobjc].contains(p)
        case .autolayout: scale != nil
        case .gnustep: false
        case .external: true  // unknown: assume it rounds (give the comparison a tolerance to be exact)
        }
    }

    /// Every valid spelling, for error messages.
    public static var examples: String {
        let springs = SpringsPolicy.names.joined(separator: "|")
        let translations = TranslationPolicy.names.joined(separator: "|")
        let timings = TranslationTiming.names.joined(separator: "|")
        return "springs/<\(springs)> or autolayout/<\(translations)>[/<\(timings)>] or external:<engine>"
            + " or autolayout/gnustep-master[+apple:<switches>] or autolayout/appkit+gnustep:<switches> (switches: "
            + Deviation.names.joined(separator: ", ") + ")"
    }
}

/// Two backend configurations run side by side at a pixel scale, with a tolerance (default:
/// 1e-6 pt without rounding, half a pixel when either side rounds).
public struct Comparison: Hashable, Sendable, CustomStringConvertible {
    public var a: BackendConfiguration
    public var b: BackendConfiguration
    /// Pixels per point: the springs rounding grid and, when set, the Auto Layout rounding grid.
    public var scale: Int?
    public var tolerance: Double

    public init(a: BackendConfiguration, b: BackendConfiguration, scale: Int? = nil, tolerance: Double? = nil) {
        self.a = a
        self.b = b
        self.scale = scale
        let rounds = a.rounds(scale: scale) || b.rounds(scale: scale)
        self.tolerance = tolerance ?? (rounds ? 0.5 / Double(scale ?? 1) : 1e-6)
    }

    public var description: String { "\(a) vs \(b)" + (scale.map { " @\($0)x" } ?? "") }
}
