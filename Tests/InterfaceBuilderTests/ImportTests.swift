import ConstraintModel
import Foundation
import Geometry
import InterfaceBuilder
import LabJSON
import Testing
import ViewTree

/// Constructed documents, one element the importer reads at a time.
@Suite("Interface Builder import")
struct ImportTests {
    /// An iOS xib whose root view holds `body`, with `constraints` on the root.
    static func xib(_ body: String, constraints: String = "", root: String = "", document: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" \(document)>
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                <view contentMode="scaleToFill" id="root" \(root)>
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
        \(body)
                    </subviews>
                    <constraints>
        \(constraints)
                    </constraints>
                </view>
            </objects>
        </document>
        """
    }

    /// Constraints placing `id`'s leading and top edges at `x` and `y` in the root.
    static func pin(_ id: String, x: Double, y: Double) -> String {
        """
        <constraint firstItem="\(id)" firstAttribute="leading" secondItem="root" secondAttribute="leading" \
        constant="\(x)" id="\(id)-lead"/>
        <constraint firstItem="\(id)" firstAttribute="top" secondItem="root" secondAttribute="top" \
        constant="\(y)" id="\(id)-top"/>
        """
    }

    /// Every view's check result, by id.
    static func results(_ doc: IBImport) -> [String: IBViewResult] {
        Dictionary(uniqueKeysWithValues: IBCheck.check(doc).results.map { ($0.view, $0) })
    }

    static func load(_ text: String) throws -> IBImport {
        try InterfaceBuilder.importDocument(text: text, file: "t.xib", fitted: TestValues.values)
    }

    static func view(_ scene: IBScene, _ id: String) -> View {
        scene.scenario.tree.views[scene.scenario.tree.index(of: id)!]
    }

    /// UIKit's system buttons take their own size, which iOS 13 changed when it drew them with SF Symbols:
    /// 22 × 22 before, 25 × 24 from toolsVersion 14810; the stored frame plays no part.
    @Test(arguments: [("4514", 22.0, 22.0), ("14810", 25, 24), ("23504", 25, 24)])
    func systemButtonsGrewWithIOS13(toolsVersion: String, width: Double, height: Double) throws {
        let types = ["infoLight", "infoDark", "detailDisclosure", "contactAdd"]
        let body = types.map { type in
            """
            <button opaque="NO" contentMode="scaleToFill" buttonType="\(type)" \
            translatesAutoresizingMaskIntoConstraints="NO" id="\(type)">
                <rect key="frame" x="20" y="20" width="30" height="30"/>
            </button>
            """
        }.joined(separator: "\n")
        let text = Self.xib(body, constraints: types.map { Self.pin($0, x: 20, y: 20) }.joined(separator: "\n"))
            .replacingOccurrences(of: "toolsVersion=\"17701\"", with: "toolsVersion=\"\(toolsVersion)\"")
        let scene = try #require(try Self.load(text).scenes.first)
        for type in types {
            #expect(
                Self.view(scene, type).intrinsicContentSize == IntrinsicContentSize(width: width, height: height),
                "\(type) at toolsVersion \(toolsVersion)")
        }
    }

    @Test func framesAndEveryMaskAttribute() throws {
        let attributes = [
            ("flexibleMinX", 1), ("widthSizable", 2), ("flexibleMaxX", 4), ("flexibleMinY", 8), ("heightSizable", 16),
            ("flexibleMaxY", 32),
        ]
        var body = ""
        for (n, (attr, _)) in attributes.enumerated() {
            body += """
                    <view contentMode="scaleToFill" id="v\(n)">
                        <rect key="frame" x="\(n * 10).5" y="20" width="30" height="-4"/>
                        <autoresizingMask key="autoresizingMask" \(attr)="YES"/>
                    </view>
                """
        }
        body +=
            #"<view id="none"><rect key="frame" x="1" y="2" width="3" height="4"/><autoresizingMask key="autoresizingMask"/></view>"#
        body +=
            #"<view id="all"><rect key="frame" x="1" y="2" width="3" height="4"/><autoresizingMask key="autoresizingMask" flexibleMinX="YES" widthSizable="YES" flexibleMaxX="YES" flexibleMinY="YES" heightSizable="YES" flexibleMaxY="YES"/></view>"#
        let doc = try Self.load(Self.xib(body))
        #expect(doc.kind == .xib && doc.platform == .iOS && doc.usesAutoLayout)
        #expect(doc.designDevice == "retina4_7" && doc.devicePreset == "iphone-8")
        let scene = try #require(doc.scenes.first)
        #expect(scene.scenario.tree.superviewSize == Size(width: 375, height: 667))
        for (n, (_, bit)) in attributes.enumerated() {
            let v = Self.view(scene, "v\(n)")
            #expect(v.mask.rawValue == bit)
            #expect(v.frame == Rect(x: Double(n * 10) + 0.5, y: 20, width: 30, height: -4))
            #expect(scene.storedFrames["v\(n)"] == v.frame)
        }
        #expect(Self.view(scene, "none").mask == .none)
        #expect(Self.view(scene, "all").mask.rawValue == 63)
    }

    /// Every attribute IB writes and each relation, with ids, multipliers in
    /// every written form, priorities and the implicit first item.
    @Test func constraintsAttributesAndRelations() throws {
        let body = """
            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <constraints><constraint firstAttribute="width" constant="50" id="own-width"/></constraints></view>
            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
            """
        let attrs = [
            "leading", "trailing", "top", "bottom", "left", "right", "centerX", "centerY", "leadingMargin",
            "trailingMargin",
            "topMargin", "bottomMargin", "leftMargin", "rightMargin", "centerXWithinMargins", "centerYWithinMargins",
        ]
        var constraints = ""
        for (n, attr) in attrs.enumerated() {
            let relation = ["", #"relation="greaterThanOrEqual""#, #"relation="lessThanOrEqual""#][n % 3]
            constraints +=
                #"<constraint firstItem="a" firstAttribute="\#(attr)" \#(relation) secondItem="root" secondAttribute="\#(attr)" constant="\#(n)" priority="\#(500 + n)" id="c\#(n)"/>"#
        }
        constraints +=
            #"<constraint firstItem="b" firstAttribute="width" secondItem="a" secondAttribute="height" multiplier="80:11" id="ratio"/>"#
        constraints +=
            #"<constraint firstItem="b" firstAttribute="height" secondItem="a" secondAttribute="height" multiplier="1/4" id="fraction"/>"#
        constraints +=
            #"<constraint firstItem="b" firstAttribute="top" secondItem="a" secondAttribute="bottom" multiplier="0.5" priority="249.99998474121094" id="decimal"/>"#
        constraints +=
            #"<constraint firstAttribute="trailing" secondItem="b" secondAttribute="trailing" constant="8" id="implicit"/>"#
        constraints +=
            #"<constraint firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="trailing" placeholder="YES" id="placeholder"/>"#
        constraints +=
            #"<constraint firstItem="b" firstAttribute="firstBaseline" secondItem="a" secondAttribute="firstBaseline" id="baseline"/>"#
        let doc = try Self.load(Self.xib(body, constraints: constraints))
        let scene = try #require(doc.scenes.first)
        let byID = Dictionary(
            uniqueKeysWithValues: scene.scenario.constraints.compactMap { c in c.identifier.map { ($0, c) } })
        for (n, attr) in attrs.enumerated() {
            let c = try #require(byID["c\(n)"])
            #expect(c.item1 == "a" && c.item2 == "superview")
            #expect(c.attr1.rawValue == attr && c.attr2?.rawValue == attr)
            #expect(c.relation == [LayoutRelation.equal, .greaterThanOrEqual, .lessThanOrEqual][n % 3])
            #expect(c.constant == Double(n) && c.priority == Double(500 + n))
        }
        #expect(
            byID["own-width"].map { ($0.item1, $0.attr1, $0.item2 == nil, $0.constant) } ?? ("", .left, false, 0) == (
                "a", .width, true, 50
            ))
        #expect(byID["ratio"]?.multiplier == 80.0 / 11.0)
        #expect(byID["fraction"]?.multiplier == 0.25)
        #expect(byID["decimal"]?.multiplier == 0.5 && byID["decimal"]?.priority == 249.99998474121094)
        // No firstItem: the view that owns the list (the root here).
        #expect(
            byID["implicit"].map { ($0.item1, $0.attr1, $0.item2 ?? "") } ?? ("", .left, "") == (
                "superview", .trailing, "b"
            ))
        // A placeholder constraint shaped IB's frames but is removed at build time: kept apart.
        #expect(byID["placeholder"] == nil)
        #expect(scene.placeholderConstraints.map(\.identifier) == ["placeholder"])
        // Baselines are attributes of their own: b's first baseline sits on a's.
        let baseline = try #require(byID["baseline"])
        #expect(baseline.attr1 == .firstBaseline && baseline.attr2 == .firstBaseline)
        #expect((baseline.item1, baseline.item2) == ("b", "a"))
        #expect(doc.skipped.isEmpty, "nothing skipped: \(doc.skipped.map(\.reason))")
        #expect(Self.view(scene, "a").translatesMask == false)
    }

    @Test func marginsPrioritiesAndIntrinsicSizes() throws {
        let body = """
            <view preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" id="m"><rect key="frame" x="0" y="0" width="100" height="100"/>
                <edgeInsets key="layoutMargins" top="1" left="2" bottom="3" right="4"/></view>
            <view id="d"><rect key="frame" x="0" y="0" width="100" height="100"/>
                <directionalEdgeInsets key="directionalLayoutMargins" top="5" leading="6" bottom="7" trailing="8"/></view>
            <label horizontalHuggingPriority="251" verticalHuggingPriority="252" horizontalCompressionResistancePriority="749" verticalCompressionResistancePriority="748" text="Hi" id="l"><rect key="frame" x="0" y="0" width="42" height="21"/></label>
            <view placeholderIntrinsicWidth="120" placeholderIntrinsicHeight="infinite" id="p"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
            <slider id="s"><rect key="frame" x="0" y="0" width="200" height="31"/></slider>
            """
        let scene = try #require(try Self.load(Self.xib(body)).scenes.first)
        let m = Self.view(scene, "m")
        let d = Self.view(scene, "d")
        let l = Self.view(scene, "l")
        #expect(m.layoutMargins == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(m.preservesSuperviewLayoutMargins && !m.insetsLayoutMarginsFromSafeArea)
        #expect(d.directionalLayoutMargins == DirectionalEdgeInsets(top: 5, leading: 6, bottom: 7, trailing: 8))
        #expect(l.contentHuggingPriority == AxisPriorities(horizontal: 251, vertical: 252))
        #expect(l.contentCompressionResistancePriority == AxisPriorities(horizontal: 749, vertical: 748))
        // A label's stored size stands for its intrinsic size; IB's placeholders win; a slider has only a
        // height, UIKit's (its 29-point alignment rect, inside a 31-point frame).
        #expect(l.intrinsicContentSize == IntrinsicContentSize(width: 42, height: 21))
        #expect(Self.view(scene, "p").intrinsicContentSize == IntrinsicContentSize(width: 120, height: nil))
        #expect(Self.view(scene, "s").intrinsicContentSize == IntrinsicContentSize(width: nil, height: 29))
        #expect(Self.view(scene, "m").intrinsicContentSize == .none)
    }

    /// The safe-area and margins guides become `view.safeArea` / `view.layoutMargins`; the root of a
    /// document with safe areas on its design device gets the device's insets.
    @Test func guidesAndTheSafeArea() throws {
        let body =
            #"<view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="8" y="20" width="367" height="10"/><constraints><constraint firstAttribute="height" constant="10" id="h"/></constraints></view>"#
        let constraints = """
            <constraint firstItem="a" firstAttribute="top" secondItem="safe" secondAttribute="top" id="to-safe"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="margins" secondAttribute="leading" id="to-margins"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="to-edge"/>
            """
        let root = ""
        let text = Self.xib(body, constraints: constraints, root: root, document: #"useSafeAreas="YES""#)
            .replacingOccurrences(
                of: "<subviews>",
                with:
                    #"<viewLayoutGuide key="safeArea" id="safe"/><viewLayoutGuide key="layoutMargins" id="margins"/><subviews>"#
            )
            // Xcode 11 to 14.1 drew home-button canvases without the inferred status bar; a later one.
            .replacingOccurrences(of: #"toolsVersion="17701""#, with: #"toolsVersion="21701""#)
        let doc = try Self.load(text)
        let scene = try #require(doc.scenes.first)
        let byID = Dictionary(
            uniqueKeysWithValues: scene.scenario.constraints.compactMap { c in c.identifier.map { ($0, c) } })
        #expect(byID["to-safe"]?.item2 == "superview.safeArea")
        #expect(byID["to-margins"]?.item2 == "superview.layoutMargins")
        #expect(scene.rootInsets.safeAreaInsets == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        // The lab's solve puts a at the safe area's top and the root's margin (8: not a view
        // controller's root), where IB stored it.
        let check = IBCheck.check(doc)
        #expect(check.tally[.agree] == 1 && check.tally[.disagree] == 0)
    }

    /// `equalSpacing` and `equalCentering` stacks that nothing outside sizes along their axis fit their
    /// views (`UISV-canvas-fit` at 49): gaps of exactly the spacing, 20 + 8 + 30 = 58 points, and no view
    /// left ambiguous, where gaps that are only at least the spacing would leave the stack's height free.
    @Test(arguments: ["equalSpacing", "equalCentering"])
    func equalSpacingStackFitsItsViews(distribution: String) throws {
        let body = """
            <stackView translatesAutoresizingMaskIntoConstraints="NO" axis="vertical" distribution="\(distribution)" \
            spacing="8" id="stack">
                <rect key="frame" x="10" y="10" width="100" height="58"/>
                <subviews>
                    <view id="one"><rect key="frame" x="0" y="0" width="100" height="20"/>
                        <constraints><constraint firstAttribute="height" constant="20" id="h1"/></constraints></view>
                    <view id="two"><rect key="frame" x="0" y="28" width="100" height="30"/>
                        <constraints><constraint firstAttribute="height" constant="30" id="h2"/></constraints></view>
                </subviews>
            </stackView>
            """
        let constraints =
            Self.pin("stack", x: 10, y: 10)
            + #"<constraint firstItem="stack" firstAttribute="width" constant="100" id="s3"/>"#
        let doc = try Self.load(Self.xib(body, constraints: constraints))
        let scene = try #require(doc.scenes.first)
        #expect(scene.scenario.constraints.contains { $0.identifier == "UISV-canvas-fit" && $0.priority == 49 })
        let results = Self.results(doc)
        for id in ["stack", "one", "two"] {
            #expect(results[id]?.status == .agree, "\(id): \(String(describing: results[id]?.solved))")
        }
        #expect(results["stack"]?.solved?.height == 58)
    }

    /// An arranged view 20 high stored at `x` and `width`, with a required height of 20 and, with
    /// `requiredWidth`, a required width of `width`.
    static func arrangedView(
        _ id: String, x: Double, width: Double, hidden: Bool = false, requiredWidth: Bool = true
    ) -> String {
        let widthConstraint = #"<constraint firstAttribute="width" constant="\#(width)" id="w-\#(id)"/>"#
        return """
            <view \(hidden ? #"hidden="YES" "# : "")id="\(id)"><rect key="frame" x="\(x)" y="0" width="\(width)" height="20"/>
                <constraints>\(requiredWidth ? widthConstraint : "")
                    <constraint firstAttribute="height" constant="20" id="h-\(id)"/></constraints></view>
            """
    }

    /// A hidden arranged view collapses to 0 and keeps its place in the spacing chain: half the spacing on
    /// each side between shown views (x = 40 + 4), none after the last shown one (x = 88); it is determined,
    /// and the shown views keep the whole spacing between them.
    @Test func hiddenArrangedViewsKeepTheirPlace() throws {
        let view = { (id: String, x: Double, hidden: Bool) in
            Self.arrangedView(id, x: x, width: hidden ? 0 : 40, hidden: hidden, requiredWidth: !hidden)
        }
        let body = """
            <stackView translatesAutoresizingMaskIntoConstraints="NO" spacing="8" id="stack">
                <rect key="frame" x="10" y="10" width="88" height="20"/>
                <subviews>\(view("a", 0, false))\(view("h", 44, true))\(view("b", 48, false))\(
                    view("t", 88, true))</subviews>
            </stackView>
            """
        let doc = try Self.load(Self.xib(body, constraints: Self.pin("stack", x: 10, y: 10)))
        let results = Self.results(doc)
        for id in ["stack", "a", "h", "b", "t"] {
            #expect(results[id]?.status == .agree, "\(id): \(String(describing: results[id]?.solved))")
        }
        #expect(results["h"]?.solved?.x == 44 && results["t"]?.solved?.x == 88)
    }

    /// A stack of three 40-point views, the middle one hidden, as IB stores it: the hidden view at its
    /// width, half the spacing on each side.
    static var hiddenArrangedView: String {
        let view = { (id: String, x: Double, hidden: Bool) in arrangedView(id, x: x, width: 40, hidden: hidden) }
        let body = """
            <stackView translatesAutoresizingMaskIntoConstraints="NO" spacing="8" id="stack">
                <rect key="frame" x="10" y="10" width="128" height="20"/>
                <subviews>\(view("a", 0, false))\(view("h", 44, true))\(view("b", 88, false))</subviews>
            </stackView>
            """
        return xib(body, constraints: pin("stack", x: 10, y: 10))
    }

    /// A hidden arranged view with a required width of its own: Interface Builder's canvas breaks the
    /// stack's `UISV-hiding` and the view keeps its 40 points, half the spacing on each side (rule
    /// canvas-breaks-generated); with the rule off, UIKit's run-time choice spares `UISV-hiding` and breaks
    /// the width, so the view collapses and the next one moves up to 48.
    @Test(arguments: [(true, 40.0, 88.0), (false, 0, 48)])
    func hiddenArrangedViewWithARequiredSize(ruleOn: Bool, hiddenWidth: Double, nextX: Double) throws {
        var values = TestValues.values
        if !ruleOn { values.rulesOff.insert(.canvasBreaksGenerated) }
        let doc = try InterfaceBuilder.importDocument(text: Self.hiddenArrangedView, file: "t.xib", fitted: values)
        let solution = IBCheck.solve(try #require(doc.scenes.first))
        #expect(solution.frames["h"]?.width == hiddenWidth)
        #expect(solution.frames["b"]?.x == nextX)
        #expect(solution.conflicts.map(\.broken.identifier) == [ruleOn ? "UISV-hiding" : "w-h"])
    }

    /// A horizontal stack view: UIStackView's constraints for fill, fill-equally and the alignments, with
    /// a spacing given as a number or as the system's (`spacingType="standard"`, 8 points), or none (0).
    @Test(arguments: [
        ("fill", "fill", #"spacing="8""#, [(0.0, 100.0), (108.0, 192.0)]),
        ("fillEqually", "fill", #"spacing="8""#, [(0.0, 146.0), (154.0, 146.0)]),
        ("fill", "center", #"spacing="8""#, [(0.0, 100.0), (108.0, 192.0)]),
        ("fill", "fill", #"spacingType="standard""#, [(0.0, 100.0), (108.0, 192.0)]),
        ("fillEqually", "fill", #"spacingType="standard""#, [(0.0, 146.0), (154.0, 146.0)]),
        ("fillEqually", "fill", "", [(0.0, 150.0), (150.0, 150.0)]),
    ])
    func stackViews(distribution: String, alignment: String, spacing: String, expected: [(Double, Double)]) throws {
        let body = """
            <stackView translatesAutoresizingMaskIntoConstraints="NO" distribution="\(distribution)" alignment="\(alignment)" \(spacing) id="stack">
                <rect key="frame" x="10" y="10" width="300" height="40"/>
                <subviews>
                    <label horizontalHuggingPriority="251" text="A" id="one"><rect key="frame" x="0" y="0" width="100" height="40"/></label>
                    <view id="two"><rect key="frame" x="108" y="0" width="192" height="40"/></view>
                </subviews>
            </stackView>
            """
        let constraints = """
            <constraint firstItem="stack" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="s1"/>
            <constraint firstItem="stack" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="s2"/>
            <constraint firstItem="stack" firstAttribute="width" constant="300" id="s3"/>
            <constraint firstItem="stack" firstAttribute="height" constant="40" id="s4"/>
            """
        let doc = try Self.load(Self.xib(body, constraints: constraints))
        let scene = try #require(doc.scenes.first)
        let names = Set(scene.scenario.constraints.compactMap(\.identifier))
        #expect(names.isSuperset(of: ["UISV-canvas-connection", "UISV-spacing", "UISV-alignment"]))
        #expect(names.contains("UISV-fill-equally") == (distribution == "fillEqually"))
        #expect(names.contains("UISV-canvas-fit") == (alignment != "fill"))
        #expect(!Self.view(scene, "one").translatesMask && !Self.view(scene, "two").translatesMask)
        let check = IBCheck.check(doc)
        let solved = IBCheck.solve(scene).frames
        for (id, (x, w)) in zip(["one", "two"], expected) {
            #expect(solved[id]?.x == x && solved[id]?.width == w, "\(id): \(String(describing: solved[id]))")
        }
        #expect(check.tally.views == 3)
    }

    /// macOS: y counts from the bottom of an unflipped superview, where flexibleMinY is the bottom margin.
    @Test func macOSFramesAndMasksInUnflippedViews() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="17701" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <customView id="root"><rect key="frame" x="0" y="0" width="480" height="270"/>
                        <subviews>
                            <button id="ok"><rect key="frame" x="380" y="13" width="86" height="32"/>
                                <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxY="YES"/></button>
                        </subviews>
                    </customView>
                </objects>
            </document>
            """
        let doc = try Self.load(text)
        #expect(doc.platform == .macOS && !doc.usesAutoLayout)
        let ok = Self.view(try #require(doc.scenes.first), "ok")
        #expect(ok.frame == Rect(x: 380, y: 270 - 13 - 32, width: 86, height: 32))
        // Pinned to the bottom right: flexible left margin and (in top-left terms) flexible top margin.
        #expect(ok.mask == [.flexibleLeftMargin, .flexibleTopMargin])
    }

    @Test func storyboardScenesCellsAndSkips() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController title="First" id="vc1">
                                <view key="view" id="r1"><rect key="frame" x="0" y="0" width="375" height="667"/>
                                    <subviews>
                                        <tableView id="t"><rect key="frame" x="0" y="0" width="375" height="667"/>
                                            <prototypes>
                                                <tableViewCell id="cell"><rect key="frame" x="0" y="28" width="375" height="44"/>
                                                    <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0" y="0" width="375" height="44"/>
                                                        <subviews><label text="x" id="cl"><rect key="frame" x="16" y="11" width="42" height="21"/></label></subviews>
                                                    </tableViewCellContentView>
                                                </tableViewCell>
                                            </prototypes>
                                        </tableView>
                                        <view customClass="FancyView" id="f"><rect key="frame" x="0" y="0" width="10" height="10"/>
                                            <variation key="widthClass=compact"><mask key="constraints"/></variation></view>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="s2"><objects><navigationController id="nav"/></objects></scene>
                </scenes>
            </document>
            """
        let doc = try Self.load(text)
        #expect(doc.kind == .storyboard)
        #expect(doc.scenes.map(\.name) == ["scene s1 First", "cell cell"])
        #expect(doc.scenes[1].scenario.tree.views.map(\.id) == ["cl"])
        let reasons = doc.skipped.map(\.reason)
        #expect(reasons.contains { $0.hasPrefix("custom class FancyView") })
        #expect(reasons.contains { $0.hasPrefix("a view controller without a root view of its own") })
        #expect(reasons.contains { $0.hasPrefix("a cell: the table or collection view lays it out at run time") })
    }

    /// Malformed XML: file, line and column; an archive xib: the unsupported feature, named.
    @Test func malformedAndUnsupportedDocuments() {
        let broken =
            "<?xml version=\"1.0\"?>\n<document type=\"x\">\n  <objects>\n    <view id=\"a\">\n  </objects>\n</document>"
        #expect(
            throws: IBImportError(
                file: "t.xib", location: SourceLocation(line: 5, column: 3),
                problem: .malformedXML("</objects> does not close <view> (opened at 4:5)"))
        ) { try Self.load(broken) }
        do {
            _ = try InterfaceBuilder.importDocument(
                text:
                    "<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"></archive>",
                file: "t.xib")
            Issue.record("an archive imported")
        } catch {
            #expect(error.unsupportedFeature == "legacy keyed-archive format (Xcode 3–4 xibs, <archive>)")
            #expect(
                error.description == "t.xib:2:1: unsupported: legacy keyed-archive format (Xcode 3–4 xibs, <archive>)")
        }
    }
}

/// Inputs the importer fuzz target crashed on (Fuzz/run.sh ib), kept as tests.
@Suite("Interface Builder fuzz crashes")
struct FuzzCrashTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Crashes")

    /// A document that repeats a view's id: its tree is not well formed, so the scene keeps only its
    /// root, says why, and is not solved with constraints that name views it does not have.
    @Test func repeatedViewIDs() throws {
        let text = String(
            decoding: try Data(contentsOf: Self.folder.appendingPathComponent("duplicate-view-id.xib")), as: UTF8.self)
        let doc = try InterfaceBuilder.importDocument(text: text, file: "crash.xib")
        #expect(doc.skipped.contains { $0.reason.hasPrefix("the view tree is not well formed") })
        _ = IBCheck.check(doc)
    }
}
