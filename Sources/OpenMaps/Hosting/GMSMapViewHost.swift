import Foundation
import MapDrawing

/// Hosts a map view outside UIKit: delivers touches, advances its clock frame by frame,
/// resizes it and takes its frames. `openmaps replay`, `openmaps render`, the tests and the
/// playground drive maps through this API. It is a map's view of a ``ScreenHost``: the map's
/// window (one made for it when it has none) is driven as any window is.
///
/// Time runs in frames of 1/60 s. On each frame the map fires due gesture timers, steps
/// camera animations and reports at most one `didChange` (rule 17, docs/behaviour.md).
@MainActor
public final class GMSMapViewHost {
    /// The length of one frame.
    public static let frameInterval: TimeInterval = UIWindow.frameInterval

    /// The hosted map.
    public let mapView: GMSMapView
    /// The host of the map's window.
    public let screen: ScreenHost
    var scene: MapScene { mapView.scene }

    /// The scale of the screen the map's window is on, in pixels per point: what
    /// `UIScreen.main.scale` reads while the host runs the map, and so the scale icons, info
    /// windows and basemap tiles are made at. 2 unless set; values outside
    /// 0 < scale ≤ `UIScreen.maximumScale` are ignored with a logged warning. Setting it never
    /// changes a process-wide value: hosts at several scales run side by side.
    public var scale: CGFloat {
        get { screen.scale }
        set { screen.scale = newValue }
    }

    /// Hosts a map, optionally resizing it, on a screen of a scale (see ``scale``). A map in
    /// a window is hosted in it; otherwise its hierarchy's root goes into a window of the
    /// root's size, at the window's origin.
    public init(mapView: GMSMapView, size: CGSize? = nil, scale: CGFloat = UIScreen.standardScale) {
        self.mapView = mapView
        screen = ScreenHost(windowOf: mapView, scale: scale)
        if let size { resize(to: size) }
    }

    /// The map's clock, in seconds since hosting began.
    public var time: TimeInterval { screen.time }

    /// Resizes the map view (non-finite or negative sizes are ignored); a map that is its
    /// window's content resizes the window with it.
    public func resize(to size: CGSize) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            Subsystems.screen.warning("resize to \(size) ignored")
            return
        }
        if mapView.superview === screen.window {
            screen.window.frame = CGRect(origin: .zero, size: size)
        }
        mapView.frame = CGRect(origin: mapView.frame.origin, size: size)
    }

    /// The window's safe-area insets (status bar, home indicator): zero unless set. The map's
    /// ``GMSMapView/paddingAdjustmentBehavior`` adds them to its padding.
    public var safeAreaInsets: UIEdgeInsets {
        get { mapView.safeAreaInsets }
        set { screen.safeAreaInsets = newValue }
    }

    /// The window's light or dark appearance (`.unspecified`: light).
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { mapView.traitCollection.userInterfaceStyle }
        set { screen.userInterfaceStyle = newValue }
    }

    /// Sets the device location: the map shows it with My Location on, and it is the
    /// `SimulatedLocation` location managers report.
    public func setMyLocation(_ location: CLLocation?) {
        guard location !== scene.myLocation.location else { return }
        scene.events.propertyWillChange(\.myLocation)
        scene.myLocation.location = location
        SimulatedLocation.shared.location = location
        scene.events.propertyChanged(\.myLocation)
        mapView.setNeedsDisplay()
    }

    /// A touch at a map point, as the window sees it.
    private func inWindow(_ touch: MapTouch) -> MapTouch {
        guard mapView.superview != nil else { return touch }
        var moved = touch
        moved.location = mapView.convert(touch.location, to: screen.window)
        return moved
    }

    /// Delivers a touch (in map points) at its timestamp: frames up to that moment run
    /// first. A timestamp before the current time is delivered now. It goes through the
    /// window, as any touch does: to the map, or to a view over it.
    public func send(_ touch: MapTouch) {
        screen.send(inWindow(touch))
    }

    /// A wheel turn (or a trackpad's scroll or pinch) over the map at a view point, now:
    /// `delta` in pixels, positive away from the user (zoom out), as a browser's `deltaY`;
    /// `pinch` for a trackpad pinch (ctrl+wheel). The map zooms about the point, eased. An
    /// OpenMaps addition (a phone has no wheel).
    public func scrollWheel(at point: CGPoint, delta: Double, pinch: Bool = false) {
        guard point.isFinite else { return }
        screen.scrollWheel(at: mapView.convert(point, to: screen.window), delta: delta, pinch: pinch)
    }

    /// Runs the frames of the next `seconds`.
    public func advance(by seconds: TimeInterval) {
        screen.advance(by: seconds)
    }

    /// Runs every frame up to a time (at most an hour of them; the clock jumps past the
    /// rest), then sets the clock to it.
    public func advance(to target: TimeInterval) {
        screen.advance(to: target)
    }

    /// Runs frames until the map is idle or `limit` seconds have passed; returns whether it
    /// became idle.
    @discardableResult
    public func runUntilIdle(limit: TimeInterval = 60) -> Bool {
        screen.runUntilIdle(limit: limit)
    }

    /// Loads and draws the basemap tiles the camera needs now, without advancing time (a host
    /// calls it before showing the first frame; tile callbacks come as usual).
    public func prepareTiles() {
        screen.window.onScreen { mapView.prepareForDisplay() }
    }

    // MARK: Waiting for tile layers

    /// How long, in real time, ``awaitTiles()`` waits for one frame's tiles (10 s unless set;
    /// taken within 0...3600, NaN as 0): the screen's ``ScreenHost/workWaitPerFrame``. A tile
    /// not delivered by then is left blank, as a failed tile is, at that frame.
    public var tileWaitPerFrame: TimeInterval {
        get { screen.workWaitPerFrame }
        set { screen.workWaitPerFrame = newValue }
    }
    /// How long, in real time, the `…AwaitingTiles` calls wait for tiles in all over the
    /// host's life (30 s unless set; taken within 0...3600, NaN as 0): the screen's
    /// ``ScreenHost/workWaitBudget``. Once it is spent, frames wait no more and their tiles are
    /// left blank at once. Together the two bound a replay's wall-clock time against tile
    /// servers that answer slowly or never.
    public var tileWaitBudget: TimeInterval {
        get { screen.workWaitBudget }
        set { screen.workWaitBudget = newValue }
    }
    /// The real time spent awaiting tiles so far.
    public var tileWaitSpent: TimeInterval { screen.workWaitSpent }

    /// Waits, suspending the task and never blocking a thread, for the tiles the last frame
    /// asked tile layers for (``ScreenHost/awaitWork()``), then takes what arrived into the
    /// same frame; what did not arrive is a failed tile of that frame. The clock does not
    /// move, so a run with tile layers gives the same callbacks every time, and the same
    /// frames while the servers answer in time. Returns at once when nothing is awaited.
    public func awaitTiles() async {
        await screen.awaitWork()
    }

    /// ``send(_:)``, with every frame on the way awaiting its tile layers' tiles
    /// (``awaitTiles()``).
    public func sendAwaitingTiles(_ touch: MapTouch) async {
        await screen.sendAwaitingWork(inWindow(touch))
    }

    /// ``advance(to:)``, with every frame awaiting its tile layers' tiles (``awaitTiles()``).
    public func advanceAwaitingTiles(to target: TimeInterval) async {
        await screen.advanceAwaitingWork(to: target)
    }

    /// ``runUntilIdle(limit:)``, with every frame awaiting its tile layers' tiles
    /// (``awaitTiles()``).
    @discardableResult
    public func runUntilIdleAwaitingTiles(limit: TimeInterval = 60) async -> Bool {
        await screen.runUntilIdleAwaitingWork(limit: limit)
    }

    /// Whether nothing moves, animates, waits on a timer or waits for tiles (rendering, or a
    /// tile layer's fetches).
    public var isIdle: Bool { screen.isIdle }

    /// Whether what the map's window shows changed since the last frame taken.
    public var needsFrame: Bool { screen.needsFrame }

    /// Draws the map as it is now (premultiplied ARGB pixels at `scale`). The map shows what
    /// its screen (``scale``) asked for, drawn at the given scale.
    public func renderFrame(scale: CGFloat) -> Bitmap {
        renderFrame(scale: scale, offset: .zero)
    }

    /// Draws the map as ``renderFrame(scale:)`` does, its picture moved by `offset` points
    /// (ours): a live view keeps a panned map at whole pixels from its last frame, as web maps
    /// place their tiles, by moving it less than a pixel. Touches and the camera are not moved.
    public func renderFrame(scale: CGFloat, offset: CGPoint) -> Bitmap {
        screen.window.drawFrame(of: mapView, scale: scale, offset: offset)
    }

    /// Draws the map as it is now at the host's ``scale``.
    public func renderFrame() -> Bitmap {
        renderFrame(scale: scale)
    }

    /// The map as it is now, as an image.
    public func snapshot(scale: CGFloat) -> UIImage {
        UIImage(bitmap: renderFrame(scale: scale), scale: scale)
    }

    /// Whether the map's window runs in real time (``ScreenHost/rendersTilesInBackground``):
    /// basemap tiles render on other cores instead of at once within the frame that needs
    /// them (virtual time: deterministic). Until a tile arrives, its nearest rendered ancestor
    /// is shown. Its data is read and decoded there too, on threads below the frame path's
    /// priority, newest request first: a tile's labels show once its data has arrived, and no
    /// frame waits for the file. Other work in the background (the utilities' clustering)
    /// follows: in real time its results apply when ready; in virtual time a frame waits for it.
    public var rendersTilesInBackground: Bool {
        get { screen.rendersTilesInBackground }
        set {
            screen.rendersTilesInBackground = newValue
            mapView.followWindowTiming()
        }
    }

    /// Whether background tile renders are under way.
    public var hasTilesInFlight: Bool { scene.isWorkingInBackground }
}
