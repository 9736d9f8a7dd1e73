import Geometry
import LabXML
import ViewTree

extension SceneBuilder {
    /// A view's intrinsic size and alignment insets: IB's placeholder values where the document sets
    /// them, else UIKit's standard views' (`StandardViews`) or AppKit's controls' (`AppKitControls`),
    /// with text-driven content read from the stored frame and marked as such.
    mutating func readIntrinsicSize(_ e: XMLElement, into view: inout View) {
        let frame = view.frame
        var size = IntrinsicContentSize()
        var fromFrame = false
        do {
            let pad = preset?.hasPrefix("ipad") ?? (targetRuntime.hasSuffix("iPad"))
            let m =
                platform == .iOS
                ? StandardViews.metrics(e, toolsVersion: toolsVersion, pad: pad, images: images)
                : AppKitControls.metrics(e, toolsVersion: toolsVersion, images: images)
            view.alignmentRectInsets = m.alignmentRectInsets
            let rect = view.alignmentRect(forFrame: frame)
            func length(_ l: StandardViews.Length, stored: Double) -> Double? {
                switch l {
                case .none: return nil
                case .fixed(let v): return v
                case .storedFrame:
                    fromFrame = true
                    return stored
                }
            }
            size = IntrinsicContentSize(
                width: length(m.width, stored: rect.width), height: length(m.height, stored: rect.height))
        }
        if let w = e["placeholderIntrinsicWidth"] { size.width = w == "infinite" ? nil : Self.number(w) }
        if let h = e["placeholderIntrinsicHeight"] { size.height = h == "infinite" ? nil : Self.number(h) }
        view.intrinsicContentSize = size
        view.baselineOffsets = baselineOffsets(e, view: view)
        if fromFrame && e["placeholderIntrinsicWidth"] == nil && e["placeholderIntrinsicHeight"] == nil {
            sizeFromStoredFrame.insert(view.id)
        }
    }
}
