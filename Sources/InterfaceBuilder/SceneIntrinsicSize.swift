import Geometry
import LabXML
import ViewTree

extension SceneBuilder {
    /// A view's intrinsic size and alignment insets: IB's placeholder values where the document sets
    /// them, else UIKit's standard views' (`StandardViews`), with text-driven content read from the
    /// stored frame and marked as such. macOS controls keep the stored size of content-sized views
    /// until AppKit's metrics are modelled (issue 21).
    mutating func readIntrinsicSize(_ e: XMLElement, into view: inout View) {
        let frame = view.frame
        var size = IntrinsicContentSize()
        var fromFrame = false
        if platform == .iOS {
            let pad = preset?.hasPrefix("ipad") ?? (targetRuntime.hasSuffix("iPad"))
            let m = StandardViews.metrics(e, toolsVersion: toolsVersion, pad: pad, images: images)
            view.alignmentRectInsets = m.alignmentRectInsets
            let rect = view.alignmentRect(forFrame: frame)
            func length(_ l: StandardViews.Length, stored: Double) -> Double? {
                switch l {
                case .none: return nil
                case .fixed(let v): return v
                case .storedFrame: fromFrame = true; return stored
                }
            }
            size = IntrinsicContentSize(width: length(m.width, stored: rect.width), height: length(m.height, stored: rect.height))
        } else if contentSized.contains(e.name) {
            size = IntrinsicContentSize(width: frame.width, height: frame.height)
            fromFrame = true
        } else if contentSizedHeightOnly.contains(e.name) {
            size.height = frame.height
            fromFrame = true
        }
        if let w = e["placeholderIntrinsicWidth"] { size.width = w == "infinite" ? nil : Self.number(w) }
        if let h = e["placeholderIntrinsicHeight"] { size.height = h == "infinite" ? nil : Self.number(h) }
        view.intrinsicContentSize = size
        if fromFrame && e["placeholderIntrinsicWidth"] == nil && e["placeholderIntrinsicHeight"] == nil {
            sizeFromStoredFrame.insert(view.id)
        }
    }
}
