import ConstraintModel
import Foundation
import Geometry
import InterfaceBuilder
import Testing
import ViewTree

/// AppKit documents: controls' alignment rects by kind and era, baselines, NSStackView.
@Suite("AppKit documents")
struct AppKitDocumentTests {
    /// A macOS xib whose root holds `body`, with `constraints` on the root.
    static func xib(_ body: String, constraints: String = "", toolsVersion: String = "17701") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="MacOSX.Cocoa" useAutolayout="YES">
            <objects>
                <customView id="root"><rect key="frame" x="0" y="0" width="480" height="300"/>
                    <subviews>
        \(body)
                    </subviews>
                    <constraints>
        \(constraints)
                    </constraints>
                </customView>
            </objects>
            <resources><image name="Tortoise" width="18" height="18"/></resources>
        </document>
        """
    }

    static let values = TestValues.values

    /// A view (`customView` unless `element` says otherwise) of a fixed size: required width and height
    /// constraints, and its stored frame there.
    static func sized(
        _ id: String, _ element: String = "customView", x: Double = 0, y: Double = 0, width: Double, height: Double,
        attributes: String = ""
    ) -> String {
        """
        <\(element) \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
            <rect key="frame" x="\(x)" y="\(y)" width="\(width)" height="\(height)"/>
            <constraints>
                <constraint firstAttribute="width" constant="\(width)" id="w-\(id)"/>
                <constraint firstAttribute="height" constant="\(height)" id="h-\(id)"/>
            </constraints>
        </\(element)>
        """
    }

    static func view(_ doc: IBImport, _ id: String) -> View {
        doc.scenes[0].scenario.tree.views.first { $0.id == id }!
    }

    static let push =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="80" height="32"/><buttonCell key="cell" type="push" title="OK" bezelStyle="rounded" alignment="center" borderStyle="border" id="cc"><font key="font" metaFont="system"/></buttonCell></button>"#
    static let smallPush =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="80" height="28"/><buttonCell key="cell" type="push" title="OK" bezelStyle="rounded" alignment="center" controlSize="small" borderStyle="border" id="cc"><font key="font" metaFont="smallSystem"/></buttonCell></button>"#
    static let check =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="80" height="18"/><buttonCell key="cell" type="check" title="On" bezelStyle="regularSquare" imagePosition="left" id="cc"><font key="font" metaFont="system"/></buttonCell></button>"#
    static let radio =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="80" height="22"/><buttonCell key="cell" type="radio" title="On" bezelStyle="regularSquare" imagePosition="left" controlSize="large" id="cc"><font key="font" metaFont="system" size="14"/></buttonCell></button>"#
    static let popUp =
        #"<popUpButton translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="100" height="26"/><popUpButtonCell key="cell" type="push" title="Item" bezelStyle="rounded" alignment="left" borderStyle="borderAndBezel" id="cc"><font key="font" metaFont="menu"/></popUpButtonCell></popUpButton>"#
    static let popUp25 =
        #"<popUpButton translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="100" height="25"/><popUpButtonCell key="cell" type="push" title="Item" bezelStyle="rounded" alignment="left" borderStyle="borderAndBezel" id="cc"><font key="font" metaFont="menu"/></popUpButtonCell></popUpButton>"#
    static let smallPush27 =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="80" height="27"/><buttonCell key="cell" type="push" title="OK" bezelStyle="rounded" alignment="center" controlSize="small" borderStyle="border" id="cc"><font key="font" metaFont="smallSystem"/></buttonCell></button>"#
    static let untitledRadio =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="22" height="22"/><buttonCell key="cell" type="radio" bezelStyle="regularSquare" imagePosition="left" controlSize="large" id="cc"><font key="font" metaFont="system" size="14"/></buttonCell></button>"#
    static let comboBox =
        #"<comboBox translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="189" height="26"/><comboBoxCell key="cell" borderStyle="bezel" drawsBackground="YES" id="cc"><font key="font" metaFont="system"/></comboBoxCell></comboBox>"#
    static let gradient =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="22" height="21"/><buttonCell key="cell" type="smallSquare" bezelStyle="smallSquare" image="NSAddTemplate" imagePosition="overlaps" borderStyle="border" id="cc"><font key="font" metaFont="system"/></buttonCell></button>"#
    static let borderlessGradient =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="22" height="22"/><buttonCell key="cell" type="smallSquare" bezelStyle="smallSquare" image="NSAddTemplate" imagePosition="only" id="cc"><font key="font" metaFont="system"/></buttonCell></button>"#
    static let largeDatePicker =
        #"<datePicker translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="66" height="22"/><datePickerCell key="cell" controlSize="large" borderStyle="bezel" alignment="left" id="cc"><font key="font" metaFont="system" size="14"/></datePickerCell></datePicker>"#
    static let datePicker =
        #"<datePicker translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="86" height="28"/><datePickerCell key="cell" borderStyle="bezel" alignment="left" id="cc"><font key="font" metaFont="system"/></datePickerCell></datePicker>"#
    static let imageView =
        #"<imageView translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="30" height="30"/><imageCell key="cell" alignment="left" imageScaling="proportionallyUpOrDown" image="Tortoise" id="cc"/></imageView>"#
    static let tabView =
        #"<tabView translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="13" y="10" width="300" height="200"/><font key="font" metaFont="system"/></tabView>"#
    static let searchField =
        #"<searchField translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="120" height="22"/><searchFieldCell key="cell" borderStyle="bezel" bezelStyle="round" id="cc"><font key="font" metaFont="system"/></searchFieldCell></searchField>"#
    static let secureField =
        #"<secureTextField translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="120" height="22"/><secureTextFieldCell key="cell" borderStyle="bezel" drawsBackground="YES" id="cc"><font key="font" metaFont="system"/></secureTextFieldCell></secureTextField>"#
    static let progressBar =
        #"<progressIndicator maxValue="100" style="bar" translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="200" height="20"/></progressIndicator>"#
    static let segmented =
        #"<segmentedControl translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="18" y="20" width="120" height="24"/><segmentedCell key="cell" borderStyle="border" alignment="left" style="rounded" trackingMode="selectOne" id="cc"><font key="font" metaFont="system"/><segments><segment label="A"/><segment label="B"/></segments></segmentedCell></segmentedControl>"#
    static let squareButton =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="40" height="40"/><buttonCell key="cell" type="square" bezelStyle="shadowlessSquare" image="Tortoise" imagePosition="only" borderStyle="border" id="cc"><font key="font" metaFont="system"/></buttonCell></button>"#
    static let label =
        #"<textField translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="18" y="20" width="60" height="16"/><textFieldCell key="cell" title="Name:" id="cc"><font key="font" metaFont="system"/></textFieldCell></textField>"#
    static let field =
        #"<textField translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="100" height="21"/><textFieldCell key="cell" borderStyle="bezel" drawsBackground="YES" id="cc"><font key="font" metaFont="system"/></textFieldCell></textField>"#
    static let slider =
        #"<slider translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="18" y="20" width="104" height="30"/><sliderCell key="cell" state="on" maxValue="100" id="cc"/></slider>"#
    static let tickSlider =
        #"<slider translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="18" y="20" width="104" height="24"/><sliderCell key="cell" state="on" maxValue="100" numberOfTickMarks="5" id="cc"/></slider>"#
    static let titledBox =
        #"<box translatesAutoresizingMaskIntoConstraints="NO" title="Group" id="c"><rect key="frame" x="17" y="20" width="206" height="104"/></box>"#
    static let separator =
        #"<box boxType="separator" translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="200" height="5"/></box>"#
    static let spinner =
        #"<progressIndicator maxValue="100" style="spinning" translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="32" height="32"/></progressIndicator>"#
    static let help =
        #"<button translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="20" y="20" width="25" height="25"/><buttonCell key="cell" type="help" bezelStyle="helpButton" alignment="center" borderStyle="border" id="cc"><font key="font" metaFont="system"/></buttonCell></button>"#

    /// A fitted table that gives every field of one style key distinct values: insets 1, 2, 3, 4, a
    /// frame 40 wide and 30 high, and 12 of padding around an image.
    static func table(_ key: String) -> FittedValues {
        FittedValues(table: [
            "\(key)/inset.top": 1, "\(key)/inset.left": 2, "\(key)/inset.bottom": 3, "\(key)/inset.right": 4,
            "\(key)/frame.width": 40, "\(key)/frame.height": 30, "\(key)/padding.width": 12,
            "\(key)/padding.height": 12,
        ])
    }

    static let fittedInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)

    /// An Xcode 26 document's controls read macOS 26's values (rule appkit-controls-26); with the rule off
    /// they read Big Sur's, as a document IB drew on an earlier macOS keeps them; an earlier document
    /// reads Big Sur's either way. Only the era read gives the fitted insets.
    @Test(arguments: [
        ("24506", true, "tahoe"), ("24506", false, "bigSur"), ("22690", true, "bigSur"), ("22690", false, "bigSur"),
    ])
    func xcode26ControlsFollowTheRule(toolsVersion: String, ruleOn: Bool, era: String) throws {
        for readEra in ["tahoe", "bigSur"] {
            var values = Self.table("macOS/popUpButton.rounded.regular/\(readEra)")
            if !ruleOn { values.rulesOff.insert(.appKitControls26) }
            let doc = try InterfaceBuilder.importDocument(
                text: Self.xib(Self.popUp, toolsVersion: toolsVersion), file: "c.xib", fitted: values)
            let read = Self.view(doc, "c").alignmentRectInsets == Self.fittedInsets
            #expect(read == (readEra == era), "\(toolsVersion) rule \(ruleOn ? "on" : "off"): \(readEra)")
        }
    }

    /// Each control kind reads its fitted values under its style and era (the key given), and takes
    /// from them its insets and, where its kind sets it, its height (the frame's 30 less the insets'
    /// 4); a label's and a field's text sets theirs. Push buttons before Big Sur take yue's values, not
    /// the table's; image views their image's size; a square button with only an image its image's 18
    /// and the padding's 12, less the insets' 4.
    @Test(
        arguments: [
            ("push", push, "17701", "macOS/button.push.rounded.regular.bordered/bigSur", fittedInsets, 26.0),
            ("push", push, "14460", "-", EdgeInsets(top: 4, left: 6, bottom: 7, right: 6), 21),
            ("small push", smallPush, "14460", "-", EdgeInsets(top: 4, left: 5, bottom: 6, right: 5), 18),
            ("checkbox", check, "17701", "macOS/button.check.regular.titled/bigSur", fittedInsets, 26),
            ("checkbox", check, "14460", "macOS/button.check.regular.titled/yosemite", fittedInsets, 26),
            (
                "untitled large radio", untitledRadio, "17701", "macOS/button.radio.large.untitled/bigSur",
                fittedInsets, 26
            ),
            ("pop-up", popUp, "17701", "macOS/popUpButton.rounded.regular/bigSur", fittedInsets, 26),
            ("pop-up", popUp, "24506", "macOS/popUpButton.rounded.regular/tahoe", fittedInsets, 26),
            ("combo box", comboBox, "14313", "macOS/comboBox.regular/yosemite", fittedInsets, 26),
            (
                "gradient button", gradient, "14313", "macOS/button.smallSquare.smallSquare.regular.bordered/yosemite",
                fittedInsets, 26
            ),
            (
                "large date picker", largeDatePicker, "23094",
                "macOS/datePicker.textFieldAndStepper.large.bordered/bigSur", fittedInsets, 26
            ),
            ("image view", imageView, "22503", "-", .zero, 18),
            ("tab view", tabView, "17701", "macOS/tabView.topTabsBezelBorder/bigSur", fittedInsets, nil),
            ("search field", searchField, "17701", "macOS/searchField.bezel/bigSur", fittedInsets, 22 - 4),
            ("progress bar", progressBar, "17701", "macOS/progressIndicator.bar.regular/bigSur", fittedInsets, 26),
            (
                "segmented control", segmented, "17701", "macOS/segmentedControl.rounded.regular/bigSur", fittedInsets,
                26
            ),
            (
                "square button", squareButton, "17701", "macOS/button.square.shadowlessSquare.regular.bordered/bigSur",
                fittedInsets, 26
            ),
            ("label", label, "4457", "macOS/textField.label/mavericks", fittedInsets, 16 - 4),
            ("label", label, "17701", "macOS/textField.label/bigSur", fittedInsets, 16 - 4),
            ("bezeled field", field, "14460", "macOS/textField.bezel/yosemite", fittedInsets, 21 - 4),
            ("slider", slider, "17701", "macOS/slider.horizontal.plain.regular/bigSur", fittedInsets, 26),
            (
                "slider with ticks", tickSlider, "14460", "macOS/slider.horizontal.ticks.regular/yosemite",
                fittedInsets, 26
            ),
            ("help button", help, "17701", "macOS/button.help.helpButton.regular.bordered/bigSur", fittedInsets, 26),
        ] as [(String, String, String, String, EdgeInsets, Double?)])
    func controlAlignmentRects(
        kind: String, element: String, toolsVersion: String, key: String, insets: EdgeInsets, rectHeight: Double?
    ) throws {
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(element, toolsVersion: toolsVersion), file: "c.xib", fitted: Self.table(key))
        let c = Self.view(doc, "c")
        #expect(c.alignmentRectInsets == insets, "\(kind) \(toolsVersion)")
        #expect(c.intrinsicContentSize.height == rectHeight, "\(kind) \(toolsVersion)")
    }

    /// A document saved with Xcode's placeholder toolsVersion `32700.99.1234` takes the era of the
    /// Interface Builder plug-in it names (22690: Big Sur's controls), not Xcode 26's that the
    /// placeholder's number would give; without a plug-in the number stands.
    @Test func placeholderToolsVersionTakesThePlugInsEra() throws {
        let table = Self.table("macOS/button.push.rounded.regular.bordered/bigSur")
        func height(_ toolsVersion: String, plugIn: String?) throws -> Double? {
            var text = Self.xib(Self.push, toolsVersion: toolsVersion)
            if let plugIn {
                text = text.replacingOccurrences(
                    of: "<objects>",
                    with:
                        #"<dependencies><plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="\#(plugIn)"/>"#
                        + "</dependencies><objects>")
            }
            let doc = try InterfaceBuilder.importDocument(text: text, file: "c.xib", fitted: table)
            return Self.view(doc, "c").intrinsicContentSize.height
        }
        #expect(try height("32700.99.1234", plugIn: "22690") == 26)
        #expect(try height("22690", plugIn: "22690") == 26)
        #expect(try height("24127", plugIn: "24127") == nil)
        #expect(try height("32700.99.1234", plugIn: nil) == nil)
    }

    /// An arranged view keeps its own length across a stack whose alignment does not fill it (AppKit's
    /// default `centerY` in a horizontal NSStackView), so that length is fitted on it; along the axis,
    /// or where the alignment fills (`height`), the stack decides and the view gives no observation.
    @Test func arrangedViewsVoteTheirLengthAcrossTheStack() {
        func votes(alignment: String?) -> IBFit.Votes {
            let body = """
                <stackView orientation="horizontal" \(alignment.map { "alignment=\"\($0)\"" } ?? "") \
                spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                    <rect key="frame" x="20" y="20" width="80" height="30"/>
                    <subviews>\(Self.push)</subviews>
                </stackView>
                """
            return IBFit.votes(text: Self.xib(body), file: "s.xib")
        }
        let height = "macOS/button.push.rounded.regular.bordered/bigSur/frame.height"
        let width = "macOS/button.push.rounded.regular.bordered/bigSur/frame.width"
        #expect(votes(alignment: nil)[height] == [32: 1])
        #expect(votes(alignment: "top")[height] == [32: 1])
        #expect(votes(alignment: nil)[width] == nil)
        #expect(votes(alignment: "height")[height] == nil)
    }

    /// A pop-up without a `borderStyle` is borderless (NSPopUpButton's `isBordered` NO) and stands only
    /// as high as its text; its height is fitted apart from a bordered pop-up's of the same size.
    @Test func borderlessPopUpsAreFittedApart() throws {
        func popUp(_ id: String, _ cell: String, height: Int) -> String {
            """
            <popUpButton translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">\
            <rect key="frame" x="20" y="20" width="80" height="\(height)"/>\
            <popUpButtonCell key="cell" \(cell) bezelStyle="rounded" alignment="left" controlSize="small" \
            id="\(id)c"><font key="font" metaFont="smallSystem"/></popUpButtonCell></popUpButton>
            """
        }
        let text = Self.xib(
            popUp("bordered", #"type="push" borderStyle="borderAndBezel""#, height: 22)
                + popUp("borderless", #"type="bevel""#, height: 14), toolsVersion: "24127")
        let votes = IBFit.votes(text: text, file: "p.xib")
        let key = "macOS/popUpButton.rounded.small"
        #expect(votes["\(key).bordered/tahoe/frame.height"] == [22: 1])
        #expect(votes["\(key).borderless/tahoe/frame.height"] == [14: 1])
        let table = FittedValues(table: IBFit.fit([("r", votes)]))
        let doc = try InterfaceBuilder.importDocument(text: text, file: "p.xib", fitted: table)
        #expect(Self.view(doc, "bordered").intrinsicContentSize.height == 22)
        #expect(Self.view(doc, "borderless").intrinsicContentSize.height == 14)
    }

    /// Each repository's most common value is its choice; a key is fitted with the value most
    /// repositories chose (ties: more observations), and only where `minimumRepositories` chose it.
    @Test func fitCountsRepositoriesAndCanRequireSeveral() {
        let observations: [(repository: String, votes: IBFit.Votes)] = [
            ("a", ["k": [14: 2]]), ("b", ["k": [16: 1], "g": [3: 1]]), ("c", ["g": [3: 1]]),
        ]
        #expect(IBFit.fit(observations) == ["k": 14, "g": 3])
        #expect(IBFit.fit(observations, minimumRepositories: 2) == ["g": 3])
    }

    /// A style without values of its own in the document's era falls back: to its less specific forms in
    /// that era (AppKit redraws every control at an era's boundary), then to its values in any era (`*`),
    /// most specific first; with none at all, a fitted length is absent and an inset zero.
    @Test func fittedValuesFallBackToLessSpecificStyles() throws {
        let text = Self.xib(Self.smallPush27, toolsVersion: "23504")
        func height(_ table: [String: Double]) throws -> Double? {
            Self.view(
                try InterfaceBuilder.importDocument(text: text, file: "c.xib", fitted: FittedValues(table: table)), "c"
            )
            .intrinsicContentSize.height
        }
        let any = "macOS/button.push.rounded.small.bordered/*"
        let era = "macOS/button.push.rounded.small.bordered/bigSur"
        #expect(try height(["\(any)/frame.height": 27, "\(era)/frame.height": 28]) == 28)
        #expect(try height(["\(any)/frame.height": 27]) == 27)
        #expect(try height(["macOS/button.push/bigSur/frame.height": 24]) == 24)
        // The same era's less specific style before the same style in any era.
        #expect(try height(["\(any)/frame.height": 27, "macOS/button.push/bigSur/frame.height": 24]) == 24)
        #expect(try height(["macOS/button.push/*/frame.height": 22, "\(any)/frame.height": 27]) == 27)
        #expect(try height([:]) == nil)
        let c = Self.view(try InterfaceBuilder.importDocument(text: text, file: "c.xib", fitted: FittedValues()), "c")
        #expect(c.alignmentRectInsets == .zero)
    }

    /// Boxes, separators, spinners: their shapes by kind.
    @Test func boxesSeparatorsAndSpinners() throws {
        let box = Self.view(
            try InterfaceBuilder.importDocument(
                text: Self.xib(Self.titledBox), file: "b.xib", fitted: Self.table("macOS/box.primary.top/bigSur")), "c")
        #expect(box.alignmentRectInsets == Self.fittedInsets && box.intrinsicContentSize == .none)
        let line = Self.view(
            try InterfaceBuilder.importDocument(
                text: Self.xib(Self.separator), file: "s.xib",
                fitted: Self.table("macOS/box.separator.horizontal/bigSur")),
            "c")
        // A separator is a 1-point line, whatever its frame.
        #expect(line.alignmentRectInsets == Self.fittedInsets && line.intrinsicContentSize.height == 1)
        let spin = Self.view(
            try InterfaceBuilder.importDocument(text: Self.xib(Self.spinner), file: "p.xib", fitted: Self.values), "c")
        #expect(spin.intrinsicContentSize == IntrinsicContentSize(width: 32, height: 32))
    }

    /// A push button 20 points from the root's right and bottom edges: its bezel (alignment rect)
    /// sits there, its frame reaches 7 points further (Big Sur), and check-ib reports both.
    @Test func constraintsPlaceTheAlignmentRectAndTheFrameFollows() throws {
        let constraints = """
            <constraint firstAttribute="trailing" secondItem="c" secondAttribute="trailing" constant="20" id="r"/>
            <constraint firstAttribute="bottom" secondItem="c" secondAttribute="bottom" constant="20" id="b"/>
            """
        // Bezel: x 380…460 less nothing (its width is the title's: 80 - 14 = 66 → 394…460), y 260…280.
        let body = Self.push.replacingOccurrences(
            of: #"x="20" y="20" width="80" height="32""#, with: #"x="387" y="13" width="80" height="32""#)
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(body, constraints: constraints), file: "p.xib", fitted: Self.values)
        let result = try #require(IBCheck.check(doc).results.first { $0.view == "c" })
        #expect(result.status == .agree, "\(String(describing: result.solved))")
        #expect(result.solved == Rect(x: 387, y: 255, width: 80, height: 32))
        #expect(result.solvedAlignmentRect == Rect(x: 394, y: 260, width: 66, height: 20))
    }

    /// A titled box Xcode pins at build time (fixedFrame) stays at its stored frame: the pins hold its
    /// alignment rect inside it, so its content view and a button placed against its edge agree.
    @Test func buildTimePinsHoldTheAlignmentRect() throws {
        let body = """
            <box fixedFrame="YES" title="Group" translatesAutoresizingMaskIntoConstraints="NO" id="g">
                <rect key="frame" x="17" y="100" width="206" height="104"/>
                <view key="contentView" id="gc"><rect key="frame" x="4" y="5" width="198" height="84"/></view>
            </box>
            <button translatesAutoresizingMaskIntoConstraints="NO" id="k">
                <rect key="frame" x="221" y="97" width="80" height="32"/>
                <buttonCell key="cell" type="push" title="OK" bezelStyle="rounded" alignment="center" borderStyle="border" id="kc"><font key="font" metaFont="system"/></buttonCell>
            </button>
            """
        // The box's border ends 3 points inside its frame's right (220); the button's bezel starts 8 later
        // (228), 7 inside its frame (221); its bezel's bottom sits on the border's bottom (4 above the frame's).
        let constraints = """
            <constraint firstItem="k" firstAttribute="leading" secondItem="g" secondAttribute="trailing" constant="8" id="l"/>
            <constraint firstItem="k" firstAttribute="bottom" secondItem="g" secondAttribute="bottom" id="b"/>
            """
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(body, constraints: constraints), file: "pins.xib", fitted: Self.values)
        let byView = Dictionary(uniqueKeysWithValues: IBCheck.check(doc).results.map { ($0.view, $0) })
        #expect(byView["g"]?.status == .input)
        #expect(byView["g"]?.solved == byView["g"]?.stored, "\(String(describing: byView["g"]?.solved))")
        // The content view translates its mask: an input, where its stored frame puts it.
        #expect(byView["gc"]?.status == .translated && byView["gc"]?.solved == byView["gc"]?.stored)
        #expect(byView["k"]?.status == .agree, "\(String(describing: byView["k"]?.solved))")
    }

    /// Baselines: an AppKit label and a pop-up on one first baseline, as IB stores them.
    @Test func appKitBaselines() throws {
        let body = """
            <textField translatesAutoresizingMaskIntoConstraints="NO" id="l"><rect key="frame" x="18" y="254" width="60" height="16"/><textFieldCell key="cell" title="Size:" id="lc"><font key="font" metaFont="system"/></textFieldCell></textField>
            <popUpButton translatesAutoresizingMaskIntoConstraints="NO" id="p"><rect key="frame" x="81" y="248" width="100" height="26"/><popUpButtonCell key="cell" type="push" title="Item" bezelStyle="rounded" alignment="left" borderStyle="borderAndBezel" id="pc"><font key="font" metaFont="menu"/></popUpButtonCell></popUpButton>
            """
        let constraints = """
            <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c1"/>
            <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" constant="30" id="c2"/>
            <constraint firstItem="p" firstAttribute="leading" secondItem="l" secondAttribute="trailing" constant="8" id="c3"/>
            <constraint firstItem="p" firstAttribute="firstBaseline" secondItem="l" secondAttribute="firstBaseline" id="c4"/>
            """
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(body, constraints: constraints), file: "b.xib", fitted: Self.values)
        let scene = try #require(doc.scenes.first)
        #expect(scene.scenario.constraints.contains { $0.attr1 == .firstBaseline && $0.attr2 == .firstBaseline })
        let (l, p) = (Self.view(doc, "l"), Self.view(doc, "p"))
        let label = try #require(l.baselineOffsets)
        let popUp = try #require(p.baselineOffsets)
        // The menu font's ascender less the label's, plus the pop-up's 2 points below its frame's top,
        // less its 1-point top inset: the pop-up's frame top sits this far above the label's.
        let frames = IBCheck.solve(scene).frames
        let labelBaseline = frames["l"]!.y + l.alignmentRectInsets.top + label.first
        let popUpBaseline = frames["p"]!.y + p.alignmentRectInsets.top + popUp.first
        #expect(abs(labelBaseline - popUpBaseline) < 1e-9)
        #expect(frames["l"]!.y == 30)
    }

    /// AppKit's `baseline` attribute is the last baseline.
    @Test func appKitBaselineAttributeIsTheLast() throws {
        let body =
            Self.label
            + Self.field.replacingOccurrences(of: #"id="c""#, with: #"id="f""#).replacingOccurrences(
                of: #"id="cc""#, with: #"id="fc""#)
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(
                body,
                constraints:
                    #"<constraint firstItem="f" firstAttribute="baseline" secondItem="c" secondAttribute="baseline" id="b"/>"#
            ), file: "b.xib", fitted: Self.values)
        let c = try #require(doc.scenes[0].scenario.constraints.first { $0.identifier == "b" })
        #expect(c.attr1 == .lastBaseline && c.attr2 == .lastBaseline)
        #expect(!doc.skipped.contains { $0.element == "constraint" })
    }

    /// UIStackView aligned on first baselines: each view's first baseline on the first view's.
    @Test func uiStackViewBaselineAlignment() throws {
        let body = """
            <stackView translatesAutoresizingMaskIntoConstraints="NO" alignment="firstBaseline" spacing="8" id="stack">
                <rect key="frame" x="16" y="20" width="343" height="41"/>
                <subviews>
                    <label text="Name" translatesAutoresizingMaskIntoConstraints="NO" id="small"><rect key="frame" x="0.0" y="11" width="45" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                    <label text="Big" translatesAutoresizingMaskIntoConstraints="NO" id="big"><rect key="frame" x="53" y="0.0" width="290" height="41"/>
                        <fontDescription key="fontDescription" type="system" pointSize="34"/></label>
                </subviews>
            </stackView>
            """
        let doc = try ImportTests.load(ImportTests.xib(body))
        let names = doc.scenes[0].scenario.constraints.filter { $0.identifier == "UISV-alignment" }
        #expect(
            names.map { ($0.item1, $0.attr1, $0.item2) }.first.map { $0 == ("big", .firstBaseline, "small") } == true)
        #expect(!doc.skipped.contains { $0.reason.contains("baseline") })
    }

    /// NSStackView: gravity areas, detached hidden views, custom spacing and edge insets; a view with no
    /// width of its own in a leading-aligned column reaches across it (the weakest hold of its edges).
    @Test func stackViewFeatures() throws {
        let doc = try Self.fixture("StackViews.xib")
        let results = IBCheck.check(doc).results
        let byView = Dictionary(uniqueKeysWithValues: results.map { ($0.view, $0) })
        for id in ["lead1", "lead2", "trail1", "mid1", "a", "c", "d"] {
            #expect(
                byView[id]?.status == .agree,
                "\(id): \(String(describing: byView[id]?.solved)) vs \(String(describing: byView[id]?.stored))")
        }
        let names = Set(doc.scenes[0].scenario.constraints.compactMap(\.identifier))
        #expect(
            names.isSuperset(of: [
                "NSStackView.Spacing", "NSStackView.Edge.Leading", "NSStackView.Edge.Trailing",
                "NSStackView.Stack.Min", "NSStackView.Detached", "NSStackView.Alignment", "NSStackView.Hugging",
            ]))
        #expect(byView["d"]?.solved?.width == 200 && byView["a"]?.solved?.width == 100)
        #expect(!IBCheck.solve(doc.scenes[0]).ambiguous.contains("d"))
    }

    /// NSStackView's distributions: `fillEqually` gives views with no width of their own equal shares,
    /// `equalSpacing` spreads fixed-width views with equal gaps; AppKit names them `NSStackView.*`.
    @Test(
        arguments: [
            (
                "fillEqually", "", "",
                [Rect(x: 0, y: 0, width: 96, height: 20), Rect(x: 104, y: 0, width: 96, height: 20)]
            ),
            (
                "equalSpacing", #"<constraint firstAttribute="width" constant="40" id="w1"/>"#,
                #"<constraint firstAttribute="width" constant="60" id="w2"/>"#,
                [Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 140, y: 0, width: 60, height: 20)]
            ),
        ] as [(String, String, String, [Rect])])
    func stackViewDistributions(distribution: String, first: String, second: String, frames: [Rect]) throws {
        func view(_ id: String, _ f: Rect, _ c: String) -> String {
            """
            <customView translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="\(f.x)" y="\(f.y)" width="\(f.width)" height="\(f.height)"/>
                <constraints><constraint firstAttribute="height" constant="20" id="h-\(id)"/>\(c)</constraints>
            </customView>
            """
        }
        let body = """
            <stackView distribution="\(distribution)" orientation="horizontal" alignment="top" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                <rect key="frame" x="20" y="260" width="200" height="20"/>
                <subviews>\(view("v1", frames[0], first))\(view("v2", frames[1], second))</subviews>
                <constraints><constraint firstAttribute="width" constant="200" id="w-s"/></constraints>
            </stackView>
            """
        let constraints = """
            <constraint firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="l"/>
            <constraint firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="t"/>
            """
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(body, constraints: constraints), file: "d.xib", fitted: Self.values)
        let byView = Dictionary(uniqueKeysWithValues: IBCheck.check(doc).results.map { ($0.view, $0) })
        for id in ["s", "v1", "v2"] {
            #expect(byView[id]?.status == .agree, "\(distribution) \(id): \(String(describing: byView[id]?.solved))")
        }
        let names = Set(doc.scenes[0].scenario.constraints.compactMap(\.identifier))
        #expect(names.contains { $0.hasPrefix("NSStackView.") } && !names.contains { $0.hasPrefix("UISV-") })
    }

    /// An `equalSpacing` stack that nothing outside sizes along its axis hugs its views: the gaps, at least
    /// the spacing, keep to it at the stack's hugging priority, so the stack is as long as its views and
    /// spacing (108 = 40 + 8 + 60) and determined, where `>=` gaps alone would leave it free.
    @Test func equalSpacingStackHugsItsViews() throws {
        let body = """
            <stackView distribution="equalSpacing" orientation="horizontal" alignment="top" spacing="8" \
            horizontalStackHuggingPriority="249.99998474121094" verticalStackHuggingPriority="249.99998474121094" \
            translatesAutoresizingMaskIntoConstraints="NO" id="s">
                <rect key="frame" x="20" y="260" width="108" height="20"/>
                <subviews>\(Self.sized("v1", width: 40, height: 20))\(Self.sized("v2", x: 48, width: 60, height: 20))</subviews>
            </stackView>
            """
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(body, constraints: ImportTests.pin("s", x: 20, y: 20)), file: "e.xib", fitted: Self.values)
        let byView = ImportTests.results(doc)
        for id in ["s", "v1", "v2"] {
            #expect(byView[id]?.status == .agree, "\(id): \(String(describing: byView[id]?.solved))")
        }
        #expect(byView["s"]?.solved?.width == 108)
    }

    /// NSStackView's alignment is DefaultLow (NSStackView.h) and its hugging minimizes the stack's size:
    /// an external constraint moves an arranged view off the alignment edge without a conflict, and a
    /// stack hugging its height at 750 still centres a shorter view (holding each view's edges to the
    /// stack's at 750 would pull it to an edge).
    @Test func stackViewAlignmentIsDefaultLow() throws {
        let body = """
            <stackView distribution="fill" orientation="vertical" alignment="leading" spacing="8" horizontalStackHuggingPriority="249.99998474121094" verticalStackHuggingPriority="249.99998474121094" translatesAutoresizingMaskIntoConstraints="NO" id="col">
                <rect key="frame" x="20" y="232" width="200" height="48"/>
                <subviews>\(Self.sized("v1", y: 28, width: 100, height: 20))\(Self.sized("v2", x: 30, width: 60, height: 20))</subviews>
                <constraints>
                    <constraint firstAttribute="width" constant="200" id="w-col"/>
                    <constraint firstItem="v2" firstAttribute="leading" secondItem="col" secondAttribute="leading" constant="30" id="v2-lead"/>
                </constraints>
            </stackView>
            <stackView distribution="fill" orientation="horizontal" alignment="centerY" spacing="8" horizontalStackHuggingPriority="249.99998474121094" verticalStackHuggingPriority="750" translatesAutoresizingMaskIntoConstraints="NO" id="row">
                <rect key="frame" x="20" y="182" width="88" height="30"/>
                <subviews>\(Self.sized("r1", y: 5, width: 40, height: 20))\(Self.sized("r2", x: 48, width: 40, height: 30))</subviews>
            </stackView>
            """
        let constraints = """
            <constraint firstItem="col" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="l"/>
            <constraint firstItem="col" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="t"/>
            <constraint firstItem="row" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="l2"/>
            <constraint firstItem="row" firstAttribute="top" secondItem="col" secondAttribute="bottom" constant="20" id="t2"/>
            """
        let doc = try InterfaceBuilder.importDocument(
            text: Self.xib(body, constraints: constraints), file: "d.xib", fitted: Self.values)
        let solution = IBCheck.solve(doc.scenes[0])
        #expect(solution.conflicts.isEmpty)
        #expect(solution.frames["v1"]?.x == 0 && solution.frames["v2"]?.x == 30)
        #expect(solution.frames["row"]?.height == 30 && solution.frames["r1"]?.y == 5)
        let byView = Dictionary(uniqueKeysWithValues: IBCheck.check(doc).results.map { ($0.view, $0) })
        for id in ["col", "v1", "v2", "row", "r1", "r2"] {
            #expect(byView[id]?.status == .agree, "\(id): \(String(describing: byView[id]?.solved))")
        }
        let alignment = doc.scenes[0].scenario.constraints.filter { $0.identifier == "NSStackView.Alignment" }
        #expect(!alignment.isEmpty && alignment.allSatisfy { $0.priority == LayoutPriority.defaultLow })
    }

    static func fixture(_ name: String) throws -> IBImport {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try InterfaceBuilder.importDocument(
            text: try String(contentsOf: url, encoding: .utf8), file: name, fitted: Self.values)
    }
}
