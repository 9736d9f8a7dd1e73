import ArgumentParser

/// `layoutlab`: the lab's command line. Each subcommand is a small type over the library targets.
@main
struct LayoutLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutlab",
        abstract: "Compare springs-and-struts resizing with Auto Layout over view trees.",
        discussion: """
            The main job is `sweep`: an experiment file (YAML) names scenarios, size sequences and \
            comparisons; both backends run side by side and every divergence, with its causes, goes into \
            results.db (SQLite) for `query` and `replay`. `layout` resizes one scenario (a JSON view tree) \
            with one backend; `explain` prints the constraints Auto Layout would use; `solve` runs a bare \
            constraint system. README.md starts; docs/ describes every format and command.
            """,
        subcommands: [
            SweepCommand.self, MergeCommand.self, RegressCommand.self, ShrinkCommand.self, Layout.self, Explain.self,
            VFLCommand.self, ImportCommand.self, CheckIBCommand.self, LogCommand.self, Solve.self, QueryCommand.self,
            ReplayCommand.self, RenderCommand.self, ReportCommand.self, EngineReportCommand.self, ServeCommand.self,
        ])
}
