import Foundation
import Geometry
import LabJSON

/// The device presets and bar heights, read from `devices.json` (a resource of this target). The
/// file is the lab's single source of these numbers; `layoutlab layout --device list` prints it.
public struct DevicePresets: Sendable {
    public var devices: [DevicePreset]
    public var bars: BarMetrics

    /// The presets shipped with the lab.
    public static let standard: DevicePresets = {
        guard let url = Bundle.module.url(forResource: "devices", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { preconditionFailure("devices.json is missing from the Environment target's resources") }
        do {
            return try DevicePresets(json: String(decoding: data, as: UTF8.self))
        } catch {
            preconditionFailure("devices.json: \(error)")
        }
    }()

    public func device(_ id: String) -> DevicePreset? { devices.first { $0.id == id } }

    /// Every preset id, for error messages and `--device list`.
    public var ids: [String] { devices.map(\.id) }

    /// A problem in a presets file.
    public struct FormatError: Error, CustomStringConvertible {
        public var location: SourceLocation
        public var message: String
        public var description: String { "\(location.line):\(location.column): \(message)" }
    }

    public init(json text: String) throws {
        let root: JSONValue
        do { root = try JSONReader.parse(text) } catch {
            throw FormatError(location: error.location, message: error.message)
        }
        func fail(_ v: JSONValue, _ m: String) -> FormatError { FormatError(location: v.location, message: m) }
        func member(_ v: JSONValue, _ k: String) throws -> JSONValue {
            guard let m = v[k] else { throw fail(v, "missing \"\(k)\"") }
            return m
        }
        func number(_ v: JSONValue, _ k: String) throws -> Double {
            let m = try member(v, k)
            guard case .number(let x) = m.kind, x.isFinite, x >= 0 else {
                throw fail(m, "\"\(k)\" must be a non-negative number")
            }
            return x
        }
        func string(_ v: JSONValue, _ k: String) throws -> String {
            let m = try member(v, k)
            guard case .string(let s) = m.kind else { throw fail(m, "\"\(k)\" must be a string") }
            return s
        }
        func numbers(_ v: JSONValue) throws -> [Double] {
            guard case .array(let items) = v.kind else { throw fail(v, "expected an array of numbers") }
            return try items.map { item in
                guard case .number(let x) = item.kind, x > 0 else { throw fail(item, "expected a positive number") }
                return x
            }
        }
        func insets(_ v: JSONValue) throws -> EdgeInsets {
            EdgeInsets(
                top: try number(v, "top"), left: try number(v, "left"), bottom: try number(v, "bottom"),
                right: try number(v, "right"))
        }
        func sizeClasses(_ v: JSONValue) throws -> SizeClasses {
            let pair = try numbersOrNames(v)
            return SizeClasses(horizontal: pair.0, vertical: pair.1)
        }
        func numbersOrNames(_ v: JSONValue) throws -> (SizeClasses.SizeClass, SizeClasses.SizeClass) {
            guard case .array(let items) = v.kind, items.count == 2 else {
                throw fail(v, "size classes are [horizontal, vertical]")
            }
            let classes = try items.map { item -> SizeClasses.SizeClass in
                guard case .string(let s) = item.kind, let c = SizeClasses.SizeClass(rawValue: s) else {
                    throw fail(item, "a size class is compact or regular")
                }
                return c
            }
            return (classes[0], classes[1])
        }
        func bar(_ name: String) throws -> (phone: Double, phoneCompactHeight: Double, pad: Double) {
            let b = try member(try member(root, "bars"), name)
            return (try number(b, "phone"), try number(b, "phoneCompactHeight"), try number(b, "pad"))
        }
        let barsNode = try member(root, "bars")
        let nav = try member(barsNode, "navigationBar")
        bars = BarMetrics(
            inCallExtra: try number(try member(barsNode, "inCallBar"), "extra"),
            navigationBar: try bar("navigationBar"),
            largeTitleExtra: try number(nav, "largeTitleExtra"), tabBar: try bar("tabBar"), toolbar: try bar("toolbar"))
        let list = try member(root, "devices")
        guard case .array(let items) = list.kind else { throw fail(list, "\"devices\" must be an array") }
        devices = []
        for item in items {
            let id = try string(item, "id")
            guard devices.allSatisfy({ $0.id != id }) else { throw fail(item, "duplicate device id \"\(id)\"") }
            guard let idiom = DevicePreset.Idiom(rawValue: try string(item, "idiom")) else {
                throw fail(item, "idiom is phone or pad")
            }
            let points = try numbers(try member(item, "points"))
            guard points.count == 2 else { throw fail(item, "points are [width, height]") }
            guard case .bool(let inCall) = try member(item, "inCallBar").kind else {
                throw fail(item, "inCallBar is true or false")
            }
            let safe = try member(item, "safeArea")
            let classes = try member(item, "sizeClasses")
            var preset = DevicePreset(
                id: id, name: try string(item, "name"), idiom: idiom, points: Size(width: points[0], height: points[1]),
                scale: Int(try number(item, "scale")), hasInCallBar: inCall,
                portraitSafeArea: try insets(try member(safe, "portrait")),
                landscapeSafeArea: try insets(try member(safe, "landscape")),
                portraitSizeClasses: try sizeClasses(try member(classes, "portrait")),
                landscapeSizeClasses: try sizeClasses(try member(classes, "landscape")),
                portraitSplitWidths: [], landscapeSplitWidths: [], slideOverWidth: nil)
            if let split = item["splitView"] {
                preset.portraitSplitWidths = try numbers(try member(split, "portrait"))
                preset.landscapeSplitWidths = try numbers(try member(split, "landscape"))
                preset.slideOverWidth = try number(split, "slideOver")
            }
            guard item["source"] != nil else { throw fail(item, "every preset names its source") }
            devices.append(preset)
        }
    }
}
