import Foundation
import Geometry
import LabJSON
import Scenario
import Testing
import ViewTree

@Suite("Reading scenario files")
struct ScenarioReadingTests {
    static let example = """
        { "superview": { "width": 100, "height": 100 },
          "views": [
            { "id": "a", "frame": [10, 10, 30, 30], "mask": "h=&&- v=--&" },
            { "id": "b", "parent": "a", "frame": [0, 0, 30, 10], "mask": ["flexibleWidth"] },
            { "id": "c", "frame": [50, 50, 10, 10], "mask": 45 } ] }
        """

    @Test func readsTheIssueExampleInAllThreeMaskForms() throws {
        let s = try Scenario(json: Self.example)
        #expect(s.tree.superviewSize == Size(width: 100, height: 100))
        #expect(s.tree.views.map(\.id) == ["a", "b", "c"])
        #expect(s.tree.views[0].mask.rawValue == 1 | 2 | 32)  // h=&&- v=--&
        #expect(s.tree.views[1].mask == .flexibleWidth)
        #expect(
            s.tree.views[2].mask == [
                .flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin,
            ])
        #expect(s.tree.views[1].frame == Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(s.tree.parentIndex == [nil, 0, nil])
        #expect(s.tree.rootChildren == [0, 2])
        #expect(s.tree.children[0] == [1])
    }

    @Test func writingAndReadingBackGivesTheSameScenario() throws {
        let s = try Scenario(json: Self.example)
        let again = try Scenario(json: s.json())
        #expect(again == s)
    }

    /// A constraint's id is its `identifier`, which Apple does not require to be unique (Xcode gives
    /// every build-time pin the same one): two constraints sharing one load, and write back as they were.
    @Test func constraintIdsMayRepeatAsApplesIdentifiersDo() throws {
        let pin = "IB auto generated at build time for view with fixed frame"
        let json = """
            {"superview":{"width":100,"height":100},"views":[{"id":"a","frame":[0,0,10,10],"translatesMask":false}],
             "constraints":[{"item1":"a","attr1":"left","relation":"==","item2":"superview","attr2":"left","constant":5,"id":"\(pin)"},
                            {"item1":"a","attr1":"top","relation":"==","item2":"superview","attr2":"top","constant":7,"id":"\(pin)"}]}
            """
        let s = try Scenario(json: json)
        #expect(s.constraints.map(\.identifier) == [pin, pin])
        #expect(s.constraints.map(\.constant) == [5, 7])
        #expect(try Scenario(json: s.json()) == s)
    }

    /// Each bad input, the problem it must report, and the text the error must point at (its first
    /// occurrence in the input gives the expected line and column).
    @Test(
        arguments: [
            (#"{"superview":{"width":1,"height":1},"views":[],"extra":1}"#, "unknown key \"extra\"", #""extra""#),
            (
                "{\"superview\":{\"width\":1,\"height\":1},\n \"views\":[{\"id\":\"a\",\"frame\":[0,0,1,1],\"colour\":2}]}",
                "unknown key \"colour\"", #""colour""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1]},{"id":"a","frame":[0,0,2,2]}]}"#,
                "duplicate view id \"a\"", #"{"id":"a","frame":[0,0,2"#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","parent":"zz","frame":[0,0,1,1]}]}"#,
                "unknown parent \"zz\"", #"{"id":"a""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","parent":"b","frame":[0,0,1,1]},{"id":"b","parent":"a","frame":[0,0,1,1]}]}"#,
                "parent cycle a → b → a", #"{"id":"a""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"mask":64}]}"#,
                "64 is not an integer from 0 to 63", "64"
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"mask":2.5}]}"#,
                "2.5 is not an integer from 0 to 63", "2.5"
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"mask":["flexibleWidht"]}]}"#,
                "unknown name \"flexibleWidht\"", #""flexibleWidht""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"mask":"h=&x- v=---"}]}"#,
                "is not Apple's notation", #""h=&x"#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1e999,1]}]}"#,
                "\"frame width\" must be a finite number", "1e999"
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1]}]}"#,
                "\"frame\" must hold 4 numbers [x, y, width, height], found 3", "[0,0,1]"
            ),
            (#"{"superview":{"width":-1,"height":1},"views":[]}"#, "must not be negative", #"{"width":-1"#),
            (#"{"views":[]}"#, "missing key \"superview\"", #"{"views""#),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"superview","frame":[0,0,1,1]}]}"#, "reserved",
                #"{"id":"superview""#
            ),
            ("{\"superview\":{\"width\":1,\n\"height\":1}, \"views\":[,]}", "expected a value", ",]"),
            (#"{"superview":{"width":1,"width":2}}"#, "duplicate key \"width\"", #""width":2"#),
        ] as [(String, String, String)])
    func rejectsBadInputSayingWhatAndWhere(input: String, problem: String, pointsAt marker: String) throws {
        let offset = try #require(input.range(of: marker)).lowerBound
        let before = input[..<offset]
        let line = before.filter { $0 == "\n" }.count + 1
        let column =
            before.count
            - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        do {
            _ = try Scenario(json: input, file: "s.json")
            Issue.record("accepted bad input: \(input)")
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
            #expect(error.location == SourceLocation(line: line, column: column), "\(error.description)")
            #expect(error.description.hasPrefix("s.json:\(line):\(column):"))
        }
    }

    @Test func errorsInsideAViewNameTheView() {
        let input = #"{"superview":{"width":1,"height":1},"views":[{"id":"box","frame":[0,0,1,1],"mask":99}]}"#
        #expect(throws: ScenarioError.self) { try Scenario(json: input) }
        do { _ = try Scenario(json: input) } catch {
            #expect(error.viewID == "box")
            #expect(error.description.contains("view \"box\""))
        }
    }
}

@Suite("Mask notation")
struct MaskNotationTests {
    @Test func everyMaskWithAFlexiblePartOnEachAxisRoundTripsThroughTheNotation() {
        var checked = 0
        for raw in 0...63 {
            let mask = AutoresizingMask(rawValue: raw)
            guard !mask.parts(on: .horizontal).isEmpty, !mask.parts(on: .vertical).isEmpty else { continue }
            #expect(AutoresizingMask(notation: mask.notation) == mask, "\(raw) → \(mask.notation)")
            checked += 1
        }
        #expect(checked == 49)  // 7 non-empty part sets per axis
    }

    @Test func printsApplesNotation() {
        #expect(AutoresizingMask.none.notation == "h=--& v=--&")  // Apple shows a fixed axis as --&
        #expect(AutoresizingMask.flexibleWidth.notation == "h=-&- v=--&")
        #expect(AutoresizingMask(rawValue: 63).notation == "h=&&& v=&&&")
        #expect(
            AutoresizingMask([.flexibleLeftMargin, .flexibleRightMargin, .flexibleHeight]).notation == "h=&-& v=-&-")
        #expect(AutoresizingMask(notation: "h=--- v=---") == AutoresizingMask.none)
        #expect(AutoresizingMask(notation: "h=&&&") == nil)
    }
}

@Suite("JSON numbers")
struct JSONNumberTests {
    @Test func writesShortestRoundTripFormsAndNamesNonFiniteValues() {
        #expect(JSONWriter.number(35) == "35")
        #expect(JSONWriter.number(-2.5) == "-2.5")
        #expect(JSONWriter.number(1.0 / 3.0) == "0.3333333333333333")
        #expect(Double(JSONWriter.number(0.1 + 0.2)) == 0.1 + 0.2)
        #expect(JSONWriter.number(1e300) == "1e+300")
        #expect(JSONWriter.number(.nan) == "\"nan\"")
        #expect(JSONWriter.number(.infinity) == "\"inf\"")
        #expect(JSONWriter.number(-.infinity) == "\"-inf\"")
    }

    @Test func readsWhatItWrites() throws {
        let value = JSONValue.object([
            "a": .array([.number(0.1), .string("q\"\n\u{1}é")]), "b": .bool(true), "c": .null,
        ])
        let text = JSONWriter.write(value)
        #expect(JSONWriter.write(try JSONReader.parse(text)) == text)
    }
}
