/// Cocotron's `NSView -resizeWithOldSuperviewSize:` (cjwl/cocotron `AppKit/NSView.m`): the change is
/// split in **equal** shares among the flexible parts (Δ/2 or Δ/3) whatever their sizes; the max
/// margin's share is simply not added. No rounding, no clamp, nothing carried.
///
/// Cocotron adjusts the low-y margin directly (AppKit's unflipped coordinates); because the lab's masks
/// mean UIKit's top and bottom, the same per-axis rule applies in top-left coordinates.
enum CocotronRule: ResizingRule {
    static func resize(_ r: AxisResize) -> AxisOutcome {
        let D = r.newSuperLength - r.oldSuperLength
        let p = r.parts
        var x = r.origin
        var w = r.length
        if p.min {
            if p.size {
                let share = p.max ? D / 3 : D / 2
                x += share
                w += share
            } else if p.max {
                x += D / 2
            } else {
                x += D
            }
        } else if p.size {
            w += p.max ? D / 2 : D
        }
        var notes: ResizeNotes = []
        if p.count > 1 && D != 0 { notes.insert(.equalSplit) }
        if !x.isFinite || !w.isFinite { notes.insert(.nonFinite) }
        return AxisOutcome(origin: x, length: w, notes: notes)
    }
}
