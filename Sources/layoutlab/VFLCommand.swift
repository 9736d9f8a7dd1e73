import ArgumentParser
import ConstraintModel
import Foundation
import LabJSON
import VFL

/// `layoutlab vfl`: a Visual Format string into constraints, printed as Apple logs them or as the
/// scenario file's constraint objects.
struct VFLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vfl",
        abstract: "Parse a Visual Format Language string and print the constraints it makes.",
        discussion: """
            Follows Apple's parser: later items come first ([a]-8-[b] gives b.leading == a.trailing + 8), \
            `-` alone is 8 between siblings and the superview's margin at `|-` (UIKit; --platform appkit: the edge \
            plus 20), metric names win over view names. A format that does not parse exits 2 with Apple's message \
            and a caret under the parser's cursor on standard error; with --format json, \
            {"error": …, "index": N} is printed on standard output too. Examples:
              layoutlab vfl "|-[find]-[findNext]-[findField(>=20)]-|" --views find,findNext,findField
              layoutlab vfl "V:|-10-[label(>=70@1000,>=button@250)]-[button][icon]-|" \
            --views label,button,icon --format json
              layoutlab vfl "[a]-m-[b]" --views a,b --metrics m=12 --options alignAllCenterY --direction rightToLeft
            Options: \(VisualFormatOptions.names.map(\.0).joined(separator: ", ")).
            """)

    @Argument(help: "The format string, e.g. \"H:|-[a]-[b(>=100)]-|\".")
    var formatString: String

    @Option(help: "The view names, comma-separated (the views dictionary).")
    var views: String

    @Option(help: "Metrics as name=value, comma-separated.")
    var metrics: String?

    @Option(help: "Format options, comma-separated: \(VisualFormatOptions.names.map(\.0).joined(separator: ", ")).")
    var options: String?

    @Option(help: "The direction H: runs in: leadingToTrailing (default), leftToRight, rightToLeft.")
    var direction: String?

    @Option(help: "uikit (|- is the superview's margin; the default) or appkit (the edge plus 20).")
    var platform: VisualFormatPlatform = .uikit

    @Option(help: "text (Apple's log style, the default) or json (the scenario file's constraint objects).")
    var format: OutputKind = .text

    @Flag(help: "The views have no superview, so '|' cannot be interpreted (Apple's error, with its caret).")
    var noSuperview = false

    enum OutputKind: String, ExpressibleByArgument { case text, json }

    func parsedMetrics() throws -> [String: Double] {
        var out: [String: Double] = [:]
        for item in (metrics ?? "").split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let v = Double(parts[1]), v.isFinite else {
                throw ValidationError("--metrics takes name=value pairs with finite numbers (got '\(item)')")
            }
            out[String(parts[0])] = v
        }
        return out
    }

    func parsedOptions() throws -> VisualFormatOptions {
        var set = VisualFormatOptions()
        let names =
            (options ?? "").split(separator: ",").map(String.init)
            + (direction.map { ["direction" + $0.prefix(1).uppercased() + $0.dropFirst()] } ?? [])
        for name in names {
            guard let o = VisualFormatOptions(name: name) else {
                throw ValidationError(
                    "unknown option '\(name)' (valid: \(VisualFormatOptions.names.map(\.0).joined(separator: ", ")))")
            }
            set.insert(o)
        }
        return set
    }

    func validate() throws {
        _ = try parsedMetrics()
        _ = try parsedOptions()
        if let direction, !["leadingToTrailing", "leftToRight", "rightToLeft"].contains(direction) {
            throw ValidationError("--direction is leadingToTrailing, leftToRight or rightToLeft (got '\(direction)')")
        }
    }

    func run() throws {
        let names = views.split(separator: ",").map(String.init)
        let metrics = try parsedMetrics()
        let options = try parsedOptions()
        let constraints: [LayoutConstraint]
        do {
            let set = Set(names)
            let superview: String? = noSuperview ? nil : "superview"
            constraints = try VisualFormat.constraints(
                formatString, isView: set.contains, metrics: metrics, options: options,
                platform: platform, superview: { _ in superview })
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            if format == .json {
                print(
                    JSONWriter.write(
                        .object([
                            ("error", .string(error.reason)),
                            ("index", error.index.map { .number(Double($0)) } ?? .null),
                        ])))
            }
            throw ExitCode(2)
        }
        switch format {
        case .text:
            for c in constraints { print(c.appleDescription) }
        case .json:
            print(JSONWriter.write(.array(constraints.map(Self.json))))
        }
    }

    /// A constraint with the scenario file's keys.
    static func json(_ c: LayoutConstraint) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("item1", .string(c.item1)), ("attr1", .string(c.attr1.rawValue)),
            ("relation", .string(c.relation.rawValue)),
        ]
        m += [
            ("item2", c.item2.map(JSONValue.string) ?? .null), ("attr2", c.attr2.map { .string($0.rawValue) } ?? .null),
        ]
        m += [
            ("multiplier", .number(c.multiplier)), ("constant", .number(c.constant)), ("priority", .number(c.priority)),
        ]
        return .object(m)
    }
}

extension VisualFormatPlatform: ExpressibleByArgument {}
