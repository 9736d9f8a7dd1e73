import Geometry
import LabXML
import ViewTree

extension SceneBuilder {
    /// A view's intrinsic size and alignment insets: IB's placeholder values where the document sets
    /// them, else UIKit's standard views' (`StandardViews`) or AppKit's controls' (`AppKitControls`),
    /// with text-driven content read from the stored frame and marked as such, and fitted lengths and
    /// insets from `fitted` (none where it has no value for the view's style).
    mutating func readIntrinsicSize(_ e: XMLElement, into view: inout View) {
        let frame = view.frame
        var size = IntrinsicContentSize()
        var fromFrame = false
        do {
            let m =
                platform == .iOS
                ? StandardViews.metrics(e, toolsVersion: toolsVersion, canvas: canvas, images: images)
                : AppKitControls.metrics(e, toolsVersion: appKitToolsVersion, images: images)
            var insets = m.alignmentRectInsets
            if m.fittedInsets, let style = m.style {
                insets.top = fitted.value(style, .insetTop) ?? insets.top
                insets.left = fitted.value(style, .insetLeft) ?? insets.left
                insets.bottom = fitted.value(style, .insetBottom) ?? insets.bottom
                insets.right = fitted.value(style, .insetRight) ?? insets.right
            }
            view.alignmentRectInsets = insets
            let rect = view.alignmentRect(forFrame: frame)
            func length(
                _ l: StandardViews.Length, stored: Double, field: FittedField, padding: FittedField, inset: Double
            ) -> Double? {
                switch l {
                case .none: return nil
                case .fixed(let v): return v
                case .frame(let v): return v - inset
                case .storedFrame:
                    fromFrame = true
                    return stored
                case .fitted:
                    return m.style.flatMap { fitted.value($0, field) }.map { $0 - inset }
                case .padded(let content):
                    return content + (m.style.flatMap { fitted.value($0, padding) } ?? inset) - inset
                }
            }
            size = IntrinsicContentSize(
                width: length(
                    m.width, stored: rect.width, field: .frameWidth, padding: .paddingWidth,
                    inset: insets.left + insets.right),
                height: length(
                    m.height, stored: rect.height, field: .frameHeight, padding: .paddingHeight,
                    inset: insets.top + insets.bottom))
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
