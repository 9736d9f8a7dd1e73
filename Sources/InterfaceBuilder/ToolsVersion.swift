import LabXML

/// The Xcode build that saved a document, as `toolsVersion` numbers it (`24127` is Xcode 26): the
/// eras of controls, canvases and bars turn on it. Some Xcode builds saved documents with the
/// placeholder `32700.99.1234` instead of their number; their `<dependencies>` still name Interface
/// Builder's plug-in at the real build (22684–22690 in the corpora: `Tools/ib-corpus-facts.py
/// tools-versions`), so the plug-in's version stands in for the placeholder. Read as a number, the
/// placeholder would put those documents in Xcode 26's era.
enum ToolsVersion {
    static let placeholder = "32700.99.1234"

    static func of(_ document: XMLElement) -> Double {
        let stated = document["toolsVersion"] ?? "0"
        if stated == placeholder,
            let plugIn = document.child("dependencies")?.children("plugIn").first?["version"].flatMap(number)
        {
            return plugIn
        }
        return number(stated) ?? 0
    }

    /// The build number before any dot (`19529.1` is 19529).
    static func number(_ text: String) -> Double? {
        Double(text.split(separator: ".").first.map(String.init) ?? "")
    }
}
