// swift-tools-version: 6.1
import PackageDescription

/// The README's library example as a package of its own, built by `.ci/run` against the repository it
/// sits in (a path dependency), so the example in the README cannot drift from the library. In a
/// package of your own, depend on the repository instead:
///     .package(url: "<the repository's URL>", branch: "main")
let package = Package(
    name: "LayoutLabExample",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "LayoutLab", path: "..")],
    targets: [
        .executableTarget(
            name: "BothWays",
            dependencies: [
                .product(name: "Geometry", package: "LayoutLab"),
                .product(name: "Scenario", package: "LayoutLab"),
                .product(name: "Springs", package: "LayoutLab"),
                .product(name: "AutoLayout", package: "LayoutLab"),
                .product(name: "ConflictLog", package: "LayoutLab"),
                .product(name: "ConflictAnalysis", package: "LayoutLab"),
            ])
    ]
)
