// The Swift snippets of the Maps SDK for iOS info windows guide, as published, with only
// `import GoogleMaps` changed to `import OpenMaps`, gathered into functions so they compile.
import OpenMaps

@MainActor
enum InfoWindowsGuide {
  static func addAnInfoWindow(mapView: GMSMapView) -> GMSMarker {
    let position = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127)
    let london = GMSMarker(position: position)
    london.title = "London"
    london.map = mapView
    return london
  }

  static func addASnippet(london: GMSMarker, mapView: GMSMapView) {
    london.title = "London"
    london.snippet = "Population: 8,174,100"
    london.map = mapView
  }

  static func showAndHide(london: GMSMarker, mapView: GMSMapView) -> [GMSMarker?] {
    var seen: [GMSMarker?] = []
    london.title = "London"
    london.snippet = "Population: 8,174,100"
    london.map = mapView
    // Show marker
    mapView.selectedMarker = london
    seen.append(mapView.selectedMarker)
    // Hide marker
    mapView.selectedMarker = nil
    seen.append(mapView.selectedMarker)
    return seen
  }

  static func refreshAutomatically(london: GMSMarker) {
    london.tracksInfoWindowChanges = true
  }

  static func changePosition(london: GMSMarker, mapView: GMSMapView) {
    london.infoWindowAnchor = CGPoint(x: 0.5, y: 0.5)
    london.icon = UIImage(named: "house")
    london.map = mapView
  }
}

/// A custom info window in the guide's style: a UIView subclass with labels and an image.
class CustomInfoWindow: UIView {
  let titleLabel = UILabel()
  let snippetLabel = UILabel()
  let imageView = UIImageView()

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .white
    layer.cornerRadius = 8
    layer.borderWidth = 1
    layer.borderColor = UIColor.lightGray.cgColor
    titleLabel.font = .boldSystemFont(ofSize: 16)
    snippetLabel.font = .systemFont(ofSize: 13)
    snippetLabel.textColor = .darkGray
    snippetLabel.numberOfLines = 2
    imageView.image = GMSMarker.markerImage(with: .systemBlue)
    imageView.contentMode = .scaleAspectFit
    addSubview(imageView)
    addSubview(titleLabel)
    addSubview(snippetLabel)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    imageView.frame = CGRect(x: 8, y: 8, width: 32, height: bounds.height - 16)
    titleLabel.frame = CGRect(x: 48, y: 8, width: bounds.width - 56, height: 20)
    snippetLabel.frame = CGRect(x: 48, y: 30, width: bounds.width - 56, height: bounds.height - 38)
  }
}

class MarkerInfoWindowViewController: UIViewController, GMSMapViewDelegate {
  var mapView: GMSMapView!
  var closed: [String] = []
  var markers: [String: GMSMarker] = [:]

  override func loadView() {
    let camera = GMSCameraPosition.camera(withLatitude: -33.868, longitude: 151.2086, zoom: 6)
    mapView = GMSMapView.map(withFrame: .zero, camera: camera)
    mapView.delegate = self
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    for (name, latitude, longitude) in [("Sydney", -33.8683, 151.2086), ("Melbourne", -37.81969, 144.966085), ("Brisbane", -27.4710107, 153.0234489)] {
      let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
      marker.title = name
      marker.snippet = "Australia"
      marker.map = mapView
      markers[name] = marker
    }
  }

  func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
    guard marker.title == "Sydney" else { return nil }
    let window = CustomInfoWindow(frame: CGRect(x: 0, y: 0, width: 220, height: 70))
    window.titleLabel.text = marker.title
    window.snippetLabel.text = marker.snippet
    return window
  }

  func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
    guard marker.title == "Brisbane" else { return nil }
    return UIImageView(image: GMSMarker.markerImage(with: .orange))
  }

  func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {
    closed.append(marker.title ?? "")
  }

  func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
    print("Info window for marker \(marker.title ?? "") long pressed.")
  }
}
