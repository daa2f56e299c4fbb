import Foundation
import OpenMaps
import OpenMapsUtils

/// Finland's regions (Natural Earth) and towns (GeoNames) from a KML file with shared styles
/// and a style map, drawn with the utility library's renderer; tap a town for its info window.
/// From the KMZ archive of the same document, its town icon inside (KMZ is an OpenMaps
/// addition).
final class KMLSample: UIViewController {
    private var renderer: GMUGeometryRenderer?
    /// Whether the document is read from its KMZ archive.
    var archive = false

    override func loadView() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: 64.5, longitude: 26, zoom: 4.3)
        let mapView = GMSMapView(options: options)
        if let url = Bundle.module.url(forResource: "finland-regions", withExtension: archive ? "kmz" : "kml", subdirectory: "Data") {
            let parser = GMUKMLParser(url: url)
            parser.parse()
            let renderer = GMUGeometryRenderer(map: mapView, geometries: parser.placemarks, styles: parser.styles, styleMaps: parser.styleMaps)
            renderer.render()
            self.renderer = renderer
        }
        view = mapView
    }
}
