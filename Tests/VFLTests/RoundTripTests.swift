import ConstraintModel
import PropertyBased
import TestSupport
import Testing
import VFL

/// For random valid rows, printing the parsed constraints as Visual Format (Apple's log form, one
/// string per constraint) and parsing those strings again gives the same constraints.
@Suite("Visual Format round trip")
struct RoundTripTests {
    /// A random row: orientation, optional superview ends, views with predicates, connections with
    /// numbers, metrics, relations and priorities.
    static func row(
        _ g: inout some RandomNumberGenerator
    ) -> (format: String, views: [String], metrics: [String: Double]) {
        let count = Int.random(in: 1...5, using: &g)
        let views = (0..<count).map { "v\($0)" }
        let metrics = ["m": Double(Int.random(in: 0...40, using: &g)), "half": 0.5]
        func number() -> String {
            switch Int.random(in: 0..<4, using: &g) {
            case 0: "m"
            case 1: "half"
            case 2: String(Int.random(in: 0...100, using: &g))
            default: String(Double(Int.random(in: -400...400, using: &g)) / 8)
            }
        }
        func predicate(allowView: String?) -> String {
            let relation = ["", "==", "<=", ">="].randomElement(using: &g)!
            var object = number()
            if let other = allowView, Bool.random(using: &g) { object = other }
            if object.hasPrefix("-") && relation.isEmpty { object = "==" + object }
            let priority =
                Bool.random(using: &g) ? "" : "@" + ["1", "250", "251", "750", "999", "m"].randomElement(using: &g)!
            return relation + object + (priority == "@m" && metrics["m"]! == 0 ? "" : priority)
        }
        func connection() -> String {
            switch Int.random(in: 0..<4, using: &g) {
            case 0: return ""
            case 1: return "-"
            case 2:
                let n = String(Int.random(in: 0...50, using: &g))
                return "-\(n)-"
            default:
                let list = (0..<Int.random(in: 1...2, using: &g)).map { _ in predicate(allowView: nil) }
                return "-(\(list.joined(separator: ",")))-"
            }
        }
        var format = Bool.random(using: &g) ? "V:" : (Bool.random(using: &g) ? "H:" : "")
        if Bool.random(using: &g) { format += "|" + connection() }
        for (i, v) in views.enumerated() {
            if i > 0 { format += connection() }
            format += "[\(v)"
            if Bool.random(using: &g) {
                let others = views.filter { $0 != v }
                let list = (0..<Int.random(in: 1...2, using: &g)).map { _ in
                    predicate(allowView: others.randomElement(using: &g))
                }
                format += "(\(list.joined(separator: ",")))"
            }
            format += "]"
        }
        if Bool.random(using: &g) { format += connection() + "|" }
        return (format, views, metrics)
    }

    @Test func printingAndParsingAgainGivesTheSameConstraints() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...(1 << 40))) { seed in
            announce(seed)
            var g = SplitMix64(seed: UInt64(seed))
            let (format, views, metrics) = Self.row(&g)
            let made: [LayoutConstraint]
            do { made = try VisualFormat.constraints(format, views: views, metrics: metrics) } catch {
                Issue.record("generated an invalid row \(format): \(error)")
                return
            }
            var again: [LayoutConstraint] = []
            for c in made {
                guard let vfl = c.visualFormatDescription() else {
                    Issue.record("no Visual Format form for \(c.appleDescription) from \(format)")
                    return
                }
                do { again += try VisualFormat.constraints(vfl, views: views) } catch {
                    Issue.record("\(vfl) (from \(format)) does not parse: \(error)")
                    return
                }
            }
            func key(_ c: LayoutConstraint) -> [String] {
                [
                    c.item1, c.attr1.rawValue, c.relation.rawValue, c.item2 ?? "", c.attr2?.rawValue ?? "",
                    "\(c.multiplier)", "\(c.constant)", "\(c.priority)",
                ]
            }
            #expect(again.map(key) == made.map(key), "\(format)")
        }
    }
}
