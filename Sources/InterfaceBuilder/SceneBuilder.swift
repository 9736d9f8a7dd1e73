import ConstraintModel
import Environment
import Geometry
import LabJSON
import LabXML
import Margins
import Scenario
import ViewTree

/// Builds one scene: walks the view tree under the root, reading frames, masks, margins, priorities
/// and intrinsic sizes, then the constraints of every view and the stack views' constraints.
struct SceneBuilder {
    let platform: IBImport.Platform
    let usesAutoLayout: Bool
    let usesSafeAreas: Bool
    let device: (id: String, orientation: Orientation)?
    let preset: String?
    /// The canvas the standard views are sized for (`StandardViews.metrics`).
    let canvas: DesignDevice.Canvas
    let toolsVersion: Double
    /// The toolsVersion whose AppKit controls the scene is drawn with: the document's, or an Xcode 26
    /// document's read as an earlier Xcode's where `FittedRule.appKitControls26` is off.
    var appKitToolsVersion: Double {
        fitted.isOn(.appKitControls26) ? toolsVersion : min(toolsVersion, AppKitControls.tahoe - 1)
    }
    /// The document's image resources (name → size).
    let images: [String: Size]
    /// The size-class variations for the traits this scene is laid out for.
    let variations: SizeClassVariations
    let root: XMLElement
    let viewController: XMLElement?
    /// The bars IB draws around this scene's root.
    let bars: SimulatedBars
    /// The values fitted on documents (`FittedValues`): the built-in ones, or a cross-validation fold's.
    let fitted: FittedValues
    var skipped: [IBSkip] = []
    var cells: [XMLElement] = []

    var views: [View] = []
    var stored: [String: Rect] = [:]
    var misplaced: Set<String> = []
    /// IB ids of the views in the scene (the root included).
    var ids: Set<String> = []
    /// Layout guide ids → the scenario item they stand for.
    var guides: [String: String] = [:]
    /// iOS 7–10 top and bottom layout guides.
    var topGuide: String?
    var bottomGuide: String?
    /// Keyboard layout guides (iOS 15's `UIKeyboardLayoutGuide`) by id → the item of the view that owns them.
    var keyboardGuides: [String: String] = [:]
    /// Constraint elements with their owning view's id.
    var constraintElements: [(owner: String, element: XMLElement)] = []
    var stacks: [(id: String, element: XMLElement)] = []
    var grids: [(id: String, element: XMLElement)] = []
    /// Per view: its element name, and what IB marks on it.
    var elements: [String: String] = [:]
    var ibAmbiguous: Set<String> = []
    var pinned: Set<String> = []
    var sizeFromStoredFrame: Set<String> = []
    /// The id of the cell whose content view is the root.
    var cellAlias: String?

    /// The cell whose content view is the root: constraints the cell element holds, and the ones that
    /// name the cell, mean its content view (the cell and its content view share a frame).
    let cell: XMLElement?
    /// Whether that cell sits in a table or collection view of the document (else it is a top-level
    /// object of a xib, with no container to take margins from).
    let cellInContainer: Bool

    init(
        reader: DocumentReader, root: XMLElement, viewController: XMLElement?, cell: XMLElement? = nil,
        cellInContainer: Bool = false
    ) {
        self.cell = cell
        self.cellInContainer = cellInContainer
        fitted = reader.fitted
        platform = reader.platform
        usesAutoLayout = reader.usesAutoLayout
        usesSafeAreas = reader.usesSafeAreas
        device = reader.designDevice
        preset = reader.presetID(reader.designDevice?.id)
        toolsVersion = ToolsVersion.of(reader.document)
        self.root = root
        self.viewController = viewController
        images = StandardViews.images(reader.document)
        canvas = DesignDevice.canvas(
            deviceID: reader.designDevice?.id, orientation: reader.designDevice?.orientation ?? .portrait,
            targetRuntime: reader.document["targetRuntime"] ?? "")
        let presetTraits = reader.presetID(reader.designDevice?.id).flatMap { DevicePresets.standard.device($0) }
            .map { $0.sizeClasses(reader.designDevice?.orientation ?? .portrait) }
        variations = SizeClassVariations(traits: reader.sizeClassOverride ?? presetTraits, scene: cell ?? root)
        let inferred = viewController.flatMap { $0["id"] }.flatMap { reader.inferredBars[$0] } ?? SimulatedBars()
        bars = inferred.overridden(by: viewController, root: root)
    }

    mutating func skip(_ e: XMLElement, _ reason: String) {
        skipped.append(IBSkip(element: e.name, id: e["id"], reason: reason, location: e.location))
    }

    static func number(_ s: String?) -> Double? { s.flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }

    /// An element's `<rect key="frame">` as written (no size-class variation, no flip).
    static func frameRect(_ e: XMLElement) -> Rect? {
        guard let r = e.child("rect", key: "frame") else { return nil }
        return Rect(
            x: number(r["x"]) ?? 0, y: number(r["y"]) ?? 0, width: number(r["width"]) ?? 0,
            height: number(r["height"]) ?? 0)
    }

    /// A view's stored frame for the traits it is laid out for.
    func frame(_ e: XMLElement) -> Rect? {
        guard let r = variations.frameElement(of: e) ?? e.child("rect", key: "frame") else { return nil }
        return Rect(
            x: Self.number(r["x"]) ?? 0, y: Self.number(r["y"]) ?? 0, width: Self.number(r["width"]) ?? 0,
            height: Self.number(r["height"]) ?? 0)
    }

    /// Whether a cell element sits inside another cell (its scene imports it).
    func isInsideCell(_ e: XMLElement) -> Bool {
        var found = false
        func visit(_ x: XMLElement, inCell: Bool) {
            if x.name == e.name && x.location == e.location {
                found = inCell
                return
            }
            for c in x.children { visit(c, inCell: inCell || cellElements.contains(x.name)) }
        }
        visit(root, inCell: cellElements.contains(root.name))
        return found
    }

    func isRoot(_ e: XMLElement) -> Bool { e.name == root.name && e.location == root.location }

    mutating func build(name: String) -> IBScene {
        let rootFrame = frame(root) ?? .zero
        let rootID = root["id"] ?? "root"
        gatherViews(rootID: rootID, rootSize: rootFrame.size)
        var (constraints, placeholders, skippedViews) = readConstraints(rootID: rootID)
        constraints += BuildTimePins.constraints(for: pinned, views: views)
        var tree: ViewTree
        do {
            tree = try ViewTree(superviewSize: rootFrame.size, views: views, root: rootView(rootFrame))
        } catch {
            // A document with a repeated id (or a cycle) has no well-formed tree: the scene keeps its
            // root only, and none of its constraints.
            skip(
                root,
                "the view tree is not well formed (\(error)): the scene is imported without its subviews and "
                    + "constraints"
            )
            tree = try! ViewTree(superviewSize: rootFrame.size, views: [])
            constraints = []
            placeholders = []
            stacks = []
            grids = []
            stored = [:]
        }
        constraints += containerConstraints(rootID: rootID, tree: &tree)
        let baselines = StackBaselines(stacks: stacks, tree: tree, platform: platform)
        constraints = constraints.map(baselines.rewrite)
        placeholders = placeholders.map(baselines.rewrite)
        let scenario = Scenario(tree: tree, constraints: constraints, description: "\(name) (Interface Builder)")
        let arranged = stacks.flatMap { s in
            (StackAttributes.arrangedLists.flatMap { s.element.child($0)?.children ?? [] })
                .compactMap { $0["id"] }
        }
        return IBScene(
            name: name, rootID: rootID, scenario: scenario, storedFrames: stored, misplaced: misplaced,
            rootInsets: rootInsets(rootFrame, safeArea: scenario.tree.root.safeAreaInsets), stackArranged: arranged,
            skippedConstraints: skipped.filter { $0.element == "constraint" }.count,
            skippedConstraintViews: skippedViews, elements: elements, ibAmbiguous: ibAmbiguous, pinned: pinned,
            sizeFromStoredFrame: sizeFromStoredFrame, placeholderConstraints: placeholders,
            breaksAsCanvas: fitted.isOn(.canvasBreaksGenerated))
    }

    /// The scene's views, guides and constraint elements: the root's, a cell's, every subview's, and
    /// prototype cells queued as scenes of their own.
    mutating func gatherViews(rootID: String, rootSize: Size) {
        ids.insert(rootID)
        for g in viewController?.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            if g["type"] == "top" { topGuide = g["id"] } else if g["type"] == "bottom" { bottomGuide = g["id"] }
        }
        collect(root, id: rootID)
        if let cell {
            if let cellID = cell["id"] {
                ids.insert(cellID)
                cellAlias = cellID
            }
            for c in cell.child("constraints")?.children("constraint") ?? [] {
                constraintElements.append((ViewTree.superviewID, c))
            }
        }
        walk(root, parentID: nil, parentSize: rootSize, parentFlipped: false)
        // Prototype cells (table and collection views keep them outside <subviews>).
        let queued = Set(cells.compactMap { $0["id"] })
        for e in root.descendants()
        where cellElements.contains(e.name) && !queued.contains(e["id"] ?? "") && !isInsideCell(e) {
            cells.append(e)
            skip(e, "a cell: the table or collection view lays it out at run time; imported as a scene of its own")
        }
    }

    /// The document's constraints, each checked against the views; IB's placeholders apart (build-time
    /// only), and the views a skipped constraint names.
    mutating func readConstraints(
        rootID: String
    ) -> (constraints: [LayoutConstraint], placeholders: [LayoutConstraint], skippedViews: Set<String>) {
        var constraints: [LayoutConstraint] = []
        var placeholders: [LayoutConstraint] = []
        var skippedViews: Set<String> = []
        let known = Set(views.map(\.id) + [ViewTree.superviewID])
        for (owner, e) in constraintElements {
            let before = skipped.count
            if let c = constraint(e, owner: owner, rootID: rootID) {
                if let rule = c.validate(knownItems: known) {
                    skip(e, "constraint breaks a rule: \(rule)")
                } else if e["placeholder"] == "YES" {
                    placeholders.append(c)
                } else {
                    constraints.append(c)
                }
            }
            if skipped.count > before {
                skippedViews.formUnion([e["firstItem"] ?? owner, e["secondItem"]].compactMap { $0 })
            }
        }
        return (constraints, placeholders, skippedViews)
    }

    /// Stack views' arranged subviews get UIStackView's or NSStackView's constraints; grid views'
    /// cells NSGridView's.
    mutating func containerConstraints(rootID: String, tree: inout ViewTree) -> [LayoutConstraint] {
        var constraints: [LayoutConstraint] = []
        for (stackID, e) in stacks {
            constraints += StackViewConstraints.make(
                stack: stackID == rootID ? ViewTree.superviewID : stackID, element: e, tree: &tree,
                platform: platform, skip: { skip($0, $1) })
        }
        for (gridID, e) in grids {
            constraints += GridViewConstraints.make(
                grid: gridID == rootID ? ViewTree.superviewID : gridID, element: e, tree: &tree)
        }
        return constraints
    }

    /// The root's insets: its safe area and, for a view controller's root on iOS, the system minimum
    /// margins: 16 on the sides of a root at most 375 points wide (iPhones in portrait), else 20
    /// (*fitted*: the corpus's roots of 240.5 points, an iPad's child view controller, store 16; of 400,
    /// a presented sheet on an iPhone, and 427.5, 20; iPhones of 414 points and every landscape phone, 20).
    func rootInsets(_ rootFrame: Rect, safeArea: EdgeInsets) -> RootInsets {
        var insets = RootInsets(safeAreaInsets: safeArea)
        if viewController != nil && platform == .iOS {
            let side: Double = rootFrame.width <= 375 ? 16 : 20
            insets.systemMinimumMargins = EdgeInsets(top: 0, left: side, bottom: 0, right: side)
            insets.inNavigationController = bars.navigationBar
        }
        return insets
    }

    /// Guides and constraint lists of one view.
    mutating func collect(_ e: XMLElement, id: String) {
        let item = isRoot(e) ? ViewTree.superviewID : id
        for g in e.children("viewLayoutGuide") {
            guard let gid = g["id"] else { continue }
            switch g["key"] {
            case "safeArea": guides[gid] = "\(item).safeArea"
            case "layoutMargins": guides[gid] = "\(item).layoutMargins"
            case "contentLayoutGuide": guides[gid] = "\(item).contentLayout"
            case "frameLayoutGuide": guides[gid] = "\(item).frameLayout"
            default: guides[gid] = "unsupported:\(g["key"] ?? "guide")"
            }
        }
        for g in e.children("keyboardLayoutGuide") { if let gid = g["id"] { keyboardGuides[gid] = item } }
        for c in e.child("constraints")?.children("constraint") ?? [] where !variations.excluded.contains(c["id"] ?? "")
        {
            constraintElements.append((item, c))
        }
        if e.name == "stackView" { stacks.append((id, e)) }
        if e.name == "gridView" { grids.append((id, e)) }
        if e["layoutMarginsFollowReadableWidth"] == "YES" {
            skip(
                e,
                "layoutMarginsFollowReadableWidth: the readable content guide is not modelled; plain margins are used")
        }
    }

    /// The views under `e`, depth first, in document order.
    mutating func walk(_ e: XMLElement, parentID: String?, parentSize: Size, parentFlipped: Bool) {
        for child in children(of: e) {
            guard let cid = child["id"] else { continue }
            if cellElements.contains(child.name) {
                cells.append(child)
                skip(
                    child,
                    "a cell: the table or collection view lays it out at run time; imported as a scene of its own")
                continue
            }
            if variations.excluded.contains(cid) {
                skip(child, "not installed for the size classes laid out (a size-class variation excludes it)")
                continue
            }
            guard var frame = frame(child) else {
                skip(child, "a view without a frame")
                continue
            }
            // macOS: an unflipped superview counts y from its bottom edge.
            let flipY = platform == .macOS && !parentFlipped
            if flipY { frame.y = parentSize.height - frame.y - frame.height }
            stored[cid] = frame
            if child["misplaced"] == "YES" { misplaced.insert(cid) }
            if child["ambiguous"] == "YES" || variations.ambiguous.contains(cid) { ibAmbiguous.insert(cid) }
            // A stack or grid view's arranged views are placed by it, never pinned.
            if BuildTimePins.isPinned(child) && e.name != "stackView" && e.name != "gridView" { pinned.insert(cid) }
            elements[cid] = child.name
            ids.insert(cid)
            var view = View(
                id: cid, parentID: parentID, frame: frame, mask: mask(child, flipY: flipY),
                translatesMask: child["translatesAutoresizingMaskIntoConstraints"] != "NO")
            readMargins(child, into: &view)
            readPriorities(child, into: &view)
            if platform == .iOS && uiScrollViews.contains(child.name) { view.scrollView = ScrollViewProperties() }
            if let custom = child["customClass"] {
                skip(
                    child,
                    "custom class \(custom): imported as a plain \(child.name); its own layout code and intrinsic "
                        + "size are unknown"
                )
            }
            views.append(view)
            collect(child, id: cid)
            walk(
                child, parentID: cid, parentSize: frame.size,
                parentFlipped: child["flipped"] == "YES" || child.name == "clipView")
        }
    }

    /// A view's subviews: its `<subviews>` and its content view (scroll and visual-effect views).
    mutating func children(of e: XMLElement) -> [XMLElement] {
        var out = e.child("subviews")?.children ?? []
        if e.name == "stackView" {
            // NSStackView's gravity areas (documents saved with them keep no <subviews>).
            out += ["beginningViews", "middleViews", "endViews"].flatMap { e.child($0)?.children ?? [] }
        }
        if e.name == "gridView" { out += GridViewConstraints.contentViews(e) }
        for c in e.children where c.name != "subviews" && c["key"] != nil && (c.child("rect", key: "frame") != nil) {
            if c["key"] == "contentView" && !cellElements.contains(e.name) {
                out.append(c)
            } else if e.name == "tableViewCell" || e.name == "collectionViewCell" {
                continue
            } else {
                skip(c, "\(c["key"]!): a part its \(e.name) lays out itself")
            }
        }
        return out
    }

    func mask(_ e: XMLElement, flipY: Bool) -> AutoresizingMask {
        guard let m = e.child("autoresizingMask", key: "autoresizingMask") else { return .none }
        var mask = AutoresizingMask.none
        if m["flexibleMinX"] == "YES" { mask.insert(.flexibleLeftMargin) }
        if m["widthSizable"] == "YES" { mask.insert(.flexibleWidth) }
        if m["flexibleMaxX"] == "YES" { mask.insert(.flexibleRightMargin) }
        if m["heightSizable"] == "YES" { mask.insert(.flexibleHeight) }
        // In an unflipped macOS superview, flexibleMinY is the bottom margin.
        if m["flexibleMinY"] == "YES" { mask.insert(flipY ? .flexibleBottomMargin : .flexibleTopMargin) }
        if m["flexibleMaxY"] == "YES" { mask.insert(flipY ? .flexibleTopMargin : .flexibleBottomMargin) }
        return mask
    }

    func readMargins(_ e: XMLElement, into view: inout View) {
        if let m = e.child("edgeInsets", key: "layoutMargins") {
            view.layoutMargins = EdgeInsets(
                top: Self.number(m["top"]) ?? 0, left: Self.number(m["left"]) ?? 0,
                bottom: Self.number(m["bottom"]) ?? 0, right: Self.number(m["right"]) ?? 0)
        }
        if let m = e.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            view.directionalLayoutMargins = DirectionalEdgeInsets(
                top: Self.number(m["top"]) ?? 0, leading: Self.number(m["leading"]) ?? 0,
                bottom: Self.number(m["bottom"]) ?? 0, trailing: Self.number(m["trailing"]) ?? 0)
        }
        if e["preservesSuperviewLayoutMargins"] == "YES" { view.preservesSuperviewLayoutMargins = true }
        if e["insetsLayoutMarginsFromSafeArea"] == "NO" { view.insetsLayoutMarginsFromSafeArea = false }
    }

    mutating func readPriorities(_ e: XMLElement, into view: inout View) {
        func p(_ name: String) -> Double? { Self.number(e[name]).map { min(1000, max(1, $0)) } }
        if let h = p("horizontalHuggingPriority") { view.contentHuggingPriority.horizontal = h }
        if let v = p("verticalHuggingPriority") { view.contentHuggingPriority.vertical = v }
        if let h = p("horizontalCompressionResistancePriority") {
            view.contentCompressionResistancePriority.horizontal = h
        }
        if let v = p("verticalCompressionResistancePriority") { view.contentCompressionResistancePriority.vertical = v }
        readIntrinsicSize(e, into: &view)
    }
}
