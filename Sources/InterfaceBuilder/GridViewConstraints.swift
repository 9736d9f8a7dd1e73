import ConstraintModel
import Geometry
import LabXML
import ViewTree

/// The constraints an NSGridView (macOS 10.12) installs for its cells' content views, as the lab
/// models them from AppKit's NSGridView, NSGridRow, NSGridColumn and NSGridCell references:
///
/// * Columns and rows are guides (views `<grid>.column<i>`, `<grid>.row<j>` the importer adds): the
///   first column's leading edge on the grid's, each next one `columnSpacing` (default 6) after the one
///   before, the last one's trailing edge on the grid's; rows the same from the top with `rowSpacing`.
///   A column's `leadingPadding` and `trailingPadding` (a row's `topPadding`, `bottomPadding`) keep its
///   content in from its edges.
/// * A column is as wide as its `width`, or, sized for content (`NSGridView.sizedForContent`, the
///   default), as its widest content: its width is held to zero at priority 250 against the contents'
///   placement inequalities. The lab's choice where the grid is wider than its content: the last column
///   holds least (249.99), so it takes the rest. Rows the same.
/// * A cell's placement is its own `xPlacement` (`yPlacement`), else its column's (row's), else the
///   grid's, default `leading` (`top`): `leading`, `trailing`, `center` pin that edge or centre and keep
///   the content inside the column, `fill` pins both, `none` only keeps it inside (custom placement).
/// * Row alignment (`rowAlignment`, the cell's, the row's, else the grid's; default none):
///   `firstBaseline` or `lastBaseline` lines the text-bearing cells of a row up on that baseline,
///   inside the row, instead of their vertical placement (even `fill`: the corpus's grids store a
///   16-point label beside a 22-point field on one baseline in a `fill` row).
/// * Merged cells (`headOfMergedCell`) span the columns and rows of the cells merged into their head
///   (centred only in a span of one column or row).
///
/// Content views stop translating their masks, as NSGridView sets them.
enum GridViewConstraints {
    struct Cell {
        var view: String
        var columns: ClosedRange<Int>
        var rows: ClosedRange<Int>
        var element: XMLElement
    }

    /// The content views of a grid's cells, in the document's order (the importer walks them as the
    /// grid's subviews).
    static func contentViews(_ grid: XMLElement) -> [XMLElement] {
        (grid.child("gridCells")?.children("gridCell") ?? []).compactMap { cell in
            cell.children.first { $0["key"] == "contentView" && $0.child("rect", key: "frame") != nil }
        }
    }

    static func make(grid: String, element e: XMLElement, tree: inout ViewTree) -> [LayoutConstraint] {
        let rows = e.child("rows")?.children("gridRow") ?? []
        let columns = e.child("columns")?.children("gridColumn") ?? []
        guard !rows.isEmpty, !columns.isEmpty else { return [] }
        let rowIndex = Dictionary(rows.enumerated().compactMap { i, r in r["id"].map { ($0, i) } }) { a, _ in a }
        let columnIndex = Dictionary(columns.enumerated().compactMap { i, c in c["id"].map { ($0, i) } }) { a, _ in a }
        let cells = cells(e, rows: rowIndex, columns: columnIndex, tree: tree)
        var views = tree.views
        var out: [LayoutConstraint] = []
        func add(_ c: LayoutConstraint, _ name: String) {
            var c = c
            c.identifier = "NSGridView.\(name)"
            out.append(c)
        }
        let parent = grid == ViewTree.superviewID ? nil : grid
        func guide(_ id: String) -> String {
            views.append(View(id: id, parentID: parent, frame: .zero, translatesMask: false))
            return id
        }
        let columnGuides = columns.indices.map { guide("\(grid).column\($0)") }
        let rowGuides = rows.indices.map { guide("\(grid).row\($0)") }
        for cell in cells { if let i = tree.index(of: cell.view) { views[i].translatesMask = false } }
        // Columns along x, rows along y.
        for (vertical, guides, lines, spacing) in [
            (false, columnGuides, columns, SceneBuilder.number(e["columnSpacing"]) ?? 6),
            (true, rowGuides, rows, SceneBuilder.number(e["rowSpacing"]) ?? 6),
        ] {
            let (start, end, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
                vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
            let (before, after) = vertical ? ("topPadding", "bottomPadding") : ("leadingPadding", "trailingPadding")
            func pad(_ k: Int, _ key: String) -> Double { SceneBuilder.number(lines[k][key]) ?? 0 }
            add(LayoutConstraint(guides[0], start, .equal, grid, start, constant: pad(0, before)), "Edge")
            let last = guides.count - 1
            add(LayoutConstraint(grid, end, .equal, guides[last], end, constant: pad(last, after)), "Edge")
            for k in guides.indices.dropFirst() {
                add(
                    LayoutConstraint(
                        guides[k], start, .equal, guides[k - 1], end,
                        constant: pad(k - 1, after) + spacing + pad(k, before)), "Spacing")
            }
            let cross: LayoutAttribute = vertical ? .leading : .top
            for (k, g) in guides.enumerated() {
                add(LayoutConstraint(g, vertical ? .width : .height, .equal, constant: 0), "Guide")
                add(LayoutConstraint(g, cross, .equal, grid, cross), "Guide")
                if let fixed = SceneBuilder.number(lines[k][vertical ? "height" : "width"]), fixed > 0, fixed < 1e6 {
                    add(LayoutConstraint(g, size, .equal, constant: fixed), "Size")
                } else {
                    add(LayoutConstraint(g, size, .equal, constant: 0, priority: k == last ? 249.99 : 250), "Hugging")
                }
            }
        }
        for cell in cells {
            out += place(
                cell, grid: e, rows: rows, columns: columns, columnGuides: columnGuides, rowGuides: rowGuides,
                baselineCell: firstTextCell(cell, cells: cells), tree: tree)
        }
        if let rebuilt = try? ViewTree(
            superviewSize: tree.superviewSize, views: views, layoutDirection: tree.layoutDirection, root: tree.root)
        {
            tree = rebuilt
        }
        return out
    }

    /// The cells with content, merged cells spanning their merge.
    static func cells(_ e: XMLElement, rows: [String: Int], columns: [String: Int], tree: ViewTree) -> [Cell] {
        var spans: [String: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)] = [:]
        var out: [Cell] = []
        let all = e.child("gridCells")?.children("gridCell") ?? []
        for c in all {
            guard let r = c["row"].flatMap({ rows[$0] }), let k = c["column"].flatMap({ columns[$0] }) else { continue }
            let head = c["headOfMergedCell"] ?? c["id"] ?? ""
            let s =
                spans[head].map {
                    (
                        min($0.columns.lowerBound, k)...max($0.columns.upperBound, k),
                        min($0.rows.lowerBound, r)...max($0.rows.upperBound, r)
                    )
                } ?? (k...k, r...r)
            spans[head] = s
        }
        for c in all {
            guard let r = c["row"].flatMap({ rows[$0] }), let k = c["column"].flatMap({ columns[$0] }),
                let content = c.children.first(where: { $0["key"] == "contentView" }), let id = content["id"],
                tree.index(of: id) != nil
            else { continue }
            let span = spans[c["id"] ?? ""] ?? (k...k, r...r)
            out.append(Cell(view: id, columns: span.columns, rows: span.rows, element: c))
        }
        return out
    }

    /// The first cell of the same row whose content has text (the one baselines line up with).
    static func firstTextCell(_ cell: Cell, cells: [Cell]) -> Cell? {
        cells.first {
            $0.rows.lowerBound == cell.rows.lowerBound
                && textBearing.contains($0.element.children.first { $0["key"] == "contentView" }?.name ?? "")
        }
    }

    static func place(
        _ cell: Cell, grid: XMLElement, rows: [XMLElement], columns: [XMLElement], columnGuides: [String],
        rowGuides: [String], baselineCell: Cell?, tree: ViewTree
    ) -> [LayoutConstraint] {
        var out: [LayoutConstraint] = []
        func add(_ c: LayoutConstraint) {
            var c = c
            c.identifier = "NSGridView.Placement"
            out.append(c)
        }
        let v = cell.view
        let column = columns[cell.columns.lowerBound]
        let row = rows[cell.rows.lowerBound]
        func setting(_ key: String, _ line: XMLElement, _ fallback: String) -> String {
            [cell.element[key], line[key], grid[key]].compactMap { $0 }.first { $0 != "inherited" } ?? fallback
        }
        let rowAlignment =
            [cell.element["rowAlignment"], row["rowAlignment"], grid["rowAlignment"]].compactMap { $0 }
            .first { $0 != "inherited" } ?? "none"
        let text = textBearing.contains(cell.element.children.first { $0["key"] == "contentView" }?.name ?? "")
        for vertical in [false, true] {
            let (first, last) =
                vertical
                ? (rowGuides[cell.rows.lowerBound], rowGuides[cell.rows.upperBound])
                : (columnGuides[cell.columns.lowerBound], columnGuides[cell.columns.upperBound])
            let (start, end, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
                vertical ? (.top, .bottom, .centerY) : (.leading, .trailing, .centerX)
            var placement = vertical ? setting("yPlacement", row, "top") : setting("xPlacement", column, "leading")
            add(LayoutConstraint(v, start, .greaterThanOrEqual, first, start))
            add(LayoutConstraint(last, end, .greaterThanOrEqual, v, end))
            if vertical && rowAlignment != "none" && text {
                let line: LayoutAttribute = rowAlignment == "lastBaseline" ? .lastBaseline : .firstBaseline
                if let b = baselineCell, b.view != v { add(LayoutConstraint(v, line, .equal, b.view, line)) }
                placement = "none"
            }
            switch placement {
            case "leading", "top": add(LayoutConstraint(v, start, .equal, first, start))
            case "trailing", "bottom": add(LayoutConstraint(last, end, .equal, v, end))
            case "center" where first == last:
                add(LayoutConstraint(v, center, .equal, first, center))
            case "fill":
                add(LayoutConstraint(v, start, .equal, first, start))
                add(LayoutConstraint(last, end, .equal, v, end))
            default: break
            }
        }
        return out
    }
}
