import Geometry

/// The lab's pixel rounding of Auto Layout frames: each **edge**, in the root's coordinates, goes to
/// the nearest pixel (halves up), and sizes are the differences. Rounding edges rather than origin and
/// size keeps views that share an edge sharing it after rounding, which is what UIKit's pixel
/// alignment of layout-engine frames preserves.
public enum PixelRounding {
    public static func round(_ r: Rect, scale s: Double) -> Rect {
        func px(_ v: Double) -> Double { (v * s + 0.5).rounded(.down) / s }
        let minX = px(r.minX)
        let minY = px(r.minY)
        return Rect(x: minX, y: minY, width: px(r.maxX) - minX, height: px(r.maxY) - minY)
    }
}
