import Springs
import Translation

/// One side of a comparison: springs under a policy, or Auto Layout under a translation and timing.
/// Written `springs/gnustep-0.29` or `autolayout/modern/once` in experiment files and the database.
public enum BackendConfiguration: Hashable, Sendable, CustomStringConvertible {
    case springs(SpringsPolicy)
    case autolayout(TranslationPolicy, TranslationTiming)
    /// An engine outside the lab speaking its JSON-lines protocol (`engines:` in the experiment).
    case external(String)

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
        }
    }

    /// Whether this side is an engine outside the lab (it needs the experiment's `engines:`).
    public var isExternal: Bool { if case .external = self { true } else { false } }

    /// Whether this side rounds frames to the pixel grid at the comparison's scale.
    public func rounds(scale: Int?) -> Bool {
        switch self {
        case .springs(let p): [.gnustep029, .appkit, .chameleon, .winobjc].contains(p)
        case .autolayout: scale != nil
        case .external: true  // unknown: assume it rounds (give the comparison a tolerance to be exact)
        }
    }

    /// Every valid spelling, for error messages.
    public static var examples: String {
        "springs/<\(SpringsPolicy.names.joined(separator: "|"))> or autolayout/<\(TranslationPolicy.names.joined(separator: "|"))>[/<\(TranslationTiming.names.joined(separator: "|"))>] or external:<engine>"
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
