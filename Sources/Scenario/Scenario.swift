import ConstraintModel
import Geometry
import LabJSON
import VFL
import ViewTree

/// A scenario: the lab's input, one view tree. The file format is JSON (docs/scenario-format.md):
///
///     { "superview": { "width": 100, "height": 100 },
///       "views": [ { "id": "a", "frame": [10, 10, 30, 30], "mask": "h=&&- v=--&" },
///                  { "id": "b", "parent": "a", "frame": [0, 0, 30, 10], "mask": ["flexibleWidth"] } ] }
///
/// `frame` is `[x, y, width, height]` in the parent's coordinates; `parent` absent (or "superview")
/// means the root; `mask` is an integer (UIKit bits), an array of UIKit names, or Apple's notation,
/// absent meaning none. An optional top-level `"description"` string is kept for people.
///
/// For Auto Layout a view may also set `"translatesMask": false` and `"layoutMargins"`
/// (`{"top":…,"left":…,"bottom":…,"right":…}`, default 8 each; the superview takes it too), the
/// scenario may set `"layoutDirection": "rightToLeft"` and carry hand-written `"constraints"`:
/// `{"item1":"a","attr1":"leading","relation":"==","item2":"superview","attr2":"leadingMargin",
/// "multiplier":1,"constant":0,"priority":1000,"id":"a-lead","active":true}` (`item2` null or absent
/// for a constant constraint; multiplier 1, constant 0, priority 1000 and active true by default).
public struct Scenario: Hashable, Sendable {
    /// The superview and its views: frames, masks, margins.
    public var tree: ViewTree
    /// Every constraint the backends install besides translated and content-size ones: the
    /// hand-written ones in file order, then those the Visual Format entries make.
    public var constraints: [LayoutConstraint]
    /// The file's `"description"`, kept for people.
    public var description: String?
    /// The `"visualFormat"` entries as written (their constraints are in `constraints`).
    public var visualFormats: [VisualFormatEntry]

    public init(
        tree: ViewTree, constraints: [LayoutConstraint] = [], description: String? = nil,
        visualFormats: [VisualFormatEntry] = []
    ) {
        self.tree = tree
        self.constraints = constraints
        self.description = description
        self.visualFormats = visualFormats
    }
}

/// One `"visualFormat"` entry of a scenario: `{"format": "H:|-[a]-[b]-|", "metrics": {…}, "options": […]}`.
public struct VisualFormatEntry: Hashable, Sendable {
    public var format: String
    public var metrics: [String: Double]
    public var options: VisualFormatOptions
    public var platform: VisualFormatPlatform

    public init(
        format: String, metrics: [String: Double] = [:], options: VisualFormatOptions = [],
        platform: VisualFormatPlatform = .uikit
    ) {
        self.format = format
        self.metrics = metrics
        self.options = options
        self.platform = platform
    }
}
