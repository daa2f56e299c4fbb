// Guide topic: "Info windows": titles and snippets, custom windows (markerInfoWindow),
// custom contents (markerInfoContents), live windows (tracksInfoWindowChanges), and the
// window's tap, long-press and close events.
import OpenMaps

/// A whole custom info window: the wharf's name and its next departures beside a badge.
class WharfCalloutView: UIView {
  let nameLabel = UILabel()
  let departuresLabel = UILabel()
  let badge = UIImageView(image: GMSMarker.markerImage(with: .systemGreen))

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .white
    layer.cornerRadius = 10
    layer.borderWidth = 1
    layer.borderColor = UIColor.systemGreen.cgColor
    nameLabel.font = .boldSystemFont(ofSize: 15)
    departuresLabel.font = .systemFont(ofSize: 12)
    departuresLabel.textColor = .darkGray
    departuresLabel.numberOfLines = 2
    badge.contentMode = .scaleAspectFit
    addSubview(badge)
    addSubview(nameLabel)
    addSubview(departuresLabel)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    badge.frame = CGRect(x: 8, y: 8, width: 28, height: bounds.height - 16)
    nameLabel.frame = CGRect(x: 44, y: 8, width: bounds.width - 52, height: 20)
    departuresLabel.frame = CGRect(x: 44, y: 30, width: bounds.width - 52, height: bounds.height - 38)
  }
}

/// Wharves whose info windows come three ways: a custom window, custom contents in the
/// default frame, and the default title-and-snippet window.
class WharfCalloutViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var circularQuay: GMSMarker!
  private(set) var barangaroo: GMSMarker!
  private(set) var milsonsPoint: GMSMarker!
  /// A marker with neither title nor snippet.
  private(set) var unnamed: GMSMarker!
  /// What the delegate was asked and told, in order.
  private(set) var log: [String] = []

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: -33.8560, longitude: 151.2100, zoom: 14)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    circularQuay = wharf("Circular Quay", "Next ferry 10:05", -33.8610, 151.2110)
    barangaroo = wharf("Barangaroo", "Next ferry 10:12", -33.8615, 151.2010)
    milsonsPoint = wharf("Milsons Point", "Next ferry 10:20", -33.8466, 151.2118)
    unnamed = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8520, longitude: 151.2200))
    unnamed.map = mapView
  }

  private func wharf(_ name: String, _ departures: String, _ latitude: Double, _ longitude: Double) -> GMSMarker {
    let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
    marker.title = name
    marker.snippet = departures
    marker.map = mapView
    return marker
  }

  /// Shows Milsons Point's window and keeps it live while its departures change.
  func startLiveDepartures() {
    milsonsPoint.tracksInfoWindowChanges = true
  }

  func stopLiveDepartures() {
    milsonsPoint.tracksInfoWindowChanges = false
  }

  func updateMilsonsPointDepartures(_ text: String) {
    milsonsPoint.snippet = text
  }

  func clearLog() {
    log.removeAll()
  }
}

extension WharfCalloutViewController: GMSMapViewDelegate {
  func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
    log.append("window:\(marker.title ?? "-")")
    guard marker === circularQuay else { return nil }
    let callout = WharfCalloutView(frame: CGRect(x: 0, y: 0, width: 220, height: 64))
    callout.nameLabel.text = marker.title
    callout.departuresLabel.text = marker.snippet
    return callout
  }

  func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
    log.append("contents:\(marker.title ?? "-")")
    guard marker === barangaroo else { return nil }
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 170, height: 40))
    label.text = "\(marker.title ?? "") · \(marker.snippet ?? "")"
    label.numberOfLines = 2
    return label
  }

  func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {
    log.append("tap:\(marker.title ?? "-")")
  }

  func mapView(_ mapView: GMSMapView, didLongPressInfoWindowOf marker: GMSMarker) {
    log.append("longPress:\(marker.title ?? "-")")
  }

  func mapView(_ mapView: GMSMapView, didCloseInfoWindowOf marker: GMSMarker) {
    log.append("close:\(marker.title ?? "-")")
  }
}
