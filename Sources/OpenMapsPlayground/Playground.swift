import Foundation
import Hummingbird
import OpenMaps

/// Any app's map screen, live in a browser: the page is the phone's screen and touch surface.
///
/// ```swift
/// import OpenMapsPlayground
///
/// try await Playground.run(host: "127.0.0.1", port: 8080) { MarkerEventsViewController() }
/// ```
///
/// Each browser tab gets its own screen: an iPhone-sized window (390 x 844 points, a 47-point
/// status bar and a 34-point home indicator) with the controller inside a navigation
/// controller unless it is one. The browser's pointer, wheel and keyboard go through UIKit's
/// hit testing to controls and maps, and the page's event log shows every delegate callback
/// of every map on the screen. The server is `openmaps serve`'s: loopback unless told
/// otherwise, with the same Host and Origin checks and limits. An OpenMaps addition.
public enum Playground {
    /// Serves a screen showing the controller `root` makes (once per browser tab) until the
    /// process is stopped; prints the page's address once it listens.
    /// - Parameters:
    ///   - host: The address to listen on (loopback unless told otherwise).
    ///   - port: The port (0: any free port).
    ///   - root: Makes the screen's controller.
    public static func run(
        host: String = "127.0.0.1", port: Int = 8080, _ root: @escaping @MainActor () -> UIViewController
    ) async throws {
        try await serve(host: host, port: port, content: .screen(root))
    }

    /// Serves a whole app, started as on a phone in each browser tab: its delegate (and scene
    /// delegate, which UIKit would make from the scene configuration's `delegateClass`)
    /// launch through `UIApplication.launch(delegate:sceneDelegate:)` (`didFinishLaunching`,
    /// the scene connecting, becoming active), and the screen shows the window's root
    /// controller as it is (a split or navigation controller stays as the app set it).
    ///
    /// ```swift
    /// try await Playground.run(appDelegate: { AppDelegate() }, sceneDelegate: { SceneDelegate() })
    /// ```
    public static func run(
        host: String = "127.0.0.1", port: Int = 8080, appDelegate: @escaping @MainActor () -> UIApplicationDelegate,
        sceneDelegate: (@MainActor () -> UISceneDelegate)? = nil
    ) async throws {
        try await serve(host: host, port: port, content: .app(appDelegate: appDelegate, sceneDelegate: sceneDelegate))
    }

    /// Serves content with a configuration made from a host and port.
    static func serve(host: String, port: Int, content: PlaygroundContent) async throws {
        guard (0...65535).contains(port) else { throw PlaygroundError.invalidPort(port) }
        var configuration = PlaygroundServer.Configuration()
        configuration.host = host
        configuration.port = port
        await PlaygroundServer.warmUp()
        let server = await PlaygroundServer(configuration: configuration, content: content)
        let shown = host == "0.0.0.0" || host == "::" ? "localhost" : host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let app = server.application { port in
            FileHandle.standardOutput.write(Data("OpenMaps playground: http://\(shown):\(port)/\n".utf8))
        }
        try await app.runService()
    }
}

/// Why a playground could not start.
public enum PlaygroundError: Error, CustomStringConvertible, Sendable {
    /// The port is not 0...65535.
    case invalidPort(Int)

    public var description: String {
        switch self {
        case .invalidPort(let port): "port \(port) is not 0...65535"
        }
    }
}
