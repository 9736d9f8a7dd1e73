import AutoLayout
import ConflictAnalysis
import ConflictLog
import Geometry
import Scenario
import Springs

// One view with both side margins flexible, laid out both ways: where do springs and Auto Layout part?
let scenario = try Scenario(json: #"{"superview": {"width": 100, "height": 100}, "views": [{"id": "box","#
    + #" "frame": [10, 10, 30, 30], "mask": "h=&-& v=---"}]}"#)
let sizes = [Size(width: 200, height: 100), Size(width: 50, height: 100)]
let springs = Springs.resize(scenario.tree, through: sizes, policy: .documented)
let autoLayout = AutoLayout.layout(scenario.tree, constraints: [], through: sizes,
                                   configuration: .init(translation: .ios6to12))
for (s, a) in zip(springs, autoLayout) where s.tree.frames != a.tree.frames {
    print("width \(s.tree.superviewSize.width): x \(s.tree.frames.map(\.minX)) vs \(a.tree.frames.map(\.minX))")
}
// A conflict log piped in (`pbpaste | swift run BothWays`), explained: what conflicts, Apple's choice, fixes.
var pasted = ""
while let line = readLine(strippingNewline: false) { pasted += line }
for log in try ConflictLogReader.read(pasted).logs { print(try ConflictAnalysis(log).explanation) }
