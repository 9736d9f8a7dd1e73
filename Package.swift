// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "LayoutLab",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Solver", targets: ["Solver"]),
        .library(name: "SolverSystem", targets: ["SolverSystem"]),
        .executable(name: "layoutlab-bench", targets: ["Bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
    ],
    targets: [
        // The incremental Cassowary solver: standard library only, knows nothing of views.
        .target(name: "Solver", path: "Sources/Solver"),
        // Reads systems in the enaml_like.json format and runs them (Foundation allowed here).
        .target(name: "SolverSystem", dependencies: ["Solver"], path: "Sources/SolverSystem"),
        // Release-mode benchmark harness: `swift run -c release layoutlab-bench --json`.
        .executableTarget(
            name: "Bench", dependencies: ["Solver", "SolverSystem"], path: "Sources/Bench", exclude: ["README.md"]),
        .testTarget(
            name: "SolverTests",
            dependencies: [
                "Solver", "SolverSystem",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/SolverTests",
            exclude: ["Fixtures"]  // read through #filePath, like ../shared/bench/enaml_like.json
        ),
    ]
)
