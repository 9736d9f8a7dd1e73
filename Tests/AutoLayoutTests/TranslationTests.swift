import ConstraintModel
import Geometry
import TestSupport
import Testing
import Translation
import ViewTree

/// The horizontal constraints of one view, printed without the `<…>` wrapper and mask notation.
func horizontal(
    _ letters: String, _ policy: TranslationPolicy, frame: Rect = Rect(x: 160, y: 0, width: 80, height: 10),
    superview: Size = Size(width: 320, height: 480)
) -> [String] {
    let mask = hMask(letters)
    let result = MaskTranslation.translate(
        viewID: "v", superviewItem: "superview", frame: frame, mask: mask,
        superviewSize: superview, policy: policy)
    return result.constraints.filter { $0.attr1.axis == .horizontal }.map {
        String($0.appleDescription.dropFirst("<NSAutoresizingMaskLayoutConstraint \(mask.notation) ".count).dropLast())
    }
}

@Suite("Mask translation")
struct TranslationTests {
    /// What iOS 7 printed for x=160 w=80 in 320 (Hershberger 2014), constraint by constraint.
    /// (The lab names the centre `midX`, as NSAutoresizingMaskLayoutConstraint descriptions do.)
    @Test(arguments: [
        ("", ["v.width == 80", "v.midX == 200"]),
        ("R", ["v.width == 80", "v.midX == 200"]),
        ("L", ["v.width == 80", "v.midX == superview.width - 120"]),
        ("W", ["v.width == superview.width - 240", "v.midX == superview.midX + 40"]),
        ("LW", ["v.width == 0.333333*superview.width - 26.6667", "v.midX == 1.66667*superview.midX - 66.6667"]),
        ("WR", ["v.width == 0.5*superview.width - 80", "v.midX == 0.5*superview.midX + 120"]),
        ("LR", ["v.width == 80", "v.midX == 0.625*superview.width"]),
        ("LWR", ["v.width == 0.25*superview.width", "v.midX == 0.625*superview.width"]),
    ])
    func ios7TableReproduced(parts: String, expected: [String]) {
        #expect(horizontal(parts, .ios6to12) == expected)
    }

    /// The issue's example line, in full.
    @Test func printsInApplesLogStyle() {
        let result = MaskTranslation.translate(
            viewID: "a", superviewItem: "superview", frame: Rect(x: 160, y: 10, width: 80, height: 30),
            mask: AutoresizingMask(notation: "h=&-& v=--&")!, superviewSize: Size(width: 320, height: 100),
            policy: .modern)
        #expect(
            result.constraints[0].appleDescription
                == "<NSAutoresizingMaskLayoutConstraint h=&-& v=--& a.minX == 0.666667*superview.width - 53.3333>")
    }

    /// The modern form for the same frame.
    @Test(arguments: [
        ("", ["v.minX == 160", "v.width == 80"]),
        ("L", ["v.minX == superview.width - 160", "v.width == 80"]),
        ("W", ["v.minX == 160", "v.width == superview.width - 240"]),
        ("LW", ["v.minX == 0.666667*superview.width - 53.3333", "v.width == 0.333333*superview.width - 26.6667"]),
        ("WR", ["v.minX == 160", "v.width == 0.5*superview.width - 80"]),
        ("LR", ["v.minX == 0.666667*superview.width - 53.3333", "v.width == 80"]),
        ("LWR", ["v.minX == 0.5*superview.width", "v.width == 0.25*superview.width"]),
    ])
    func modernTable(parts: String, expected: [String]) {
        #expect(horizontal(parts, .modern) == expected)
    }

    /// AppKit writes a fixed max margin as `superview.width == v.maxX + R` and stores multipliers as
    /// Float32: 2/3 becomes 0.666666686534881591796875.
    @Test func appkitForms() {
        #expect(horizontal("L", .appkit) == ["superview.width == v.maxX + 80", "v.width == 80"])
        let lr = MaskTranslation.translate(
            viewID: "v", superviewItem: "superview", frame: Rect(x: 160, y: 0, width: 80, height: 10),
            mask: hMask("LR"), superviewSize: Size(width: 320, height: 480), policy: .appkit)
        #expect(lr.constraints[0].multiplier == Double(Float(2.0 / 3.0)))
        #expect(lr.constraints[0].multiplier != 2.0 / 3.0)
    }

    /// iOS 13+ logs AppKit's min-edge shape; the lab keeps its multipliers in Double (no iOS log shows
    /// Float32 ones). `ios7-center` still names the centre form.
    @Test func ios13IsTheMinEdgeFormInDouble() throws {
        #expect(horizontal("L", .ios13) == ["superview.width == v.maxX + 80", "v.width == 80"])
        #expect(horizontal("LR", .ios13) == horizontal("LR", .appkit))
        let lr = MaskTranslation.translate(
            viewID: "v", superviewItem: "superview", frame: Rect(x: 160, y: 0, width: 80, height: 10),
            mask: hMask("LR"), superviewSize: Size(width: 320, height: 480), policy: .ios13)
        #expect(lr.constraints[0].multiplier == 2.0 / 3.0)
        #expect(TranslationPolicy(name: "ios7-center") == .ios6to12)
        #expect(TranslationPolicy(name: "ios6-12") == .ios6to12)
        #expect(TranslationPolicy(name: "ios7") == nil)
    }

    /// L+R with S == W (both margins zero) has no proportion: reported, never NaN, and held fixed.
    @Test func degenerateTranslationIsReported() {
        let r = MaskTranslation.translate(
            viewID: "v", superviewItem: "superview", frame: Rect(x: 0, y: 0, width: 320, height: 10),
            mask: hMask("LR"), superviewSize: Size(width: 320, height: 480), policy: .modern)
        #expect(r.degenerate.count == 1)
        #expect(
            r.degenerate[0].description
                == "degenerate translation: view \"v\" (h=&-& v=--&): LR divides by L + R = 0 on the horizontal axis")
        #expect(r.constraints.filter { $0.attr1.axis == .horizontal }.map(\.constant) == [0, 320])
        #expect(r.constraints.allSatisfy { $0.multiplier.isFinite && $0.constant.isFinite })
    }
}
