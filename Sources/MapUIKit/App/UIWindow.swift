import Foundation

/// A window, as UIKit's `UIWindow`: the root of a view hierarchy on a screen. It shows its
/// root view controller's view and owns what a window owns in UIKit: event dispatch
/// (``sendEvent(_:)``: touches to hit-tested views and their gesture recognizers, keys to the
/// first responder), the first responder, and the screen's safe area and appearance, which
/// its views inherit. A host (OpenMaps' `ScreenHost`) drives one window: input in, its frame
/// clock advanced, frames out.
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

    // MARK: What the screen gives the window

    /// The screen's insets (status bar, home indicator), which the window's views inherit as
    /// their safe area. Set by a host.
    package internal(set) var screenSafeAreaInsets = UIEdgeInsets.zero
    /// The screen's appearance (`.unspecified`: light). Set by a host.
    package internal(set) var screenUserInterfaceStyle = UIUserInterfaceStyle.unspecified
    /// The responder that takes the keys (a text field being edited), if any.
    package internal(set) weak var firstResponder: UIResponder?

    // MARK: Events and time

    /// Touches: hit testing, gesture recognizers and their arbitration.
    package private(set) lazy var touchDispatcher = TouchDispatcher(root: self)
    /// The window's frame clock (see `UIWindow+Frames.swift`).
    let frameClock = WindowFrameClock()
    /// `UIView.animate` animations of the window's views, run on the frame clock.
    package private(set) lazy var viewAnimations = ViewAnimationRunner { [unowned self] in self.time }

    /// A window in a scene, the size of the phone's screen.
    public init(windowScene: UIWindowScene) {
        super.init(frame: CGRect(origin: .zero, size: UIScreen.main.bounds.size))
        self.windowScene = windowScene
        windowScene.windows.append(self)
        adoptAnimations()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        adoptAnimations()
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    private func adoptAnimations() {
        animationClock = viewAnimations
    }

    /// Makes the window key and shows it.
    open func makeKeyAndVisible() {
        for window in windowScene?.windows ?? [] where window !== self { window.isKeyWindow = false }
        isKeyWindow = true
        isHidden = false
        UIApplication.shared.keyWindowChanged(self)
    }

    /// Makes the window key.
    open func makeKey() { makeKeyAndVisible() }

    /// Delivers an event to the window's views, as UIKit's `UIApplication` hands every event
    /// to its window: a touch event to the view each touch began on (hit testing chose it) and
    /// the gesture recognizers of that view and its ancestors, a presses event (keys) to the
    /// first responder. Override it to watch every event; call `super` to deliver it.
    open func sendEvent(_ event: UIEvent) {
        if let presses = event as? UIPressesEvent {
            KeyDispatcher.deliver(presses, in: self)
        } else {
            touchDispatcher.dispatch(event)
        }
    }
}
