import ArgumentParser

/// `layoutlab`: the lab's command line. Each subcommand is a small type over the library targets.
@main
struct LayoutLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutlab",
        abstract: "Compare springs-and-struts resizing with Auto Layout over view trees.",
        discussion: """
            Scenario files describe a view tree (see README.md, "Scenario files"). `layout` resizes its \
            superview through a sequence of sizes and prints every view's frame at each step, with springs \
            and struts or with Auto Layout; `explain` prints the constraints Auto Layout would use.
            """,
        subcommands: [SweepCommand.self, Layout.self, Explain.self, Solve.self, QueryCommand.self, ReplayCommand.self])
}
