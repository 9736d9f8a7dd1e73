import ConstraintModel
import LabXML
import ViewTree

extension SceneBuilder {
    /// IB's attribute names: the lab's, and AppKit's `baseline` (the last baseline).
    static let attributes: [String: LayoutAttribute] = {
        var out: [String: LayoutAttribute] = [:]
        for name in LayoutAttribute.scenarioNames { out[name] = LayoutAttribute(rawValue: name) }
        out["baseline"] = .lastBaseline
        return out
    }()

    /// `1`, `0.5`, `1:1`, `80:11`, `1/3`.
    static func multiplier(_ s: String?) -> Double? {
        guard let s else { return 1 }
        for separator in [":", "/"] where s.contains(separator) {
            let parts = s.split(separator: Character(separator), maxSplits: 1).map { Double($0) }
            guard parts.count == 2, let a = parts[0], let b = parts[1], b != 0 else { return nil }
            return a / b
        }
        return number(s)
    }

    /// A `<constraint>` as a layout constraint, or nil (skipped, with the reason) when it cannot be one.
    mutating func constraint(_ e: XMLElement, owner: String, rootID: String) -> LayoutConstraint? {
        guard let a1name = e["firstAttribute"] else {
            skip(e, "a constraint without firstAttribute")
            return nil
        }
        let first = e["firstItem"]
        let second = e["secondItem"]
        guard let (item1, attr1) = item(first, attribute: a1name, owner: owner, rootID: rootID, element: e) else {
            return nil
        }
        var item2: String?
        var attr2: LayoutAttribute?
        if let second {
            guard let name = e["secondAttribute"] else {
                skip(e, "secondItem without secondAttribute")
                return nil
            }
            guard let (i2, a2) = item(second, attribute: name, owner: owner, rootID: rootID, element: e) else {
                return nil
            }
            item2 = i2
            attr2 = a2
        }
        let relation: LayoutRelation
        switch e["relation"] {
        case nil: relation = .equal
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        default:
            skip(e, "unknown relation \(e["relation"]!)")
            return nil
        }
        guard let multiplier = Self.multiplier(e["multiplier"]) else {
            skip(e, "unreadable multiplier \(e["multiplier"] ?? "")")
            return nil
        }
        let constant = Self.number(variations.value("constant", of: e) ?? e["constant"]) ?? 0
        let priority = Self.number(e["priority"]).map { min(1000, max(1, $0)) } ?? 1000
        return LayoutConstraint(
            item1, attr1, relation, item2, attr2, multiplier: multiplier, constant: constant, priority: priority,
            identifier: e["id"])
    }

    /// An IB item id and attribute as the scenario's item and attribute: views by id (the root as
    /// `superview`), guides as `view.safeArea` / `view.layoutMargins`, the iOS 7–10 layout guides as
    /// the root's safe area.
    mutating func item(
        _ id: String?, attribute name: String, owner: String, rootID: String, element e: XMLElement
    )
        -> (String, LayoutAttribute)?
    {
        guard let attr = Self.attributes[name] else {
            skip(e, "unknown attribute \(name)")
            return nil
        }
        guard let id else { return (owner, attr) }
        if id == rootID || id == cellAlias { return (ViewTree.superviewID, attr) }
        if ids.contains(id) { return (id, attr) }
        if let g = guides[id] {
            if g.hasPrefix("unsupported:") {
                skip(e, "layout guide \(g.dropFirst("unsupported:".count)) is not modelled")
                return nil
            }
            return (g, attr)
        }
        // iOS 7–10: the top layout guide spans the status and navigation bars (its bottom is the safe
        // area's top), the bottom guide the tab bar (its top is the safe area's bottom).
        if id == topGuide {
            switch attr {
            case .bottom: return ("\(ViewTree.superviewID).safeArea", .top)
            case .top: return (ViewTree.superviewID, .top)
            default: break
            }
        }
        if id == bottomGuide {
            switch attr {
            case .top: return ("\(ViewTree.superviewID).safeArea", .bottom)
            case .bottom: return (ViewTree.superviewID, .bottom)
            default: break
            }
        }
        // UIKeyboardLayoutGuide with the keyboard offscreen, as IB draws it: its top is the owner's
        // safe-area bottom (`usesBottomSafeArea`, the default), its bottom and sides the owner's.
        if let owner = keyboardGuides[id] {
            switch attr {
            case .top: return ("\(owner).safeArea", .bottom)
            case .bottom, .leading, .trailing, .left, .right, .centerX: return (owner, attr)
            default:
                skip(e, "keyboard layout guide attribute \(name) is not modelled")
                return nil
            }
        }
        if id == topGuide || id == bottomGuide {
            skip(e, "layout guide attribute \(name) is not modelled")
            return nil
        }
        skip(e, "refers to \(id), which is not in this scene")
        return nil
    }
}
