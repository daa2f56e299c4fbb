import Foundation
import MapGeometry

/// What a hosted map shows where, for the drivers of `OpenMapsTesting` (which makes it
/// public API of that library, not of the SDK).
@MainActor
package struct MapInspection {
    private let mapView: GMSMapView
    private var scene: MapScene { mapView.scene }
    private var viewport: Viewport { scene.camera.viewport }

    package init(_ host: GMSMapViewHost) {
        mapView = host.mapView
    }

    package var isRecognizingGesture: Bool { scene.gestures.isDeciding }

    package func iconCenter(of marker: GMSMarker) -> CGPoint? {
        guard marker.map === mapView else { return nil }
        return scene.markers.placements(of: marker, in: viewport).first?.center
    }

    package func infoWindowCenter(of marker: GMSMarker) -> CGPoint? {
        guard mapView.selectedMarker === marker, let frame = scene.infoWindow.frame(in: viewport) else { return nil }
        return CGPoint(x: frame.hit.midX, y: frame.hit.midY)
    }

    package func isInfoWindowOpen(for marker: GMSMarker) -> Bool {
        mapView.selectedMarker === marker && scene.infoWindow.window != nil
    }

    package func center(of control: MapControl) -> CGPoint? {
        let controls = scene.controls
        switch control {
        case .compass: return CGPoint(x: controls.compassFrame.midX, y: controls.compassFrame.midY)
        case .myLocationButton: return CGPoint(x: controls.myLocationButtonFrame.midX, y: controls.myLocationButtonFrame.midY)
        case .myLocationDot:
            guard let location = mapView.myLocation, location.coordinate.isValid else { return nil }
            return mapView.projection.point(for: location.coordinate)
        }
    }

    package func isShown(_ control: MapControl) -> Bool {
        switch control {
        case .compass: return scene.controls.isCompassShown
        case .myLocationButton: return scene.controls.isMyLocationButtonShown
        case .myLocationDot: return scene.myLocation.point(in: viewport) != nil
        }
    }

    package func iconCovers(_ marker: GMSMarker, _ point: CGPoint) -> Bool {
        guard marker.map === mapView else { return false }
        return scene.markers.placements(of: marker, in: viewport).contains { $0.contains(point) }
    }

    /// The shapes on the map (polylines, polygons, circles, ground overlays).
    package var shapeCount: Int { scene.shapes.overlays.count }

    /// The tile layers on the map.
    package var tileLayerCount: Int { scene.tileOverlays.layers.count }

    /// The markers drawn in the view now.
    package func markersInView() -> [GMSMarker] {
        scene.markers.markers(visibleIn: viewport)
    }

    package func marker(at point: CGPoint) -> GMSMarker? {
        scene.markers.marker(at: point, in: viewport)
    }

    package func pointsOfInterest() -> [(point: CGPoint, name: String, coordinate: CLLocationCoordinate2D)] {
        scene.labels.pointsOfInterest(in: viewport)
    }

    /// The basemap's labels drawn now: kind ("place", "road", "poi"), text, category, where
    /// (view points) and turn (radians).
    package func basemapLabels() -> [(kind: String, text: String, category: String, point: CGPoint, angle: Double)] {
        let view = CGRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        return scene.labels.labels(in: viewport).filter { view.contains($0.anchor) }.map { label in
            let kind = switch label.kind {
            case .place: "place"
            case .road: "road"
            case .poi: "poi"
            }
            return (kind, label.text, label.category ?? "", label.anchor, label.angle)
        }
    }

    /// The highest zoom of the basemap's data under a coordinate (nil: none).
    package func basemapDataZoom(at coordinate: CLLocationCoordinate2D) -> Int? {
        scene.basemap.tiles.dataZoom(at: coordinate)
    }

    /// ``basemapDataZoom(at:)`` once its data is decoded; `.none` while it is decoded in the
    /// background (tiles rendering in the background).
    package func basemapDataZoomIfReady(at coordinate: CLLocationCoordinate2D) -> Int?? {
        scene.basemap.tiles.dataZoomIfReady(at: coordinate)
    }

    package var visibleTileAddresses: [(z: Int, x: Int, y: Int)] {
        scene.basemap.visibleTiles(viewport).map { ($0.key.z, $0.key.x, $0.key.y) }
    }
}
