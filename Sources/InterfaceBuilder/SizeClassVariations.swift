import Environment
import Geometry
import LabXML

/// Interface Builder's size-class variations: `<variation key="…">` elements that
/// include or exclude constraints and subviews, and give constraints other constants and views other
/// frames, for the size classes a key names (`widthClass=compact`, `heightClass=regular-widthClass=
/// regular`; `default` is any/any). A document is laid out for one trait collection — the design
/// device's, or the device a sweep steps to: `default` applies first, then every matching key from
/// the least to the most specific, so the most specific one wins.
struct SizeClassVariations {
    /// nil: any width, any height (no device), where only `default` applies.
    let traits: SizeClasses?
    /// Constraint and subview ids that are not installed for these traits.
    private(set) var excluded: Set<String> = []
    /// Views whose variations mark them ambiguous for these traits.
    private(set) var ambiguous: Set<String> = []

    init(traits: SizeClasses?, scene root: XMLElement) {
        self.traits = traits
        for owner in [root] + root.descendants() {
            let variations = owner.children("variation").filter { $0.child("mask") != nil || $0["ambiguous"] != nil }
            guard !variations.isEmpty else { continue }
            for v in variations.filter({ matches($0["key"]) }).sorted(by: {
                specificity($0["key"]) < specificity($1["key"])
            }) {
                for mask in v.children("mask") {
                    for e in mask.children {
                        guard let id = e["reference"] else { continue }
                        if e.name == "exclude" {
                            excluded.insert(id)
                        } else if e.name == "include" {
                            excluded.remove(id)
                        }
                    }
                }
                if let id = owner["id"] {
                    if v["ambiguous"] == "YES" {
                        ambiguous.insert(id)
                    } else if v["ambiguous"] == "NO" {
                        ambiguous.remove(id)
                    }
                }
            }
        }
    }

    /// Whether a key applies to the traits: `default` always; every `sizeClass=value` part must
    /// match; other traits (`userInterfaceIdiom=mac`) never do.
    func matches(_ key: String?) -> Bool {
        guard let key else { return false }
        if key == "default" { return true }
        guard let traits else { return false }
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { return false }
            switch kv[0] {
            case "widthClass": if kv[1] != traits.horizontal.rawValue { return false }
            case "heightClass": if kv[1] != traits.vertical.rawValue { return false }
            default: return false
            }
        }
        return true
    }

    /// `default` first, then keys naming one size class, then both.
    func specificity(_ key: String?) -> Int { key == "default" ? 0 : (key?.split(separator: "-").count ?? 0) }

    /// The most specific matching variation of an element that sets `attribute` (a constraint's
    /// `constant`).
    func value(_ attribute: String, of e: XMLElement) -> String? {
        e.children("variation").filter { matches($0["key"]) && $0[attribute] != nil }
            .max { specificity($0["key"]) < specificity($1["key"]) }?[attribute]
    }

    /// The most specific matching variation's stored frame of a view, if any sets one.
    func frameElement(of e: XMLElement) -> XMLElement? {
        e.children("variation").filter { matches($0["key"]) && $0.child("rect", key: "frame") != nil }
            .max { specificity($0["key"]) < specificity($1["key"]) }?.child("rect", key: "frame")
    }

    /// Whether the document has any variation at all (a sweep then imports it once per trait set).
    static func present(in text: String) -> Bool { text.contains("<variation ") }
}
