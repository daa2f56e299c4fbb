// OpenMaps' own code, written the way the Maps SDK for iOS guides write theirs (markers,
// events, camera and view, controls and gestures, shapes, ground overlays, POIs, a map with
// a marker), using only what `import OpenMaps` brings: it compiles unchanged against the
// SDK's names, so ported apps do too.
import OpenMaps

class MapWithMarkerViewController: UIViewController {
  override func loadView() {
    GMSServices.provideAPIKey("YOUR_API_KEY")
    let camera = GMSCameraPosition.camera(withLatitude: -33.86, longitude: 151.20, zoom: 6.0)
    let mapView = GMSMapView.map(withFrame: self.view.frame, camera: camera)
    self.view.addSubview(mapView)

    let marker = GMSMarker()
    marker.position = CLLocationCoordinate2D(latitude: -33.86, longitude: 151.20)
    marker.title = "Sydney"
    marker.snippet = "Australia"
    marker.map = mapView
    self.view = mapView
  }
}

class IconViewMarkerController: UIViewController, GMSMapViewDelegate {
  var mapView: GMSMapView!
  var london: GMSMarker?
  var londonView: UIImageView?
  var finished = false

  override func viewDidLoad() {
    super.viewDidLoad()
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition.camera(withLatitude: 51.5, longitude: -0.127, zoom: 14)
    options.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    let mapView = GMSMapView(options: options)
    view = mapView
    self.mapView = mapView
    mapView.delegate = self

    let house = GMSMarker.markerImage(with: nil).withRenderingMode(.alwaysTemplate)
    let markerView = UIImageView(image: house)
    markerView.tintColor = .red
    londonView = markerView

    let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
    marker.title = "London"
    marker.iconView = markerView
    marker.tracksViewChanges = true
    marker.map = mapView
    london = marker
  }

  func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {
    UIView.animate(withDuration: 5.0, animations: { () -> Void in
      self.londonView?.alpha = 0.5
    }, completion: { (finished) in
      self.london?.tracksViewChanges = false
      self.finished = finished
    })
  }
}

@MainActor
enum MarkerTopics {
  static func customize(_ mapView: GMSMapView) -> [GMSMarker] {
    let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 10, longitude: 10))
    marker.title = "Hello World"
    marker.icon = GMSMarker.markerImage(with: .black)
    marker.opacity = 0.6
    marker.map = mapView

    let flat = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
    flat.isFlat = true
    flat.groundAnchor = CGPoint(x: 0.5, y: 0.5)
    flat.rotation = 90.0
    flat.appearAnimation = .pop
    flat.isDraggable = true
    flat.map = mapView
    return [marker, flat]
  }
}

class CameraAndViewTopics: UIViewController {
  var mapView: GMSMapView!

  override func viewDidLoad() {
    super.viewDidLoad()
    mapView = GMSMapView(frame: self.view.bounds)
    let fancy = GMSCameraPosition.camera(withLatitude: -33, longitude: 151, zoom: 6, bearing: 270, viewingAngle: 45)
    mapView.camera = fancy
    mapView.animate(toViewingAngle: 45)
    let bounds = GMSCoordinateBounds(
      coordinate: CLLocationCoordinate2D(latitude: -33.8683, longitude: 151.2086),
      coordinate: CLLocationCoordinate2D(latitude: -33.994065, longitude: 151.251859))
    mapView.moveCamera(GMSCameraUpdate.fit(bounds, withPadding: 50.0))
    mapView.animate(toLocation: CLLocationCoordinate2D(latitude: -33.868, longitude: 151.208))
    mapView.animate(toZoom: 12)
    mapView.animate(toBearing: 0)
    mapView.isBuildingsEnabled = false
    mapView.setMinZoom(10, maxZoom: 15)
    mapView.setMinZoom(12, maxZoom: mapView.maxZoom)
    if let camera = mapView.camera(for: bounds, insets: UIEdgeInsets()) { mapView.camera = camera }
    mapView.cameraTargetBounds = bounds
    mapView.animate(with: GMSCameraUpdate.zoomIn())
    mapView.animate(with: GMSCameraUpdate.setTarget(CLLocationCoordinate2D(latitude: 49.26, longitude: -123.11)))
    mapView.animate(with: GMSCameraUpdate.scrollBy(x: 200, y: 100))
    mapView.padding = UIEdgeInsets(top: 0, left: 0, bottom: 120, right: 0)
  }
}

class ControlsAndGesturesTopics: UIViewController {
  override func loadView() {
    let camera = GMSCameraPosition.camera(withLatitude: 1.285, longitude: 103.848, zoom: 12)
    let mapView = GMSMapView.map(withFrame: .zero, camera: camera)
    mapView.settings.scrollGestures = false
    mapView.settings.zoomGestures = false
    mapView.settings.compassButton = true
    mapView.settings.myLocationButton = true
    mapView.settings.indoorPicker = false
    mapView.settings.setAllGesturesEnabled(true)
    mapView.isMyLocationEnabled = true
    self.view = mapView
  }
}

@MainActor
enum ShapeTopics {
  static func draw(on mapView: GMSMapView) -> [GMSOverlay] {
    let path = GMSMutablePath()
    path.add(CLLocationCoordinate2D(latitude: -33.85, longitude: 151.20))
    path.add(CLLocationCoordinate2D(latitude: -33.70, longitude: 151.40))
    path.addLatitude(-33.73, longitude: 151.41)
    let polyline = GMSPolyline(path: path)
    polyline.strokeWidth = 10.0
    polyline.geodesic = true
    polyline.strokeColor = .blue
    let solidRed = GMSStrokeStyle.solidColor(.red)
    let redYellow = GMSStrokeStyle.gradient(from: .red, to: .yellow)
    polyline.spans = [GMSStyleSpan(style: solidRed, segments: 1.5), GMSStyleSpan(color: .gray), GMSStyleSpan(style: redYellow)]
    let lengths: [NSNumber] = [100000, 50000]
    polyline.spans = GMSStyleSpans(polyline.path!, [solidRed, redYellow], lengths, GMSLengthKind.rhumb)
    polyline.isTappable = true
    polyline.map = mapView

    let rect = GMSMutablePath()
    rect.add(CLLocationCoordinate2D(latitude: -33.80, longitude: 151.10))
    rect.add(CLLocationCoordinate2D(latitude: -33.70, longitude: 151.10))
    rect.add(CLLocationCoordinate2D(latitude: -33.70, longitude: 151.30))
    rect.add(CLLocationCoordinate2D(latitude: -33.80, longitude: 151.30))
    let polygon = GMSPolygon(path: rect)
    polygon.fillColor = UIColor(red: 0.25, green: 0, blue: 0, alpha: 0.05)
    polygon.strokeColor = .black
    polygon.strokeWidth = 2
    polygon.holes = [GMSPath(fromEncodedPath: "_p~iF~ps|U_ulLnnqC_mqNvxq`@")!]
    polygon.map = mapView
    let copied = polygon.copy() as! GMSPolygon
    copied.map = mapView

    let circle = GMSCircle(position: CLLocationCoordinate2D(latitude: -33.87, longitude: 151.21), radius: 1000)
    circle.fillColor = UIColor(red: 0.35, green: 0, blue: 0, alpha: 0.05)
    circle.strokeColor = .red
    circle.strokeWidth = 5
    circle.map = mapView
    return [polyline, polygon, copied, circle]
  }
}

@MainActor
enum GroundOverlayTopics {
  static func add(to mapView: GMSMapView) -> GMSGroundOverlay {
    let southWest = CLLocationCoordinate2D(latitude: -33.90, longitude: 151.15)
    let northEast = CLLocationCoordinate2D(latitude: -33.85, longitude: 151.25)
    let overlayBounds = GMSCoordinateBounds(coordinate: southWest, coordinate: northEast)
    let icon = UIImage(named: "newark_nj_1922") ?? GMSMarker.markerImage(with: .green)
    let overlay = GMSGroundOverlay(bounds: overlayBounds, icon: icon)
    overlay.bearing = 0
    overlay.isTappable = true
    overlay.map = mapView
    return overlay
  }
}

class POITopics: UIViewController, GMSMapViewDelegate {
  var mapView: GMSMapView!
  let infoMarker = GMSMarker()

  override func loadView() {
    let camera = GMSCameraPosition.camera(withLatitude: 47.603, longitude: -122.331, zoom: 14)
    mapView = GMSMapView.map(withFrame: .zero, camera: camera)
    mapView.delegate = self
    self.view = mapView
  }

  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D
  ) {
    infoMarker.snippet = placeID
    infoMarker.position = location
    infoMarker.title = name
    infoMarker.opacity = 0
    infoMarker.infoWindowAnchor.y = 1
    infoMarker.map = mapView
    mapView.selectedMarker = infoMarker
  }

  func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
    if let polygon = overlay as? GMSPolygon { polygon.fillColor = .red }
  }
}
