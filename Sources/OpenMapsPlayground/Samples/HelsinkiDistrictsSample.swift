import Foundation
import OpenMaps
import OpenMapsUtils

/// Central Helsinki's districts from a GeoJSON file (OpenStreetMap, clipped to the embedded
/// extract), drawn in the simplestyle-spec colours their properties carry, with no code to
/// style them; a tap on a district prints its properties (OpenMaps additions: simplestyle
/// applied automatically and the renderer's delegate).
final class HelsinkiDistrictsSample: UIViewController, GMUGeometryRendererDelegate {
    private var renderer: GMUGeometryRenderer?

    override func loadView() {
        let mapView = GMSMapView(options: GMSMapViewOptions())
        mapView.camera = GMSCameraPosition.camera(withLatitude: 60.1716, longitude: 24.9443, zoom: 14.3)
        if let url = Bundle.module.url(forResource: "helsinki-districts", withExtension: "geojson", subdirectory: "Data") {
            let parser = GMUGeoJSONParser(url: url)
            parser.parse()
            let renderer = GMUGeometryRenderer(map: mapView, geometries: parser.features)
            renderer.delegate = self
            renderer.render()
            self.renderer = renderer
        }
        view = mapView
    }

    func renderer(_ renderer: GMUGeometryRenderer, didTap container: GMUGeometryContainer, overlay: GMSOverlay) {
        guard let feature = container as? GMUFeature, let properties = feature.properties else { return }
        let name = properties["title"] as? String ?? properties["name"] as? String ?? "?"
        let number = properties["ref"] as? String ?? "–"
        let area = (properties["area_km2"] as? NSNumber)?.doubleValue ?? 0
        let clipped = (properties["clipped"] as? NSNumber)?.boolValue == true ? ", clipped to the extract" : ""
        print("District \(number), \(name): \(area) km²\(clipped)")
    }
}
