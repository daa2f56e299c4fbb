import Foundation
import OpenMaps
import OpenMapsUtils

/// Liechtenstein's municipalities from a GeoJSON file (OpenStreetMap), drawn with the utility
/// library's renderer, each styled by the app from its properties; tap one for its name.
final class GeoJSONSample: UIViewController, GMSMapViewDelegate {
    private var renderer: GMUGeometryRenderer?

    override func loadView() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: 47.14, longitude: 9.55, zoom: 10.5)
        let mapView = GMSMapView(options: options)
        mapView.delegate = self
        if let url = Bundle.module.url(forResource: "liechtenstein-municipalities", withExtension: "geojson", subdirectory: "Data") {
            let parser = GMUGeoJSONParser(url: url)
            parser.parse()
            for case let feature as GMUFeature in parser.features {
                let area = (feature.properties?["area_km2"] as? NSNumber)?.doubleValue ?? 0
                let fill = area >= 20 ? UIColor(red: 0.11, green: 0.47, blue: 0.22, alpha: 0.5)
                    : area >= 10 ? UIColor(red: 0.5, green: 0.75, blue: 0.48, alpha: 0.5) : UIColor(red: 0.85, green: 0.94, blue: 0.83, alpha: 0.6)
                feature.style = GMUStyle(
                    styleID: feature.identifier ?? "", strokeColor: UIColor(red: 0, green: 0.27, blue: 0.11, alpha: 1), fillColor: fill,
                    width: 2, scale: 1, heading: 0, anchor: .zero, iconUrl: nil, title: nil, hasFill: true, hasStroke: true)
            }
            let renderer = GMUGeometryRenderer(map: mapView, geometries: parser.features)
            renderer.render()
            self.renderer = renderer
        }
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
        print("Municipality: \(overlay.title ?? "?")")
    }
}
