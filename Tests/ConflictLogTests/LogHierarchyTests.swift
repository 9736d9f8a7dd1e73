import AutoLayout
import ConflictAnalysis
import ConflictLog
import Testing

/// The hierarchy the breaking rule infers from a log (`LogHierarchy`), on logs written for the test.
@Suite("The hierarchy a log implies")
struct LogHierarchyTests {
    static func analysis(_ list: [String], broken: Int) throws -> ConflictAnalysis {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
            \(list.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(list[broken])
            """
        return try ConflictAnalysis(try #require(ConflictLogReader.read(text).logs.first))
    }

    /// Each kind of evidence: a `'|'` name, an inset's sign, two labels aligned (siblings, so the
    /// second takes the first's parent), a canvas connection, siblings with no known parent.
    @Test func evidence() throws {
        let a = try Self.analysis(
            [
                "<NSLayoutConstraint:0x1 H:|-(16)-[UIView:0xc0]   (active, names: '|':UIView:0xa0 )>",
                "<NSLayoutConstraint:0x2 UILabel:0xa1.leading == UIView:0xc0.leading + 8>",
                "<NSLayoutConstraint:0x3 UILabel:0xb1.leading == UILabel:0xa1.leading>",
                "<NSLayoutConstraint:0x4 UIView:0xc0.trailing == UIView:0xd0.trailing + 12>",
                "<NSLayoutConstraint:0x5 'UISV-canvas-connection' UIStackView:0xe1.top == UIButton:0xe0.top>",
                "<NSLayoutConstraint:0x6 UIView:0xf0.leading == UIView:0xf1.trailing + 8>",
            ], broken: 1)
        let system = a.system
        let h = LogHierarchy(system, a.log.constraints)
        func v(_ address: String) throws -> Int {
            try #require(system.views.firstIndex { $0.item.address == address })
        }
        let (r, c, la, lb, d) = (try v("0xa0"), try v("0xc0"), try v("0xa1"), try v("0xb1"), try v("0xd0"))
        #expect(h.parent[c] == r)  // '|'
        #expect(h.parent[la] == c)  // + 8: the label inside
        #expect(h.parent[lb] == c)  // aligned labels are siblings
        #expect(h.parent[d] == c)  // + 12 on a trailing edge: 0xd0 inside 0xc0
        #expect(h.parent[try v("0xe0")] == (try v("0xe1")))
        let (f, g) = (try v("0xf0"), try v("0xf1"))
        let unnamed = try #require(h.parent[f])
        #expect(unnamed >= system.views.count && h.parent[g] == unnamed)
        #expect(h.depth(lb) == 2 && h.depth(r) == 0)
        #expect(h.ownerDepth(la, lb) == 1 && h.ownerDepth(lb, nil) == 2 && h.ownerDepth(f, r) == -1)
    }

    /// A label in a cell's content view: its own height (owned by the label, depth 1) is broken before
    /// the content view's insets and height (depth 0), though the height 44 has the larger constant
    /// (the rule before owner depth broke it).
    @Test func theDeeperOwnerIsBroken() throws {
        let list = [
            "<NSLayoutConstraint:0x1 UILabel:0xa.top == UITableViewCellContentView:0xc.top + 12>",
            "<NSLayoutConstraint:0x2 UILabel:0xa.height == 30>",
            "<NSLayoutConstraint:0x3 UILabel:0xa.bottom == UITableViewCellContentView:0xc.bottom - 12>",
            "<NSLayoutConstraint:0x4 V:[UITableViewCellContentView:0xc(44)]>",
        ]
        let a = try Self.analysis(list, broken: 1)
        // The label's height is owned by the label (depth 1), the insets by the content view (0).
        #expect(a.labBreaks == 1)
    }
}
