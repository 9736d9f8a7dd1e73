import ConstraintModel
import Geometry
import ViewTree

/// Translates one view's autoresizing mask into required constraints, from its frame and its
/// superview's size at the moment of translation. With `L, W, R, S` the min margin, size,
/// max margin and superview length then, and `S'` the superview's length variable, each axis gets two
/// constraints in the policy's form. The constraints name the superview `superviewItem` and carry the
/// mask's notation, so they print as Apple's log does.
public enum MaskTranslation {
    public struct Result: Sendable {
        public var constraints: [LayoutConstraint]
        public var degenerate: [DegenerateTranslation]
        /// The forms this translation used that springs and struts do not share.
        public var forms: TranslationForms = []
    }

    public static func translate(
        viewID: String, superviewItem: String, frame: Rect, mask: AutoresizingMask,
        superviewSize: Size, policy: TranslationPolicy
    ) -> Result {
        let made = translate(viewID: viewID, frame: frame, mask: mask, superviewSize: superviewSize, policy: policy)
        return Result(
            constraints: made.all.map { $0.named(view: viewID, superview: superviewItem, mask: mask) },
            degenerate: made.degenerate, forms: made.forms)
    }

    /// The translation without names (what the Auto Layout backend compiles); `viewID` names a
    /// degenerate axis.
    public static func translate(
        viewID: String, frame: Rect, mask: AutoresizingMask, superviewSize: Size,
        policy: TranslationPolicy
    ) -> MaskConstraints {
        var degenerate: [DegenerateTranslation] = []
        var forms: TranslationForms = []
        func axis(_ axis: Axis) -> (MaskConstraint, MaskConstraint) {
            let input = AxisInput(
                axis: axis, L: frame.origin(on: axis), W: frame.length(on: axis),
                S: superviewSize[axis], parts: mask.parts(on: axis))
            do {
                let made = try Self.forms(input, policy)
                if policy == .ios6to12 && input.parts.min && input.parts.max && !input.parts.size {
                    forms.insert(.centreFraction)
                }
                if policy == .appkit && (made.0.multiplierWasRounded || made.1.multiplierWasRounded) {
                    forms.insert(.float32Multiplier)
                }
                if policy == .idiomatic && idiomaticDiffers(input.parts) { forms.insert(.idiomaticRule) }
                return made
            } catch {
                var e = error
                e.viewID = viewID
                e.maskNotation = mask.notation
                degenerate.append(e)
                return try! Self.forms(AxisInput(fixing: input), policy)
            }
        }
        let x = axis(.horizontal)
        let y = axis(.vertical)
        return MaskConstraints(x: x, y: y, degenerate: degenerate, forms: forms)
    }

    /// One axis's inputs, with the attribute names of that axis.
    struct AxisInput {
        var axis: Axis
        var L: Double
        var W: Double
        var S: Double
        var parts: FlexibleParts

        var R: Double { S - L - W }
        var minAttr: LayoutAttribute { axis == .horizontal ? .minX : .minY }
        var maxAttr: LayoutAttribute { axis == .horizontal ? .maxX : .maxY }
        var midAttr: LayoutAttribute { axis == .horizontal ? .midX : .midY }
        var sizeAttr: LayoutAttribute { axis == .horizontal ? .width : .height }
        var centerAttr: LayoutAttribute { axis == .horizontal ? .centerX : .centerY }
        var letters: String {
            let names = axis == .horizontal ? ["L", "W", "R"] : ["T", "H", "B"]
            return (parts.min ? names[0] : "") + (parts.size ? names[1] : "") + (parts.max ? names[2] : "")
        }

        init(axis: Axis, L: Double, W: Double, S: Double, parts: FlexibleParts) {
            self.axis = axis
            self.L = L
            self.W = W
            self.S = S
            self.parts = parts
        }

        /// The same axis with no flexible part: the fallback for a degenerate form.
        init(fixing other: AxisInput) {
            self = other
            parts = FlexibleParts(min: false, size: false, max: false)
        }

        /// `view.attr == constant`.
        func fixed(_ attr: LayoutAttribute, _ c: Double) -> MaskConstraint { .fixed(attr, c) }

        /// `view.attr == m·superview.attr2 + c`.
        func scaled(_ attr: LayoutAttribute, _ m: Double, _ attr2: LayoutAttribute, _ c: Double) -> MaskConstraint {
            .scaled(attr, m, attr2, c)
        }

        func degenerate(_ denominatorName: String) -> DegenerateTranslation {
            DegenerateTranslation(
                viewID: "", maskNotation: "", axis: axis, parts: letters, denominator: denominatorName)
        }

        /// Throws if `value` is zero.
        func nonZero(_ value: Double, _ name: String) throws(DegenerateTranslation) -> Double {
            if value == 0 { throw degenerate(name) }
            return value
        }
    }

    static func forms(
        _ a: AxisInput, _ policy: TranslationPolicy
    ) throws(DegenerateTranslation) -> (MaskConstraint, MaskConstraint) {
        switch policy {
        case .modern: try modern(a)
        case .ios6to12: try centreForm(a)
        case .ios13: try appkit(a, float32Multipliers: false)
        case .appkit: try appkit(a, float32Multipliers: true)
        case .idiomatic: try idiomatic(a)
        }
    }

    /// iOS 8+: position `minX` and size `width`.
    static func modern(_ a: AxisInput) throws(DegenerateTranslation) -> (MaskConstraint, MaskConstraint) {
        let (L, W, R, S) = (a.L, a.W, a.R, a.S)
        let sw = a.sizeAttr
        switch (a.parts.min, a.parts.size, a.parts.max) {
        case (false, false, _):
            return (a.fixed(a.minAttr, L), a.fixed(sw, W))
        case (true, false, false):
            return (a.scaled(a.minAttr, 1, sw, -(W + R)), a.fixed(sw, W))
        case (false, true, false):
            return (a.fixed(a.minAttr, L), a.scaled(sw, 1, sw, -(L + R)))
        case (true, true, false):
            let d = try a.nonZero(L + W, a.axis == .horizontal ? "L + W" : "T + H")
            return (a.scaled(a.minAttr, L / d, sw, -(L / d) * R), a.scaled(sw, W / d, sw, -(W / d) * R))
        case (false, true, true):
            let d = try a.nonZero(W + R, a.axis == .horizontal ? "W + R" : "H + B")
            return (a.fixed(a.minAttr, L), a.scaled(sw, W / d, sw, -(W / d) * L))
        case (true, false, true):
            let d = try a.nonZero(L + R, a.axis == .horizontal ? "L + R" : "T + B")
            return (a.scaled(a.minAttr, L / d, sw, -(L / d) * W), a.fixed(sw, W))
        case (true, true, true):
            let d = try a.nonZero(S, "S")
            return (a.scaled(a.minAttr, L / d, sw, 0), a.scaled(sw, W / d, sw, 0))
        }
    }

    /// iOS 7 (Hershberger 2014): `width` and the centre `A = L + W/2`. For x=160 w=80 in 320 this gives
    /// exactly what iOS 7 logged (e.g. L+W: `width == 0.333333*superview.width − 26.6667`,
    /// `centerX == 1.66667*superview.centerX − 66.6667`).
    static func centreForm(_ a: AxisInput) throws(DegenerateTranslation) -> (MaskConstraint, MaskConstraint) {
        let (L, W, R, S) = (a.L, a.W, a.R, a.S)
        let A = L + W / 2
        let sw = a.sizeAttr
        let mid = a.midAttr
        let sc = a.centerAttr
        switch (a.parts.min, a.parts.size, a.parts.max) {
        case (false, false, _):
            return (a.fixed(sw, W), a.fixed(mid, A))
        case (true, false, false):
            return (a.fixed(sw, W), a.scaled(mid, 1, sw, -(R + W / 2)))
        case (false, true, false):
            return (a.scaled(sw, 1, sw, -(L + R)), a.scaled(mid, 1, sc, A - S / 2))
        case (true, true, false):
            let d = try a.nonZero(L + W, a.axis == .horizontal ? "L + W" : "T + H")
            return (a.scaled(sw, W / d, sw, -(W / d) * R), a.scaled(mid, 2 * A / d, sc, -(A * R) / d))
        case (false, true, true):
            let d = try a.nonZero(W + R, a.axis == .horizontal ? "W + R" : "H + B")
            let m = W / d
            return (a.scaled(sw, m, sw, -m * L), a.scaled(mid, m, sc, L - m * L / 2))
        case (true, false, true):
            let d = try a.nonZero(S, "S")
            return (a.fixed(sw, W), a.scaled(mid, A / d, sw, 0))
        case (true, true, true):
            let d = try a.nonZero(S, "S")
            return (a.scaled(sw, W / d, sw, 0), a.scaled(mid, A / d, sw, 0))
        }
    }

    /// AppKit: a fixed max margin as `superview.width == view.maxX + R`; L+R as
    /// `minX == m·superview.width − m·W` with `m = L/(S − W)`. Multipliers are stored as Float32, as
    /// AppKit stores them; constants are computed in Double from the exact multiplier.
    /// iOS 13+ logs the same shape; without evidence of Float32 multipliers there, `ios13` keeps Double.
    static func appkit(
        _ a: AxisInput, float32Multipliers: Bool
    ) throws(DegenerateTranslation) -> (MaskConstraint, MaskConstraint) {
        let (L, W, R, S) = (a.L, a.W, a.R, a.S)
        let sw = a.sizeAttr
        func f32(_ m: Double) -> Double { float32Multipliers ? Double(Float(m)) : m }
        func rounded(_ c: MaskConstraint, exact m: Double) -> MaskConstraint {
            var c = c
            c.multiplierWasRounded = c.multiplier != m
            return c
        }
        var maxMarginFixed = MaskConstraint.scaled(sw, 1, a.maxAttr, R)  // `superview.width == view.maxX + R`
        maxMarginFixed.superviewFirst = true
        switch (a.parts.min, a.parts.size, a.parts.max) {
        case (false, false, _):
            return (a.fixed(a.minAttr, L), a.fixed(sw, W))
        case (true, false, false):
            return (maxMarginFixed, a.fixed(sw, W))
        case (false, true, false):
            return (a.fixed(a.minAttr, L), maxMarginFixed)
        case (true, true, false):
            let m = L / (try a.nonZero(L + W, a.axis == .horizontal ? "L + W" : "T + H"))
            return (maxMarginFixed, rounded(a.scaled(a.minAttr, f32(m), sw, -m * R), exact: m))
        case (false, true, true):
            let m = W / (try a.nonZero(W + R, a.axis == .horizontal ? "W + R" : "H + B"))
            return (a.fixed(a.minAttr, L), rounded(a.scaled(sw, f32(m), sw, -m * L), exact: m))
        case (true, false, true):
            let m = L / (try a.nonZero(S - W, a.axis == .horizontal ? "S − W" : "S − H"))
            return (rounded(a.scaled(a.minAttr, f32(m), sw, -m * W), exact: m), a.fixed(sw, W))
        case (true, true, true):
            let d = try a.nonZero(S, "S")
            return (
                rounded(a.scaled(a.minAttr, f32(L / d), sw, 0), exact: L / d),
                rounded(a.scaled(sw, f32(W / d), sw, 0), exact: W / d)
            )
        }
    }
}

extension MaskTranslation {
    /// Translates every view of `tree` that translates its mask, from its current frame and its
    /// superview's current size, in tree order.
    public static func translateAll(_ tree: ViewTree, policy: TranslationPolicy) -> [(view: Int, result: Result)] {
        tree.views.indices.compactMap { i in
            let v = tree.views[i]
            guard v.translatesMask else { return nil }
            let parent = tree.parentIndex[i]
            return (
                i,
                translate(
                    viewID: v.id, superviewItem: parent.map { tree.views[$0].id } ?? ViewTree.superviewID,
                    frame: v.frame, mask: v.mask,
                    superviewSize: parent.map { tree.views[$0].frame.size } ?? tree.superviewSize, policy: policy)
            )
        }
    }
}

/// Translation forms whose results springs and struts do not share (sweep causes).
public struct TranslationForms: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// iOS 7's L+R form: the centre keeps its fraction of the superview.
    public static let centreFraction = TranslationForms(rawValue: 1)
    /// AppKit stored a multiplier whose Float32 value differs from the exact one.
    public static let float32Multiplier = TranslationForms(rawValue: 2)
    /// The idiomatic rule for this part set is not the mask's proportional split (a centred or
    /// proportionally sized view), or reads leading/trailing, which flip in right-to-left.
    public static let idiomaticRule = TranslationForms(rawValue: 4)
}
