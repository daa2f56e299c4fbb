import Foundation
import MapDrawing

/// Hosts a whole screen outside UIKit: a view controller's view in a window-sized root view,
/// with every map in it. Touches go through UIKit's hit testing and gesture recognizers to
/// controls, views and maps; time runs in frames of 1/60 s for every map and recognizer;
/// frames are the whole screen drawn to pixels. An OpenMaps addition, the screen-sized
/// counterpart of ``GMSMapViewHost``.
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

    /// The root view: the window's stand-in, the size of the screen.
    public let rootView: UIView
    /// The root view controller, when the screen shows one.
    public let rootViewController: UIViewController?
    /// The screen's scale, in pixels per point (2 unless set).
    public let scale: CGFloat

    private let dispatcher: TouchDispatcher
    private var mapHosts: [ObjectIdentifier: GMSMapViewHost] = [:]
    /// The screen's clock for `UIView.animate` (views in a map use the map's).
    private let animationClock = MapClock()
    private let viewAnimations: ViewAnimationRunner
    private var frameIndex = 0
    private var hasAppeared = false
    /// The clock, in seconds since hosting began.
    public private(set) var time: TimeInterval = 0

    /// Hosts a view controller's view on a screen of a size (a phone's unless given).
    public convenience init(
        rootViewController: UIViewController, size: CGSize = ScreenHost.phoneSize,
        safeAreaInsets: UIEdgeInsets = ScreenHost.phoneSafeAreaInsets, scale: CGFloat = UIScreen.standardScale
    ) {
        self.init(controller: rootViewController, view: nil, size: size, safeAreaInsets: safeAreaInsets, scale: scale)
    }

    /// Hosts a view on a screen of a size.
    public convenience init(
        rootView view: UIView, size: CGSize = ScreenHost.phoneSize,
        safeAreaInsets: UIEdgeInsets = ScreenHost.phoneSafeAreaInsets, scale: CGFloat = UIScreen.standardScale
    ) {
        self.init(controller: nil, view: view, size: size, safeAreaInsets: safeAreaInsets, scale: scale)
    }

    private init(controller: UIViewController?, view: UIView?, size: CGSize, safeAreaInsets: UIEdgeInsets, scale: CGFloat) {
        let usableSize = size.isFinite && size.width > 0 && size.height > 0
            && size.width <= UIView.maximumRenderedDimension && size.height <= UIView.maximumRenderedDimension ? size : Self.phoneSize
        if usableSize != size { Subsystems.screen.warning("screen size \(size) out of range; using \(Self.phoneSize)") }
        rootView = UIView(frame: CGRect(origin: .zero, size: usableSize))
        rootView.backgroundColor = .systemBackground
        rootView.isWindowRoot = true
        rootViewController = controller
        self.scale = UIScreen.isUsable(scale: scale) ? scale : UIScreen.standardScale
        dispatcher = TouchDispatcher(root: rootView)
        viewAnimations = ViewAnimationRunner(clock: animationClock)
        viewAnimations.adopt(rootView)
        rootView.setWindowSafeAreaInsets(safeAreaInsets)
        let content = controller?.view ?? view
        if let content {
            content.frame = rootView.bounds
            content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            rootView.addSubview(content)
        }
    }

    /// The window's light or dark appearance (`.unspecified`: light).
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { rootView.traitCollection.userInterfaceStyle }
        set { rootView.setWindowUserInterfaceStyle(newValue) }
    }

    /// The window's safe-area insets.
    public var safeAreaInsets: UIEdgeInsets {
        get { rootView.safeAreaInsets }
        set { rootView.setWindowSafeAreaInsets(newValue) }
    }

    /// Resizes the screen (a rotation); sizes out of range are ignored with a warning.
    public func resize(to size: CGSize) {
        guard size.isFinite, size.width > 0, size.height > 0, size.width <= UIView.maximumRenderedDimension,
            size.height <= UIView.maximumRenderedDimension
        else {
            Subsystems.screen.warning("screen resize to \(size) ignored")
            return
        }
        rootView.frame = CGRect(origin: .zero, size: size)
    }

    // MARK: Time and touches

    /// Delivers a finger's change at its timestamp (in screen points); frames up to that
    /// moment run first. The touch goes where UIKit would send it: the view hit testing finds
    /// (a control, a map, any view) and the gesture recognizers above it.
    public func send(_ touch: MapTouch) {
        appearIfNeeded()
        if touch.timestamp.isFinite { advance(to: touch.timestamp) }
        let phase: UITouch.Phase =
            switch touch.phase {
            case .began: .began
            case .moved: .moved
            case .ended: .ended
            case .cancelled: .cancelled
            }
        onScreen {
            rootView.layoutIfNeeded()
            dispatcher.send(id: touch.id, phase: phase, location: touch.location, timestamp: max(time, touch.timestamp.isFinite ? touch.timestamp : time))
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
        onScreen {
            rootView.layoutIfNeeded()
            KeyDispatcher.send(key, to: rootView, timestamp: time)
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
    public var firstResponder: UIResponder? { rootView.firstResponder }

    /// A wheel turn (or a trackpad's scroll or pinch) at a point of the screen, now, as a
    /// browser reports it: `delta` in pixels, positive away from the user. Over a map it zooms
    /// the map about the point (eased, as Google Maps on the web does); elsewhere it scrolls
    /// the nearest scroll view under the point (a pinch zooms the nearest zooming one). An OpenMaps addition (a phone has no wheel).
    public func scrollWheel(at point: CGPoint, delta: Double, pinch: Bool = false) {
        guard point.isFinite, delta.isFinite else { return }
        appearIfNeeded()
        onScreen {
            rootView.layoutIfNeeded()
            discoverMaps()
            var view = rootView.hitTest(point, with: nil)
            while let current = view {
                if let map = current as? GMSMapView, let host = mapHosts[ObjectIdentifier(map)] {
                    host.scrollWheel(at: rootView.convert(point, to: map), delta: delta, pinch: pinch)
                    return
                }
                if let scroll = current as? UIScrollView {
                    let handled = pinch
                        ? scroll.zoomByWheel(at: rootView.convert(point, to: scroll), delta: CGFloat(delta))
                        : scroll.scrollByWheel(dx: 0, dy: CGFloat(delta))
                    if handled { return }
                }
                view = current.superview
            }
        }
    }

    /// Whether the maps render their tiles on other threads (a frame shows a tile's parent
    /// until it is ready), as a live screen wants; false renders them before the frame, as
    /// tests want.
    public var rendersTilesInBackground = false {
        didSet { for host in mapHosts.values { host.rendersTilesInBackground = rendersTilesInBackground } }
    }

    /// Whether what the screen shows changed since the last frame: a view, a map's camera
    /// or content, a marker fading in, a tile arriving.
    public var needsFrame: Bool {
        screenRevision != renderedRevision
            || mapHosts.values.contains { $0.scene.markers.isAppearing || $0.scene.tileOverlays.isFading }
    }

    /// A number that changes whenever a view or a map changes what it shows.
    private var screenRevision: Int {
        mapHosts.values.reduce(rootView.hierarchyRevision) { $0 &* 31 &+ $1.mapView.displayRevision }
    }
    private var renderedRevision: Int?

    /// The view a finger went down on, while it is down.
    public func view(ofTouch id: Int) -> UIView? { dispatcher.view(ofTouch: id) }

    /// Runs the frames of the next `seconds`.
    public func advance(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        advance(to: time + seconds)
    }

    /// Runs every frame up to a time, then sets the clock to it.
    public func advance(to target: TimeInterval) {
        guard target.isFinite, target > time else { return }
        appearIfNeeded()
        // At most an hour of frames at a time (docs/limits.md); the clock jumps past the rest.
        let end = min(target, time + 3_600)
        while true {
            let next = Double(frameIndex + 1) * GMSMapViewHost.frameInterval
            guard next <= end + 1e-9 else { break }
            frameIndex += 1
            step(to: next)
        }
        step(to: target)
        // Frames skipped by a jump are not run later: the frame count follows the clock.
        let reached = (min(time, 1e12) / GMSMapViewHost.frameInterval).rounded(.down)
        frameIndex = max(frameIndex, Int(reached))
    }

    /// Runs frames until nothing moves or `limit` seconds passed; returns whether it is idle.
    @discardableResult
    public func runUntilIdle(limit: TimeInterval = 60) -> Bool {
        let end = time + (limit.isFinite ? min(max(limit, 0), 3_600) : 0)
        while !isIdle, time < end { advance(to: min(end, time + GMSMapViewHost.frameInterval)) }
        return isIdle
    }

    /// Whether no map moves, no view settles (a flicked scroll view) or animates
    /// (`UIView.animate`) and no recognizer waits on time.
    public var isIdle: Bool {
        let settling = discoverMaps().contains(where: \.isSettling)
        return mapHosts.values.allSatisfy(\.isIdle) && !dispatcher.isWaiting && !dispatcher.hasTouches && !settling
            && viewAnimations.isIdle
    }

    private func step(to moment: TimeInterval) {
        guard moment > time else { return }
        time = moment
        onScreen {
            rootView.layoutIfNeeded()
            let animating = discoverMaps()
            for host in mapHosts.values { host.advance(to: moment) }
            for view in animating { view.advanceFrame(to: moment) }
            animationClock.now = moment
            viewAnimations.step()
            dispatcher.advance(to: moment)
        }
    }

    // MARK: Frames

    /// Draws the screen as it is now at the screen's scale.
    public func renderFrame() -> Bitmap {
        appearIfNeeded()
        return onScreen {
            rootView.layoutIfNeeded()
            discoverMaps()
            for host in mapHosts.values { host.prepareTiles() }
            renderedRevision = screenRevision
            let canvas = Canvas(size: rootView.bounds.size, scale: scale)
            guard !canvas.bitmap.isEmpty else { return canvas.bitmap }
            rootView.render(in: canvas)
            return canvas.bitmap
        }
    }

    /// The screen as it is now, as an image.
    public func snapshot() -> UIImage {
        UIImage(bitmap: renderFrame(), scale: scale)
    }

    /// The maps on the screen, in the order of the view tree.
    public var mapViews: [GMSMapView] { walkTree().maps }

    /// One walk of the view tree: its maps, and its views that move on their own now
    /// (spinning activity indicators, decelerating scroll views, settling pickers), which run
    /// on the screen's clock.
    private func walkTree() -> (maps: [GMSMapView], animating: [any FrameAnimating]) {
        var maps: [GMSMapView] = [], animating: [any FrameAnimating] = []
        func visit(_ view: UIView) {
            if let map = view as? GMSMapView { maps.append(map) }
            if let moving = view as? any FrameAnimating, moving.wantsFrames { animating.append(moving) }
            view.subviews.forEach(visit)
        }
        visit(rootView)
        return (maps, animating)
    }

    /// Keeps a map host for every map in the tree (and drops those of maps gone); returns the
    /// views that move on their own, found on the same walk.
    @discardableResult
    private func discoverMaps() -> [any FrameAnimating] {
        let (maps, animating) = walkTree()
        let live = Set(maps.map(ObjectIdentifier.init))
        mapHosts = mapHosts.filter { live.contains($0.key) }
        for map in maps where mapHosts[ObjectIdentifier(map)] == nil {
            let host = GMSMapViewHost(mapView: map, scale: scale)
            host.rendersTilesInBackground = rendersTilesInBackground
            if time > 0 { host.advance(to: time) }
            mapHosts[ObjectIdentifier(map)] = host
        }
        return animating
    }

    private func appearIfNeeded() {
        guard !hasAppeared else { return }
        hasAppeared = true
        rootViewController?.viewWillAppear(false)
        onScreen { rootView.layoutIfNeeded() }
        rootViewController?.viewDidAppear(false)
    }

    private func onScreen<Result>(_ body: () -> Result) -> Result {
        if scale == UIScreen.standardScale, !UIScreen.hasScaleScopes { return body() }
        return UIScreen.withScale(scale, operation: body)
    }
}
