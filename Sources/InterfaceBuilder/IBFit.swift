import Geometry
import LabXML

/// The one procedure that fits `FittedValues` on a set of documents (DESIGN 12.7), so that the
/// built-in values and each cross-validation fold's are made the same way.
///
/// Observations (`votes`): for each control whose metrics name a fitted field,
/// * its frame's width or height, where no constraint sets that length (no size constraint, at most
///   one edge, centre or baseline named on the axis, not arranged by a stack view, no placeholder
///   intrinsic size);
/// * its insets: for each required equality that ties one of its edges to the same edge of its
///   direct superview, how far its stored frame reaches beyond where the constraint puts the edge.
/// Every observation counts for each of the style's keys, from the most specific to the most general.
/// Only views placed by constraints count: not those IB marks misplaced or ambiguous, translating their
/// masks or pinned at build time, nor custom classes (which may size themselves).
///
/// The fit (`fit`): per key, each repository's most common value (ties: the smaller), then the value
/// most repositories chose (ties: more observations, then the smaller value). A repository counts once
/// however many documents and controls it has.
public enum IBFit {
    /// A value is fitted only where at least this many repositories chose it.
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
    public static func fit(_ observations: [(repository: String, votes: Votes)]) -> [String: Double] {
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
                ($0.value.repositories, $0.value.observations, -$0.key) < ($1.value.repositories, $1.value.observations, -$1.key)
            }
            if let best, best.value.repositories >= IBFit.minimumRepositories { out[key] = best.key }
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
    let pad: Bool
    var votes: IBFit.Votes = [:]
    /// Per view id: the attributes constraints name it by (placeholders left out).
    var named: [String: Set<String>] = [:]
    /// Required equalities with unit multipliers: (first, first attribute, second, second attribute, constant).
    var equalities: [(String, String, String, String, Double)] = []

    init(document: XMLElement) {
        self.document = document
        let type = document["type"] ?? ""
        platform =
            (document["targetRuntime"] ?? "").hasPrefix("MacOSX")
                || (type.contains(".Cocoa.") && !type.contains("CocoaTouch")) ? .macOS : .iOS
        toolsVersion = Double((document["toolsVersion"] ?? "0").split(separator: ".").first ?? "0") ?? 0
        images = StandardViews.images(document)
        let device = document.child("device")?["id"] ?? ""
        pad = device.hasPrefix("ipad") || (document["targetRuntime"] ?? "").hasSuffix("iPad")
    }

    mutating func run() {
        readConstraints(document, owner: nil)
        walk(document, parent: nil, parentFrame: nil, parentFlipped: false, inStack: false)
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

    /// `frame` is the view's stored frame in the lab's top-left coordinates.
    mutating func walk(_ e: XMLElement, parent: String?, parentFrame: Rect?, parentFlipped: Bool, inStack: Bool) {
        for child in e.children {
            guard var frame = SceneBuilder.frameRect(child), let id = child["id"] else {
                walk(child, parent: parent, parentFrame: parentFrame, parentFlipped: parentFlipped, inStack: inStack)
                continue
            }
            if platform == .macOS && !parentFlipped, let p = parentFrame {
                frame.y = p.height - frame.y - frame.height
            }
            let arranged = inStack && ["subviews", "beginningViews", "middleViews", "endViews"]
                .contains(e.name)
            observe(child, id: id, frame: frame, parent: parent, parentFrame: parentFrame, arranged: arranged)
            walk(
                child, parent: id, parentFrame: frame,
                parentFlipped: child["flipped"] == "YES" || child.name == "clipView", inStack: child.name == "stackView")
        }
    }

    func metrics(_ e: XMLElement) -> StandardViews.Metrics {
        platform == .iOS
            ? StandardViews.metrics(e, toolsVersion: toolsVersion, pad: pad, images: images)
            : AppKitControls.metrics(e, toolsVersion: toolsVersion, images: images)
    }

    mutating func vote(_ style: FittedStyle, _ field: FittedField, _ value: Double) {
        let v = (value * 100).rounded() / 100
        for key in style.keys(field) { votes[key, default: [:]][v, default: 0] += 1 }
    }

    mutating func observe(_ e: XMLElement, id: String, frame: Rect, parent: String?, parentFrame: Rect?, arranged: Bool) {
        let m = metrics(e)
        // IB's frame is no observation where IB says its constraints do not put it there or do not
        // determine it, where its frame is given (a mask translated, a build-time pin), or where a custom
        // class may size it.
        guard let style = m.style, e["misplaced"] != "YES", e["ambiguous"] != "YES",
            e["translatesAutoresizingMaskIntoConstraints"] == "NO", e["fixedFrame"] != "YES", e["customClass"] == nil,
            document["useAutolayout"] == "YES"
        else { return }
        let attrs = named[id] ?? []
        func free(_ size: String, _ positions: [[String]]) -> Bool {
            !arranged && !attrs.contains(size) && positions.filter { !attrs.isDisjoint(with: $0) }.count <= 1
        }
        let horizontal = [["leading", "left", "leadingMargin", "leftMargin"], ["trailing", "right", "trailingMargin", "rightMargin"], ["centerX", "centerXWithinMargins"]]
        let vertical = [["top", "topMargin", "firstBaseline"], ["bottom", "bottomMargin", "baseline", "lastBaseline"], ["centerY", "centerYWithinMargins"]]
        if m.width == .fitted && e["placeholderIntrinsicWidth"] == nil && free("width", horizontal) {
            vote(style, .frameWidth, frame.width)
        }
        if m.height == .fitted && e["placeholderIntrinsicHeight"] == nil && free("height", vertical) {
            vote(style, .frameHeight, frame.height)
        }
        guard m.fittedInsets, let parent, let p = parentFrame else { return }
        for (a, a1, b, a2, k) in equalities where a1 == a2 {
            // The view's edge == the superview's edge + edge (or the reverse, with the sign turned).
            let edge: Double
            if a == id && b == parent {
                edge = k
            } else if b == id && a == parent {
                edge = -k
            } else {
                continue
            }
            switch a1 {
            case "leading", "left": vote(style, .insetLeft, edge - frame.x)
            case "trailing", "right": vote(style, .insetRight, frame.maxX - (p.width + edge))
            case "top": vote(style, .insetTop, edge - frame.y)
            case "bottom": vote(style, .insetBottom, frame.maxY - (p.height + edge))
            default: continue
            }
        }
    }
}
