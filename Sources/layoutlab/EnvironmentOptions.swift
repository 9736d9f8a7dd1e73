import ArgumentParser
import Environment
import Geometry
import LabJSON
import Margins
import Scenario
import ViewTree

/// The options that put a scenario's root on a device (`layout`, `explain`): a preset, its
/// orientations as steps, the in-call bar and a split-view window.
struct EnvironmentOptions: ParsableArguments {
    @Option(
        help: "A device preset (e.g. iphone-x); `--device list` prints them all. Each orientation is then one step.")
    var device: String?

    @Option(help: "With --device: orientations as steps, comma-separated (portrait, landscape). Default: portrait.")
    var orientation: OrientationList?

    @Flag(name: .customLong("in-call"), help: "With --device: the in-call / recording bar shows (home-button devices).")
    var inCall = false

    @Option(help: "With --device: the app window's width in split view or slide over (an iPad preset's widths).")
    var window: Double?

    var listsDevices: Bool { device == "list" }

    func validate() throws {
        if device == nil && (orientation != nil || inCall || window != nil) {
            throw ValidationError("--orientation, --in-call and --window need --device (\(Self.validDevices))")
        }
        guard let device, device != "list" else { return }
        guard let preset = DevicePresets.standard.device(device) else {
            throw ValidationError("unknown device '\(device)' (valid: \(Self.validDevices), or list)")
        }
        if let window {
            let widths = Orientation.allCases.flatMap(preset.splitWidths) + (preset.slideOverWidth.map { [$0] } ?? [])
            guard widths.contains(window) else {
                let valid = Set(widths).sorted().map(JSONWriter.plainNumber).joined(separator: ", ")
                throw ValidationError(
                    widths.isEmpty
                        ? "\(device) has no split view (--window is for iPads)"
                        : "--window \(JSONWriter.plainNumber(window)) is not a split-view width of \(device) "
                            + "(valid: \(valid))"
                )
            }
        }
    }

    static var validDevices: String { DevicePresets.standard.ids.joined(separator: ", ") }

    /// The environments, one per orientation, or nil without `--device`.
    var environments: [Environment]? {
        guard let device, let preset = DevicePresets.standard.device(device) else { return nil }
        return (orientation?.orientations ?? [.portrait]).map {
            Environment(device: preset, orientation: $0, inCall: inCall, windowWidth: window)
        }
    }

    /// Rejects a scenario whose own safe area the device would replace.
    func check(_ scenario: Scenario, path: String) throws {
        if device != nil && !listsDevices && scenario.tree.root.safeAreaInsets != .zero {
            throw ValidationError(
                "\(path) sets superview.safeAreaInsets and --device gives the device's: contradictory, remove one")
        }
    }

    /// `--device list`: every preset with its numbers (from Sources/Environment/devices.json).
    static func listing() -> String {
        func insets(_ e: EdgeInsets) -> String {
            [e.top, e.left, e.bottom, e.right].map(JSONWriter.plainNumber).joined(separator: " ")
        }
        var rows = [
            [
                "device", "points", "scale", "safe area portrait (t l b r)", "landscape", "in-call bar",
                "split view (portrait / landscape)", "name",
            ]
        ]
        for d in DevicePresets.standard.devices {
            let widths = { (w: [Double]) in w.map(JSONWriter.plainNumber).joined(separator: ",") }
            let split =
                d.landscapeSplitWidths.isEmpty
                ? "" : "\(widths(d.portraitSplitWidths)) / \(widths(d.landscapeSplitWidths))"
            rows.append([
                d.id, LayoutReport.text(d.points),
                "\(d.scale)",
                insets(d.portraitSafeArea), insets(d.landscapeSafeArea), d.hasInCallBar ? "yes" : "no", split, d.name,
            ])
        }
        return TextTable.render(rows)
    }
}

/// `portrait,landscape`.
struct OrientationList: ExpressibleByArgument {
    var orientations: [Orientation]

    init?(argument: String) {
        var out: [Orientation] = []
        for part in argument.split(separator: ",") {
            guard let o = Orientation(rawValue: String(part)) else { return nil }
            out.append(o)
        }
        guard !out.isEmpty else { return nil }
        orientations = out
    }

    static var defaultValueDescription: String { "portrait|landscape[,…]" }
}
