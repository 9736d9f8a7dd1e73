// swift-tools-version: 6.1
import PackageDescription

/// LayoutLab: springs and struts against Auto Layout, side by side.
///
/// Library targets are named after the lab's concepts; the `layoutlab` executable is a thin command-line
/// layer over them. Nothing below the CLI knows of the terminal. The library products are what another
/// package may depend on (README, "Using the library"; `Examples/` builds against them).
let package = Package(
    name: "LayoutLab",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "layoutlab", targets: ["layoutlab"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "ViewTree", targets: ["ViewTree"]),
        .library(name: "ConstraintModel", targets: ["ConstraintModel"]),
        .library(name: "Springs", targets: ["Springs"]),
        .library(name: "Scenario", targets: ["Scenario"]),
        .library(name: "Solver", targets: ["Solver"]),
        .library(name: "SolverSystem", targets: ["SolverSystem"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "ConflictLog", targets: ["ConflictLog"]),
        .library(name: "ConflictAnalysis", targets: ["ConflictAnalysis"]),
        .library(name: "InterfaceBuilder", targets: ["InterfaceBuilder"]),
        .executable(name: "layoutlab-bench", targets: ["Bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        // `layoutlab serve`'s HTTP server: Swift Concurrency over BSD sockets, no SwiftNIO (docs/serve.md).
        .package(url: "https://github.com/swhitty/FlyingFox.git", exact: "0.27.1"),
    ],
    targets: [
        // Points, sizes, rects and insets in Double.
        .target(name: "Geometry"),
        // Autoresizing masks and the view-tree value every backend takes and returns.
        .target(name: "ViewTree", dependencies: ["Geometry"]),
        // The incremental Cassowary solver: standard library only, knows nothing of views.
        .target(name: "Solver"),
        // Churns of random edits checked against the solver's invariants and fresh solves (tests, fuzzing).
        .target(name: "SolverChecks", dependencies: ["Solver"]),
        // Reads systems in the enaml_like.json format and runs them.
        .target(name: "SolverSystem", dependencies: ["Solver", "LabJSON"]),
        // Release-mode benchmark harness: `swift run -c release layoutlab-bench --json`.
        .executableTarget(
            name: "Bench", dependencies: ["Solver", "SolverSystem", "Sweep", "Store", "CSQLite", "AutoLayout", "Springs", "Translation", "VFL", "LabServer", "LabJSON", "Scenario",
                                          "ConstraintModel", "Geometry", "ViewTree"],
            exclude: ["README.md"]),
        // A small JSON reader that keeps line and column for every value, so input errors say where.
        .target(name: "LabJSON"),
        // A small strict XML reader with line and column for every element (Interface Builder documents).
        .target(name: "LabXML", dependencies: ["LabJSON"]),
        // The scenario file: the lab's input format (docs/scenario-format.md).
        .target(name: "Scenario", dependencies: ["ViewTree", "LabJSON", "ConstraintModel", "VFL"]),
        // Auto Layout's constraint model: attributes, constraints, validation, Apple's log style.
        .target(name: "ConstraintModel", dependencies: ["ViewTree", "LabJSON"]),
        // Masks translated into constraints, in each known form.
        .target(name: "Translation", dependencies: ["ViewTree", "ConstraintModel"]),
        // The Visual Format Language: format strings into constraints, as Apple's parser reads them.
        .target(name: "VFL", dependencies: ["ConstraintModel"]),
        // Interface Builder documents (.xib, .storyboard) into scenarios, and the IB oracle (docs/interface-builder.md).
        .target(name: "InterfaceBuilder", dependencies: ["LabXML", "LabJSON", "Scenario", "ViewTree", "ConstraintModel", "Geometry", "Environment", "AutoLayout", "Margins"]),
        // Effective layout margins and safe-area insets from frames.
        .target(name: "Margins", dependencies: ["ViewTree"]),
        // Device presets (data), orientations, bars and where a view controller's root sits.
        .target(name: "Environment", dependencies: ["ViewTree", "Margins", "LabJSON"], resources: [.copy("devices.json")]),
        // The Auto Layout backend: translated and hand-written constraints solved incrementally.
        .target(name: "AutoLayout", dependencies: ["ViewTree", "ConstraintModel", "Translation", "Solver", "Margins"]),
        // GNUstep master's Auto Layout emulated, each deviation from Apple's documented rules a switch.
        .target(name: "GNUstepAutoLayout", dependencies: ["Geometry", "ViewTree", "ConstraintModel", "Translation", "Solver", "Scenario"]),
        // The sweep: experiments, seeded scenario generators, both backends side by side, causes.
        .target(name: "Sweep", dependencies: ["Springs", "AutoLayout", "GNUstepAutoLayout", "Scenario", "LabJSON", "Environment", "Margins", "VFL", "ConstraintModel", "InterfaceBuilder", .product(name: "Yams", package: "Yams")]),
        // The system's SQLite (libsqlite3-dev), through its C API.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // results.db: the schema, the sweep's writer, queries (the only target that knows SQLite).
        .target(name: "Store", dependencies: ["CSQLite", "Sweep", "Report", "LabJSON", "EngineReport"]),
        // Auto Layout conflict logs ("Unable to simultaneously satisfy constraints") read back.
        .target(name: "ConflictLog"),
        // A conflict log's system rebuilt and solved, explained, fixed; Apple's choice and the lab's.
        .target(
            name: "ConflictAnalysis",
            dependencies: [
                "ConflictLog", "Solver", "AutoLayout", "ConstraintModel", "Scenario", "ViewTree", "Geometry", "LabJSON",
                "Report",
            ]),
        // Springs and struts with every known resizing policy.
        .target(name: "Springs", dependencies: ["ViewTree"]),
        // Pictures of divergences (SVG) and the run report: values in, text out.
        .target(name: "Report", dependencies: ["Geometry", "ViewTree"]),
        .target(name: "EngineReport", dependencies: ["Geometry", "ViewTree", "ConstraintModel", "Scenario", "LabJSON", "Sweep", "GNUstepAutoLayout", "AutoLayout"]),
        // The lab in a browser (`layoutlab serve`): a local HTTP server over the libraries, its pages
        // compiled into the executable (embedInCode), so they travel with it wherever it is copied.
        .target(
            name: "LabServer",
            dependencies: [
                "Scenario", "Springs", "AutoLayout", "Translation", "Sweep", "Store", "Report", "ConflictLog",
                "ConflictAnalysis", "InterfaceBuilder", "Environment", "LabJSON", "ViewTree", "Geometry",
                "ConstraintModel", .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            resources: ["index.html", "app.css", "common.js", "playground.js", "log.js", "results.js", "ib.js"].map {
                .embedInCode("Web/\($0)")
            }),
        .executableTarget(
            name: "layoutlab",
            dependencies: [
                "Scenario", "Springs", "LabJSON", "AutoLayout", "Translation", "SolverSystem", "Sweep", "Store", "Environment", "Margins", "VFL", "ConstraintModel", "InterfaceBuilder", "Report",
                "ConflictLog", "ConflictAnalysis", "EngineReport", "GNUstepAutoLayout", "LabServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Generators and helpers shared by the test targets.
        .target(
            name: "TestSupport", dependencies: ["ViewTree", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "SpringsTests",
            dependencies: ["Springs", "Scenario", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "AutoLayoutTests",
            dependencies: ["AutoLayout", "Springs", "Scenario", "Translation", "TestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "ConflictLogTests",
            dependencies: ["ConflictLog", "ConflictAnalysis", "AutoLayout", "Scenario", "ConstraintModel", "Translation",
                           "ViewTree", "Geometry", "LabJSON", "TestSupport"],
            exclude: ["Logs", "Crashes", "HeldOut"]),  // read through #filePath
        .testTarget(name: "LabServerTests", dependencies: ["TestSupport"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "LabXML", "Geometry", "ViewTree"]),
        .testTarget(name: "MarginsTests", dependencies: ["Margins", "Environment", "AutoLayout", "Scenario", "ViewTree", "Geometry"]),
        .testTarget(name: "VFLTests", dependencies: ["VFL", "ConstraintModel", "AutoLayout", "Scenario", "ViewTree", "Geometry", "TestSupport",
                                                    .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "ConstraintModel", "Geometry", "LabJSON", "ViewTree", "TestSupport"],
                    exclude: ["Crashes", "Fixtures"]),  // read through #filePath
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "LabJSON", "Geometry", "ViewTree", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "SweepTests", dependencies: ["Sweep", "Store", "EngineReport", "Scenario", "Springs", "ConstraintModel", "TestSupport", "Geometry", "Environment", "Report", "LabXML",
                                                      .product(name: "Yams", package: "Yams")],
                    exclude: ["Fixtures/misbehaving-engine.sh", "Fixtures/schema-v1.db", "Fixtures/schema-v1.yaml", "Crashes"]),  // read through #filePath
        .testTarget(name: "GNUstepEmulationTests", dependencies: ["GNUstepAutoLayout", "AutoLayout", "Scenario", "Geometry", "TestSupport"]),
        .testTarget(
            name: "SolverTests",
            dependencies: ["Solver", "SolverSystem", "SolverChecks", "TestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fixtures", "Crashes", "OpenFindings"]),  // read through #filePath
        // README and docs/ checked against the clone and `layoutlab --help` (docs/development.md).
        .testTarget(name: "DocsTests", dependencies: ["TestSupport", "Scenario", "Sweep"]),
    ]
)
