import LabJSON

/// Values the importer can only read off documents: a control's alignment-rect insets
/// and frame lengths where no Apple documentation or re-implementation gives them, and rules chosen by
/// what makes documents agree. Each is a hypothesis, so it is fitted by one procedure on a set of
/// documents (`IBFit`), which `Tools/ib-cross-validate.py` repeats with each repository left out. The
/// built-in values (`FittedTable`) are that procedure's answer on both corpora.
public struct FittedValues: Hashable, Sendable {
    /// `FittedStyle.key` → value.
    public var table: [String: Double]
    /// Fitted rules switched off: the importer does what it would without them.
    public var rulesOff: Set<FittedRule>

    public init(table: [String: Double] = [:], rulesOff: Set<FittedRule> = []) {
        self.table = table
        self.rulesOff = rulesOff
    }

    /// The values fitted on `../shared/corpus/ib` and `../shared/corpus/ib-more` together.
    public static let builtIn = FittedValues(
        table: FittedTable.values, rulesOff: Set(FittedTable.rulesOff.compactMap(FittedRule.init(rawValue:))))

    /// The first of a style's keys for `field` that has a value: its most specific form first.
    func value(_ style: FittedStyle, _ field: FittedField) -> Double? {
        for key in style.keys(field) { if let v = table[key] { return v } }
        return nil
    }

    func isOn(_ rule: FittedRule) -> Bool { !rulesOff.contains(rule) }

    /// `{"table": {key: value, …}, "rules_off": [rule, …]}`, as `check-ib --fit` writes it.
    public init(json: JSONValue) throws(FittedValuesError) {
        guard case .object(let members) = json["table"]?.kind ?? .object([]) else {
            throw FittedValuesError(message: "\"table\" is not an object", location: json.location)
        }
        var table: [String: Double] = [:]
        for m in members {
            guard case .number(let v) = m.value.kind else {
                throw FittedValuesError(
                    message: "\"\(m.key)\" is \(m.value.typeName), not a number", location: m.keyLocation)
            }
            table[m.key] = v
        }
        var off: Set<FittedRule> = []
        if let rules = json["rules_off"] {
            guard case .array(let items) = rules.kind else {
                throw FittedValuesError(message: "\"rules_off\" is not an array", location: rules.location)
            }
            for item in items {
                guard case .string(let name) = item.kind, let rule = FittedRule(rawValue: name) else {
                    throw FittedValuesError(
                        message: "not a fitted rule (\(FittedRule.allCases.map(\.rawValue).joined(separator: ", ")))",
                        location: item.location)
                }
                off.insert(rule)
            }
        }
        self.init(table: table, rulesOff: off)
    }

    public var json: JSONValue {
        .object([
            ("table", .object(table.keys.sorted().map { ($0, JSONValue.number(table[$0]!)) })),
            ("rules_off", .array(rulesOff.map(\.rawValue).sorted().map(JSONValue.string))),
        ])
    }
}

/// A fitted-values file that cannot be read: what and where.
public struct FittedValuesError: Error, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation
    public var description: String { location == .none ? message : "\(location): \(message)" }
}

/// Rules the importer follows because they made the corpus's documents agree, not because a source
/// gives them. Each can be switched off, and `Tools/ib-cross-validate.py` keeps one for a held-out
/// repository only where it helped the other repositories.
public enum FittedRule: String, CaseIterable, Hashable, Sendable {
    /// Notched canvases' top inset by the Xcode version that saved the document.
    case notchByXcode = "notch-by-xcode"
    /// Home-button canvases without their inferred status bar, by the Xcode that saved the document.
    case statusBarByXcode = "status-bar-by-xcode"
    /// A child view controller narrower than the screen is drawn without bars.
    case childWithoutBars = "child-without-bars"
    /// iOS 13 sheets: a presented root 10 points shorter than the screen below its status bar ends at
    /// the screen's bottom.
    case sheets
    /// A root between opaque bars stored at y = 0 with the height the bars leave starts below them.
    case rootBetweenBars = "root-between-bars"
    /// A table view cell's content view takes 20-point sides on a screen wider than 375 points even
    /// where the cell is narrower: its table's margins follow the screen (a xib's top-level cell has
    /// no table, and keeps its width's sides).
    case cellMarginsByScreen = "cell-margins-by-screen"
    /// Since Xcode 26 a table view cell's content view has 15-point top and bottom margins, not 11.
    case cellMargins26 = "cell-margins-26"
    /// Xcode 26's notched canvases store twice the device's safe area: the notch and the home indicator
    /// each counted two times.
    case safeAreaTwice26 = "safe-area-twice-26"
    /// Xcode 26 documents are drawn with macOS 26's controls. Interface Builder draws with the AppKit of
    /// the Mac it runs on and keeps a view's stored frame until the view is laid out again, so a document
    /// saved by Xcode 26 on an older macOS, or not laid out again, keeps the earlier controls' frames;
    /// nothing in the document says which. Off, its controls take Big Sur's metrics.
    case appKitControls26 = "appkit-controls-26"
    /// Interface Builder's canvas breaks the constraints the frameworks make before the document's: a
    /// stack view's own (`UISV-*`, `NSStackView.*`), then intrinsic content sizes (`CanvasBreaking`).
    case canvasBreaksGenerated = "canvas-breaks-generated"
}

/// What a control looks like to the fit: its platform, its class and style from the most general
/// part to the most specific (`button`, `push`, `rounded`, `small`), and the era of the Xcode that
/// saved the document (`bigSur`: Xcode 12's controls; documented release boundaries, not fitted).
public struct FittedStyle: Hashable, Sendable {
    public var platform: String
    public var components: [String]
    public var era: String

    /// Every key of `field`, most specific first: each style prefix with the era, then each without it.
    /// AppKit redraws its controls at an era's boundary (Yosemite, Big Sur, macOS 26), so a style the fit
    /// has not seen in this era is looked up as a less specific style of the same era before the same
    /// style of any era (judged by repository: `docs/interface-builder.md`).
    public func keys(_ field: FittedField) -> [String] {
        let styles = stride(from: components.count, through: 1, by: -1).map {
            components[0..<$0].joined(separator: ".")
        }
        return styles.map { "\(platform)/\($0)/\(era)/\(field.rawValue)" }
            + styles.map { "\(platform)/\($0)/*/\(field.rawValue)" }
    }
}

/// The lengths a fit gives: a frame's insets beyond its alignment rect, and its width and height
/// where the control's kind and size set them.
public enum FittedField: String, CaseIterable, Hashable, Sendable {
    case insetTop = "inset.top"
    case insetLeft = "inset.left"
    case insetBottom = "inset.bottom"
    case insetRight = "inset.right"
    case frameWidth = "frame.width"
    case frameHeight = "frame.height"
    /// How much wider (higher) the frame is than its image.
    case paddingWidth = "padding.width"
    case paddingHeight = "padding.height"
}
