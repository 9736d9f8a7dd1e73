// layoutlab-bench: kiwi's solver benchmarks and the sweep's, in release mode (Sources/Bench/README.md).
//
//   swift run -c release layoutlab-bench [--json] [--only WORKLOAD[:N]]... [--op OPERATION]...
//                                        [--enaml PATH] [--budget SECONDS] [--malloc-defaults]
//
// Each operation is repeated (batched when it is fast) until a time budget is spent; the MEDIAN time
// per operation is reported. With --json, one object per line:
//   {"workload":"enaml_like","operation":"resize","n":37,"median_ns":512}
// enaml_like answers are checked against kiwi's expected_values (1e-6), and chain/row answers
// against their closed forms; any mismatch exits with status 1.

import Foundation
import Solver
import SolverSystem

// MARK: - Options

var json = false
var filters: [(String, Int?)] = []
var enamlPath: String?
var budget = 0.4
var operations: Set<String> = []
var mallocDefaults = false
/// `--compute-alone`: measure only the sweep's one-core compute and print its ns per view-step (the
/// child processes of the `process_scaling` measurement, SweepBench.swift).
var computeAlone = false
var args = CommandLine.arguments.dropFirst()
func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            """
            usage: layoutlab-bench [--json] [--only WORKLOAD[:N]]... [--op OPERATION]... [--enaml PATH]
                                   [--budget SECONDS] [--malloc-defaults]
              WORKLOAD: enaml_like | chain | row | vfl | sweep | sweep_env | insert | serve
                        | ratios (= sweep, chain:1000, chain:10000)
              OPERATION: build | resize | add_edit (solver); parse, parse_row, build, resize (vfl);
                         end_to_end_N_jobs, compute_1_core, springs_backend, springs_floor, autolayout_build,
                         autolayout_steps, rows_prepare, sqlite_writer, sqlite_floor, compute_N_jobs_cpu,
                         begin_run_1_jobs, begin_run_N_jobs, finish_run (sweep);
                         environments_off_N_jobs, environments_on_N_jobs (sweep_env); raw_c_api, results_store (insert);
                         layout, http_round_trip (serve)
              --enaml: kiwi's enaml_like workload as data (default: experiments/bench/enaml_like.json)
              --budget: seconds of measuring per operation (default 0.4)
              --malloc-defaults: leave glibc's allocator as it is (by default, on Linux, freed memory stays in the
                                 process, as in a long-running program; see Allocator.swift). macOS's allocator has no
                                 such setting: there the benchmarks always run with its defaults.

            """.utf8))
    exit(2)
}
while let a = args.popFirst() {
    switch a {
    case "--json": json = true
    case "--only":
        guard let f = args.popFirst() else { usage() }
        let parts = f.split(separator: ":")
        filters.append((String(parts[0]), parts.count > 1 ? Int(parts[1]) : nil))
    case "--enaml":
        guard let p = args.popFirst() else { usage() }
        enamlPath = p
    case "--op":
        guard let o = args.popFirst() else { usage() }
        operations.insert(o)
    case "--budget":
        guard let b = args.popFirst().flatMap(Double.init) else { usage() }
        budget = b
    case "--malloc-defaults": mallocDefaults = true
    case "--compute-alone": computeAlone = true
    case "-h", "--help": usage()
    default: usage()
    }
}
#if os(Linux)
    if !mallocDefaults && !keepFreedMemory() && !computeAlone {
        let note =
            "layoutlab-bench: could not keep freed memory (no glibc mallopt); "
            + "measuring with the allocator's defaults\n"
        FileHandle.standardError.write(Data(note.utf8))
    }
#endif
if computeAlone {
    var repo = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { repo.deleteLastPathComponent() }
    print(computeAloneNanoseconds(repo: repo.path))
    exit(0)
}

@MainActor func selected(_ workload: String, _ n: Int) -> Bool {
    // `ratios`: what the four ratios of Ratios.swift need.
    let forRatios =
        filters.contains { $0.0 == "ratios" }
        && ((workload == "sweep") || (workload == "chain" && [1000, 10000].contains(n)))
    return forRatios || filters.isEmpty || filters.contains { $0.0 == workload && ($0.1 == nil || $0.1 == n) }
}

// MARK: - Timing

@inline(__always) func now() -> UInt64 { nanoseconds(CLOCK_MONOTONIC) }

/// A clock's reading in ns.
@inline(__always) func nanoseconds(_ clock: clockid_t) -> UInt64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Median ns per operation. `setup` (untimed) runs before each sample and returns the state that
/// `op` consumes; a sample times `batch` operations, the batch chosen so a sample lasts ≥ ~20 µs.
@MainActor func measure<S>(setup: () -> S, op: (inout S, Int) -> Void, maxBatch: Int = 1) -> Int {
    var state = setup()
    var t0 = now()
    op(&state, 0)
    var once = Double(now() - t0)
    var batch = 1
    if maxBatch > 1 { batch = max(1, min(maxBatch, Int(20_000 / max(once, 1)))) }
    var samples: [Double] = []
    let deadline = now() + UInt64(budget * 1e9)
    var k = 1
    while samples.count < 5 || (now() < deadline && samples.count < 100_000) {
        var s = setup()
        t0 = now()
        for _ in 0..<batch {
            op(&s, k)
            k += 1
        }
        once = Double(now() - t0)
        samples.append(once / Double(batch))
        withExtendedLifetime(s) {}
    }
    samples.sort()
    return Int(samples[samples.count / 2].rounded())
}

var failures = 0
@MainActor func fail(_ message: String) {
    failures += 1
    FileHandle.standardError.write(Data("CHECK FAILED: \(message)\n".utf8))
}

let kiwiReference: [String: String] = [
    "enaml_like/build/37": "236–255 µs", "enaml_like/resize/37": "600–620 ns",
    "chain/build/100": "0.23 ms", "chain/add_edit/100": "0.48 ms", "chain/resize/100": "0.9 µs",
    "chain/build/1000": "21–24 ms", "chain/add_edit/1000": "182–212 ms", "chain/resize/1000": "18–20 µs",
    "row/build/10": "0.06 ms", "row/resize/10": "0.75 µs", "row/build/100": "2 ms", "row/resize/100": "29–36 µs",
    "row/build/1000": "1.6 s", "row/resize/1000": "12 ms",
]

@MainActor func wanted(_ operation: String) -> Bool { operations.isEmpty || operations.contains(operation) }

@MainActor func report(_ workload: String, _ operation: String, _ n: Int, _ ns: @autoclosure () -> Int) {
    guard wanted(operation) else { return }
    let ns = ns()
    measured["\(workload)/\(operation)/\(n)"] = Double(ns)
    if json {
        print("{\"workload\":\"\(workload)\",\"operation\":\"\(operation)\",\"n\":\(n),\"median_ns\":\(ns)}")
    } else {
        let time: String
        if ns >= 10_000_000 {
            time = String(format: "%.1f ms", Double(ns) / 1e6)
        } else if ns >= 10_000 {
            time = String(format: "%.1f µs", Double(ns) / 1e3)
        } else {
            time = "\(ns) ns"
        }
        let kiwi = kiwiReference["\(workload)/\(operation)/\(n)"] ?? ""
        print(
            workload.padding(toLength: 12, withPad: " ", startingAt: 0)
                + String(n).leftPad(7) + "  " + operation.padding(toLength: 9, withPad: " ", startingAt: 0)
                + time.leftPad(12) + "   " + (kiwi.isEmpty ? "" : "kiwi: \(kiwi)"))
    }
    fflush(nil)  // all streams: a piped --json run shows each line as it is measured
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}

if !json {
    print("workload          n  operation   median        reference (kiwi, another run)")
}

// MARK: - enaml_like

func defaultEnamlPath() -> String {
    // <repo>/Sources/Bench/main.swift → <repo>/experiments/bench/enaml_like.json (kiwi's workload as data)
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("experiments/bench/enaml_like.json").path
}

if selected("enaml_like", 37) {
    let path = enamlPath ?? defaultEnamlPath()
    let file: SystemFile
    let raw: [String: Any]
    do {
        file = try SystemFile(contentsOf: path)
        raw = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    } catch {
        FileHandle.standardError.write(Data("cannot load \(path): \(error)\n".utf8))
        exit(1)
    }
    let sizes = ((raw["timed_operations"] as! [String: Any])["sizes"] as! [[Double]]).map { ($0[0], $0[1]) }
    let expected = raw["expected_values"] as! [String: [String: Double]]
    // Pre-resolve names to indices so the timed build does what kiwi's does: make the variables, the
    // constraints and the solver, add everything, discard.
    let index = Dictionary(uniqueKeysWithValues: file.variables.enumerated().map { ($1, $0) })
    let specs: [EnamlSpec] = file.constraints.map { c in
        (c.terms.map { (index[$0.variable]!, $0.coefficient) }, c.constant, c.op, c.strength)
    }
    let editSpecs = file.editVariables.map { (index[$0.name]!, $0.strength) }
    let names = file.variables
    func build() -> (Solver, [Variable]) { buildEnamlLike(names: names, edits: editSpecs, specs: specs) }
    // Answers.
    do {
        let (solver, vars) = build()
        solver.updateVariables()
        func check(_ key: String) {
            guard let want = expected[key] else { return fail("enaml_like: no expected_values[\(key)]") }
            for v in vars where abs(v.value - (want[v.name] ?? .nan)) > 1e-6 || want[v.name] == nil {
                fail("enaml_like \(key): \(v.name) = \(v.value), expected \(want[v.name] ?? .nan)")
            }
        }
        check("initial")
        for (w, h) in sizes {
            try! solver.suggestValue(vars[index["width"]!], w)
            try! solver.suggestValue(vars[index["height"]!], h)
            solver.updateVariables()
            check("\(Int(w))x\(Int(h))")
        }
    }
    report("enaml_like", "build", 37, measure(setup: { () }, op: { _, _ in _ = build() }))
    let (solver, vars) = build()
    let width = vars[index["width"]!]
    let height = vars[index["height"]!]
    report(
        "enaml_like", "resize", 37,
        measure(
            setup: { () },
            op: { _, k in
                let (w, h) = sizes[k % sizes.count]
                try! solver.suggestValue(width, w)
                try! solver.suggestValue(height, h)
                solver.updateVariables()
            }, maxBatch: 10_000))
}

// MARK: - chain of n

for n in [100, 1000, 10000] where selected("chain", n) {
    func build() -> (Solver, [Variable]) { buildChain(n) }
    func value(_ k: Int) -> Double { Double(100 + (k % 7) * 10) }
    do {
        let (solver, xs) = build()
        try! solver.addEditVariable(xs[0], strength: Strength.strong)
        try! solver.suggestValue(xs[0], 130)
        solver.updateVariables()
        if let bad = xs.first(where: { abs($0.value - 130) > 1e-6 }) {
            fail("chain \(n): \(bad.name) = \(bad.value), expected 130")
        }
    }
    report("chain", "build", n, measure(setup: { () }, op: { _, _ in _ = build() }))
    report(
        "chain", "add_edit", n,
        measure(
            setup: { build() },
            op: { s, _ in
                try! s.0.addEditVariable(s.1[0], strength: Strength.strong)
            }))
    let (solver, xs) = build()
    try! solver.addEditVariable(xs[0], strength: Strength.strong)
    report(
        "chain", "resize", n,
        measure(
            setup: { () },
            op: { _, k in
                try! solver.suggestValue(xs[0], value(k))
                solver.updateVariables()
            }, maxBatch: 10_000))
}

// MARK: - row of n views

for n in [10, 100, 1000, 10000] where selected("row", n) {
    func build() -> (Solver, [Variable], [Variable], Variable) { buildRow(n) }
    func width(_ k: Int) -> Double { Double(58 * n + (k % 7) * 10 - 30) }
    do {
        let (solver, l, w, W) = build()
        for k in [0, 3, 6] {
            try! solver.suggestValue(W, width(k))
            solver.updateVariables()
            var ok = abs(l[0].value - 8) < 1e-6 && abs(l[n - 1].value + w[n - 1].value + 8 - width(k)) < 1e-6
            for i in 0..<n where w[i].value < 20 - 1e-6 { ok = false }
            for i in 0..<(n - 1) where abs(l[i + 1].value - l[i].value - w[i].value - 8) > 1e-6 { ok = false }
            // Weak ==50 errors are minimised: total deviation is |Σw − 50n|.
            let deviation = w.reduce(0) { $0 + abs($1.value - 50) }
            let needed = abs(width(k) - 8 * Double(n + 1) - 50 * Double(n))
            if abs(deviation - needed) > 1e-6 { ok = false }
            if !ok { fail("row \(n): wrong layout for W = \(width(k))") }
        }
    }
    report("row", "build", n, measure(setup: { () }, op: { _, _ in _ = build() }))
    let (solver, _, _, W) = build()
    report(
        "row", "resize", n,
        measure(
            setup: { () },
            op: { _, k in
                try! solver.suggestValue(W, width(k))
                solver.updateVariables()
            }, maxBatch: 10_000))
}

// MARK: - The Visual Format Language: VFLBench.swift

vflBenchmarks()

// MARK: - The sweep: SweepBench.swift

do {
    var repo = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { repo.deleteLastPathComponent() }
    sweepBenchmarks(repo: repo.path)
    environmentBenchmarks(repo: repo.path)
}

// MARK: - layoutlab serve's playground round trip: ServeBench.swift

serveBenchmarks()

// MARK: - The speed ratios: Ratios.swift

reportRatios(cores: ProcessInfo.processInfo.activeProcessorCount)

exit(failures == 0 ? 0 : 1)
