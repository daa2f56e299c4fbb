import Foundation
import OpenMaps

extension PlaygroundServer {
    /// Draws one small frame of the first sample before the server listens, so the first
    /// page's first frame does not pay for what a process's first drawing does once: loading
    /// fonts and shaping text, making the default icons, opening the basemap file. (Ours: the
    /// playground's own start-up; about a tenth of a second.)
    @MainActor
    public static func warmUp() {
        let controller = PlaygroundSample.named(nil).make()
        controller.loadViewIfNeeded()
        guard let mapView = PlaygroundSession.view(GMSMapView.self, in: controller.view) else { return }
        let host = GMSMapViewHost(mapView: mapView, size: CGSize(width: 320, height: 240), scale: 1)
        _ = host.renderFrame(scale: 1)
    }
}
