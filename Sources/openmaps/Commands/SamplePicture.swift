import Foundation
import MapDrawing
import OpenMaps

/// The sample picture `make run` shows until the playground exists: a hosted map over
/// central Helsinki on the embedded basemap, default pins (plain and tinted) at real
/// landmarks, one info window open.
@MainActor
struct SamplePicture {
    let size: CGSize
    let scale: Double

    func render() -> Bitmap {
        UIScreen.withScale(scale) { draw() }
    }

    private func draw() -> Bitmap {
        let options = GMSMapViewOptions()
        options.frame = CGRect(origin: .zero, size: size)
        options.camera = GMSCameraPosition(latitude: 60.1690, longitude: 24.9460, zoom: 15.6)
        let mapView = GMSMapView(options: options)
        let host = GMSMapViewHost(mapView: mapView, scale: scale)
        let places: [(String, String?, CLLocationCoordinate2D, UIColor?)] = [
            ("Stockmann", "Aleksanterinkatu 52", .init(latitude: 60.1687, longitude: 24.9420), nil),
            ("Helsinki Cathedral", "Unioninkatu 29 · built 1830-1852", .init(latitude: 60.1705, longitude: 24.9522), nil),
            ("Esplanadi", nil, .init(latitude: 60.1675, longitude: 24.9480), .systemGreen),
            ("Central Station", "Rautatieasema", .init(latitude: 60.1710, longitude: 24.9414), .systemBlue),
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
        mapView.selectedMarker = markers[0]
        host.prepareTiles()
        host.runUntilIdle()
        return host.renderFrame(scale: scale)
    }
}
