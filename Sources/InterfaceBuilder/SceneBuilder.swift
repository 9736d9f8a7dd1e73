import ConstraintModel
import Environment
import Geometry
import Margins
import LabJSON
import LabXML
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
    let toolsVersion: Double
    let root: XMLElement
    let viewController: XMLElement?
    let navigationBarControllers: Set<String>
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
    /// Constraint elements with their owning view's id.
    var constraintElements: [(owner: String, element: XMLElement)] = []
    var stacks: [(id: String, element: XMLElement)] = []

    init(reader: DocumentReader, root: XMLElement, viewController: XMLElement?) {
        platform = reader.platform
        usesAutoLayout = reader.usesAutoLayout
        usesSafeAreas = reader.usesSafeAreas
        device = reader.designDevice
        preset = reader.presetID(reader.designDevice?.id)
        toolsVersion = Double((reader.document["toolsVersion"] ?? "0").split(separator: ".").first ?? "0") ?? 0
        self.root = root
        self.viewController = viewController
        navigationBarControllers = reader.navigationBarControllers
    }

    mutating func skip(_ e: XMLElement, _ reason: String) {
        skipped.append(IBSkip(element: e.name, id: e["id"], reason: reason, location: e.location))
    }

    static func number(_ s: String?) -> Double? { s.flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }

    static func frame(_ e: XMLElement) -> Rect? {
        guard let r = e.child("rect", key: "frame") else { return nil }
        return Rect(x: number(r["x"]) ?? 0, y: number(r["y"]) ?? 0, width: number(r["width"]) ?? 0, height: number(r["height"]) ?? 0)
    }

    /// Whether a cell element sits inside another cell (its scene imports it).
    func isInsideCell(_ e: XMLElement) -> Bool {
        var found = false
        func visit(_ x: XMLElement, inCell: Bool) {
            if x.name == e.name && x.location == e.location { found = inCell; return }
            for c in x.children { visit(c, inCell: inCell || cellElements.contains(x.name)) }
        }
        visit(root, inCell: cellElements.contains(root.name))
        return found
    }

    func isRoot(_ e: XMLElement) -> Bool { e.name == root.name && e.location == root.location }

    mutating func build(name: String) -> IBScene {
        let rootFrame = Self.frame(root) ?? .zero
        let rootID = root["id"] ?? "root"
        ids.insert(rootID)
        for g in viewController?.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            if g["type"] == "top" { topGuide = g["id"] } else if g["type"] == "bottom" { bottomGuide = g["id"] }
        }
        collect(root, id: rootID)
        walk(root, parentID: nil, parentSize: rootFrame.size, parentFlipped: false)
        // Prototype cells (table and collection views keep them outside <subviews>).
        let queued = Set(cells.compactMap { $0["id"] })
        for e in root.descendants() where cellElements.contains(e.name) && !queued.contains(e["id"] ?? "") && !isInsideCell(e) {
            cells.append(e)
            skip(e, "a cell: the table or collection view lays it out at run time; imported as a scene of its own")
        }
        var constraints: [LayoutConstraint] = []
        let known = Set(views.map(\.id) + [ViewTree.superviewID])
        for (owner, e) in constraintElements {
            if let c = constraint(e, owner: owner, rootID: rootID) {
                if let rule = c.validate(knownItems: known) {
                    skip(e, "constraint breaks a rule: \(rule)")
                } else {
                    constraints.append(c)
                }
            }
        }
        var tree: ViewTree
        do {
            tree = try ViewTree(superviewSize: rootFrame.size, views: views, root: rootView(rootFrame.size))
        } catch {
            // A document with a repeated id (or a cycle) has no well-formed tree: the scene keeps its
            // root only, and none of its constraints.
            skip(root, "the view tree is not well formed (\(error)): the scene is imported without its subviews and constraints")
            tree = try! ViewTree(superviewSize: rootFrame.size, views: [])
            constraints = []
            stacks = []
            stored = [:]
        }
        // Stack views: arranged subviews get UIStackView's constraints (DESIGN 10).
        for (stackID, e) in stacks {
            let made = StackViewConstraints.make(stack: stackID == rootID ? ViewTree.superviewID : stackID, element: e, tree: &tree,
                                                 platform: platform, skip: { skip($0, $1) })
            constraints += made
        }
        let scenario = Scenario(tree: tree, constraints: constraints, description: "\(name) (Interface Builder)")
        let arranged = stacks.flatMap { $0.element.child("subviews")?.children.compactMap { $0["id"] } ?? [] }
        var insets = RootInsets(safeAreaInsets: scenario.tree.root.safeAreaInsets)
        if viewController != nil && platform == .iOS {
            // A view controller's root: 16 on the sides of iPhones narrower than 414 in portrait, else 20.
            let side: Double = !(preset?.hasPrefix("ipad") ?? false) && rootFrame.width < 414 && rootFrame.width < rootFrame.height ? 16 : 20
            insets.systemMinimumMargins = EdgeInsets(top: 0, left: side, bottom: 0, right: side)
            insets.inNavigationController = hasNavigationBar
        }
        return IBScene(name: name, rootID: rootID, scenario: scenario, storedFrames: stored, misplaced: misplaced,
                       rootInsets: insets, stackArranged: arranged,
                       skippedConstraints: skipped.filter { $0.element == "constraint" }.count)
    }

    /// Guides and constraint lists of one view.
    mutating func collect(_ e: XMLElement, id: String) {
        let item = isRoot(e) ? ViewTree.superviewID : id
        for g in e.children("viewLayoutGuide") {
            guard let gid = g["id"] else { continue }
            switch g["key"] {
            case "safeArea": guides[gid] = "\(item).safeArea"
            case "layoutMargins": guides[gid] = "\(item).layoutMargins"
            default: guides[gid] = "unsupported:\(g["key"] ?? "guide")"
            }
        }
        for c in e.child("constraints")?.children("constraint") ?? [] { constraintElements.append((item, c)) }
        if e.name == "stackView" { stacks.append((id, e)) }
        if e["layoutMarginsFollowReadableWidth"] == "YES" {
            skip(e, "layoutMarginsFollowReadableWidth: the readable content guide is not modelled; plain margins are used")
        }
    }

    /// The views under `e`, depth first, in document order.
    mutating func walk(_ e: XMLElement, parentID: String?, parentSize: Size, parentFlipped: Bool) {
        for child in children(of: e) {
            guard let cid = child["id"] else { continue }
            if cellElements.contains(child.name) {
                cells.append(child)
                skip(child, "a cell: the table or collection view lays it out at run time; imported as a scene of its own")
                continue
            }
            guard var frame = Self.frame(child) else {
                skip(child, "a view without a frame")
                continue
            }
            // macOS: an unflipped superview counts y from its bottom edge.
            let flipY = platform == .macOS && !parentFlipped
            if flipY { frame.y = parentSize.height - frame.y - frame.height }
            stored[cid] = frame
            if child["misplaced"] == "YES" { misplaced.insert(cid) }
            ids.insert(cid)
            var view = View(id: cid, parentID: parentID, frame: frame, mask: mask(child, flipY: flipY),
                            translatesMask: child["translatesAutoresizingMaskIntoConstraints"] != "NO")
            readMargins(child, into: &view)
            readPriorities(child, into: &view)
            if let custom = child["customClass"] {
                skip(child, "custom class \(custom): imported as a plain \(child.name); its own layout code and intrinsic size are unknown")
            }
            views.append(view)
            collect(child, id: cid)
            walk(child, parentID: cid, parentSize: frame.size, parentFlipped: child["flipped"] == "YES" || child.name == "clipView")
        }
    }

    /// A view's subviews: its `<subviews>` and its content view (scroll and visual-effect views).
    mutating func children(of e: XMLElement) -> [XMLElement] {
        var out = e.child("subviews")?.children ?? []
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
            view.layoutMargins = EdgeInsets(top: Self.number(m["top"]) ?? 0, left: Self.number(m["left"]) ?? 0,
                                            bottom: Self.number(m["bottom"]) ?? 0, right: Self.number(m["right"]) ?? 0)
        }
        if let m = e.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            view.directionalLayoutMargins = DirectionalEdgeInsets(top: Self.number(m["top"]) ?? 0, leading: Self.number(m["leading"]) ?? 0,
                                                                  bottom: Self.number(m["bottom"]) ?? 0, trailing: Self.number(m["trailing"]) ?? 0)
        }
        if e["preservesSuperviewLayoutMargins"] == "YES" { view.preservesSuperviewLayoutMargins = true }
        if e["insetsLayoutMarginsFromSafeArea"] == "NO" { view.insetsLayoutMarginsFromSafeArea = false }
    }

    func readPriorities(_ e: XMLElement, into view: inout View) {
        func p(_ name: String) -> Double? { Self.number(e[name]).map { min(1000, max(1, $0)) } }
        if let h = p("horizontalHuggingPriority") { view.contentHuggingPriority.horizontal = h }
        if let v = p("verticalHuggingPriority") { view.contentHuggingPriority.vertical = v }
        if let h = p("horizontalCompressionResistancePriority") { view.contentCompressionResistancePriority.horizontal = h }
        if let v = p("verticalCompressionResistancePriority") { view.contentCompressionResistancePriority.vertical = v }
        // Intrinsic size: IB's placeholder values where present, else the stored frame of content-sized views.
        let frame = view.frame
        var size = IntrinsicContentSize()
        if contentSized.contains(e.name) {
            size = IntrinsicContentSize(width: frame.width, height: frame.height)
        } else if contentSizedHeightOnly.contains(e.name) {
            size.height = frame.height
        }
        if let w = e["placeholderIntrinsicWidth"] { size.width = w == "infinite" ? nil : Self.number(w) }
        if let h = e["placeholderIntrinsicHeight"] { size.height = h == "infinite" ? nil : Self.number(h) }
        view.intrinsicContentSize = size
    }

    /// The root: its margins and, for a view controller's view in a document with safe areas, the
    /// design device's safe area plus the bars IB simulates (DESIGN 9).
    func rootView(_ size: Size) -> RootView {
        var r = RootView()
        // A view controller's root has no own margins: the system minimum gives it its sides.
        var own = viewController != nil && platform == .iOS ? EdgeInsets.zero : .defaultLayoutMargins
        if platform == .iOS && (root.name == "tableViewCellContentView" || root["key"] == "contentView" && root.name != "view") {
            // A table view cell's content view: UIKit's cell margins, 11 above and below, 16 at the
            // sides of cells narrower than 414 points (iPhones in portrait), 20 on wider ones.
            let side: Double = size.width < 414 ? 16 : 20
            own = EdgeInsets(top: 11, left: side, bottom: 11, right: side)
        }
        var margins = View(id: "root", frame: .zero, layoutMargins: own)
        readMargins(root, into: &margins)
        r.layoutMargins = margins.layoutMargins
        r.directionalLayoutMargins = margins.directionalLayoutMargins
        r.insetsLayoutMarginsFromSafeArea = margins.insetsLayoutMarginsFromSafeArea
        if viewController != nil && platform == .iOS {
            r.viewController = ViewController(navigationBar: hasNavigationBar ? .init() : nil, tabBar: hasTab ? .init() : nil)
        }
        guard platform == .iOS, usesSafeAreas || topGuideNeeded,
              viewController != nil || root.children("viewLayoutGuide").contains(where: { $0["key"] == "safeArea" }) else { return r }
        var insets = EdgeInsets.zero
        if let preset = preset.flatMap({ DevicePresets.standard.device($0) }), let device {
            let screen = preset.screen(device.orientation)
            // A root as large as the screen sits under the status bar and the device's insets.
            if abs(screen.width - size.width) < 1 && abs(screen.height - size.height) < 1 {
                insets = preset.safeArea(device.orientation)
                // IB's iPhone 11 canvas (retina6_1) keeps the 44-point notch inset of iOS 13 that the
                // device raised to 48 in iOS 14 (seen in the corpus's documents up to toolsVersion 17506).
                if device.id == "retina6_1" && device.orientation == .portrait { insets.top = 44 }
                if device.id == "retina6_1" && device.orientation == .landscape { insets.left = 44; insets.right = 44 }
            }
        }
        let bars = DevicePresets.standard.bars
        let compact = device?.orientation == .landscape && preset.map { !$0.contains("ipad") } ?? false
        let pad = preset?.hasPrefix("ipad") ?? (size.width >= 768 && size.height >= 768)
        if preset == nil && size.height >= 460 {
            // No design device: IB's simulated status bar (20 points) over a full-height root.
            insets.top = 20
        }
        // iPad bars grew to 50 points with the iOS 12 SDK (toolsVersion 14000 and later).
        let padBar = toolsVersion >= 14000 ? bars.navigationBar.pad : bars.navigationBar.phone
        if hasNavigationBar { insets.top += pad ? padBar : (compact ? bars.navigationBar.phoneCompactHeight : bars.navigationBar.phone) }
        if hasTab { insets.bottom += pad ? bars.tabBar.pad : (compact ? bars.tabBar.phoneCompactHeight : bars.tabBar.phone) }
        r.safeAreaInsets = insets
        return r
    }

    var topGuideNeeded: Bool { viewController?.child("layoutGuides") != nil }

    /// A navigation bar over the root: IB's simulated top bar, or a navigation item (the scene sits
    /// in a navigation controller).
    var hasNavigationBar: Bool {
        let simulated = (viewController?.children ?? []) + root.children
        if let top = simulated.first(where: { $0["key"] == "simulatedTopBarMetrics" }) { return top.name.contains("Navigation") }
        return viewController.flatMap { $0["id"] }.map(navigationBarControllers.contains) ?? false
    }

    var hasTab: Bool {
        let simulated = (viewController?.children ?? []) + root.children
        if let bottom = simulated.first(where: { $0["key"] == "simulatedBottomBarMetrics" }) { return bottom.name.contains("TabBar") }
        return false
    }
}
