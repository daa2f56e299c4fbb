import Foundation
import MapDrawing

/// Hosts a window outside UIKit: a whole screen (a view controller's view), a single map or
/// a panorama. Touches go into the window (`UIWindow.sendEvent(_:)`: hit testing and
/// gesture recognizers, to controls, views and maps); the window's clock runs in frames of
/// 1/60 s for every view that moves on its own; frames are the window drawn to pixels. An
/// OpenMaps addition: the one host, under ``GMSMapViewHost`` and ``GMSPanoramaViewHost`` too.
///
/// ```swift
/// let host = ScreenHost(rootViewController: MapViewController())
/// host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 40, y: 100), timestamp: 0.1))
/// host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 40, y: 100), timestamp: 0.2))
/// let frame = host.renderFrame()
/// ```
@MainActor
public final class ScreenHost {
    /// A phone's screen in points (an iPhone 15's): 390 × 844.
    public static let phoneSize = CGSize(width: 390, height: 844)
    /// A phone's safe area: the status bar (47) and the home indicator (34).
    public static let phoneSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

    /// The window the host drives.
    public let window: UIWindow
    /// The root view: the window, the size of the screen.
    public var rootView: UIView { window }
    /// The root view controller, when the screen shows one.
    public let rootViewController: UIViewController?
    private var hasAppeared = false

    /// Hosts a view controller's view in a window the size of a screen (a phone's unless
    /// given).
    public convenience init(
        rootViewController: UIViewController, size: CGSize = ScreenHost.phoneSize,
        safeAreaInsets: UIEdgeInsets = ScreenHost.phoneSafeAreaInsets, scale: CGFloat = UIScreen.standardScale
    ) {
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.screenSize(size)))
        window.backgroundColor = .systemBackground
        window.rootViewController = rootViewController
        self.init(window: window, safeAreaInsets: safeAreaInsets, scale: scale)
    }

    /// Hosts a view in a window the size of a screen.
    public convenience init(
        rootView view: UIView, size: CGSize = ScreenHost.phoneSize,
        safeAreaInsets: UIEdgeInsets = ScreenHost.phoneSafeAreaInsets, scale: CGFloat = UIScreen.standardScale
    ) {
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.screenSize(size)))
        window.backgroundColor = .systemBackground
        view.frame = window.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(view)
        self.init(window: window, safeAreaInsets: safeAreaInsets, scale: scale)
    }

    /// Hosts a window as it is (an app's own, or one made for a single view), on a screen of
    /// a scale (see ``scale``) with safe-area insets (the window's as they are when nil).
    public init(window: UIWindow, safeAreaInsets: UIEdgeInsets? = nil, scale: CGFloat = UIScreen.standardScale) {
        self.window = window
        rootViewController = window.rootViewController
        self.scale = scale
        if let safeAreaInsets { window.setScreenSafeAreaInsets(safeAreaInsets) }
    }

    /// Hosts the window a view is in, at the scale it has; a view in none has its
    /// hierarchy's root put into a window of the root's size, at the window's origin, on a
    /// screen of `scale` (a map or a panorama hosted alone).
    convenience init(windowOf view: UIView, scale: CGFloat = UIScreen.standardScale) {
        if let window = view.window {
            self.init(window: window, scale: window.screenScale)
            return
        }
        var root = view
        while let superview = root.superview { root = superview }
        let window = ViewWindow(frame: CGRect(origin: .zero, size: root.bounds.size))
        root.frame.origin = .zero
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(root)
        self.init(window: window, scale: scale)
    }

    /// A window size in range (0 < side ≤ `UIView.maximumRenderedDimension`), else a phone's,
    /// with a warning.
    private static func screenSize(_ size: CGSize) -> CGSize {
        guard isUsable(size) else {
            Subsystems.screen.warning("screen size \(size) out of range; using \(Self.phoneSize)")
            return Self.phoneSize
        }
        return size
    }

    private static func isUsable(_ size: CGSize) -> Bool {
        size.isFinite && size.width > 0 && size.height > 0 && size.width <= UIView.maximumRenderedDimension
            && size.height <= UIView.maximumRenderedDimension
    }

    /// The scale of the screen the window is on, in pixels per point: what
    /// `UIScreen.main.scale` reads while the host runs the window, and so the scale icons,
    /// info windows and basemap tiles are made at. 2 unless set; values outside
    /// 0 < scale ≤ `UIScreen.maximumScale` are ignored with a logged warning. Setting it never
    /// changes a process-wide value: hosts at several scales run side by side.
    public var scale: CGFloat {
        get { window.screenScale }
        set {
            guard UIScreen.isUsable(scale: newValue) else {
                Subsystems.screen.warning("host scale \(newValue) ignored")
                return
            }
            window.screenScale = newValue
        }
    }

    /// The window's light or dark appearance (`.unspecified`: light).
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { window.traitCollection.userInterfaceStyle }
        set { window.setScreenUserInterfaceStyle(newValue) }
    }

    /// The window's safe-area insets.
    public var safeAreaInsets: UIEdgeInsets {
        get { window.safeAreaInsets }
        set { window.setScreenSafeAreaInsets(newValue) }
    }

    /// Resizes the screen (a rotation); sizes out of range are ignored with a warning.
    public func resize(to size: CGSize) {
        guard Self.isUsable(size) else {
            Subsystems.screen.warning("screen resize to \(size) ignored")
            return
        }
        window.frame = CGRect(origin: .zero, size: size)
    }

    // MARK: Time and input

    /// The clock, in seconds since hosting began.
    public var time: TimeInterval { window.time }

    /// Delivers a finger's change at its timestamp (in window points); frames up to that
    /// moment run first. The touch goes where UIKit would send it: the view hit testing finds
    /// (a control, a map, any view) and the gesture recognizers above it.
    public func send(_ touch: MapTouch) {
        appearIfNeeded()
        if touch.timestamp.isFinite { advance(to: touch.timestamp) }
        deliver(touch)
    }

    /// Delivers a touch now, in the window.
    private func deliver(_ touch: MapTouch) {
        let phase: UITouch.Phase =
            switch touch.phase {
            case .began: .began
            case .moved: .moved
            case .ended: .ended
            case .cancelled: .cancelled
            }
        let now = time
        window.onScreen {
            window.layoutIfNeeded()
            window.touchDispatcher.send(
                id: touch.id, phase: phase, location: touch.location, timestamp: max(now, touch.timestamp.isFinite ? touch.timestamp : now))
        }
    }

    /// The most characters one `typeText(_:)` types, a key each (docs/limits.md); the rest
    /// are dropped with a warning. Longer text goes in faster through the pasteboard.
    public static let maximumTypedCharacters = 4_096

    /// Presses and releases a key of a hardware keyboard, now: it goes to the first
    /// responder (a text field being edited takes it), as on an iPhone with a keyboard
    /// attached, so no on-screen keyboard shows.
    public func press(_ key: UIKey) {
        appearIfNeeded()
        window.onScreen {
            window.layoutIfNeeded()
            KeyDispatcher.send(key, to: window, timestamp: time)
        }
    }

    /// Types text, a key a character (newlines are Return, tabs Tab).
    public func typeText(_ text: String) {
        var count = 0
        for character in text {
            guard count < Self.maximumTypedCharacters else {
                Subsystems.screen.warning("typed text past \(Self.maximumTypedCharacters) characters dropped")
                return
            }
            count += 1
            press(UIKey(typing: character))
        }
    }

    /// The responder that takes the keys (a text field being edited), if any.
    public var firstResponder: UIResponder? { window.firstResponder }

    /// A wheel turn (or a trackpad's scroll or pinch) at a point of the window, now, as a
    /// browser reports it: `delta` in pixels, positive away from the user. Over a map it zooms
    /// the map about the point (eased, as Google Maps on the web does); elsewhere it scrolls
    /// the nearest scroll view under the point (a pinch zooms the nearest zooming one). Returns
    /// whether a view took it. An OpenMaps addition (a phone has no wheel).
    @discardableResult
    public func scrollWheel(at point: CGPoint, delta: Double, pinch: Bool = false) -> Bool {
        appearIfNeeded()
        return window.scrollWheel(at: point, delta: delta, pinch: pinch)
    }

    /// Whether views may finish work on other threads and show it when ready (a map renders
    /// its tiles there, showing a tile's parent until it is ready), as a live screen wants;
    /// false (the default) waits for the work within the frame, as tests want.
    public var rendersTilesInBackground: Bool {
        get { window.runsInRealTime }
        set { window.runsInRealTime = newValue }
    }

    /// Whether what the screen shows changed since the last frame: a view, a map's camera
    /// or content, a marker fading in, a tile arriving.
    public var needsFrame: Bool { window.needsFrame }

    /// The view a finger went down on, while it is down.
    public func view(ofTouch id: Int) -> UIView? { window.touchDispatcher.view(ofTouch: id) }

    /// Runs the frames of the next `seconds`.
    public func advance(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        advance(to: time + seconds)
    }

    /// Runs every frame up to a time (at most an hour of them; the clock jumps past the
    /// rest), then sets the clock to it.
    public func advance(to target: TimeInterval) {
        appearIfNeeded()
        window.advance(to: target)
    }

    /// Runs frames until nothing moves or `limit` seconds passed; returns whether it is idle.
    @discardableResult
    public func runUntilIdle(limit: TimeInterval = 60) -> Bool {
        appearIfNeeded()
        return window.runUntilIdle(limit: limit)
    }

    /// Whether no map moves, no view settles (a flicked scroll view) or animates
    /// (`UIView.animate`) and no recognizer waits on time.
    public var isIdle: Bool { window.isIdle }

    // MARK: Waiting for work in real time

    /// How long, in real time, ``awaitWork()`` waits for one frame's work (a map's tile
    /// layers' tiles): 10 s unless set; taken within 0...3600, NaN as 0. Work not delivered
    /// by then fails at that frame (a tile is left blank, as a failed tile is).
    public var workWaitPerFrame: TimeInterval = 10
    /// How long, in real time, the `…AwaitingWork` calls wait in all over the host's life
    /// (30 s unless set; taken within 0...3600, NaN as 0); once it is spent, frames wait no
    /// more. Together the two bound a replay's wall-clock time against tile servers that
    /// answer slowly or never.
    public var workWaitBudget: TimeInterval = 30
    /// The real time spent awaiting work so far.
    public private(set) var workWaitSpent: TimeInterval = 0

    /// Waits, suspending the task and never blocking a thread, for the work the last frame's
    /// views asked for (a map's tile layers' tiles; at most ``workWaitPerFrame``, within what
    /// is left of ``workWaitBudget``), then takes what arrived into the same frame; what did
    /// not arrive fails at that frame. The clock does not move, so a run gives the same
    /// callbacks every time, and the same frames while servers answer in time. Returns at
    /// once when nothing is awaited.
    public func awaitWork() async {
        guard window.isAwaitingFrameWork else { return }
        func bounded(_ seconds: TimeInterval) -> TimeInterval { seconds.isNaN ? 0 : seconds.clamped(to: 0...3_600) }
        let left = max(0, min(bounded(workWaitPerFrame), bounded(workWaitBudget) - workWaitSpent))
        let clock = ContinuousClock()
        let started = clock.now
        let abandoned = await window.awaitFrameWork(for: .seconds(left))
        let waited = started.duration(to: clock.now)
        workWaitSpent += Double(waited.components.seconds) + Double(waited.components.attoseconds) * 1e-18
        if abandoned > 0 {
            Subsystems.screen.warning("\(abandoned) tile(s) not delivered in time left blank at t = \(time)")
        }
        window.prepareForDisplay()
    }

    /// ``send(_:)``, with every frame on the way awaiting its work (``awaitWork()``).
    public func sendAwaitingWork(_ touch: MapTouch) async {
        appearIfNeeded()
        if touch.timestamp.isFinite { await advanceAwaitingWork(to: touch.timestamp) }
        deliver(touch)
    }

    /// ``advance(to:)``, with every frame awaiting its work (``awaitWork()``).
    public func advanceAwaitingWork(to target: TimeInterval) async {
        guard target.isFinite, target > time else { return }
        appearIfNeeded()
        await awaitWork()
        let end = min(target, time + UIWindow.maximumAdvance)
        while window.runNextFrame(before: end) { await awaitWork() }
        window.advance(to: target)
    }

    /// ``runUntilIdle(limit:)``, with every frame awaiting its work (``awaitWork()``).
    @discardableResult
    public func runUntilIdleAwaitingWork(limit: TimeInterval = 60) async -> Bool {
        appearIfNeeded()
        let end = time + (limit.isNaN ? 0 : min(max(limit, 0), UIWindow.maximumAdvance))
        await awaitWork()
        while !isIdle && time < end {
            window.runNextFrame()
            await awaitWork()
        }
        return isIdle
    }

    // MARK: Frames

    /// Draws the screen as it is now at the screen's scale.
    public func renderFrame() -> Bitmap {
        renderFrame(scale: scale)
    }

    /// Draws the screen as it is now at a scale, its picture moved by `offset` points (ours:
    /// a live view keeps a panned map at whole pixels from its last frame, as web maps place
    /// their tiles, by moving it less than a pixel). Touches are not moved.
    public func renderFrame(scale: CGFloat, offset: CGPoint = .zero) -> Bitmap {
        appearIfNeeded()
        window.prepareForDisplay()
        return window.drawFrame(scale: scale, offset: offset)
    }

    /// The screen as it is now, as an image.
    public func snapshot() -> UIImage {
        UIImage(bitmap: renderFrame(), scale: scale)
    }

    /// The maps on the screen, in the order of the view tree.
    public var mapViews: [GMSMapView] { views(of: GMSMapView.self) }

    /// The views of a kind on the screen, in the order of the view tree.
    public func views<View: UIView>(of kind: View.Type) -> [View] {
        var found: [View] = []
        func visit(_ view: UIView) {
            if let match = view as? View { found.append(match) }
            view.subviews.forEach(visit)
        }
        visit(window)
        return found
    }

    /// Tells the root view controller it appears, once, before the first input or frame.
    private func appearIfNeeded() {
        guard !hasAppeared else { return }
        hasAppeared = true
        guard let controller = rootViewController else { return }
        controller.viewWillAppear(false)
        window.onScreen { window.layoutIfNeeded() }
        controller.viewDidAppear(false)
    }
}

/// A window made to host one view hierarchy alone (a map, a panorama): it takes touches
/// anywhere over its content, which may grow past the window (a map resized directly).
@MainActor
private final class ViewWindow: UIWindow {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        super.point(inside: point, with: event) || subviews.contains { $0.frame.contains(point) }
    }
}
