import Environment
import LabJSON
import Springs
import Translation

/// The choices the pages offer: every springs policy, every Auto Layout translation and timing, and
/// the device presets with their screens in both orientations.
enum ServerChoices {
    static var springsPolicies: [String] { SpringsPolicy.names.map { "springs/\($0)" } }

    static var autoLayoutSides: [String] {
        TranslationPolicy.names.flatMap { t in TranslationTiming.names.map { "autolayout/\(t)/\($0)" } }
    }

    static var devices: JSONValue {
        .array(
            DevicePresets.standard.devices.map { d in
                let p = d.screen(.portrait)
                return .object([
                    ("id", .string(d.id)), ("name", .string(d.name)),
                    ("portrait", .array([.number(p.width), .number(p.height)])),
                    ("landscape", .array([.number(p.height), .number(p.width)])),
                ])
            })
    }
}
