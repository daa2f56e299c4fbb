import Foundation
import Logging

/// The running app, as UIKit's `UIApplication`: its delegate, scenes and state. On OpenMaps an
/// app runs inside a host that shows its screen (`Playground.run(appDelegate:)`, or a test's
/// `ScreenHost`); ``launch(delegate:)`` starts it as iOS does.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    nonisolated static let logger = Logger(label: "OpenMaps.UIKit")

    /// Where the app is in its life.
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    /// The keys of the launch options (none are passed here).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
    }

    /// The keys of `open(_:options:completionHandler:)`'s options.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// The app.
    public static let shared = UIApplication()

    /// The app's delegate (held strongly: the app made it).
    open var delegate: UIApplicationDelegate?
    /// Where the app is in its life.
    public private(set) var applicationState: State = .inactive
    /// The scenes connected.
    public private(set) var connectedScenes: Set<UIScene> = []
    /// The sessions open.
    public var openSessions: Set<UISceneSession> { Set(connectedScenes.map(\.session)) }
    /// Whether the screen may sleep (kept).
    open var isIdleTimerDisabled = false
    /// The badge on the app's icon (kept).
    open var applicationIconBadgeNumber = 0
    /// Whether the app supports several windows (false).
    open var supportsMultipleScenes: Bool { false }
    /// The key window, of any scene.
    public private(set) weak var keyWindow: UIWindow?
    /// Every window of every scene.
    open var windows: [UIWindow] { connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows) }

    /// The settings app's address (nothing opens it here).
    nonisolated public static let openSettingsURLString = "app-settings:"

    public override init() { super.init() }

    /// Opening other apps' addresses: nothing here opens them; the handler gets false.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        Self.logger.info("open(\(url.absoluteString)): no other apps here")
        completion?(false)
    }

    /// Whether an address opens another app (never here).
    open func canOpenURL(_ url: URL) -> Bool { false }

    func keyWindowChanged(_ window: UIWindow) { keyWindow = window }

    // MARK: Launching

    /// Starts an app as iOS does, with its delegate: `willFinishLaunching`,
    /// `didFinishLaunching`, then one window scene: the delegate's configuration for it, the
    /// scene delegate, `scene(_:willConnectTo:options:)`, `sceneWillEnterForeground`,
    /// `sceneDidBecomeActive`, then `applicationDidBecomeActive`. UIKit makes the scene
    /// delegate from the configuration's `delegateClass`; Swift without Objective-C's runtime
    /// cannot make an object from a class that has no required initialiser, so the host gives
    /// it (`sceneDelegate`). Returns the controller the app shows: the key window's root, else
    /// the scene delegate's or the app delegate's window's root; nil when it sets none. An
    /// OpenMaps addition (iOS launches apps itself).
    @discardableResult
    public func launch(delegate: UIApplicationDelegate, sceneDelegate: UISceneDelegate? = nil) -> UIViewController? {
        self.delegate = delegate
        _ = delegate.application(self, willFinishLaunchingWithOptions: nil)
        _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication)
        let asked = delegate.application(
            self, configurationForConnecting: UISceneSession(role: .windowApplication, configuration: configuration),
            options: UIScene.ConnectionOptions())
        let session = UISceneSession(role: .windowApplication, configuration: asked)
        let scene = UIWindowScene(session: session, connectionOptions: UIScene.ConnectionOptions())
        session.scene = scene
        connectedScenes.insert(scene)
        if let sceneDelegate {
            scene.delegate = sceneDelegate
        } else if let kind = asked.delegateClass {
            Self.logger.error(
                "the scene's delegate class \(kind) cannot be made from its type here (no Objective-C runtime); give the host a scene delegate")
        }
        scene.delegate?.scene(scene, willConnectTo: session, options: UIScene.ConnectionOptions())
        scene.activationState = .foregroundInactive
        scene.delegate?.sceneWillEnterForeground(scene)
        scene.activationState = .foregroundActive
        applicationState = .active
        scene.delegate?.sceneDidBecomeActive(scene)
        delegate.applicationDidBecomeActive(self)
        let window = keyWindow ?? (scene.delegate as? _UIWindowHolding)?.window ?? delegate.window
        // An app delegate's own window (an app without scenes) belongs to the scene made for it.
        if let window, window.windowScene == nil { window.windowScene = scene }
        return window?.rootViewController
    }

    // MARK: Ending scenes

    /// Ends a scene session, as UIKit's: its scene disconnects (`sceneDidDisconnect`), its
    /// windows go, and the app delegate hears `didDiscardSceneSessions`.
    open func requestSceneSessionDestruction(
        _ sceneSession: UISceneSession, options: UISceneDestructionRequestOptions?, errorHandler: ((any Error) -> Void)? = nil
    ) {
        guard let scene = connectedScenes.first(where: { $0.session === sceneSession }) else { return }
        connectedScenes.remove(scene)
        scene.activationState = .unattached
        scene.delegate?.sceneDidDisconnect(scene)
        if let windowScene = scene as? UIWindowScene {
            for window in windowScene.windows {
                window.rootViewController = nil
                if keyWindow === window { keyWindow = nil }
            }
            windowScene.windows = []
        }
        scene.delegate = nil
        delegate?.application(self, didDiscardSceneSessions: [sceneSession])
    }

    /// The session of the scene whose window shows a controller.
    public func sceneSession(showing controller: UIViewController) -> UISceneSession? {
        connectedScenes.first { scene in
            (scene as? UIWindowScene)?.windows.contains { $0.rootViewController === controller } ?? false
        }?.session
    }
}

/// What the app tells its delegate, as UIKit's `UIApplicationDelegate`; every method is
/// optional. `@main` on a `UIResponder` subclass adopting it starts the app (``main()``).
@preconcurrency @MainActor
public protocol UIApplicationDelegate: _UIWindowHolding {
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
}

extension UIApplicationDelegate {
    /// The entry point `@main` finds, as UIKit's extension has it, so an app delegate marked
    /// `@main` compiles. UIKit makes the delegate from its type through Objective-C's runtime;
    /// Swift on Linux cannot make an object of a class from its type unless its initialiser is
    /// required, so this says how to start the app instead and returns: serve it with
    /// `Playground.run(appDelegate: { AppDelegate() })` (OpenMapsPlayground), or host it with
    /// `UIApplication.shared.launch(delegate:)`.
    public static func main() {
        UIApplication.logger.error(
            "\(Self.self) is marked @main: start it with Playground.run(appDelegate: { \(Self.self)() }) from OpenMapsPlayground, or UIApplication.shared.launch(delegate:) (Swift without Objective-C's runtime cannot make it from its type)"
        )
    }

    public func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    /// The default configuration (no scene delegate: an Info.plist would name one on iOS).
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
}
