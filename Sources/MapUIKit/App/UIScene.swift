import Foundation

/// One instance of an app's interface, as UIKit's `UIScene`. OpenMaps runs one window scene
/// per screen it hosts.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// How far a scene is in its life.
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive, foregroundInactive, background
    }

    /// What came with a scene's connection (nothing here: no URLs, activities or notifications).
    @preconcurrency @MainActor
    open class ConnectionOptions: NSObject {
        /// URLs the scene was opened with (none).
        open var urlContexts: Set<AnyHashable> { [] }
        /// The app that asked for the scene (none).
        open var sourceApplication: String? { nil }
        public override init() { super.init() }
    }

    /// The session the scene is in.
    public let session: UISceneSession
    /// The scene's delegate (held strongly, as UIKit does).
    open var delegate: UISceneDelegate?
    /// Where the scene is in its life.
    public internal(set) var activationState: ActivationState = .unattached
    /// The scene's title (kept).
    open var title: String?

    /// A scene for a session.
    public init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
    }

    public override init() {
        session = UISceneSession(role: .windowApplication, configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication))
        super.init()
    }
}

/// A scene with windows, as UIKit's `UIWindowScene`.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// The scene's windows, in the order they were made.
    public internal(set) var windows: [UIWindow] = []
    /// The key window (the last made key and visible).
    open var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }
    /// The screen it shows on.
    open var screen: UIScreen { UIScreen.main }
    /// The scene's traits (the first window's).
    open var traitCollection: UITraitCollection { windows.first?.traitCollection ?? UITraitCollection(userInterfaceStyle: .unspecified) }
    /// The orientation (portrait: a phone held upright).
    open var interfaceOrientation: UIInterfaceOrientation { .portrait }
}

/// Options of ending a scene session, as UIKit's `UISceneDestructionRequestOptions` (none
/// apply here).
@preconcurrency @MainActor
open class UISceneDestructionRequestOptions: NSObject {
    public override init() { super.init() }
}

/// A device orientation of an interface.
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}

/// A scene's session, as UIKit's `UISceneSession`.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
    /// The role of a session's scenes.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An app's windows.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// An external display's.
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// The role.
    public let role: Role
    /// The configuration its scene was made with.
    public internal(set) var configuration: UISceneConfiguration
    /// The scene, while connected.
    public internal(set) weak var scene: UIScene?
    /// A stable identifier.
    public let persistentIdentifier = UUID().uuidString
    /// State the app keeps for the session (kept).
    open var userInfo: [String: Any]?

    init(role: Role, configuration: UISceneConfiguration) {
        self.role = role
        self.configuration = configuration
        super.init()
    }
}

/// How a scene is made, as UIKit's `UISceneConfiguration`: the delegate class UIKit makes the
/// scene's delegate from.
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
    /// The configuration's name.
    public let name: String?
    /// The role it is for.
    public let role: UISceneSession.Role
    /// The class of the scene's delegate (a `UIResponder` subclass adopting `UISceneDelegate`).
    open var delegateClass: AnyClass?
    /// The scene's class (`UIWindowScene` unless set).
    open var sceneClass: AnyClass?

    /// A configuration of a name for a role.
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
        super.init()
    }
}

/// What a scene tells as it connects, becomes active and goes, as UIKit's `UISceneDelegate`;
/// every method is optional.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// A scene delegate with a window, as UIKit's `UIWindowSceneDelegate`: its optional `window`
/// comes from ``_UIWindowHolding``.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate, _UIWindowHolding {}

/// The optional `window` that app and window scene delegates share, declared once so that a
/// class adopting both (as an app delegate may) has one `window` (Swift has no optional
/// protocol members: a class that declares none reads nil). Not a UIKit name.
@preconcurrency @MainActor
public protocol _UIWindowHolding: AnyObject {
    /// The window (none unless the delegate keeps one).
    var window: UIWindow? { get set }
}

extension _UIWindowHolding {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
