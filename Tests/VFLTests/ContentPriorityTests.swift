import AutoLayout
import ConstraintModel
import Geometry
import Scenario
import Testing
import ViewTree

/// A label and a text field in a row (`H:|-[label]-[field]-|`), sized from their content.
@Suite("Hugging, compression resistance and priorities")
struct ContentPriorityTests {
    static func row(
        labelHugging: Double = 250, fieldHugging: Double = 250, labelResistance: Double = 750,
        fieldResistance: Double = 750
    ) -> String {
        """
        {"superview": {"width": 320, "height": 100},
         "views": [
           {"id": "label", "frame": [0, 0, 42, 21], "translatesMask": false, "intrinsicContentSize": [42, 21],
            "contentHuggingPriority": {"horizontal": \(labelHugging)}, "contentCompressionResistancePriority": {"horizontal": \(labelResistance)}},
           {"id": "field", "frame": [0, 0, 100, 30], "translatesMask": false, "intrinsicContentSize": [100, 30],
            "contentHuggingPriority": {"horizontal": \(fieldHugging)}, "contentCompressionResistancePriority": {"horizontal": \(fieldResistance)}}],
         "visualFormat": [{"format": "H:|-[label]-[field]-|"}, {"format": "V:|-[label]"}, {"format": "V:|-[field]"}]}
        """
    }

    func layout(_ json: String, width: Double) throws -> AutoLayoutStep {
        let s = try Scenario(json: json)
        return AutoLayout.layout(
            s.tree, constraints: s.constraints, through: [Size(width: width, height: 100)],
            configuration: AutoLayoutConfiguration())[0]
    }

    func width(_ step: AutoLayoutStep, _ id: String) -> Double { step.tree.views[step.tree.index(of: id)!].frame.width }

    /// Spare space (320 − 8·3 − 142 = 154) goes to the view that hugs less: the field at 250.
    @Test func theFieldTakesTheSpareSpace() throws {
        let step = try layout(Self.row(labelHugging: 251), width: 320)
        #expect(width(step, "label") == 42)
        #expect(width(step, "field") == 254)
        #expect(step.ambiguous.isEmpty && step.ties.isEmpty)
    }

    /// Too little space (120 − 24 = 96 for 142 of content): the view that resists less is compressed.
    @Test func theLabelIsCompressedFirstWhenItResistsLess() throws {
        let step = try layout(Self.row(labelHugging: 251, labelResistance: 749), width: 120)
        #expect(width(step, "field") == 100)
        #expect(width(step, "label") == -4)
        #expect(step.ambiguous.isEmpty)
        let swapped = try layout(Self.row(labelHugging: 251, fieldResistance: 749), width: 120)
        #expect(width(swapped, "label") == 42)
        #expect(width(swapped, "field") == 54)
    }

    /// Equal hugging with spare space, or equal resistance with too little, is ambiguous: the lab
    /// names the views and the tie.
    @Test func equalPrioritiesAreReportedAmbiguous() throws {
        let spare = try layout(Self.row(), width: 320)
        #expect(Set(spare.ambiguous) == ["label", "field"])
        #expect(spare.ties.map(\.description) == ["label and field tie on horizontal hugging at 250 with spare space"])
        let tight = try layout(Self.row(labelHugging: 251), width: 120)
        #expect(Set(tight.ambiguous) == ["label", "field"])
        #expect(
            tight.ties.map(\.description) == [
                "label and field tie on horizontal compression resistance at 750 with too little space"
            ])
    }

    @Test func contentSizeConstraintsPrintAsAppleLogsThem() throws {
        let s = try Scenario(json: Self.row(labelHugging: 251))
        let lines = AutoLayout.explain(s.tree, constraints: s.constraints, translation: .modern).constraints.map(
            \.appleDescription)
        #expect(lines.contains("<NSContentSizeLayoutConstraint H:[label(42)] Hug:251 CompressionResistance:750>"))
        #expect(lines.contains("<NSContentSizeLayoutConstraint V:[field(30)] Hug:250 CompressionResistance:750>"))
    }

    /// Apple documents priorities as a strict order: one constraint at a higher level beats any
    /// number at a lower one. The lab keeps that for every pair of these levels with a hundred
    /// constraints below (its ladder claims up to 999 for systems using at most three levels).
    @Test func oneHigherPriorityBeatsAHundredLower() throws {
        let levels: [Double] = [1, 50, 249, 250, 251, 500, 749, 750, 751, 998, 999]
        for (i, low) in levels.enumerated() {
            for high in levels[(i + 1)...] {
                var constraints = [#"{"item1":"a","attr1":"width","relation":"==","constant":100,"priority":\#(high)}"#]
                constraints += Array(
                    repeating: #"{"item1":"a","attr1":"width","relation":"==","constant":200,"priority":\#(low)}"#,
                    count: 100)
                let json =
                    #"{"superview":{"width":300,"height":100},"views":[{"id":"a","frame":[0,0,1,1]}],"constraints":["#
                    + constraints.joined(separator: ",") + "]}"
                // The view does not translate its mask, so only the priorities decide its width.
                let s = try Scenario(json: json)
                let tree = try ViewTree(
                    superviewSize: s.tree.superviewSize,
                    views: [View(id: "a", frame: Rect(x: 0, y: 0, width: 1, height: 1), translatesMask: false)])
                let decided = AutoLayout.layout(
                    tree, constraints: s.constraints, through: [Size(width: 300, height: 100)],
                    configuration: AutoLayoutConfiguration())[0]
                #expect(decided.tree.views[0].frame.width == 100, "\(high) against 100 × \(low)")
            }
        }
    }
}
