import Geometry
import LabJSON
import Scenario
import Testing
import ViewTree

/// The scenario's margin keys: UIKit's property names, insets as objects, rejected where wrong.
@Suite("Margin, safe-area and view-controller keys")
struct MarginKeysTests {
    static let full = """
        { "layoutDirection": "rightToLeft",
          "superview": { "width": 375, "height": 667, "directionalLayoutMargins": {"top": 0, "leading": 4, "bottom": 0, "trailing": 6},
                         "insetsLayoutMarginsFromSafeArea": false, "safeAreaInsets": {"top": 20},
                         "viewController": {"navigationBar": {"isTranslucent": false, "prefersLargeTitles": true}, "tabBar": true,
                                            "edgesForExtendedLayout": ["bottom"], "extendedLayoutIncludesOpaqueBars": true,
                                            "viewRespectsSystemMinimumLayoutMargins": false,
                                            "additionalSafeAreaInsets": {"top": 1, "left": 2, "bottom": 3, "right": 4}} },
          "views": [
            { "id": "a", "frame": [0, 0, 10, 10], "layoutMargins": {"top": 1, "left": 2, "bottom": 3, "right": 4},
              "preservesSuperviewLayoutMargins": true, "insetsLayoutMarginsFromSafeArea": false },
            { "id": "b", "frame": [0, 0, 10, 10], "directionalLayoutMargins": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
              "scrollView": {"contentInset": {"top": 5}, "contentInsetAdjustmentBehavior": "never", "contentSize": [10, 900],
                             "alwaysBounceVertical": true} } ] }
        """

    @Test func readsEveryKeyAndWritesItBack() throws {
        let s = try Scenario(json: Self.full)
        let root = s.tree.root
        #expect(root.directionalLayoutMargins == DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 6))
        #expect(root.ownMargins(.rightToLeft) == EdgeInsets(top: 0, left: 6, bottom: 0, right: 4))
        #expect(!root.insetsLayoutMarginsFromSafeArea)
        #expect(root.safeAreaInsets == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        let vc = try #require(root.viewController)
        #expect(vc.navigationBar == .init(isTranslucent: false, prefersLargeTitles: true))
        #expect(vc.tabBar == .init(isTranslucent: true) && vc.toolbar == nil)
        #expect(vc.edgesForExtendedLayout == .bottom && vc.extendedLayoutIncludesOpaqueBars)
        #expect(!vc.viewRespectsSystemMinimumLayoutMargins)
        #expect(vc.additionalSafeAreaInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        let a = s.tree.views[0]
        let b = s.tree.views[1]
        #expect(a.preservesSuperviewLayoutMargins && !a.insetsLayoutMarginsFromSafeArea)
        #expect(a.ownMargins(.rightToLeft) == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))  // absolute: never flips
        #expect(b.ownMargins(.rightToLeft) == EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))  // directional: flips
        #expect(b.scrollView?.contentInsetAdjustmentBehavior == ContentInsetAdjustmentBehavior.never)
        #expect(try Scenario(json: s.json()) == s)
    }

    @Test func aViewControllerRootDefaultsToZeroOwnMargins() throws {
        let s = try Scenario(json: #"{"superview":{"width":1,"height":1,"viewController":{}},"views":[]}"#)
        #expect(s.tree.root.layoutMargins == .zero && s.tree.root.viewController == ViewController())
    }

    /// Bad insets and contradictory flags, with the text the error must point at.
    @Test(
        arguments: [
            (
                #"{"superview":{"width":1,"height":1,"safeAreaInsets":{"top":-20}},"views":[]}"#,
                "\"safeAreaInsets.top\" must not be negative", "-20"
            ),
            (
                #"{"superview":{"width":1,"height":1,"safeAreaInsets":{"up":20}},"views":[]}"#, "unknown key \"up\"",
                #""up""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"layoutMargins":{"top":"8"}}]}"#,
                "\"layoutMargins.top\" must be a number", #""8""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"directionalLayoutMargins":{"left":8}}]}"#,
                "unknown key \"left\" (allowed: top, leading, bottom, trailing)", #""left""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"layoutMargins":{},"directionalLayoutMargins":{}}]}"#,
                "contradictory settings: set layoutMargins or directionalLayoutMargins, not both", #"{}}"#
            ),
            (
                #"{"superview":{"width":1,"height":1,"viewController":{"extendedLayoutIncludesOpaqueBars":true}},"views":[]}"#,
                "contradictory settings: extendedLayoutIncludesOpaqueBars is set but the view controller has no bars",
                "true"
            ),
            (
                #"{"superview":{"width":1,"height":1,"viewController":{"edgesForExtendedLayout":["up"]}},"views":[]}"#,
                "\"edgesForExtendedLayout\" must be \"all\", \"none\" or a list of top, left, bottom, right", #""up""#
            ),
            (
                #"{"superview":{"width":1,"height":1,"preservesSuperviewLayoutMargins":true},"views":[]}"#,
                "unknown key \"preservesSuperviewLayoutMargins\"", #""preservesSuperviewLayoutMargins""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"scrollView":{"contentInsetAdjustmentBehavior":"sometimes"}}]}"#,
                "must be one of automatic, scrollableAxes, never, always", #""sometimes""#
            ),
            (
                #"{"superview":{"width":1,"height":1},"views":[{"id":"a","frame":[0,0,1,1],"preservesSuperviewLayoutMargins":1}]}"#,
                "\"preservesSuperviewLayoutMargins\" must be true or false", "1}]}"
            ),
        ] as [(String, String, String)])
    func rejectsBadInsetsAndContradictions(input: String, problem: String, pointsAt marker: String) throws {
        let offset = try #require(input.range(of: marker)).lowerBound
        let column = input.distance(from: input.startIndex, to: offset) + 1
        do {
            _ = try Scenario(json: input, file: "s.json")
            Issue.record("accepted bad input: \(input)")
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
            #expect(error.description.hasPrefix("s.json:1:\(column):"), "\(error.description)")
        }
    }
}
