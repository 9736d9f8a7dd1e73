import ConstraintModel
import Environment
import Foundation
import Geometry
import InterfaceBuilder
import Testing
import ViewTree

/// The rules of docs/interface-builder.md, each on a document written for the test (`Fixtures/`, or a
/// template below): what Xcode and UIKit add to a document's constraints.
@Suite("Interface Builder rules")
struct IBRuleTests {
    static func fixture(_ name: String, sizeClasses: SizeClasses? = nil) throws -> IBImport {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try InterfaceBuilder.importDocument(
            text: try String(contentsOf: url, encoding: .utf8), file: name, sizeClasses: sizeClasses,
            fitted: TestValues.values)
    }

    /// A document holding one table cell: a prototype of a table view controller's table in a storyboard
    /// (`inTable`), else a xib's top-level object.
    static func cellDocument(
        _ cell: String, inTable: Bool, toolsVersion: String, device: String = "retina4_7"
    ) -> String {
        let objects =
            inTable
            ? """
            <scenes><scene sceneID="s"><objects>
              <tableViewController id="tvc">
                <tableView key="view" style="plain" rowHeight="44" id="table">
                  <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                  <prototypes>\(cell)</prototypes>
                </tableView>
              </tableViewController>
            </objects></scene></scenes>
            """ : "<objects>\(cell)</objects>"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.\(inTable ? "Storyboard.XIB" : "XIB")" \
            version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" \
            useTraitCollections="YES">
              <device id="\(device)" orientation="portrait"/>
              \(objects)
            </document>
            """
    }

    /// A table view cell (with the attributes `cell`) whose content view (with `content`), `width` wide,
    /// holds `subviews` placed by `constraints`, as IB writes it.
    static func cell(
        _ cell: String = "", content: String = "", width: Double = 375, height: Double, subviews: String = "",
        constraints: String = ""
    ) -> String {
        """
        <tableViewCell \(cell) id="cell">
          <rect key="frame" x="0.0" y="0.0" width="375" height="\(height)"/>
          <tableViewCellContentView key="contentView" \(content) tableViewCell="cell" id="content">
            <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
            <subviews>\(subviews)</subviews>
            <constraints>\(constraints)</constraints>
          </tableViewCellContentView>
        </tableViewCell>
        """
    }

    /// A required equality from `item`'s `attribute` to the content view's `contentAttribute`.
    static func toContent(_ item: String, _ attribute: String, _ contentAttribute: String) -> String {
        """
        <constraint firstItem="\(item)" firstAttribute="\(attribute)" secondItem="content" \
        secondAttribute="\(contentAttribute)" id="\(item)-\(attribute)"/>
        """
    }

    /// The label `title`, in the 17-point system font, at its stored frame.
    static func title(x: Double, y: Double, height: Double) -> String {
        """
        <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="title">
          <rect key="frame" x="\(x)" y="\(y)" width="36" height="\(height)"/>
          <fontDescription key="fontDescription" type="system" pointSize="17"/>
        </label>
        """
    }

    static func statuses(_ doc: IBImport) -> [String: IBViewResult.Status] {
        Dictionary(uniqueKeysWithValues: IBCheck.check(doc).results.map { ($0.view, $0.status) })
    }

    /// Build-time pins: a fixedFrame view with no constraints is an input, what is placed against it is
    /// computed; placeholder constraints shape the check but not the built scenario; IB's own
    /// ambiguity is a status of its own.
    @Test func buildTimePinsPlaceholdersAndIBAmbiguity() throws {
        let doc = try Self.fixture("BuildTimePins.xib")
        let scene = try #require(doc.scenes.first)
        let pins = scene.scenario.constraints.filter {
            $0.identifier == "IB auto generated at build time for view with fixed frame"
        }
        #expect(pins.count == 4 && pins.allSatisfy { $0.item1 == "pinned" && $0.isRequired })
        #expect(pins.map(\.constant).sorted() == [20, 40, 100, 200])
        #expect(!scene.scenario.constraints.contains { $0.identifier == "c-held-w-placeholder" })
        #expect(scene.placeholderConstraints.map(\.identifier) == ["c-held-w-placeholder"])
        #expect(
            Self.statuses(doc) == [
                "pinned": .input, "inside": .agree, "held": .agree, "unsure": .ibAmbiguous, "follower": .ambiguous,
                "loose": .ambiguous,
            ])
        // Only the view IB marks is IB's ambiguity; the follower, undetermined only through it, is the
        // lab's to determine, and check-ib names the view it follows; the loose view lacks a constraint
        // of its own, and check-ib names what nothing fixes.
        let results = IBCheck.check(doc).results
        let follower = results.first { $0.view == "follower" }
        #expect(follower?.cause == "follows" && follower?.explanation?.follows == ["unsure"])
        let loose = results.first { $0.view == "loose" }
        #expect(loose?.cause == "free" && loose?.explanation?.free == ["y"])
        // Without the placeholder, the held view's width is free: the build is ambiguous there.
        let built = IBCheck.solve(scene, withPlaceholders: false)
        #expect(built.ambiguous.contains("held") && !IBCheck.solve(scene).ambiguous.contains("held"))
        // A view's size stands for text only where it is text: the label, not the views.
        #expect(scene.sizeFromStoredFrame == ["inside"])
    }

    /// The bars IB simulates: a hidden navigation bar, one reached through a button's segue, a root
    /// between opaque bars, no status bar, an iOS 13 sheet, a freeform scene, a tab's child, a scene
    /// shown from outside a navigation controller (a sheet), one under an opaque bar of its own.
    @Test func simulatedBars() throws {
        let doc = try Self.fixture("SimulatedBars.storyboard")
        let top = Dictionary(uniqueKeysWithValues: doc.scenes.map { ($0.name, $0.rootInsets.safeAreaInsets) })
        #expect(top["scene sc-a A"] == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(top["scene sc-b B"] == EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        #expect(top["scene sc-c C"] == EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        #expect(top["scene sc-d D"] == .zero)
        #expect(top["scene sc-e E"] == .zero)
        #expect(top["scene sc-f F"] == .zero)
        #expect(top["scene sc-g G"] == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(top["scene sc-h H"] == EdgeInsets(top: 20, left: 0, bottom: 49, right: 0))
        #expect(top["scene sc-i I"] == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(top["scene sc-j J"] == .zero)
        #expect(top["scene sc-k K"] == .zero)
        #expect(Set(Self.statuses(doc).values) == [.agree])
    }

    /// A scene whose simulated metrics set a navigation bar (its navigation controller lives in another
    /// storyboard) passes the bar to what it shows: IB draws the destination under it (64 on a
    /// 667-point canvas); without that metric the destination gets only the status bar.
    @Test(arguments: [(true, 64.0), (false, 20)])
    func simulatedNavigationBarPassesToShownScenes(sourceBar: Bool, top: Double) throws {
        let metric = sourceBar ? #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>"# : ""
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="13771" \
            targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" useTraitCollections="YES">
              <device id="retina4_7" orientation="portrait"/>
              <scenes>
                <scene sceneID="s1"><objects>
                  <viewController id="source" sceneMemberID="viewController">
                    <view key="view" id="v1"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                      <subviews><button id="go"><rect key="frame" x="10" y="100" width="40" height="30"/>
                        <connections><segue destination="target" kind="show" id="seg"/></connections></button>
                      </subviews>
                    </view>
                    \(metric)
                  </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                  <viewController id="target" sceneMemberID="viewController">
                    <view key="view" id="v2"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                      <viewLayoutGuide key="safeArea" id="safe"/>
                    </view>
                  </viewController>
                </objects></scene>
              </scenes>
            </document>
            """
        let doc = try InterfaceBuilder.importDocument(text: text, file: "bars.storyboard")
        let target = try #require(doc.scenes.first { $0.name.hasPrefix("scene s2") })
        #expect(target.rootInsets.safeAreaInsets.top == top)
    }

    /// A `showDetail` segue from a scene inside a navigation controller draws its destination under that
    /// navigation bar, without the tab bar the source sits in (64 above and nothing below on a 667-point
    /// canvas); from a scene outside one, only the status bar; a detail that is a navigation controller
    /// of its own passes its own bar and no tab bar.
    @Test(arguments: [("source", 64.0, 0.0), ("free", 20, 0), ("detailNav", 64, 0)])
    func showDetailDrawsUnderTheSourcesNavigationBar(from: String, top: Double, bottom: Double) throws {
        func scene(_ id: String, _ body: String) -> String {
            #"<scene sceneID="s-\#(id)"><objects>\#(body)</objects></scene>"#
        }
        func root(_ id: String, _ inner: String = "") -> String {
            """
            <viewController id="\(id)" sceneMemberID="viewController">
              <view key="view" id="v-\(id)"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <viewLayoutGuide key="safeArea" id="g-\(id)"/></view>
              <connections>\(inner)</connections>
            </viewController>
            """
        }
        let destination = from == "detailNav" ? "detailNav" : "target"
        let detail = #"<segue destination="\#(destination)" kind="showDetail" id="detail"/>"#
        let scenes = [
            scene(
                "tabs",
                #"<tabBarController id="tabs" sceneMemberID="viewController"><connections>"#
                    + #"<segue destination="nav" kind="relationship" relationship="viewControllers" id="t1"/>"#
                    + "</connections></tabBarController>"),
            scene(
                "nav",
                #"<navigationController id="nav" sceneMemberID="viewController"><connections>"#
                    + #"<segue destination="source" kind="relationship" relationship="rootViewController" id="n1"/>"#
                    + "</connections></navigationController>"),
            from != "detailNav"
                ? ""
                : scene(
                    "detailNav",
                    #"<navigationController id="detailNav" sceneMemberID="viewController"><connections>"#
                        + #"<segue destination="target" kind="relationship" relationship="rootViewController" id="n2"/>"#
                        + "</connections></navigationController>"),
            scene("source", root("source", from == "free" ? "" : detail)),
            scene("free", root("free", from == "free" ? detail : "")),
            scene("target", root("target")),
        ]
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="13771" \
            targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" useTraitCollections="YES">
              <device id="retina4_7" orientation="portrait"/>
              <scenes>\(scenes.joined())</scenes>
            </document>
            """
        let doc = try InterfaceBuilder.importDocument(text: text, file: "detail.storyboard")
        let target = try #require(doc.scenes.first { $0.name.hasPrefix("scene s-target") })
        #expect(target.rootInsets.safeAreaInsets.top == top)
        #expect(target.rootInsets.safeAreaInsets.bottom == bottom)
    }

    /// A notched canvas's top inset follows the iOS version the saving Xcode simulated: 44 on every
    /// notched canvas before Xcode 14, the device's own inset from it.
    @Test(arguments: [
        ("retina6_1", "16097", 44.0), ("retina6_1", "20037", 44.0), ("retina6_1", "21507", 48.0),
        ("retina5_9", "20037", 44.0), ("retina5_9", "22505", 50.0), ("retina6_12", "21701", 59.0),
        ("retina6_7", "23090", 47.0), ("retina6_72", "21701", 59.0), ("retina6_0", "19529", 44.0),
        ("retina6_0", "21701", 47.0),
    ])
    func notchByXcodeVersion(device: String, toolsVersion: String, top: Double) throws {
        let text = Self.rootScene(device: device, toolsVersion: toolsVersion, screen: Self.screen(device))
        let doc = try InterfaceBuilder.importDocument(text: text, file: "n.storyboard")
        #expect(doc.scenes.first?.rootInsets.safeAreaInsets.top == top)
    }

    /// Xcode 26's notched canvases count the device's safe area twice (rule safe-area-twice-26): 96 above
    /// and 68 below on `retina6_1`, 118 above on `retina6_12`; a home-button canvas keeps its status bar,
    /// and with the rule off the device's own insets come back.
    @Test(arguments: [
        ("retina6_1", true, 96.0, 68.0), ("retina6_12", true, 118, 68), ("retina6_1", false, 48, 34),
        ("retina4_7", true, 20, 0),
    ])
    func safeAreaTwiceInXcode26(device: String, ruleOn: Bool, top: Double, bottom: Double) throws {
        let screen = device == "retina4_7" ? #"width="375" height="667""# : Self.screen(device)
        let text = Self.rootScene(device: device, toolsVersion: "24127", screen: screen)
        let values = FittedValues(table: TestValues.table, rulesOff: ruleOn ? [] : [.safeAreaTwice26])
        let doc = try InterfaceBuilder.importDocument(text: text, file: "n.storyboard", fitted: values)
        let insets = try #require(doc.scenes.first?.rootInsets.safeAreaInsets)
        #expect(insets.top == top && insets.bottom == bottom)
    }

    /// From Xcode 26 an iPhone's navigation bar is 54 high on top of the canvas's (doubled) notch: 118 + 54
    /// on `retina6_12`, where Xcode 15 gave 59 + 44; a standalone navigation bar takes the same height.
    @Test(arguments: [("25094", 172.0, 54.0), ("23504", 103, 44)])
    func navigationBarSinceXcode26(toolsVersion: String, top: Double, barHeight: Double) throws {
        let metrics = #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>"#
        let bar = """
            <subviews><navigationBar contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
              <rect key="frame" x="0.0" y="400" width="393" height="\(barHeight)"/>
            </navigationBar></subviews>
            """
        let pins = """
            <constraints>
              <constraint firstItem="bar" firstAttribute="leading" secondItem="r" secondAttribute="leading" id="c1"/>
              <constraint firstItem="bar" firstAttribute="top" secondItem="r" secondAttribute="top" constant="400" id="c2"/>
              <constraint firstItem="bar" firstAttribute="width" constant="393" id="c3"/>
            </constraints>
            """
        let text = Self.rootScene(
            device: "retina6_12", toolsVersion: toolsVersion, screen: Self.screen("retina6_12"), metrics: metrics,
            subviews: bar, constraints: pins)
        let doc = try InterfaceBuilder.importDocument(text: text, file: "nav.storyboard")
        #expect(doc.scenes.first?.rootInsets.safeAreaInsets.top == top)
        #expect(Self.statuses(doc)["bar"] == .agree)
    }

    /// Home-button canvases of Xcode 11 (the iOS 13 SDK, toolsVersion 14810) up to toolsVersion 21701
    /// leave out the "Inferred" status bar;
    /// a scene that sets its status bar keeps it.
    @Test(arguments: [
        ("14113", "", 20.0), ("14810", "", 0.0), ("16096", "", 0.0), ("21507", "", 0.0), ("21701", "", 20.0),
        ("16096", #"<simulatedStatusBarMetrics key="simulatedStatusBarMetrics" statusBarStyle="lightContent"/>"#, 20.0),
    ])
    func statusBarByXcodeVersion(toolsVersion: String, metrics: String, top: Double) throws {
        let text = Self.rootScene(
            device: "retina4_7", toolsVersion: toolsVersion, screen: #"width="375" height="667""#, metrics: metrics)
        let doc = try InterfaceBuilder.importDocument(text: text, file: "s.storyboard")
        #expect(doc.scenes.first?.rootInsets.safeAreaInsets.top == top)
    }

    /// A toolbar pinned to the safe area's bottom takes UIToolbar's height for the canvas: 49 on an
    /// iPhone with a home indicator, 44 on one with a home button, 50 on an iPad (iOS 12 SDK on).
    @Test(arguments: [("retina6_1", 49.0), ("retina5_9", 49.0), ("retina4_7", 44.0), ("ipad9_7", 50.0)])
    func toolbarHeightByCanvas(device: String, height: Double) throws {
        let toolbar = """
            <subviews><toolbar translatesAutoresizingMaskIntoConstraints="NO" id="t">
                <rect key="frame" x="0.0" y="0.0" width="100" height="10"/></toolbar></subviews>
            """
        let constraints = """
            <constraints>
                <constraint firstItem="t" firstAttribute="leading" secondItem="r" secondAttribute="leading" id="c1"/>
                <constraint firstItem="t" firstAttribute="trailing" secondItem="r" secondAttribute="trailing" id="c2"/>
                <constraint firstItem="g" firstAttribute="bottom" secondItem="t" secondAttribute="bottom" id="c3"/>
            </constraints>
            """
        let screen =
            device == "retina4_7"
            ? #"width="375" height="667""#
            : device == "ipad9_7" ? #"width="768" height="1024""# : Self.screen(device)
        let text = Self.rootScene(
            device: device, toolsVersion: "21701", screen: screen, subviews: toolbar, constraints: constraints)
        let doc = try InterfaceBuilder.importDocument(text: text, file: "t.storyboard")
        let scene = try #require(doc.scenes.first)
        let frame = try #require(IBCheck.solve(scene).frames["t"])
        let screenHeight = try #require(screen.split(separator: "\"").compactMap { Double($0) }.last)
        #expect(frame.height == height)
        #expect(frame.y + frame.height == screenHeight - scene.rootInsets.safeAreaInsets.bottom)
    }

    /// iOS 15's keyboard layout guide, with the keyboard offscreen as IB draws it: its top is the safe
    /// area's bottom (34 above the screen's on a notched iPhone), its sides the view's.
    @Test func keyboardLayoutGuide() throws {
        let box = """
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="b">
                <rect key="frame" x="0.0" y="0.0" width="100" height="10"/></view></subviews>
            """
        let guideAndConstraints = """
            <keyboardLayoutGuide key="keyboard" id="k"/>
            <constraints>
                <constraint firstItem="b" firstAttribute="top" secondItem="g" secondAttribute="top" id="c1"/>
                <constraint firstItem="b" firstAttribute="leading" secondItem="k" secondAttribute="leading" id="c2"/>
                <constraint firstItem="k" firstAttribute="trailing" secondItem="b" secondAttribute="trailing" id="c3"/>
                <constraint firstItem="b" firstAttribute="bottom" secondItem="k" secondAttribute="top" id="c4"/>
            </constraints>
            """
        let text = Self.rootScene(
            device: "retina6_1", toolsVersion: "21701", screen: Self.screen("retina6_1"), subviews: box,
            constraints: guideAndConstraints)
        let doc = try InterfaceBuilder.importDocument(text: text, file: "k.storyboard")
        let scene = try #require(doc.scenes.first)
        #expect(scene.skippedConstraints == 0)
        let frame = try #require(IBCheck.solve(scene).frames["b"])
        #expect(frame == Rect(x: 0, y: 48, width: 414, height: 896 - 34 - 48))
    }

    /// A storyboard of one view controller whose root fills the device's screen, with a safe-area guide.
    static func rootScene(
        device: String, toolsVersion: String, screen: String, metrics: String = "", subviews: String = "",
        constraints: String = ""
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <scenes><scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="r"><rect key="frame" x="0.0" y="0.0" \(screen)/>
                    \(subviews)
                    <viewLayoutGuide key="safeArea" id="g"/>
                    \(constraints)</view>
                \(metrics)
            </viewController></objects></scene></scenes>
        </document>
        """
    }

    static func screen(_ device: String) -> String {
        switch device {
        case "retina5_9": "width=\"375\" height=\"812\""
        case "retina6_12": "width=\"393\" height=\"852\""
        case "retina6_0": "width=\"390\" height=\"844\""
        case "retina6_7": "width=\"428\" height=\"926\""
        case "retina6_72": "width=\"430\" height=\"932\""
        default: "width=\"414\" height=\"896\""
        }
    }

    /// Edges between a scroll view and its content attach to the content; sizes and centres, and the
    /// frame layout guide, to the frame.
    @Test func scrollViewContent() throws {
        let doc = try Self.fixture("ScrollContent.xib")
        let scene = try #require(doc.scenes.first)
        #expect(scene.scenario.tree.views.first { $0.id == "scroll" }?.scrollView != nil)
        let solution = IBCheck.solve(scene)
        let (frames, ambiguous) = (solution.frames, solution.ambiguous)
        #expect(frames["content"] == Rect(x: 0, y: 0, width: 375, height: 1000))  // taller than the 400-point frame
        #expect(frames["badge"] == Rect(x: 167.5, y: 180, width: 40, height: 40))  // centred on the frame, not the content
        #expect(frames["strip"] == Rect(x: 0, y: 0, width: 750, height: 267))
        #expect(ambiguous.isEmpty)
        #expect(Set(Self.statuses(doc).values) == [.agree])
    }

    /// Standard controls take UIKit's sizes (and alignment rects), not their stored frames.
    @Test func standardControls() throws {
        let doc = try Self.fixture("StandardControls.xib")
        let scene = try #require(doc.scenes.first)
        let view = { (id: String) in scene.scenario.tree.views.first { $0.id == id }! }
        #expect(view("toggle").alignmentRectInsets == EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
        #expect(view("toggle").intrinsicContentSize == IntrinsicContentSize(width: 49, height: 31))
        #expect(view("volume").alignmentRectInsets == EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        #expect(view("picker").intrinsicContentSize == IntrinsicContentSize(width: nil, height: 216))
        #expect(view("star").intrinsicContentSize == IntrinsicContentSize(width: 24, height: 20))
        #expect(view("info").intrinsicContentSize == IntrinsicContentSize(width: 25, height: 24))  // iOS 13 on
        #expect(scene.sizeFromStoredFrame.isEmpty)
        #expect(Set(Self.statuses(doc).values) == [.agree])
    }

    /// An SF Symbol listed in `<resources>` at its 128-point reference drawing gives its image view and its
    /// button no size (UIKit renders it by the symbol configuration); an image of the document's own
    /// keeps its size. A symbol view sized by its constraints then agrees; one they leave free is ambiguous.
    @Test func systemSymbolsGiveNoSize() throws {
        let sized = AppKitDocumentTests.sized(
            "sized", "imageView", x: 20, y: 20, width: 24, height: 24, attributes: #"image="circle""#)
        let body = """
            \(sized)
            <button translatesAutoresizingMaskIntoConstraints="NO" id="free">
                <rect key="frame" x="20" y="60" width="30" height="22"/>
                <state key="normal" image="chevron.up"/>
            </button>
            <imageView translatesAutoresizingMaskIntoConstraints="NO" image="Star" id="own">
                <rect key="frame" x="20" y="100" width="24" height="20"/>
            </imageView>
            """
        let constraints = [("sized", 20.0), ("free", 60), ("own", 100)].map { ImportTests.pin($0, x: 20, y: $1) }
            .joined()
        let text = ImportTests.xib(body, constraints: constraints).replacingOccurrences(
            of: "</objects>",
            with: """
                </objects>
                <resources>
                    <image name="circle" catalog="system" width="128" height="121"/>
                    <image name="chevron.up" catalog="system" width="128" height="70"/>
                    <image name="Star" width="24" height="20"/>
                </resources>
                """)
        let doc = try ImportTests.load(text)
        let views = try #require(doc.scenes.first).scenario.tree.views
        let size = { (id: String) in views.first { $0.id == id }!.intrinsicContentSize }
        #expect(size("sized") == IntrinsicContentSize(width: nil, height: nil))
        #expect(size("free") == IntrinsicContentSize(width: nil, height: nil))
        #expect(size("own") == IntrinsicContentSize(width: 24, height: 20))
        let status = Self.statuses(doc)
        #expect(status["sized"] == .agree && status["own"] == .agree && status["free"] == .ambiguous)
    }

    /// A switch before Xcode 26 has GranadaLayout's 51 x 31 frame; Xcode 26's is the fitted one (the
    /// test's values: 63 x 28), each less its 2-point right inset.
    @Test func switchEras() throws {
        for (tools, size) in [("17701", Size(width: 49, height: 31)), ("24127", Size(width: 61, height: 28))] {
            let text = ImportTests.xib(
                #"<switch translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="0" y="0" width="51" height="31"/></switch>"#
            )
            .replacingOccurrences(of: #"toolsVersion="17701""#, with: #"toolsVersion="\#(tools)""#)
            let s = try #require(try ImportTests.load(text).scenes.first).scenario.tree.views[0]
            #expect(s.intrinsicContentSize == IntrinsicContentSize(width: size.width, height: size.height), "\(tools)")
        }
    }

    /// Cells: Xcode 8's content view margins are 8; a collection view cell's constraints name the cell.
    @Test func cellRules() throws {
        let doc = try Self.fixture("CellMargins.xib")
        #expect(doc.scenes.map(\.name) == ["cell old-cell", "cell grid-cell"])
        #expect(doc.scenes[0].scenario.tree.root.layoutMargins == .defaultLayoutMargins)
        #expect(
            doc.scenes[1].scenario.constraints.filter {
                $0.item1 == ViewTree.superviewID || $0.item2 == ViewTree.superviewID
            }.count == 6)
        #expect(!doc.skipped.contains { $0.reason.contains("not in this scene") })
        #expect(Set(Self.statuses(doc).values) == [.agree])
    }

    /// A table view cell's content view since Xcode 9: 16-point sides in a cell narrower than 414 points,
    /// except in a table on a screen wider than 375 points (rule cell-margins-by-screen), where the table
    /// follows the screen's 20; with the rule off, or for a xib's top-level cell, which has no table, the
    /// cell's width alone decides.
    @Test(arguments: [
        ("retina4_7", true, true, 16.0), ("retina6_1", true, true, 20), ("retina6_1", false, true, 16),
        ("retina6_1", true, false, 16),
    ])
    func cellMarginsFollowTheScreen(device: String, ruleOn: Bool, inTable: Bool, side: Double) throws {
        let cell = Self.cell(height: 44)
        let text = Self.cellDocument(cell, inTable: inTable, toolsVersion: "17506", device: device)
        let values = FittedValues(table: TestValues.table, rulesOff: ruleOn ? [] : [.cellMarginsByScreen])
        let doc = try InterfaceBuilder.importDocument(text: text, file: "cell.storyboard", fitted: values)
        let scene = try #require(doc.scenes.first { $0.name.hasPrefix("cell") })
        #expect(scene.scenario.tree.root.layoutMargins == EdgeInsets(top: 11, left: side, bottom: 11, right: side))
    }

    /// A 51.5-point table cell whose label is pinned to its content view's top, bottom and leading
    /// margins, stored at y = 15 as Xcode 26 lays it out.
    static let cellPinnedToMargins = cell(
        height: 51.5, subviews: title(x: 16, y: 15, height: 21.5),
        constraints: toContent("title", "top", "topMargin") + toContent("title", "bottom", "bottomMargin")
            + toContent("title", "leading", "leadingMargin"))

    /// Since Xcode 26 a cell's content view stores 15 points above and below its content where an earlier
    /// Xcode stored 11 (rule cell-margins-26): a label pinned to both vertical margins of a 51.5-point cell
    /// agrees at y = 15 and 21.5 high only with the rule on, and only in an Xcode 26 document.
    @Test(arguments: [("24127", true, 15.0), ("24127", false, 11), ("17506", true, 11)])
    func cellVerticalMarginsSinceXcode26(toolsVersion: String, ruleOn: Bool, vertical: Double) throws {
        let text = Self.cellDocument(Self.cellPinnedToMargins, inTable: true, toolsVersion: toolsVersion)
        let values = FittedValues(table: TestValues.table, rulesOff: ruleOn ? [] : [.cellMargins26])
        let doc = try InterfaceBuilder.importDocument(text: text, file: "cell.storyboard", fitted: values)
        let scene = try #require(doc.scenes.first { $0.name.hasPrefix("cell") })
        #expect(scene.scenario.tree.root.layoutMargins.top == vertical)
        #expect(scene.scenario.tree.root.layoutMargins.bottom == vertical)
        let title = try #require(IBCheck.check(doc).results.first { $0.view == "title" })
        #expect((title.status == .agree) == (vertical == 15))
    }

    /// Before Xcode 9 a content view preserving its superview's margins takes its cell's 15-point sides
    /// in a table view (its label at x = 15 agrees, at 8 it would not); a xib's top-level cell, with no
    /// table, keeps a plain view's 8 even when it preserves them, and so does a content view that does not.
    @Test(arguments: [(true, true, 15.0), (true, false, 8), (false, true, 8)])
    func preservedCellMarginsBeforeXcode9(inTable: Bool, preserves: Bool, side: Double) throws {
        let cell = Self.cell(
            #"preservesSuperviewLayoutMargins="YES""#,
            content: preserves ? #"preservesSuperviewLayoutMargins="YES""# : "",
            height: 44, subviews: Self.title(x: side, y: 11.5, height: 21),
            constraints: Self.toContent("title", "leading", "leadingMargin")
                + Self.toContent("title", "centerY", "centerY"))
        let text = Self.cellDocument(cell, inTable: inTable, toolsVersion: "12120")
        let doc = try InterfaceBuilder.importDocument(
            text: text, file: "cells.storyboard", fitted: FittedValues.builtIn)
        let scene = try #require(doc.scenes.first { $0.name.hasPrefix("cell") })
        #expect(scene.scenario.tree.root.layoutMargins.left == side)
        let title = try #require(IBCheck.check(doc).results.first { $0.view == "title" })
        #expect(title.status == .agree && title.solved?.minX == side)
    }

    /// A cell's accessory takes the content view's trailing side: its trailing margin is 8, and a label on
    /// it ends 8 before the accessory; without one the cell's 16 stays.
    @Test(arguments: [("disclosureIndicator", 8.0), ("none", 16)])
    func accessoryTrailingMargin(accessory: String, right: Double) throws {
        let width = accessory == "none" ? 375.0 : 341
        let bar = """
            <view translatesAutoresizingMaskIntoConstraints="NO" id="bar">
              <rect key="frame" x="16" y="11" width="\(width - 16 - right)" height="22"/>
            </view>
            """
        let cell = Self.cell(
            #"accessoryType="\#(accessory)""#, width: width, height: 44, subviews: bar,
            constraints: ["leading", "trailing", "top", "bottom"].map { Self.toContent("bar", $0, $0 + "Margin") }
                .joined())
        let text = Self.cellDocument(cell, inTable: false, toolsVersion: "17506")
        let doc = try InterfaceBuilder.importDocument(text: text, file: "cell.xib", fitted: FittedValues.builtIn)
        let margins = try #require(doc.scenes.first).scenario.tree.root.layoutMargins
        #expect(margins == EdgeInsets(top: 11, left: 16, bottom: 11, right: right))
        #expect(IBCheck.check(doc).results.first { $0.view == "bar" }?.status == .agree)
    }

    /// Cross-validation by repository checks every document once in each figure: the fixtures, two
    /// repositories, are all counted left out and in sample, per folder and platform, and the legacy
    /// archive that does not import is counted apart.
    @Test func crossValidationCountsEveryDocumentOnce() throws {
        func fixture(_ name: String, _ repository: String) throws -> IBCrossValidation.Document {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Fixtures/\(name)")
            return .init(
                folder: "fixtures", name: name, repository: repository,
                text: try String(contentsOf: url, encoding: .utf8))
        }
        var docs = [
            try fixture("BuildTimePins.xib", "a/one"), try fixture("CellMargins.xib", "a/one"),
            try fixture("AppKitControls.xib", "b/two"), try fixture("StackViews.xib", "b/two"),
        ]
        docs.append(
            .init(folder: "fixtures", name: "old.xib", repository: "b/two", text: "<archive version=\"8.00\"/>"))
        let figures = IBCrossValidation.run(docs)
        #expect(figures.notImported == 1)
        let loro = try #require(figures.leaveOneRepositoryOut["fixtures"])
        let inSample = try #require(figures.inSample["fixtures"])
        #expect(Set(loro.keys) == [.iOS, .macOS] && Set(inSample.keys) == [.iOS, .macOS])
        for platform in [IBImport.Platform.iOS, .macOS] {
            #expect(loro[platform]!.views == inSample[platform]!.views && loro[platform]!.views > 0)
        }
        #expect(IBCrossValidation.repository(fromFileName: "owner__repo__Base.lproj__Main.storyboard") == "owner/repo")
        #expect(IBCrossValidation.repositories(manifest: "repo\tfile\nx/y\ta.xib\n") == ["a.xib": "x/y"])
    }

    /// Size classes: the design device's traits pick constraints, constants and subviews; another
    /// trait collection picks others.
    @Test func sizeClassVariations() throws {
        let portrait = try #require(try Self.fixture("SizeClasses.storyboard").scenes.first)
        #expect(portrait.scenario.tree.views.map(\.id) == ["banner"])
        #expect(portrait.scenario.constraints.compactMap(\.identifier).contains("c-lead-compact"))
        #expect(!portrait.scenario.constraints.compactMap(\.identifier).contains("c-lead-regular"))
        let landscape = try #require(
            try Self.fixture(
                "SizeClasses.storyboard",
                sizeClasses: SizeClasses(horizontal: .compact, vertical: .compact)
            ).scenes.first)
        #expect(landscape.scenario.tree.views.map(\.id) == ["banner", "extra"])
        #expect(landscape.scenario.constraints.first { $0.identifier == "c-banner-h" }?.constant == 50)
        let pad = try #require(
            try Self.fixture(
                "SizeClasses.storyboard",
                sizeClasses: SizeClasses(horizontal: .regular, vertical: .regular)
            ).scenes.first)
        #expect(pad.scenario.constraints.first { $0.identifier == "c-lead-regular" }?.constant == 100)
        #expect(!pad.scenario.constraints.compactMap(\.identifier).contains("c-lead-compact"))
        #expect(Self.statuses(try Self.fixture("SizeClasses.storyboard")) == ["banner": .agree])
    }
}
