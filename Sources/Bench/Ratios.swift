// The sweep's speed as five ratios, each from numbers measured in the same run:
//
//   swift run -c release layoutlab-bench --only ratios        (= --only sweep --only chain:1000 --only chain:10000)
//
// With --json, one line each: {"workload":"ratio","operation":NAME,"value":X,"goal":Y}.

import Foundation
import Geometry
import Springs
import Sweep
import ViewTree

/// Every median measured in this run, by "workload/operation/n" (ns per operation or per item).
@MainActor var measured: [String: Double] = [:]

/// One ratio, its goal and which way the goal points.
struct Ratio {
    var name: String
    var value: Double
    var goal: Double
    var atLeast: Bool
    var met: Bool { atLeast ? value >= goal : value <= goal }
}

@MainActor func ratios(cores: Int) -> [Ratio] {
    var out: [Ratio] = []
    func m(_ key: String) -> Double? { measured[key] }
    if let endToEnd = m("sweep/end_to_end_\(cores)_jobs"), let compute = m("sweep/compute_1_core") {
        // Rates: end to end on every core (divergences written) against one core's compute alone.
        out.append(Ratio(name: "parallel_speedup", value: compute / endToEnd, goal: 1.6, atLeast: true))
    }
    if let beside = m("sweep/compute_1_core_beside_another"), let compute = m("sweep/compute_1_core") {
        // Two independent one-core computes at once, in rates against one alone: what the machine's
        // cores give this workload at all (no goal of its own; parallel_speedup cannot exceed it).
        out.append(Ratio(name: "process_scaling", value: 2 * compute / beside, goal: 2, atLeast: true))
    }
    if let writer = m("sweep/sqlite_writer"), let compute = m("sweep/compute_1_core") {
        // How many cores of compute one results writer keeps up with.
        out.append(Ratio(name: "writer_cores", value: compute / writer, goal: 8, atLeast: true))
    }
    if let springs = m("sweep/springs_backend"), let floor = m("sweep/springs_floor") {
        out.append(Ratio(name: "springs_vs_floor", value: springs / floor, goal: 10, atLeast: false))
    }
    if let build = m("sweep/autolayout_build"), let steps = m("sweep/autolayout_steps"),
        let springs = m("sweep/springs_backend")
    {
        // Apple's published ratio of Auto Layout to manual layout: 3×.
        out.append(Ratio(name: "autolayout_vs_springs", value: (build + steps) / springs, goal: 3, atLeast: false))
    }
    if let small = m("chain/add_edit/1000"), let large = m("chain/add_edit/10000") {
        out.append(Ratio(name: "chain_add_edit_slope", value: log10(large / small), goal: 1.15, atLeast: false))
    }
    return out
}

@MainActor func reportRatios(cores: Int) {
    let all = ratios(cores: cores)
    for r in all {
        if json {
            print(
                "{\"workload\":\"ratio\",\"operation\":\"\(r.name)\","
                    + "\"value\":\(String(format: "%.3f", r.value)),\"goal\":\(r.goal)}"
            )
        } else {
            print(
                "ratio       " + r.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                    + String(format: "%8.2f", r.value)
                    + "   goal " + (r.atLeast ? "≥ " : "≤ ") + String(format: "%g", r.goal)
                    + (r.met ? "   met" : "   NOT MET"))
        }
    }
    fflush(nil)
}

/// The floor for springs: the documented rule's proportional split over flat arrays — frames as
/// four Doubles per view, masks as bytes, parents before children — with none of the backend's
/// value types, policies, rounding, notes or carried state. `items` are (tree, sizes) pairs; returns ns
/// per view-step (the median of three passes, as `medianTime`).
@MainActor func springsFloor(_ items: [(ViewTree, [Size])], viewSteps: Int) -> Double {
    // All trees in flat arrays, parents before children (one forward pass resizes every view from
    // its parent's old and new size), frames 4 per view; scratch sized once: the timed loop
    // allocates nothing.
    var offsets: [Int] = []
    var parents: [Int32] = []
    var masks: [UInt8] = []
    var start: [Double] = []
    for (tree, _) in items {
        var order: [Int] = []
        var queue = tree.children(of: nil)
        while !queue.isEmpty {
            let v = queue.removeFirst()
            order.append(v)
            queue += tree.children(of: v)
        }
        var position = [Int](repeating: 0, count: order.count)
        for (k, v) in order.enumerated() { position[v] = k }
        offsets.append(masks.count)
        parents += order.map { v in tree.parentIndex[v].map { Int32(position[$0]) } ?? -1 }
        masks += order.map { UInt8(truncatingIfNeeded: tree.views[$0].mask.rawValue) }
        start += order.flatMap { v in
            let f = tree.views[v].frame
            return [f.x, f.y, f.width, f.height]
        }
    }
    offsets.append(masks.count)
    let widest = zip(offsets, offsets.dropFirst()).map { $1 - $0 }.max() ?? 0
    var oldW = [Double](repeating: 0, count: widest)
    var oldH = oldW
    @inline(__always) func split(
        _ origin: Double, _ length: Double, oldSuper: Double, newSuper: Double,
        minFlex: Bool, sizeFlex: Bool, maxFlex: Bool
    ) -> (Double, Double) {
        var o = origin
        var l = length
        let delta = newSuper - oldSuper
        let r = oldSuper - o - l
        var sum = 0.0
        if sizeFlex { sum += l }
        if minFlex { sum += o }
        if maxFlex { sum += r }
        if sum <= 0 {
            let n = Double((minFlex ? 1 : 0) + (sizeFlex ? 1 : 0) + (maxFlex ? 1 : 0))
            if n == 0 { return (o, l) }
            let share = delta / n
            if minFlex { o += share }
            if sizeFlex { l += share }
            return (o, l)
        }
        let perPoint = delta / sum
        if minFlex { o += perPoint * o }
        if sizeFlex { l += perPoint * l }
        return (o, l)
    }
    var checksum = 0.0
    let ns = medianTime {
        var frames = start
        for (k, item) in items.enumerated() {
            let base = offsets[k]
            let n = offsets[k + 1] - base
            var superW = item.0.superviewSize.width
            var superH = item.0.superviewSize.height
            for size in item.1 {
                for v in 0..<n {
                    let p = Int(parents[base + v])
                    let (pOldW, pOldH, pNewW, pNewH) =
                        p < 0
                        ? (superW, superH, size.width, size.height)
                        : (oldW[p], oldH[p], frames[4 * (base + p) + 2], frames[4 * (base + p) + 3])
                    let i = 4 * (base + v)
                    oldW[v] = frames[i + 2]
                    oldH[v] = frames[i + 3]
                    // As the backend: a view whose parent kept its size is left alone.
                    if pOldW == pNewW && pOldH == pNewH { continue }
                    let m = masks[base + v]
                    (frames[i], frames[i + 2]) = split(
                        frames[i], frames[i + 2], oldSuper: pOldW, newSuper: pNewW,
                        minFlex: m & 1 != 0, sizeFlex: m & 2 != 0, maxFlex: m & 4 != 0)
                    (frames[i + 1], frames[i + 3]) = split(
                        frames[i + 1], frames[i + 3], oldSuper: pOldH, newSuper: pNewH,
                        minFlex: m & 8 != 0, sizeFlex: m & 16 != 0, maxFlex: m & 32 != 0)
                }
                superW = size.width
                superH = size.height
            }
        }
        checksum += frames.reduce(0, +)  // the frames are used, so the loop is not optimised away
    }
    if checksum.isNaN { FileHandle.standardError.write(Data("(floor checksum NaN)\n".utf8)) }
    return ns / Double(viewSteps)
}
