import ConstraintModel
import Environment
import GNUstepAutoLayout
import Geometry
import LabJSON
import Margins
import Scenario
import ViewTree

extension UnitRunner {
    /// Divergences between an external engine and GNUstep's emulation that no heap layout explained:
    /// below 1e-3 point with float32 arithmetic on, `float32-noise` (rounding along another pivot
    /// path); otherwise `order-dependent` when the emulation itself gives another frame under another
    /// hash order.
    static func classifyAgainstEmulation(
        _ result: inout UnitResult, scenario: Scenario, steps: [SweepStep], comparison: Comparison
    ) {
        let sides = [comparison.a, comparison.b]
        guard sides.contains(where: \.isExternal),
            let k = sides.firstIndex(where: { if case .gnustep = $0 { true } else { false } }),
            case .gnustep(let deviations) = sides[k]
        else { return }
        var others: [[[Rect]]]?
        for i in result.divergences.indices where !result.divergences[i].causes.contains(.heapOrder) {
            let d = result.divergences[i]
            if deviations.contains(.float32) && d.magnitude < 1e-3 {
                result.divergences[i].causes.insert(.float32Noise)
                continue
            }
            if others == nil {
                others = [HashOrder.creation, .reverseCreation, .scrambled].compactMap {
                    try? GNUstepAutoLayoutModel.layout(
                        scenario, sizes: steps.map(\.size), deviations: deviations, order: $0
                    ).get()
                }
            }
            let emulated = k == 0 ? d.a : d.b
            let moves = others!.contains {
                d.step < $0.count && diverges($0[d.step][d.view], emulated, tolerance: comparison.tolerance)
            }
            if moves {
                result.divergences[i].causes.insert(.orderDependent)
            }
        }
    }

    /// For an external side with `heapVariants`, marks each divergence whose other side's frame the
    /// engine gives when the unit is re-run with another description (another heap layout).
    static func explainByHeapLayout(
        _ result: inout UnitResult, scenario: Scenario, steps: [SweepStep], comparison: Comparison,
        engines: [String: ExternalEngineSpec]
    ) {
        guard !result.divergences.isEmpty, steps.allSatisfy({ $0.environment == nil }) else { return }
        for (k, config) in [comparison.a, comparison.b].enumerated() {
            guard case .external(let name) = config, let spec = engines[name], spec.heapVariants > 0 else { continue }
            for variant in 1...spec.heapVariants {
                var s = scenario
                s.description = HeapVariant.description(variant)
                guard let frames = try? ExternalEnginePool.shared.run(spec, scenario: s, sizes: steps.map(\.size))
                else { continue }
                var open = 0
                for i in result.divergences.indices where !result.divergences[i].causes.contains(.heapOrder) {
                    let d = result.divergences[i]
                    guard !d.causes.contains(.solverDrift), d.step < frames.count, d.view < frames[d.step].count
                    else { continue }
                    let other = k == 0 ? d.b : d.a
                    if !diverges(frames[d.step][d.view], other, tolerance: comparison.tolerance) {
                        result.divergences[i].causes.insert(.heapOrder)
                    } else {
                        open += 1
                    }
                }
                if open == 0 { return }
            }
        }
    }
}

/// The descriptions that move an engine's heap: a unit's scenario with description `k` is the same
/// layout problem, read into differently sized objects.
public enum HeapVariant {
    public static func description(_ k: Int) -> String {
        "heap layout \(k): " + String(repeating: "x", count: 8 * k)
    }
}
