// Guide topic: "Data-driven styling for boundaries": a feature layer of localities, a style
// closure returning a FeatureStyle, and taps on features.
import OpenMaps

/// Seattle and Bellevue outlined in orange, when the map can style boundaries.
class CityBoundariesViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var localities: FeatureLayer<PlaceFeature>?
  /// The place IDs of the tapped features, in order.
  private(set) var tappedPlaceIDs: [String] = []
  /// Shown when the map cannot style boundaries.
  private(set) var unavailableMessage: String?

  static let seattlePlaceID = "ChIJVTPokywQkFQRmtVEaUZlJRA"
  static let bellevuePlaceID = "ChIJfWKzXOq7j4AR6vcwvY0zLjo"

  override func loadView() {
    let options = GMSMapViewOptions()
    options.mapID = GMSMapID(identifier: "openmaps-snippets-boundaries")
    options.camera = GMSCameraPosition(latitude: 47.6062, longitude: -122.3321, zoom: 10)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let layer = mapView.featureLayer(of: .locality)
    if !layer.isAvailable {
      unavailableMessage = "Boundary styling needs a map ID with the Locality feature layer."
    }
    let outlined: Set<String> = [Self.seattlePlaceID, Self.bellevuePlaceID]
    layer.style = { place in
      guard outlined.contains(place.placeID) else { return nil }
      let style = MutableFeatureStyle()
      style.fillColor = UIColor.orange.withAlphaComponent(0.3)
      style.strokeColor = .orange
      style.strokeWidth = 2
      return style
    }
    localities = layer
  }
}

extension CityBoundariesViewController: GMSMapViewDelegate {
  func mapView(
    _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
    atLocation location: CLLocationCoordinate2D
  ) {
    for case let place as PlaceFeature in features {
      tappedPlaceIDs.append(place.placeID)
    }
  }
}
