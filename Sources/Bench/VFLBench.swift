// The Visual Format benchmarks: the parser's rate in formats per second, and the row of
// views (the `row` workload) built from a format string through the Auto Layout backend, to read
// beside the hand-built row.
//
//   swift run -c release layoutlab-bench --only vfl --only row

import AutoLayout
import ConstraintModel
import Geometry
import VFL
import ViewTree

@MainActor func vflBenchmarks() {
    let samples = [
        "[button]-[textField]", "|-50-[purpleBox]-50-|", "[button(100@20)]", "[flexibleButton(>=70,<=100)]",
        "|-[find]-[findNext]-[findField(>=20)]-|", "V:|-10-[label(>=70@1000,>=button@250)]-[button][icon]-|",
        "H:|-[a(==b)]-(>=8@750)-[b]-[c(m)]-|",
    ]
    let views = [
        "button", "textField", "purpleBox", "flexibleButton", "find", "findNext", "findField", "label", "icon", "a",
        "b", "c",
    ]
    let viewSet = Set(views)
    if selected("vfl", samples.count) {
        for s in samples {
            if (try? VisualFormat.constraints(s, isView: viewSet.contains, metrics: ["m": 12])) == nil {
                fail("vfl: \(s) does not parse")
            }
        }
        let ns = measure(
            setup: { () },
            op: { _, k in
                _ = try? VisualFormat.constraints(
                    samples[k % samples.count], isView: viewSet.contains, metrics: ["m": 12])
            }, maxBatch: 10_000)
        reportRate("vfl", "parse", samples.count, nsPerItem: Double(ns), unit: "format")
    }
    for n in [100, 1000] where selected("vfl", n) {
        // The `row` workload's system, written as one format: |-8-[v0(>=20,==50@250)]-8-…-8-|.
        let ids = (0..<n).map { "v\($0)" }
        let format = "H:|-8-" + ids.map { "[\($0)(>=20,==50@250)]" }.joined(separator: "-8-") + "-8-|"
        let tree = try! ViewTree(
            superviewSize: Size(width: Double(58 * n - 30), height: 100),
            views: ids.map { View(id: $0, frame: Rect(x: 0, y: 0, width: 50, height: 10), translatesMask: false) })
        let idSet = Set(ids)
        func width(_ k: Int) -> Double { Double(58 * n + (k % 7) * 10 - 30) }
        func build() -> AutoLayoutEngine {
            let constraints = try! VisualFormat.constraints(format, isView: idSet.contains)
            return AutoLayoutEngine(tree: tree, constraints: constraints, configuration: AutoLayoutConfiguration())
        }
        do {
            let engine = build()
            engine.advance(to: Size(width: width(3), height: 100))
            let frames = engine.tree.frames
            let deviation = frames.reduce(0) { $0 + abs($1.width - 50) }
            let needed = abs(width(3) - 8 * Double(n + 1) - 50 * Double(n))
            if abs(deviation - needed) > 1e-6 || frames.contains(where: { $0.width < 20 - 1e-6 })
                || abs(frames[0].x - 8) > 1e-6
            {
                fail("vfl row \(n): wrong layout")
            }
        }
        report(
            "vfl", "parse_row", n,
            measure(setup: { () }, op: { _, _ in _ = try! VisualFormat.constraints(format, isView: idSet.contains) }))
        report("vfl", "build", n, measure(setup: { () }, op: { _, _ in _ = build() }))
        let engine = build()
        report(
            "vfl", "resize", n,
            measure(
                setup: { () }, op: { _, k in engine.advance(to: Size(width: width(k), height: 100)) }, maxBatch: 10_000)
        )
    }
}
