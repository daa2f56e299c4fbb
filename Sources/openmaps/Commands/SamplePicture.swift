import Foundation
import MapDrawing
import OpenMaps

/// The sample picture `make run` shows until the playground exists: a hosted map over
/// London with default pins (plain and tinted) at real landmarks, one info window open.
@MainActor
struct SamplePicture {
    let size: CGSize
    let scale: Double

    func render() -> Bitmap {
        UIScreen.main.scale = scale
        let mapView = GMSMapView(
            frame: CGRect(origin: .zero, size: size),
            camera: GMSCameraPosition(latitude: 51.5055, longitude: -0.1100, zoom: 13))
        let host = GMSMapViewHost(mapView: mapView)
        let places: [(String, String?, CLLocationCoordinate2D, UIColor?)] = [
            ("Trafalgar Square", "Open every day", .init(latitude: 51.5080, longitude: -0.1281), nil),
            ("London Eye", "Opened 2000 · 135 m tall", .init(latitude: 51.5033, longitude: -0.1196), nil),
            ("Tate Modern", nil, .init(latitude: 51.5076, longitude: -0.0994), .systemBlue),
            ("Borough Market", "Food market since the 12th century", .init(latitude: 51.5055, longitude: -0.0910), .systemGreen),
        ]
        var markers: [GMSMarker] = []
        for (title, snippet, position, color) in places {
            let marker = GMSMarker(position: position)
            marker.title = title
            marker.snippet = snippet
            if let color { marker.icon = GMSMarker.markerImage(with: color) }
            marker.map = mapView
            markers.append(marker)
        }
        mapView.selectedMarker = markers[1]
        host.runUntilIdle()
        return host.renderFrame(scale: scale)
    }
}
