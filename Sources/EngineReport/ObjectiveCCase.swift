import ConstraintModel
import Geometry
import LabJSON
import Scenario
import ViewTree

/// A scenario and its sizes as Objective-C against the AppKit API (what `Engines/appkit/engine.m`
/// does for it), to paste into a GNUstep test: flipped views for top-left coordinates, the masks
/// (UIKit's bits are AppKit's in a flipped superview), hand-written constraints, intrinsic sizes,
/// each size set on a borderless window, then the frames Apple's rules give (the lab's answer)
/// checked view by view.
public enum ObjectiveCCase {
    public static func render(
        _ scenario: Scenario, sizes: [Size], expected: [String: Rect], diverging: String
    ) -> String {
        let tree = scenario.tree
        let root = tree.superviewSize
        var out = """
            // Needs: @interface FlippedView : NSView @end  (isFlipped returns YES), and IntrinsicView, a
            // FlippedView whose intrinsicContentSize returns its `intrinsic` property.
            NSRect bounds = NSMakeRect(0, 0, \(n(root.width)), \(n(root.height)));
            NSWindow *window = [[NSWindow alloc] initWithContentRect: bounds styleMask: NSBorderlessWindowMask
                                                             backing: NSBackingStoreBuffered defer: YES];
            FlippedView *superview = [[FlippedView alloc] initWithFrame: bounds];
            [window setContentView: superview];

            """
        for (i, v) in tree.views.enumerated() {
            let name = identifier(v.id)
            let f = v.frame
            let hasIntrinsic = v.intrinsicContentSize.width != nil || v.intrinsicContentSize.height != nil
            let cls = hasIntrinsic ? "IntrinsicView" : "FlippedView"
            out +=
                "\(cls) *\(name) = [[\(cls) alloc] initWithFrame: "
                + "NSMakeRect(\(n(f.x)), \(n(f.y)), \(n(f.width)), \(n(f.height)))];\n"
            if hasIntrinsic {
                let w = v.intrinsicContentSize.width.map(n) ?? "NSViewNoIntrinsicMetric"
                let h = v.intrinsicContentSize.height.map(n) ?? "NSViewNoIntrinsicMetric"
                out += "\(name).intrinsic = NSMakeSize(\(w), \(h));\n"
            }
            if v.translatesMask {
                out += "[\(name) setAutoresizingMask: \(mask(v.mask))];  // \(v.mask.notation)\n"
            } else {
                out += "[\(name) setTranslatesAutoresizingMaskIntoConstraints: NO];\n"
            }
            for (axis, orientation) in [(Axis.horizontal, "Horizontal"), (.vertical, "Vertical")] {
                if v.contentHuggingPriority[axis] != AxisPriorities.defaultHugging[axis] {
                    out +=
                        "[\(name) setContentHuggingPriority: \(n(v.contentHuggingPriority[axis])) "
                        + "forOrientation: NSLayoutConstraintOrientation\(orientation)];\n"
                }
                let resistance = v.contentCompressionResistancePriority[axis]
                if resistance != AxisPriorities.defaultCompressionResistance[axis] {
                    out +=
                        "[\(name) setContentCompressionResistancePriority: \(n(resistance)) "
                        + "forOrientation: NSLayoutConstraintOrientation\(orientation)];\n"
                }
            }
            let parent = tree.parentIndex[i].map { identifier(tree.views[$0].id) } ?? "superview"
            out += "[\(parent) addSubview: \(name)];\n"
        }
        out += "[superview layoutSubtreeIfNeeded];  // the masks are translated from these frames\n"
        // What the engine is sent (`Scenario.json()`): the hand-written constraints, then the Visual
        // Format entries for the framework's own parser.
        let formats = scenario.visualFormats
        for c in scenario.constraints where c.isHandWritten {
            let item2 = c.item2.map(identifier) ?? "nil"
            let attr2 = c.attr2.map(attribute) ?? "NSLayoutAttributeNotAnAttribute"
            out +=
                "{ NSLayoutConstraint *c = [NSLayoutConstraint constraintWithItem: \(identifier(c.item1)) "
                + "attribute: \(attribute(c.attr1))\n    relatedBy: \(relation(c.relation)) toItem: \(item2) "
                + "attribute: \(attr2) multiplier: \(n(c.multiplier)) constant: \(n(c.constant))];\n"
            if c.priority != LayoutPriority.required { out += "  [c setPriority: \(n(c.priority))];\n" }
            out += "  [c setActive: \(c.isActive ? "YES" : "NO")]; }\n"
        }
        if !formats.isEmpty {
            let names = (["superview"] + tree.views.map(\.id)).map { "@\"\($0)\": \(identifier($0))" }
            out += "NSDictionary *views = @{\(names.joined(separator: ", "))};\n"
        }
        for f in formats {
            let metrics = f.metrics.sorted { $0.key < $1.key }.map { "@\"\($0.key)\": @\(n($0.value))" }
            out +=
                "[NSLayoutConstraint activateConstraints: [NSLayoutConstraint constraintsWithVisualFormat: "
                + "@\"\(f.format)\"\n    options: 0 metrics: @{\(metrics.joined(separator: ", "))} views: views]];\n"
        }
        out += "[superview layoutSubtreeIfNeeded];\n"
        for s in sizes {
            out += "[window setContentSize: NSMakeSize(\(n(s.width)), \(n(s.height)))];\n"
            out += "[superview layoutSubtreeIfNeeded];\n"
        }
        out += "// Apple's rules (the lab's answer) after the last size; the class shows in \(identifier(diverging)):\n"
        for v in tree.views {
            guard let r = expected[v.id] else { continue }
            out +=
                "PASS(NSEqualRects([\(identifier(v.id)) frame], "
                + "NSMakeRect(\(n(r.x)), \(n(r.y)), \(n(r.width)), \(n(r.height)))), \"\(v.id)\");\n"
        }
        return out
    }

    /// A view id as an Objective-C identifier (`superview` is the window's content view).
    static func identifier(_ id: String) -> String {
        if id == ViewTree.superviewID { return "superview" }
        let scalars = id.unicodeScalars.map { s -> Character in
            (s.properties.isAlphabetic || ("0"..."9").contains(s)) && s.isASCII ? Character(s) : "_"
        }
        let name = String(scalars)
        return name.first?.isNumber == true ? "v_" + name : name
    }

    /// `NSLayoutAttributeLeading` for `.leading`.
    static func attribute(_ a: LayoutAttribute) -> String {
        "NSLayoutAttribute" + a.rawValue.prefix(1).uppercased() + a.rawValue.dropFirst()
    }

    static func relation(_ r: LayoutRelation) -> String {
        switch r {
        case .equal: "NSLayoutRelationEqual"
        case .lessThanOrEqual: "NSLayoutRelationLessThanOrEqual"
        case .greaterThanOrEqual: "NSLayoutRelationGreaterThanOrEqual"
        }
    }

    /// UIKit's bits as AppKit's: the same values (in a flipped superview, the top margin is minY).
    static func mask(_ m: AutoresizingMask) -> String {
        let names: [(AutoresizingMask, String)] = [
            (.flexibleLeftMargin, "NSViewMinXMargin"), (.flexibleWidth, "NSViewWidthSizable"),
            (.flexibleRightMargin, "NSViewMaxXMargin"), (.flexibleTopMargin, "NSViewMinYMargin"),
            (.flexibleHeight, "NSViewHeightSizable"), (.flexibleBottomMargin, "NSViewMaxYMargin"),
        ]
        let list = names.filter { m.contains($0.0) }.map(\.1)
        return list.isEmpty ? "NSViewNotSizable" : list.joined(separator: " | ")
    }

    static func n(_ v: Double) -> String { JSONWriter.plainNumber(v) }
}
