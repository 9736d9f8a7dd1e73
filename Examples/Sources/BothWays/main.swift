import AutoLayout
import ConflictAnalysis
import ConflictLog
import Geometry
import Scenario
import Springs

// A view with both side margins flexible, laid out both ways through the same sizes: springs and
// struts (Apple's documented rule) and Auto Layout with the centre form iOS 6-12 translated masks to.
let scenario = try Scenario(json: """
    {"superview": {"width": 100, "height": 100},
     "views": [{"id": "box", "frame": [10, 10, 30, 30], "mask": "h=&-& v=---"}]}
    """)
let sizes = [Size(width: 200, height: 100), Size(width: 50, height: 100)]
let springs = Springs.resize(scenario.tree, through: sizes, policy: .documented)
let autoLayout = AutoLayout.layout(scenario.tree, constraints: scenario.constraints, through: sizes,
                                   configuration: .init(translation: .ios6to12))
for (k, (s, a)) in zip(springs, autoLayout).enumerated() {
    for (v, w) in zip(s.tree.views, a.tree.views) where v.frame.maxEdgeDifference(to: w.frame) > 1e-6 {
        print("width \(sizes[k].width): \(v.id).minX is \(v.frame.minX) under springs, \(w.frame.minX) under Auto Layout")
    }
}

// A conflict log as pasted from the console, explained: what conflicts, Apple's choice, the fixes.
let pasted = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x6001 UILabel:0x7f01.height == 60   (active)>",
        "<NSLayoutConstraint:0x6002 'UIView-Encapsulated-Layout-Height' UIView:0x7f02.height == 44   (active)>",
        "<NSLayoutConstraint:0x6003 V:|-(0)-[UILabel:0x7f01]   (active, names: '|':UIView:0x7f02 )>",
        "<NSLayoutConstraint:0x6004 V:[UILabel:0x7f01]-(0)-|   (active, names: '|':UIView:0x7f02 )>"
    )
    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x6001 UILabel:0x7f01.height == 60   (active)>
    """
for log in try ConflictLogReader.read(pasted).logs { print(try ConflictAnalysis(log).explanation) }
