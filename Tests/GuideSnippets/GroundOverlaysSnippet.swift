// Guide topic: "Ground overlays": images laid on the map by bounds or by position and zoom,
// turned, faded, stacked and tapped.
import OpenMaps

/// A campus plan laid over the University of Sydney, and a festival badge beside it.
class CampusPlanViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var campusPlan: GMSGroundOverlay!
  private(set) var festivalBadge: GMSGroundOverlay!
  private(set) var tappedOverlays: [String] = []

  static let campusSouthWest = CLLocationCoordinate2D(latitude: -33.8890, longitude: 151.1870)
  static let campusNorthEast = CLLocationCoordinate2D(latitude: -33.8860, longitude: 151.1920)
  static let badgeCentre = CLLocationCoordinate2D(latitude: -33.8850, longitude: 151.1930)

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: -33.8870, longitude: 151.1910, zoom: 16)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    // Stretched over bounds.
    let bounds = GMSCoordinateBounds(coordinate: Self.campusSouthWest, coordinate: Self.campusNorthEast)
    campusPlan = GMSGroundOverlay(bounds: bounds, icon: makePlanImage())
    campusPlan.title = "Campus plan"
    campusPlan.opacity = 0.8
    campusPlan.bearing = 0
    campusPlan.zIndex = 1
    campusPlan.isTappable = true
    campusPlan.map = mapView

    // Placed by one point: the image's own size at zoom 16, turned 30 degrees.
    festivalBadge = GMSGroundOverlay(position: Self.badgeCentre, icon: makeBadgeImage(), zoomLevel: 16)
    festivalBadge.title = "Festival"
    festivalBadge.anchor = CGPoint(x: 0.5, y: 0.5)
    festivalBadge.bearing = 30
    festivalBadge.zIndex = 2
    festivalBadge.isTappable = true
    festivalBadge.map = mapView
  }

  func removePlan() {
    campusPlan.map = nil
  }

  private func makePlanImage() -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 120))
    return renderer.image { context in
      context.cgContext.setFillColor(UIColor(red: 0.95, green: 0.9, blue: 0.8, alpha: 1).cgColor)
      context.fill(CGRect(x: 0, y: 0, width: 200, height: 120))
      context.cgContext.setFillColor(UIColor.brown.cgColor)
      context.fill(CGRect(x: 20, y: 20, width: 60, height: 40))
      context.fill(CGRect(x: 110, y: 50, width: 70, height: 50))
    }
  }

  private func makeBadgeImage() -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64))
    return renderer.image { context in
      context.cgContext.setFillColor(UIColor.systemPink.cgColor)
      context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 64, height: 64))
    }
  }
}

extension CampusPlanViewController: GMSMapViewDelegate {
  func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
    tappedOverlays.append(overlay.title ?? "?")
    if let groundOverlay = overlay as? GMSGroundOverlay {
      groundOverlay.opacity = groundOverlay.opacity < 0.6 ? 0.8 : 0.4
    }
  }
}
