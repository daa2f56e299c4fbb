import Foundation
import Logging
import MapDrawing
import MapReplay
import NIOCore
import OpenMaps

/// What the session shows: a sample's controller or an app's screen, each in its window.
extension PlaygroundSession {
    /// The scale frames are drawn at: the tab's pixel ratio within 1...3, lowered as far as
    /// needed to keep a frame within ``maximumFramePixels``.
    static func frameScale(requested: Double, size: CGSize) -> Double {
        let wanted = requested.isFinite ? min(max(requested, 1), 3) : 1
        let area = max(1, size.width * size.height)
        return min(wanted, (maximumFramePixels / area).squareRoot())
    }

    /// The scale frames are drawn at now.
    public var frameScale: Double { scale }

    /// The map's clock follows the session's: real time.
    var mapTime: TimeInterval { max(surface?.time ?? 0, timeOffset + now) }
    func load(_ sample: PlaygroundSample, size: CGSize, scale: Double) {
        if let surface {
            deliver(input.cancelAll(at: mapTime))
            surface.detach()  // the old view's late callbacks are not this sample's
        }
        self.scale = PlaygroundSession.frameScale(requested: scale, size: size)
        UIScreen.withScale(self.scale) { loadSample(sample, size: size) }
    }

    /// Hosts a sample's controller in a window of the canvas's size: the one surface, as an
    /// app's screen is, with its map or panorama logged for the page.
    func loadSample(_ sample: PlaygroundSample, size: CGSize) {
        let controller = sample.make()
        controller.loadViewIfNeeded()
        guard PlaygroundSession.view(GMSMapView.self, in: controller.view) != nil || PlaygroundSession.view(GMSPanoramaView.self, in: controller.view) != nil
        else {
            PlaygroundSession.logger.error("sample \(sample.name) has no map or panorama view")
            return
        }
        let screen = ScreenHost(rootViewController: controller, size: size, safeAreaInsets: .zero, scale: CGFloat(scale))
        show(screen, controller: controller, sample: sample, isPhone: false)
        host?.prepareTiles()
        send(.text(ServerMessage.ready(sample: sample.name, samples: PlaygroundSample.all).text))
    }

    /// Makes a hosted window what the session shows, in real time, with fresh input.
    func show(_ screen: ScreenHost, controller: UIViewController, sample: PlaygroundSample?, isPhone: Bool) {
        screen.rendersTilesInBackground = true
        let surface = PlaygroundSurface(host: screen, isPhone: isPhone) { [weak self] selector, line in
            self?.pendingEvents.append((selector, line))
        }
        self.sample = sample
        self.controller = controller
        self.surface = surface
        screenHost = isPhone ? screen : nil
        // A sample's map or panorama, for its own API (simulated location, the coverage note).
        host = isPhone ? nil : surface.maps.first.map { GMSMapViewHost(mapView: $0) }
        panoramaHost = isPhone || host != nil ? nil : surface.panoramas.first.map { GMSPanoramaViewHost(panoramaView: $0) }
        input = PointerInput()
        pageClock = PageClock()
        lastTouchTime = -.infinity
        timeOffset = -now
        pendingEvents = []
    }

    /// Whether the session shows our samples (`openmaps serve`) rather than an app's screen.
    var showsSamples: Bool {
        if case .samples = content { return true }
        return false
    }

    /// Starts an app's screen: a phone of 390 x 844 points, its controller in a navigation
    /// controller unless it is one, every map on it logged for the page.
    func loadScreen(_ make: @MainActor () -> UIViewController, scale requested: Double, sample: PlaygroundSample? = nil) {
        if let surface {
            deliver(input.cancelAll(at: mapTime))
            surface.detach()
        }
        endAppScene()
        let size = ScreenHost.phoneSize
        scale = PlaygroundSession.frameScale(requested: requested, size: size)
        UIScreen.withScale(scale) {
            let root = make()
            show(ScreenHost(rootViewController: root, size: size, scale: CGFloat(scale)), controller: root, sample: sample, isPhone: true)
        }
        send(.text(ServerMessage.screen(width: size.width, height: size.height, sample: sample).text))
    }

    /// An app launched for this tab ends its scene with it (`sceneDidDisconnect`), so the
    /// shared application keeps nothing of a closed tab.
    func endAppScene() {
        guard case .app = content, let root = controller, let scene = UIApplication.shared.sceneSession(showing: root) else { return }
        UIApplication.shared.requestSceneSessionDestruction(scene, options: nil)
    }

    /// The view of a kind a sample shows: its view, or the first such among its subviews.
    static func view<Kind: UIView>(_ kind: Kind.Type, in view: UIView?) -> Kind? {
        guard let view else { return nil }
        if let found = view as? Kind { return found }
        for child in view.subviews { if let found = self.view(kind, in: child) { return found } }
        return nil
    }
}
