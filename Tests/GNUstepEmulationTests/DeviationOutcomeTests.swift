import GNUstepAutoLayout
import Geometry
import Scenario
import Testing

/// The three deviations that change what happens rather than a frame: a raise instead of a broken
/// constraint, a NaN from GNUstep's 0/0 ratio, a constant change the engine never sees. Each alone,
/// against every switch off (Apple's documented behaviour) and every other switch alone.
@Suite("GNUstep deviations that refuse, divide by zero or ignore")
struct DeviationOutcomeTests {
    static func only(_ d: Deviation) -> GNUstepDeviations { GNUstepDeviations([d]) }
    static let size = Size(width: 400, height: 480)

    /// `width == 100` and `width == 200`, both required. Apple breaks one ("Will attempt to recover by
    /// breaking constraint", the newer here) and lays out; GNUstep's solver raises.
    @Test func conflictRaisesAlone() throws {
        let s = try Scenario(
            json: """
                {"superview":{"width":320,"height":480},"views":[{"id":"a","frame":[10,0,100,20],"translatesMask":false}],
                 "constraints":[{"item1":"a","attr1":"left","relation":"==","item2":"superview","attr2":"left","constant":10},
                                {"item1":"a","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"a","attr1":"height","relation":"==","constant":20},
                                {"item1":"a","attr1":"width","relation":"==","constant":100},
                                {"item1":"a","attr1":"width","relation":"==","constant":200}]}
                """)
        let apple = try GNUstepAutoLayoutModel.layout(s, sizes: [Self.size], deviations: .none).get()
        #expect(apple == [[Rect(x: 10, y: 230, width: 100, height: 20)]])
        guard
            case .failure(let refusal) = GNUstepAutoLayoutModel.layout(
                s, sizes: [Self.size], deviations: Self.only(.conflictRaises))
        else {
            Issue.record("conflict-raises alone laid the conflict out")
            return
        }
        #expect(refusal.message.contains("Cannot satisfy the required constraints"), "\(refusal.message)")
        for other in Deviation.allCases where other != .conflictRaises {
            let r = GNUstepAutoLayoutModel.layout(s, sizes: [Self.size], deviations: Self.only(other))
            #expect((try? r.get()) != nil, "\(other) alone refused the conflict")
        }
    }

    /// `&-&` with no room (a view as wide as its superview): GNUstep's ratio of the left margin to both
    /// margins is 0/0, and the NaN multiplier reaches the frame; Apple holds the view in place.
    @Test func degenerateRatioAlone() throws {
        let s = try Scenario(
            json: """
                {"superview":{"width":320,"height":480},
                 "views":[{"id":"d","frame":[0,100,320,50],"mask":["flexibleLeftMargin","flexibleRightMargin"]}]}
                """)
        let apple = try GNUstepAutoLayoutModel.layout(s, sizes: [Self.size], deviations: .none).get()
        #expect(apple == [[Rect(x: 0, y: 100, width: 320, height: 50)]])
        let gnustep = try GNUstepAutoLayoutModel.layout(s, sizes: [Self.size], deviations: Self.only(.degenerateRatio))
            .get()
        #expect(gnustep[0][0].x.isNaN && gnustep[0][0].width == 320 && gnustep[0][0].y == 100)
        for other in Deviation.allCases where other != .degenerateRatio {
            let r = try GNUstepAutoLayoutModel.layout(s, sizes: [Self.size], deviations: Self.only(other)).get()
            #expect(r == apple, "\(other) alone moved d to \(r)")
        }
    }

    /// `width == 100` set to 150 after installation (`-setConstant:`), then the window resized: Apple's
    /// engine solves again and the view is 150 wide; GNUstep never observes the constraint and keeps 100.
    @Test func ignoredChangesAlone() throws {
        let s = try Scenario(
            json: """
                {"superview":{"width":320,"height":480},"views":[{"id":"a","frame":[10,0,100,20],"translatesMask":false}],
                 "constraints":[{"item1":"a","attr1":"left","relation":"==","item2":"superview","attr2":"left","constant":10},
                                {"item1":"a","attr1":"centerY","relation":"==","item2":"superview","attr2":"centerY"},
                                {"item1":"a","attr1":"height","relation":"==","constant":20},
                                {"item1":"a","attr1":"width","relation":"==","constant":100}]}
                """)
        func width(_ d: GNUstepDeviations) throws -> Double {
            let model = try GNUstepAutoLayoutModel(s, deviations: d)
            _ = try model.step(to: Size(width: 320, height: 480))
            try model.setConstant(ofConstraint: 3, to: 150)
            return try model.step(to: Self.size)[0].width
        }
        #expect(try width(.none) == 150)
        #expect(try width(Self.only(.ignoredChanges)) == 100)
        for other in Deviation.allCases where other != .ignoredChanges {
            #expect(try width(Self.only(other)) == 150, "\(other) alone")
        }
    }
}
