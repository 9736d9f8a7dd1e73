import ConstraintModel
import Environment
import Geometry
import LabJSON
import LabXML
import Scenario
import ViewTree

/// Reads `.xib` and `.storyboard` documents into scenarios (`docs/interface-builder.md`).
///
/// * Frames are IB's `<rect key="frame">` in the superview's coordinates; macOS frames in unflipped
///   superviews are turned into the lab's top-left coordinates, and their `flexibleMinY` (the bottom
///   margin there) becomes UIKit's flexible bottom margin.
/// * Masks from `<autoresizingMask>`; `translatesAutoresizingMaskIntoConstraints="NO"` as written.
/// * Constraints with their ids; the safe-area and margins guides as `view.safeArea` /
///   `view.layoutMargins`; iOS 7–10 top/bottom layout guides as the root's safe area.
/// * Margins, priorities, intrinsic sizes (IB's placeholder values where present, otherwise the stored
///   frame size of content-sized views: labels, buttons, image views, switches and the like).
/// * Stack views as the constraints UIStackView installs (`StackViewConstraints`).
/// * Table and collection view cells become scenes of their own (their content view is the root).
public enum InterfaceBuilder {
    /// Whether a document has size-class variations (and so lays out differently per trait collection).
    public static func hasSizeClassVariations(_ text: String) -> Bool { SizeClassVariations.present(in: text) }

    /// `sizeClasses` lays the document out for another trait collection than its design device's
    /// (a sweep's device step): its size-class variations are applied for those traits. `fitted`
    /// gives the values read off documents (a cross-validation fold's instead of the built-in ones).
    public static func importDocument(
        text: String, file: String, sizeClasses: SizeClasses? = nil, fitted: FittedValues = .builtIn
    ) throws(IBImportError) -> IBImport {
        let root: XMLElement
        do { root = try XMLReader.parse(text) } catch {
            throw IBImportError(file: file, location: error.location, problem: .malformedXML(error.message))
        }
        if root.name == "archive" {
            throw IBImportError(
                file: file, location: root.location,
                problem: .unsupported("legacy keyed-archive format (Xcode 3–4 xibs, <archive>)"))
        }
        guard root.name == "document" else {
            throw IBImportError(
                file: file, location: root.location,
                problem: .notADocument("the root element is <\(root.name)>, not <document>"))
        }
        var reader = DocumentReader(file: file, document: root, fitted: fitted)
        reader.sizeClassOverride = sizeClasses
        return reader.read()
    }
}

/// Elements whose size comes from their content: their stored frame size stands for the intrinsic
/// size when IB gives no placeholder (the documented rule). Sliders and progress views only have an
/// intrinsic height.
let contentSized: Set<String> = [
    "label", "button", "imageView", "switch", "segmentedControl", "stepper", "pageControl", "activityIndicatorView",
    "textField", "popUpButton", "datePicker",
]
let contentSizedHeightOnly: Set<String> = ["slider", "progressView", "progressIndicator", "searchBar"]

/// UIKit's scroll views: edge constraints with views inside them attach to their content.
let uiScrollViews: Set<String> = ["scrollView", "tableView", "collectionView", "textView"]

/// Cells become scenes of their own: the table or collection view lays them out at run time.
let cellElements: Set<String> = [
    "tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView",
]

struct DocumentReader {
    let file: String
    let document: XMLElement
    let platform: IBImport.Platform
    let usesAutoLayout: Bool
    let usesSafeAreas: Bool
    var skipped: [IBSkip] = []
    var scenes: [IBScene] = []
    /// Cells met inside other scenes, imported afterwards as scenes of their own.
    var pendingCells: [XMLElement] = []
    /// Cells met inside a table or collection view's scene (not top-level objects of a xib).
    var embeddedCells: Set<String> = []

    /// The trait collection to lay out for, when not the design device's.
    var sizeClassOverride: SizeClasses?
    let fitted: FittedValues

    init(file: String, document: XMLElement, fitted: FittedValues = .builtIn) {
        self.file = file
        self.fitted = fitted
        self.document = document
        let type = document["type"] ?? ""
        platform =
            (document["targetRuntime"] ?? "").hasPrefix("MacOSX")
                || (type.contains(".Cocoa.") && !type.contains("CocoaTouch")) ? .macOS : .iOS
        usesAutoLayout = document["useAutolayout"] == "YES"
        usesSafeAreas = document["useSafeAreas"] == "YES"
    }

    mutating func skip(_ e: XMLElement, _ reason: String) {
        skipped.append(IBSkip(element: e.name, id: e["id"], reason: reason, location: e.location))
    }

    var designDevice: (id: String, orientation: Orientation)? {
        if let d = document.child("device"), let id = d["id"] {
            return (id, d["orientation"] == "landscape" ? .landscape : .portrait)
        }
        if let sim = document.descendants().first(where: { $0.name == "simulatedScreenMetrics" }), let t = sim["type"] {
            return ("sim:\(t)", .portrait)
        }
        return nil
    }

    /// The bars IB draws around each view controller's root, from containers and segues.
    var inferredBars: [String: SimulatedBars] = [:]

    mutating func read() -> IBImport {
        let kind: IBImport.Kind = (document["type"] ?? "").contains("Storyboard") ? .storyboard : .xib
        if kind == .storyboard { inferredBars = SimulatedBars.infer(document) }
        if kind == .storyboard {
            for scene in document.child("scenes")?.children("scene") ?? [] { readScene(scene) }
        } else {
            for object in document.child("objects")?.children ?? [] { readTopLevel(object) }
        }
        var k = 0
        while k < pendingCells.count {
            let cell = pendingCells[k]
            k += 1
            let content = cell.children.first { $0["key"] == "contentView" && isView($0) } ?? cell
            addScene(
                name: "cell \(cell["id"] ?? "?")", root: content, viewController: nil,
                cell: content.location == cell.location ? nil : cell,
                inContainer: embeddedCells.contains(cell["id"] ?? ""))
        }
        let device = designDevice
        return IBImport(
            file: file, kind: kind, platform: platform, usesAutoLayout: usesAutoLayout, designDevice: device?.id,
            devicePreset: presetID(device?.id), scenes: scenes, skipped: skipped)
    }

    func presetID(_ id: String?) -> String? {
        guard let id else { return nil }
        return DesignDevice.presets[id]
    }

    func isView(_ e: XMLElement) -> Bool { e.child("rect", key: "frame") != nil }

    mutating func readTopLevel(_ object: XMLElement) {
        switch object.name {
        case "placeholder": return
        case "window":
            if let content = object.child("view", key: "contentView") {
                addScene(name: "window \(object["id"] ?? "?") content view", root: content, viewController: nil)
            } else {
                skip(object, "a window without a content view")
            }
        default:
            if cellElements.contains(object.name) {
                pendingCells.append(object)
            } else if isView(object) {
                addScene(name: "view \(object["id"] ?? "?")", root: object, viewController: nil)
            } else if let view = object.children.first(where: { $0["key"] == "view" && isView($0) }) {
                addScene(name: "\(object.name) \(object["id"] ?? "?")", root: view, viewController: object)
            } else {
                skip(object, "not a view (no frame): nothing to lay out")
            }
        }
    }

    mutating func readScene(_ scene: XMLElement) {
        let objects = scene.child("objects")?.children ?? []
        guard let vc = objects.first(where: { o in o.children.contains { $0["key"] == "view" && isView($0) } }),
            let view = vc.children.first(where: { $0["key"] == "view" && isView($0) })
        else {
            if let vc = objects.first(where: { $0.name != "placeholder" && $0.name != "customObject" }) {
                skip(vc, "a view controller without a root view of its own (a container, or a view loaded in code)")
            }
            return
        }
        let title = vc["title"] ?? vc["userLabel"] ?? vc["customClass"] ?? vc.name
        addScene(name: "scene \(scene["sceneID"] ?? "?") \(title)", root: view, viewController: vc)
    }

    mutating func addScene(
        name: String, root: XMLElement, viewController: XMLElement?, cell: XMLElement? = nil, inContainer: Bool = false
    ) {
        var builder = SceneBuilder(
            reader: self, root: root, viewController: viewController, cell: cell, cellInContainer: inContainer)
        let scene = builder.build(name: name)
        skipped += builder.skipped
        pendingCells += builder.cells
        embeddedCells.formUnion(builder.cells.compactMap { $0["id"] })
        scenes.append(scene)
    }
}
