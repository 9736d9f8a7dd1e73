import Geometry
import LabXML

/// The one procedure that fits `FittedValues` on a set of documents, so that the
/// built-in values and each cross-validation fold's are made the same way.
///
/// Observations (`votes`): for each control whose metrics name a fitted field,
/// * its frame's width or height, where no constraint sets that length (no size constraint, at most
///   one edge, centre or baseline named on the axis, no placeholder intrinsic size); for a view a
///   stack arranges, only the length across the stack where the stack does not fill it (its
///   alignment places one edge, centre or baseline, so the view keeps its own length) and no
///   constraint names that axis;
/// * its insets: for each required equality that ties one of its edges to an edge of a view whose
///   frame is its alignment rect (its superview, a plain view, a stack view), how far its stored frame
///   reaches beyond where the constraint puts the edge.
/// Every observation counts for each of the style's keys, from the most specific to the most general.
/// Only views placed by constraints count: not those IB marks misplaced or ambiguous, translating their
/// masks or pinned at build time, nor custom classes (which may size themselves).
///
/// The fit (`fit`): per key, each repository's most common value (ties: the smaller), then the value
/// most repositories chose (ties: more observations, then the smaller value). A repository counts once
/// however many documents and controls it has.
public enum IBFit {
    /// A value is fitted only where at least this many repositories chose it (otherwise the style's
    /// less specific key answers). 1: requiring 2 measured worse held out
    /// (`Tools/ib-cross-validate.py --minimum-repositories 2`).
    public static let minimumRepositories = 1

    /// Key → value → observations, for one document.
    public typealias Votes = [String: [Double: Int]]

    /// The observations one document gives.
    public static func votes(text: String, file: String) -> Votes {
        guard let root = try? XMLReader.parse(text), root.name == "document" else { return [:] }
        var walker = VoteWalker(document: root)
        walker.run()
        return walker.votes
    }

    /// The fitted table of the documents' observations, with their repositories.
    public static func fit(
        _ observations: [(repository: String, votes: Votes)], minimumRepositories: Int = minimumRepositories
    ) -> [String: Double] {
        var byRepository: [String: Votes] = [:]
        for (repo, votes) in observations {
            for (key, values) in votes {
                for (v, n) in values { byRepository[repo, default: [:]][key, default: [:]][v, default: 0] += n }
            }
        }
        var choices: [String: [Double: (repositories: Int, observations: Int)]] = [:]
        for votes in byRepository.values {
            for (key, values) in votes {
                guard let mode = values.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }) else { continue }
                for (v, n) in values {
                    var c = choices[key, default: [:]][v] ?? (0, 0)
                    c.observations += n
                    if v == mode.key { c.repositories += 1 }
                    choices[key, default: [:]][v] = c
                }
            }
        }
        var out: [String: Double] = [:]
        for (key, values) in choices {
            let best = values.max {
                ($0.value.repositories, $0.value.observations, -$0.key) < (
                    $1.value.repositories, $1.value.observations, -$1.key
                )
            }
            if let best, best.value.repositories >= minimumRepositories { out[key] = best.key }
        }
        return out
    }
}

/// Walks one document for `IBFit.votes`.
struct VoteWalker {
    let document: XMLElement
    let platform: IBImport.Platform
    let toolsVersion: Double
    let images: [String: Size]
    let canvas: DesignDevice.Canvas
    var votes: IBFit.Votes = [:]
    /// Per view id: the attributes constraints name it by (placeholders left out).
    var named: [String: Set<String>] = [:]
    /// Required equalities with unit multipliers: (first, first attribute, second, second attribute, constant).
    var equalities: [(String, String, String, String, Double)] = []
    var seen: [String: Seen] = [:]

    init(document: XMLElement) {
        self.document = document
        let type = document["type"] ?? ""
        platform =
            (document["targetRuntime"] ?? "").hasPrefix("MacOSX")
                || (type.contains(".Cocoa.") && !type.contains("CocoaTouch")) ? .macOS : .iOS
        toolsVersion = ToolsVersion.of(document)
        images = StandardViews.images(document)
        let device = document.child("device")
        canvas = DesignDevice.canvas(
            deviceID: device?["id"], orientation: device?["orientation"] == "landscape" ? .landscape : .portrait,
            targetRuntime: document["targetRuntime"] ?? "")
    }

    mutating func run() {
        readConstraints(document, owner: nil)
        walk(document, parentFrame: nil, parentFlipped: false)
        observe()
    }

    mutating func readConstraints(_ e: XMLElement, owner: String?) {
        let id = e["id"] ?? owner
        for c in e.child("constraints")?.children("constraint") ?? [] where c["placeholder"] != "YES" {
            guard let a1 = c["firstAttribute"], let first = c["firstItem"] ?? id else { continue }
            named[first, default: []].insert(a1)
            if let second = c["secondItem"], let a2 = c["secondAttribute"] {
                named[second, default: []].insert(a2)
                if c["relation"] == nil && (c["priority"] == nil || c["priority"] == "1000")
                    && (c["multiplier"] == nil || c["multiplier"] == "1")
                {
                    equalities.append((first, a1, second, a2, SceneBuilder.number(c["constant"]) ?? 0))
                }
            }
        }
        for child in e.children { readConstraints(child, owner: id) }
    }

    /// Every view's stored frame in its root's top-left coordinates, and how it is placed.
    mutating func walk(
        _ e: XMLElement, parentFrame: Rect?, parentFlipped: Bool, parentStack: XMLElement? = nil
    ) {
        for child in e.children {
            guard var frame = SceneBuilder.frameRect(child), let id = child["id"] else {
                walk(child, parentFrame: parentFrame, parentFlipped: parentFlipped, parentStack: parentStack)
                continue
            }
            if platform == .macOS && !parentFlipped, let p = parentFrame {
                frame.y = p.height - frame.y - frame.height
            }
            let origin = parentFrame.map { Point(x: $0.x + frame.x, y: $0.y + frame.y) } ?? Point(x: 0, y: 0)
            let absolute = Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height)
            // Arranged: a child of one of its stack's arranged-view lists.
            let stack = StackAttributes.arrangedLists.contains(e.name) ? parentStack : nil
            seen[id] = Seen(
                element: child, frame: absolute, metrics: metrics(child), arranged: stack != nil,
                ownLengthInStack: stack.flatMap(ownLength(inStack:)))
            walk(
                child, parentFrame: absolute, parentFlipped: child["flipped"] == "YES" || child.name == "clipView",
                parentStack: child.name == "stackView" ? child : nil)
        }
    }

    /// The length a stack leaves to its arranged views: across its axis, unless its alignment fills
    /// it (UIStackView's default `fill`; NSStackView's `width` or `height`). Along the axis the
    /// distribution may stretch a view.
    func ownLength(inStack stack: XMLElement) -> String? {
        let attributes = StackAttributes(stack, platform: platform)
        return attributes.fillsAcross ? nil : (attributes.vertical ? "width" : "height")
    }

    func metrics(_ e: XMLElement) -> StandardViews.Metrics {
        platform == .iOS
            ? StandardViews.metrics(e, toolsVersion: toolsVersion, canvas: canvas, images: images)
            : AppKitControls.metrics(e, toolsVersion: toolsVersion, images: images)
    }

    mutating func vote(_ style: FittedStyle, _ field: FittedField, _ value: Double) {
        let v = (value * 100).rounded() / 100
        for key in style.keys(field) { votes[key, default: [:]][v, default: 0] += 1 }
    }

    /// IB's frame is an observation where constraints placed it: not where IB says its constraints do
    /// not put it there or do not determine it, where its frame is given (a mask translated, a
    /// build-time pin), or where a custom class may size it.
    func placedByConstraints(_ e: XMLElement) -> Bool {
        e["misplaced"] != "YES" && e["ambiguous"] != "YES" && e["translatesAutoresizingMaskIntoConstraints"] == "NO"
            && e["fixedFrame"] != "YES" && e["customClass"] == nil && document["useAutolayout"] == "YES"
    }

    mutating func observe() {
        for (id, v) in seen {
            guard let style = v.metrics.style, placedByConstraints(v.element) else { continue }
            observeSize(v, style: style, named: named[id] ?? [])
        }
        for v in seen.values where v.element.name == "stackView" && v.element["misplaced"] != "YES" {
            observeStack(v)
        }
        for (a, a1, b, a2, k) in equalities {
            guard let va = seen[a], let vb = seen[b], let ea = Self.edge(a1), let eb = Self.edge(a2),
                va.element["misplaced"] != "YES", vb.element["misplaced"] != "YES"
            else { continue }
            // first's alignment edge == second's + k, each alignment edge its frame's moved in by its inset.
            let residual = ea.position(va.frame) - eb.position(vb.frame) - k
            if vb.hasNoInsets, let style = va.metrics.style, va.metrics.fittedInsets, placedByConstraints(va.element) {
                vote(style, ea.field, -ea.sign * residual)
            } else if va.hasNoInsets, let style = vb.metrics.style, vb.metrics.fittedInsets,
                placedByConstraints(vb.element)
            {
                vote(style, eb.field, eb.sign * residual)
            }
        }
    }

    /// An edge a constraint names: where it is on a frame, which inset moves it (inward: +1 for the
    /// low edges, -1 for the high ones).
    struct Edge {
        var field: FittedField
        var sign: Double
        func position(_ r: Rect) -> Double {
            switch field {
            case .insetLeft: r.x
            case .insetRight: r.x + r.width
            case .insetTop: r.y
            default: r.y + r.height
            }
        }
    }

    static func edge(_ attribute: String) -> Edge? {
        switch attribute {
        case "leading", "left": Edge(field: .insetLeft, sign: 1)
        case "trailing", "right": Edge(field: .insetRight, sign: -1)
        case "top": Edge(field: .insetTop, sign: 1)
        case "bottom": Edge(field: .insetBottom, sign: -1)
        default: nil
        }
    }

    /// A stack view places its arranged views' alignment rects: along its axis the first one's start
    /// at its own start less its edge insets (and the last one's end at its end, where the stack hugs
    /// its views or fills), across it each one's aligned edge; how far the stored frames reach beyond
    /// those edges are observations of the views' insets.
    mutating func observeStack(_ stack: Seen) {
        let e = stack.element
        let mac = platform == .macOS
        let listed = StackAttributes.arrangedLists.flatMap { e.child($0)?.children ?? [] }
        let arranged = listed.filter { $0["hidden"] != "YES" }.compactMap { $0["id"] }.compactMap { seen[$0] }
        guard let first = arranged.first, let last = arranged.last else { return }
        let attributes = StackAttributes(e, platform: platform)
        let vertical = attributes.vertical
        let insetElement =
            mac
            ? e.child("edgeInsets", key: "edgeInsets") : e.child("edgeInsets", key: "layoutMargins")
        func inset(_ k: String) -> Double { SceneBuilder.number(insetElement?[k]) ?? 0 }
        let gravity = mac && (e["distribution"] ?? "gravityAreas") == "gravityAreas"
        let hugging =
            SceneBuilder.number(e[vertical ? "verticalStackHuggingPriority" : "horizontalStackHuggingPriority"])
            ?? 250
        let alignment = attributes.alignment
        let f = stack.frame
        func observe(_ v: Seen, _ field: FittedField, _ value: Double) {
            guard let style = v.metrics.style, v.metrics.fittedInsets, placedByConstraints(v.element) else { return }
            vote(style, field, value)
        }
        let (start, end): (FittedField, FittedField) = vertical ? (.insetTop, .insetBottom) : (.insetLeft, .insetRight)
        let (crossStart, crossEnd): (FittedField, FittedField) =
            vertical ? (.insetLeft, .insetRight) : (.insetTop, .insetBottom)
        func low(_ r: Rect, _ vertical: Bool) -> Double { vertical ? r.y : r.x }
        func high(_ r: Rect, _ vertical: Bool) -> Double { vertical ? r.y + r.height : r.x + r.width }
        if !gravity || !(e.child("beginningViews")?.children.isEmpty ?? true) || e.child("subviews") != nil {
            observe(first, start, low(f, vertical) + inset(vertical ? "top" : "left") - low(first.frame, vertical))
        }
        if !gravity || hugging >= 750 {
            observe(last, end, high(last.frame, vertical) - high(f, vertical) + inset(vertical ? "bottom" : "right"))
        }
        for v in arranged {
            if ["leading", "top", "left", "fill", "width", "height"].contains(alignment) {
                observe(v, crossStart, low(f, !vertical) + inset(vertical ? "left" : "top") - low(v.frame, !vertical))
            }
            if ["trailing", "bottom", "right", "fill", "width", "height"].contains(alignment) {
                observe(
                    v, crossEnd, high(v.frame, !vertical) - high(f, !vertical) + inset(vertical ? "right" : "bottom"))
            }
        }
    }

    mutating func observeSize(_ v: Seen, style: FittedStyle, named attrs: Set<String>) {
        let e = v.element
        let m = v.metrics
        let frame = v.frame
        func free(_ size: String, _ positions: [[String]]) -> Bool {
            if v.arranged {
                return v.ownLengthInStack == size && !attrs.contains(size)
                    && positions.allSatisfy { attrs.isDisjoint(with: $0) }
            }
            return !attrs.contains(size) && positions.filter { !attrs.isDisjoint(with: $0) }.count <= 1
        }
        let horizontal = [
            ["leading", "left", "leadingMargin", "leftMargin"], ["trailing", "right", "trailingMargin", "rightMargin"],
            ["centerX", "centerXWithinMargins"],
        ]
        let vertical = [
            ["top", "topMargin", "firstBaseline"], ["bottom", "bottomMargin", "baseline", "lastBaseline"],
            ["centerY", "centerYWithinMargins"],
        ]
        if e["placeholderIntrinsicWidth"] == nil && free("width", horizontal) {
            if m.width == .fitted { vote(style, .frameWidth, frame.width) }
            if case .padded(let content) = m.width { vote(style, .paddingWidth, frame.width - content) }
        }
        if e["placeholderIntrinsicHeight"] == nil && free("height", vertical) {
            if m.height == .fitted { vote(style, .frameHeight, frame.height) }
            if case .padded(let content) = m.height { vote(style, .paddingHeight, frame.height - content) }
        }
    }
}

/// A view as the vote walker saw it.
struct Seen {
    var element: XMLElement
    /// Its stored frame in its root's top-left coordinates.
    var frame: Rect
    var metrics: StandardViews.Metrics
    var arranged: Bool
    /// For an arranged view, the length (`width`, `height`) its stack leaves to it (`ownLength`).
    var ownLengthInStack: String? = nil
    /// Its frame is its alignment rect: no insets, from a source or fitted.
    var hasNoInsets: Bool { !metrics.fittedInsets && metrics.alignmentRectInsets == .zero }
}
