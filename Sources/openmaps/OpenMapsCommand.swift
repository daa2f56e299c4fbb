import ArgumentParser

/// The `openmaps` tool: renders and drives OpenMaps maps from the command line.
@main
struct OpenMapsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmaps",
        abstract: "OpenMaps: the Maps SDK for iOS programming model, on Linux.",
        subcommands: [ServeCommand.self, ReplayCommand.self, RenderCommand.self, GeocodeCommand.self, SampleCommand.self]
    )
}
