import ConstraintModel
import Geometry
import Solver
import Translation
import ViewTree

/// A variable a linear form reads: one of the tree's (view i's x, y, width, height at 4i…4i+3 of
/// `ViewVariables.block`, then the root's width and height), or a margin, safe-area or content
/// variable made on use.
enum VariableRef {
    case table(Int32)
    case other(Variable)
}

/// Where a linear form's terms go: a `Constraint`'s term list, or straight into a `ConstraintBatch`
/// (translated masks read only the tree's own variables, which the batch names by index).
protocol LinearFormSink {
    mutating func add(_ variable: VariableRef, _ coefficient: Double)
}

/// Terms for a `Constraint` object.
struct TermList: LinearFormSink {
    let variables: ViewVariables
    var terms: [Term] = []

    mutating func add(_ variable: VariableRef, _ coefficient: Double) {
        switch variable {
        case .table(let i): terms.append(Term(variables.variable(Int(i)), coefficient))
        case .other(let v): terms.append(Term(v, coefficient))
        }
    }
}

extension ConstraintBatch: LinearFormSink {
    mutating func add(_ variable: VariableRef, _ coefficient: Double) {
        guard case .table(let i) = variable else { preconditionFailure("a batch reads only the tree's variables") }
        addTerm(i, coefficient)
    }
}

extension ViewVariables {
    /// The table slots of a view's (nil: the root's) position and size on an axis.
    @inline(__always)
    func slot(_ item: Int?, size: Bool, horizontal: Bool) -> Int32 {
        guard let i = item else { return Int32(4 * viewCount + (horizontal ? 0 : 1)) }
        return Int32(4 * i + (size ? 2 : 0) + (horizontal ? 0 : 1))
    }

    /// Adds `coefficient × item.attr`, read in the coordinates of `frameOf` (an ancestor of `item`, or
    /// `item` itself), to a linear form. Terms are appended directly: compiling constraints is on the
    /// sweep's hot path (every unit builds an engine). Margin attributes and layout guides read the
    /// item's inset variables, so margins can follow the frames without recompiling.
    ///
    /// In right-to-left, leading and trailing are read on a mirrored axis (their position negated),
    /// as Auto Layout does: `a.leading == superview.leading + 20` puts `a` 20 points in from the
    /// right edge, not 20 beyond it.
    ///
    /// The variables are each view's **alignment rect** (`View.alignmentRectInsets`), which is what
    /// constraints act on; a view's coordinates are its bounds, whose origin is its frame's. With
    /// `frameSemantics` the item's frame is read instead (translated masks are made from frames).
    func accumulate<Sink: LinearFormSink>(
        _ item: Int?, _ attr: LayoutAttribute, guide: LayoutGuide? = nil, in frameOf: Int?, times factor: Double,
        frameSemantics: Bool = false, into terms: inout Sink, constant: inout Double
    ) {
        let horizontal = attr.axis == .horizontal
        var size = VariableRef.table(slot(item, size: true, horizontal: horizontal))
        var guide = guide
        if guide == .contentLayout, let i = item {
            // The content rectangle: the bounds origin, and a size of its own.
            size = .other(content.size(i, horizontal: horizontal, name: tree.views[i].id))
            guide = nil
        } else if guide == .frameLayout || guide == .contentLayout {
            guide = nil  // the frame, and the root's content (the root is no scroll view)
        }
        let rtl = tree.layoutDirection == .rightToLeft
        let k = rtl && attr.isDirectional ? -factor : factor
        if attr.isBaseline, let i = item, let b = tree.views[i].baselineOffsets {
            // The first baseline sits below the alignment rect's top, the last above its bottom.
            constant += k * (attr == .firstBaseline ? b.first : -b.last)
        }
        if hasAlignmentInsets {
            // The edge offsets the insets add: the item's low edge moves out by its own inset when
            // its frame is read, and the frame-of view's bounds start its low inset before its rect.
            let own = alignmentInsets(item, horizontal: horizontal)
            let base = alignmentInsets(frameOf, horizontal: horizontal)
            let sizeOffset = frameSemantics ? own.low + own.high : 0
            let lowOffset = attr.isSize ? 0 : base.low - (frameSemantics ? own.low : 0)
            let sizeShare: Double = attr.isSize ? 1 : Self.sizeShare(attr, rtl: rtl)
            constant += k * (lowOffset + sizeShare * sizeOffset)
        }
        // The guide's (or, for margin attributes, the margins') insets on the axis's two edges.
        func inset(_ edge: RectEdge, _ c: Double) {
            terms.add(.other(self.inset(item, guide == .safeArea ? .safeArea : .margin, edge)), k * c)
        }
        let (low, high): (RectEdge, RectEdge) = horizontal ? (.left, .right) : (.top, .bottom)
        if attr.isSize {
            terms.add(size, k)
            if guide != nil {
                inset(low, -1)
                inset(high, -1)
            }
            return
        }
        // A location: the item's edge in the frame's coordinates, its absolute origin minus the frame's.
        if item != frameOf {
            if item != nil { terms.add(.table(slot(item, size: false, horizontal: horizontal)), k) }
            if frameOf != nil { terms.add(.table(slot(frameOf, size: false, horizontal: horizontal)), -k) }
        }
        func addSize(_ c: Double) { terms.add(size, k * c) }
        if guide != nil {
            // A guide's edges are the view's, moved in by the insets.
            switch attr {
            case .left, .minX, .top, .minY: inset(low, 1)
            case .right, .maxX, .bottom, .maxY:
                addSize(1)
                inset(high, -1)
            case .centerX, .midX, .centerY, .midY:
                addSize(0.5)
                inset(low, 0.5)
                inset(high, -0.5)
            case .leading:
                if rtl {
                    addSize(1)
                    inset(.right, -1)
                } else {
                    inset(.left, 1)
                }
            case .trailing:
                if rtl {
                    inset(.left, 1)
                } else {
                    addSize(1)
                    inset(.right, -1)
                }
            default: break  // margin forms: rejected by validation
            }
            return
        }
        switch attr {
        case .left, .minX, .top, .minY, .firstBaseline: break
        case .right, .maxX, .bottom, .maxY, .lastBaseline: addSize(1)
        case .centerX, .midX, .centerY, .midY: addSize(0.5)
        case .leading: if rtl { addSize(1) }
        case .trailing: if !rtl { addSize(1) }
        case .leftMargin, .topMargin: inset(low, 1)
        case .rightMargin, .bottomMargin:
            addSize(1)
            inset(high, -1)
        case .leadingMargin:
            if rtl {
                addSize(1)
                inset(.right, -1)
            } else {
                inset(.left, 1)
            }
        case .trailingMargin:
            if rtl {
                inset(.left, 1)
            } else {
                addSize(1)
                inset(.right, -1)
            }
        case .centerXWithinMargins, .centerYWithinMargins:
            addSize(0.5)
            inset(low, 0.5)
            inset(high, -0.5)
        case .width, .height: break  // handled above
        }
    }

    /// How much of the item's size an attribute's position includes (0 at the low edge, 1 at the high
    /// edge, ½ at the centre); guides and margins add their insets separately.
    static func sizeShare(_ attr: LayoutAttribute, rtl: Bool) -> Double {
        switch attr {
        case .right, .maxX, .bottom, .maxY, .rightMargin, .bottomMargin, .lastBaseline: 1
        case .centerX, .midX, .centerY, .midY, .centerXWithinMargins, .centerYWithinMargins: 0.5
        case .leading, .leadingMargin: rtl ? 1 : 0
        case .trailing, .trailingMargin: rtl ? 0 : 1
        default: 0
        }
    }

    /// A layout constraint as a linear solver constraint at `strength`. `items` and `frame` may be
    /// given when the caller knows them (translated constraints relate a view to its own superview,
    /// read in the superview's coordinates); otherwise they are looked up.
    func compile(
        _ c: LayoutConstraint, strength: Double, items: (Int?, Int?)? = nil, frame: Int?? = nil,
        frameSemantics: Bool = false
    ) -> Constraint {
        var terms = TermList(variables: self)
        terms.terms.reserveCapacity(6)
        let (constant, op) = linearForm(c, items: items, frame: frame, frameSemantics: frameSemantics, into: &terms)
        return Constraint(Expression(terms.terms, constant: constant), op, strength: strength)
    }

    /// A layout constraint's linear form `Σ terms + constant OP 0`: its terms added to `terms`.
    func linearForm(
        _ c: LayoutConstraint, items: (Int?, Int?)?, frame: Int??, frameSemantics: Bool, into terms: inout TermList
    ) -> (constant: Double, op: RelationalOperator) {
        var first: (view: Int?, guide: LayoutGuide?) = items.map { ($0.0, nil) } ?? item(c.item1)
        var second: (view: Int?, guide: LayoutGuide?)? = items.map { ($0.1, nil) } ?? c.item2.map(item)
        let i1 = first.view
        let i2 = second?.view
        if hasScrollViews && !frameSemantics, let attr2 = c.attr2, second != nil {
            // A scroll view's edges and margins read against a view inside it are its content's.
            if first.guide == nil && ScrollContentVariables.readsContent(c.attr1, of: i1, other: i2, in: tree) {
                first.guide = .contentLayout
            }
            if second?.guide == nil && ScrollContentVariables.readsContent(attr2, of: i2, other: i1, in: tree) {
                second?.guide = .contentLayout
            }
        }
        // A constant constraint is read in item1's superview's coordinates (as translated `minX == L` is).
        let frame: Int? =
            frame ?? (c.item2 != nil ? nearestCommonAncestor(i1, i2) : i1.flatMap { tree.parentIndex[$0] })
        var constant = -c.constant
        accumulate(
            i1, c.attr1, guide: first.guide, in: frame, times: 1, frameSemantics: frameSemantics, into: &terms,
            constant: &constant)
        if c.item2 != nil, let attr2 = c.attr2 {
            accumulate(
                i2, attr2, guide: second?.guide, in: frame, times: -c.multiplier, frameSemantics: frameSemantics,
                into: &terms, constant: &constant)
        }
        let op: RelationalOperator =
            switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessOrEqual
            case .greaterThanOrEqual: .greaterOrEqual
            }
        return (constant, op)
    }

    /// A translated constraint of view `view` appended to a batch over the tree's variables: it relates the view to
    /// its superview, read on frames in the superview's coordinates (the same linear form `compile`
    /// makes of its named constraint, with no name made).
    func compileMask(_ c: MaskConstraint, view: Int, strength: Double, into batch: inout ConstraintBatch) {
        let parent = tree.parentIndex[view]
        // AppKit's `superview.width == view.maxX + R` names the superview first.
        let (item1, item2): (Int?, Int?) = c.superviewFirst ? (parent, view) : (view, parent)
        var constant = -c.constant
        accumulate(item1, c.attr1, in: parent, times: 1, frameSemantics: true, into: &batch, constant: &constant)
        if let attr2 = c.attr2 {
            accumulate(
                item2, attr2, in: parent, times: -c.multiplier, frameSemantics: true, into: &batch, constant: &constant)
        }
        batch.endConstraint(constant: constant, .equal, strength: strength)
    }
}
