import ConstraintModel
import Scenario
import Testing
import VFL

/// The reference strings, with the constraints Apple documents for them.
@Suite("Visual Format parser")
struct ParserTests {
    static let views = [
        "button", "textField", "purpleBox", "flexibleButton", "find", "findNext", "findField", "label", "icon", "a",
        "b", "c",
    ]

    func parse(
        _ format: String, metrics: [String: Double] = [:], options: VisualFormatOptions = [],
        platform: VisualFormatPlatform = .uikit
    ) throws -> [String] {
        try VisualFormat.constraints(format, views: Self.views, metrics: metrics, options: options, platform: platform)
            .map(Self.text)
    }

    /// `item1.attr1 rel m*item2.attr2 + c @p`, compactly.
    static func text(_ c: LayoutConstraint) -> String {
        var s = "\(c.item1).\(c.attr1.rawValue) \(c.relation.rawValue) "
        if let i2 = c.item2, let a2 = c.attr2 {
            s += "\(i2).\(a2.rawValue)" + (c.constant == 0 ? "" : " + \(LayoutConstraint.g(c.constant))")
        } else {
            s += LayoutConstraint.g(c.constant)
        }
        return s + (c.isRequired ? "" : " @\(LayoutConstraint.g(c.priority))")
    }

    @Test func standardSpaceBetweenSiblings() throws {
        #expect(try parse("[button]-[textField]") == ["textField.leading == button.trailing + 8"])
    }

    @Test func widthsToTheSuperview() throws {
        #expect(
            try parse("|-50-[purpleBox]-50-|") == [
                "purpleBox.leading == superview.leading + 50", "superview.trailing == purpleBox.trailing + 50",
            ])
    }

    @Test func widthWithPriority() throws {
        #expect(try parse("[button(100@20)]") == ["button.width == 100 @20"])
    }

    @Test func widthRange() throws {
        #expect(
            try parse("[flexibleButton(>=70,<=100)]") == ["flexibleButton.width >= 70", "flexibleButton.width <= 100"])
    }

    /// A complete line of layout: `|-` and `-|` are the superview's margins on UIKit, the edge plus
    /// 20 on AppKit.
    @Test func completeLine() throws {
        #expect(
            try parse("|-[find]-[findNext]-[findField(>=20)]-|") == [
                "find.leading == superview.leadingMargin", "findNext.leading == find.trailing + 8",
                "findField.leading == findNext.trailing + 8", "findField.width >= 20",
                "superview.trailingMargin == findField.trailing",
            ])
        #expect(
            try parse("|-[find]-|", platform: .appkit) == [
                "find.leading == superview.leading + 20", "superview.trailing == find.trailing + 20",
            ])
    }

    @Test func verticalWithViewPredicatesAndFlushViews() throws {
        #expect(
            try parse("V:|-10-[label(>=70@1000,>=button@250)]-[button][icon]-|") == [
                "label.top == superview.top + 10", "label.height >= 70", "label.height >= button.height @250",
                "button.top == label.bottom + 8", "icon.top == button.bottom", "superview.bottomMargin == icon.bottom",
            ])
    }

    @Test func metricsWinOverViewNamesAndRelationsNeedNoParentheses() throws {
        #expect(try parse("[a]-b-[c]", metrics: ["b": 12]) == ["c.leading == a.trailing + 12"])
        #expect(try parse("[a]->=0-[b]") == ["b.leading >= a.trailing"])
        #expect(try parse("[a]-(-5)-[b]") == ["b.leading == a.trailing + -5"])
        #expect(try parse("[a(==b)]") == ["a.width == b.width"])
        #expect(try parse("[a(0x10)]") == ["a.width == 16"])  // strtod reads hexadecimal
    }

    /// Alignment relates each view to the next, after every other constraint; direction options
    /// write left/right, right-to-left running later views to the left.
    @Test func optionsAlignAndChooseTheDirection() throws {
        #expect(
            try parse("[a]-[b]-[c]", options: .alignAllCenterY) == [
                "b.leading == a.trailing + 8", "c.leading == b.trailing + 8", "a.centerY == b.centerY",
                "b.centerY == c.centerY",
            ])
        #expect(
            try parse("|-[a]-[b]", options: .directionLeftToRight) == [
                "a.left == superview.leftMargin", "b.left == a.right + 8",
            ])
        #expect(
            try parse("|-8-[a]-[b]-8-|", options: .directionRightToLeft) == [
                "superview.right == a.right + 8", "a.left == b.right + 8", "b.left == superview.left + 8",
            ])
        #expect(throws: VisualFormatError.self) { try parse("[a]-[b]", options: .alignAllLeading) }
    }

    /// The reference invalid strings: Apple's reason and the caret where Apple's cursor stands.
    @Test(
        arguments: [
            ("V|[x]|", "Expected ':' after 'V' to specify vertical arrangement", 1),
            ("[x)", "Expected a ']' here. That is how you give the end of a view.", 2),
            ("[x(]", "Expected a number or key from the metrics dictionary, but encountered something else", 3),
            ("[view]-", "Expected more input", 7),
            ("-[view]", "Expected a view", 0),
            (
                "[9ab]",
                "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.",
                1
            ),
            ("[view(>30)]", "Unknown relation. Must be ==, >=, or <=", 7),
            ("[view]-[nope]", "nope is not a key in the views dictionary.", 12),
            (
                "[view]-gap-[x]",
                "Encountered metric with name \"gap\", but value was not specified in metrics or views dictionaries", 10
            ),
            (
                "[view]-x-[x]",
                "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]",
                8
            ),
            (
                "[view]-8,9-[x]",
                "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints",
                8
            ),
            (
                "[view(50@1001)]",
                "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.",
                13
            ),
            (
                "[view]--8-[x]",
                "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.",
                7
            ),
            ("[view] [x]", "Expected a view or '|'", 6),
            ("|[view]||", "Expected the end of the format string", 8),
        ] as [(String, String, Int)])
    func invalidStringsFailWithACaret(format: String, reason: String, index: Int) {
        do {
            _ = try VisualFormat.constraints(format, views: ["x", "view"])
            Issue.record("parsed: \(format)")
        } catch {
            #expect(error.reason == reason)
            #expect(error.index == index)
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "Unable to parse constraint format: ")
            #expect(lines.last == Substring(String(repeating: " ", count: index) + "^"))
        }
    }

    @Test func emptyAndNonASCIIStringsHaveNoCaret() {
        #expect(throws: VisualFormatError(reason: "It's an empty string.", format: "", index: nil)) {
            try VisualFormat.constraints("", views: [])
        }
        #expect(throws: VisualFormatError(reason: "It contains non-ASCII characters.", format: "[é]", index: nil)) {
            try VisualFormat.constraints("[é]", views: ["é"])
        }
    }

    /// Constraints made from a format string print in its terms, as Apple's logs show them.
    @Test func logsInTheFormatsOwnTerms() throws {
        let made = try VisualFormat.constraints("|-[a]-(>=12@750)-[b(==c)]-0-|", views: ["a", "b", "c"])
        #expect(
            made.map(\.appleDescription) == [
                "<NSLayoutConstraint H:|-[a]>", "<NSLayoutConstraint H:[a]-(>=12@750)-[b]>",
                "<NSLayoutConstraint H:[b(==c)]>",
                "<NSLayoutConstraint H:[b]-(0)-|>",
            ])
    }
}

/// A format string in a scenario file: Apple's message plus the file, line and column of the
/// offending character inside the string.
@Suite("Visual Format in scenario files")
struct ScenarioFormatTests {
    @Test func errorsPointIntoTheString() throws {
        let json = """
            {"superview": {"width": 100, "height": 100},
             "views": [{"id": "a", "frame": [0, 0, 10, 10]}],
             "visualFormat": [{"format": "H:|-[a]-[nope]-|"}]}
            """
        do {
            _ = try Scenario(json: json, file: "row.json")
            Issue.record("accepted an unknown view")
        } catch {
            // The string starts at column 30 of line 3; the cursor stands after "nope" (index 13).
            #expect(
                error.description.hasPrefix(
                    "row.json:3:\(30 + 1 + 13): visualFormat #1: Unable to parse constraint format: \nnope is not a key in the views dictionary."
                ))
        }
        let unknownMetric = json.replacingOccurrences(of: "[nope]", with: "(gap)-[a]")
        #expect(throws: ScenarioError.self) { try Scenario(json: unknownMetric) }
    }

    @Test func formatsReadBackAndMakeTheirConstraints() throws {
        let json = """
            {"superview": {"width": 100, "height": 100},
             "views": [{"id": "a", "frame": [0, 0, 10, 10], "translatesMask": false}, {"id": "b", "parent": "a", "frame": [0, 0, 1, 1]}],
             "visualFormat": [{"format": "H:|-m-[a]", "metrics": {"m": 12}, "options": ["alignAllTop"], "platform": "appkit"},
                              {"format": "V:|-[b]"}]}
            """
        let s = try Scenario(json: json)
        #expect(
            s.constraints.map(\.appleDescription) == [
                "<NSLayoutConstraint H:|-(12)-[a]>", "<NSLayoutConstraint V:|-[b]>",
            ])
        // `|` is each view's own superview: the root for a, a for b.
        #expect(s.constraints.map { $0.item2 } == ["superview", "a"])
        #expect(try Scenario(json: s.json()) == s)
    }
}

/// Baselines in the Visual Format Language: the alignment options, baseline-to-baseline
/// spacing and its refusal for horizontal layout, and `|` beside a view without a superview, each
/// with Apple's message and caret (the parser's cursor, `NSLayoutConstraintParser`).
@Suite("Visual Format baselines and superviews")
struct VisualFormatBaselineTests {
    @Test func alignmentOnBaselines() throws {
        let last = try VisualFormat.constraints(
            "[label]-[field]", views: ["label", "field"], options: .alignAllLastBaseline)
        #expect(
            last.last.map { ($0.item1, $0.attr1, $0.item2, $0.attr2) } ?? ("", .left, nil, nil) == (
                "label", .lastBaseline, "field", .lastBaseline
            ))
        let first = try VisualFormat.constraints(
            "[label]-[field]", views: ["label", "field"], options: .alignAllFirstBaseline)
        #expect(first.last?.attr1 == .firstBaseline)
        #expect(VisualFormatOptions.alignAllBaseline == .alignAllLastBaseline)
        #expect(VisualFormatOptions(name: "alignAllBaseline") == .alignAllLastBaseline)
        // Baselines are vertical positions: aligning a vertical layout on them is Apple's error.
        #expect(throws: VisualFormatError.self) {
            try VisualFormat.constraints(
                "V:[label]-[field]", views: ["label", "field"], options: .alignAllFirstBaseline)
        }
    }

    @Test func baselineToBaselineSpacing() throws {
        let made = try VisualFormat.constraints(
            "V:|-[title]-12-[body]-|", views: ["title", "body"], options: .spacingBaselineToBaseline)
        let pairs = made.map {
            "\($0.item1).\($0.attr1.rawValue) \($0.relation.rawValue) \($0.item2 ?? "").\($0.attr2?.rawValue ?? "") + \($0.constant)"
        }
        #expect(
            pairs == [
                "title.firstBaseline == superview.topMargin + 0.0", "body.firstBaseline == title.lastBaseline + 12.0",
                "superview.bottomMargin == body.lastBaseline + 0.0",
            ])
        do {
            _ = try VisualFormat.constraints(
                "[label]-[field]", views: ["label", "field"], options: .spacingBaselineToBaseline)
            Issue.record("a horizontal layout with baseline spacing parsed")
        } catch {
            #expect(error.reason == "BaselineToBaseline format option not valid for horizontal layout")
            #expect(error.index == 15)  // after [field]: finishing the connection is where Apple checks
        }
    }

    @Test(arguments: [("|-[a]", 5), ("[a]-|", 5), ("[a]-[b]-|", 9), ("H:|[a]", 6)])
    func barWithoutASuperview(format: String, caret: Int) {
        do {
            _ = try VisualFormat.constraints(format, isView: { ["a", "b"].contains($0) }, superview: { _ in nil })
            Issue.record("\(format) parsed")
        } catch {
            #expect(
                error.reason == "Unable to interpret '|' character, because the related view doesn't have a superview")
            #expect(error.index == caret, "\(format)")
        }
    }
}
