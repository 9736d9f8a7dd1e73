import Environment
import Geometry

/// One step of a sequence: a superview size, or an environment (device, orientation, in-call bar,
/// split view) from which each backend derives its root's size and insets.
public struct SweepStep: Hashable, Sendable {
    /// The root's size, or the window's when `environment` is set.
    public var size: Size
    public var environment: Environment?

    public init(size: Size, environment: Environment? = nil) {
        self.size = size
        self.environment = environment
    }

    public init(_ environment: Environment) {
        self.size = environment.window
        self.environment = environment
    }
}

/// The external changes a sweep applies as steps: rotation, entering and
/// leaving split view, the in-call bar appearing and going, and moving across a device matrix.
public enum EnvironmentSequenceKind: String, CaseIterable, Hashable, Sendable {
    case rotate
    case splitView = "split-view"
    case inCall = "in-call"
    case deviceMatrix = "device-matrix"
    /// One device in one orientation: the step an `ib` source adds per device.
    case device

    /// The experiment-file key.
    public var key: String { rawValue.replacingOccurrences(of: "-", with: "_") }
}

extension EnvironmentSequenceKind {
    /// Rotation: the start orientation, then alternately rotated, `steps` steps in all.
    public static func rotate(_ device: DevicePreset, start: Orientation, steps: Int) -> [Environment] {
        (0..<steps).map { Environment(device: device, orientation: $0 % 2 == 0 ? start : start.rotated) }
    }

    /// Full screen, then for each split-view width (and slide over) entering it and leaving again.
    public static func splitView(_ device: DevicePreset, orientation: Orientation) -> [Environment] {
        var out = [Environment(device: device, orientation: orientation)]
        let widths = device.splitWidths(orientation) + (device.slideOverWidth.map { [$0] } ?? [])
        for w in widths {
            out.append(Environment(device: device, orientation: orientation, windowWidth: w))
            out.append(Environment(device: device, orientation: orientation))
        }
        return out
    }

    /// The in-call bar off, on, off, … for `steps` steps.
    public static func inCall(_ device: DevicePreset, orientation: Orientation, steps: Int) -> [Environment] {
        (0..<steps).map { Environment(device: device, orientation: orientation, inCall: $0 % 2 == 1) }
    }

    /// Every device × orientation, in order: the app moving from device to device.
    public static func deviceMatrix(_ devices: [DevicePreset], orientations: [Orientation]) -> [Environment] {
        devices.flatMap { d in orientations.map { Environment(device: d, orientation: $0) } }
    }
}
