import Foundation
import OpenMaps
import OpenMapsUtils

/// Liechtenstein's municipalities from a GeoJSON file (OpenStreetMap), styled by a closure
/// from each feature's area property, and taps on a municipality reported with its
/// properties (OpenMaps additions: `styleForFeature` and the renderer's delegate).
final class StyledGeoJSONSample: UIViewController, GMUGeometryRendererDelegate {
    private var renderer: GMUGeometryRenderer?

    override func loadView() {
        let mapView = GMSMapView(options: GMSMapViewOptions())
        mapView.camera = GMSCameraPosition.camera(withLatitude: 47.14, longitude: 9.55, zoom: 10.5)
        if let url = Bundle.module.url(forResource: "liechtenstein-municipalities", withExtension: "geojson", subdirectory: "Data") {
            let parser = GMUGeoJSONParser(url: url)
            parser.parse()
            let renderer = GMUGeometryRenderer(map: mapView, geometries: parser.features)
            renderer.styleForFeature = { feature in
                let area = (feature.properties?["area_km2"] as? NSNumber)?.doubleValue ?? 0
                // Larger municipalities darker: a blue ramp over 0 ... 40 km².
                let shade = CGFloat(min(max(area / 40, 0), 1))
                let fill = UIColor(red: 0.85 - 0.75 * shade, green: 0.9 - 0.55 * shade, blue: 1 - 0.3 * shade, alpha: 0.7)
                return GMUStyle(
                    styleID: feature.identifier ?? "", strokeColor: UIColor(red: 0.05, green: 0.2, blue: 0.45, alpha: 1), fillColor: fill,
                    width: 1.5, scale: 1, heading: 0, anchor: .zero, iconUrl: nil, title: nil, hasFill: true, hasStroke: true)
            }
            renderer.delegate = self
            renderer.render()
            self.renderer = renderer
        }
        view = mapView
    }

    func renderer(_ renderer: GMUGeometryRenderer, didTap container: GMUGeometryContainer, overlay: GMSOverlay) {
        guard let feature = container as? GMUFeature else { return }
        let name = feature.properties?["name"] as? String ?? "?"
        let area = (feature.properties?["area_km2"] as? NSNumber)?.doubleValue ?? 0
        print("\(name): \(area) km²")
    }
}
