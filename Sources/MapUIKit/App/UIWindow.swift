import Foundation

/// A window, as UIKit's `UIWindow`: it shows its root view controller's view. The screen that
/// hosts the app (the playground's, a test's `ScreenHost`) shows the key window's root.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The controller whose view the window shows.
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.viewIfLoaded?.removeFromSuperview()
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            root.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(root.view)
        }
    }
    /// The scene the window is in.
    open weak var windowScene: UIWindowScene? {
        didSet {
            oldValue?.windows.removeAll { $0 === self }
            if let windowScene, !windowScene.windows.contains(where: { $0 === self }) { windowScene.windows.append(self) }
        }
    }
    /// Whether it is the key window.
    public private(set) var isKeyWindow = false
    /// Its level (kept).
    open var windowLevel: CGFloat = 0

    /// A window in a scene, the size of the phone's screen.
    public init(windowScene: UIWindowScene) {
        super.init(frame: CGRect(origin: .zero, size: UIScreen.main.bounds.size))
        self.windowScene = windowScene
        windowScene.windows.append(self)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    /// Makes the window key and shows it.
    open func makeKeyAndVisible() {
        for window in windowScene?.windows ?? [] where window !== self { window.isKeyWindow = false }
        isKeyWindow = true
        isHidden = false
        UIApplication.shared.keyWindowChanged(self)
    }

    /// Makes the window key.
    open func makeKey() { makeKeyAndVisible() }
}
