import ArgumentParser
import Foundation
import Hummingbird
import OpenMapsPlayground

/// `openmaps serve`: the playground, OpenMaps live in a browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the playground: each browser tab gets its own map, driven by the page's pointer."
    )

    @Option(help: "The address to listen on (loopback unless told otherwise).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(help: "Most sessions (browser tabs) at once.")
    var maxSessions = 16

    @Option(help: "Seconds a session may go without input before it closes.")
    var idleTimeout: Double = 900

    @Option(name: .customLong("allow-origin"), help: "Another origin allowed to open sessions (repeatable).")
    var allowedOrigins: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard (1...256).contains(maxSessions) else { throw ValidationError("--max-sessions must be 1...256") }
        guard idleTimeout.isFinite, idleTimeout >= 10 else { throw ValidationError("--idle-timeout must be at least 10 seconds") }
    }

    @MainActor
    func run() async throws {
        var configuration = PlaygroundServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.maximumSessions = maxSessions
        configuration.idleTimeout = idleTimeout
        configuration.extraOrigins = Set(allowedOrigins)
        let shownHost = host == "0.0.0.0" || host == "::" ? "localhost" : host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        PlaygroundServer.warmUp()
        let app = PlaygroundServer(configuration: configuration).application { port in
            FileHandle.standardOutput.write(Data("OpenMaps playground: http://\(shownHost):\(port)/\n".utf8))
        }
        try await app.runService()
    }
}
