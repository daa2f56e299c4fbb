// Guide topic: "Shapes": polylines (width, colour, geodesic, spans, GMSStyleSpans, gradients,
// stamped textures), polygons with holes, circles, and taps on them.
import OpenMaps

/// A ferry route kept as a path. A plain class with no actor: routes are built and measured
/// anywhere, and drawn on the main thread.
final class HarbourFerryRoute {
  let name: String
  let path: GMSMutablePath

  init(name: String, stops: [CLLocationCoordinate2D]) {
    self.name = name
    path = GMSMutablePath()
    for stop in stops {
      path.add(stop)
    }
  }

  var lengthInMeters: CLLocationDistance {
    path.length(of: .geodesic)
  }

  var legCount: Int {
    max(0, Int(path.count()) - 1)
  }

  /// Blue and white in turn, `meters` each, along the whole route.
  func alternatingSpans(every meters: Double) -> [GMSStyleSpan] {
    let styles = [GMSStrokeStyle.solidColor(.systemBlue), GMSStrokeStyle.solidColor(.white)]
    let lengths = [NSNumber(value: meters), NSNumber(value: meters)]
    return GMSStyleSpans(path, styles, lengths, .geodesic)
  }

  func polyline() -> GMSPolyline {
    let line = GMSPolyline(path: path)
    line.title = name
    line.strokeWidth = 6
    line.strokeColor = .systemBlue
    line.geodesic = true
    return line
  }
}

/// A park with a pond cut out of it.
func makeParkWithPond() -> GMSPolygon {
  let outline = GMSMutablePath()
  outline.addLatitude(-33.8700, longitude: 151.2050)
  outline.addLatitude(-33.8700, longitude: 151.2150)
  outline.addLatitude(-33.8760, longitude: 151.2150)
  outline.addLatitude(-33.8760, longitude: 151.2050)

  let pond = GMSMutablePath()
  pond.addLatitude(-33.8720, longitude: 151.2080)
  pond.addLatitude(-33.8720, longitude: 151.2120)
  pond.addLatitude(-33.8740, longitude: 151.2120)
  pond.addLatitude(-33.8740, longitude: 151.2080)

  let park = GMSPolygon(path: outline)
  park.holes = [pond]
  park.title = "Park"
  park.fillColor = UIColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 0.4)
  park.strokeColor = UIColor(red: 0.1, green: 0.4, blue: 0.1, alpha: 1)
  park.strokeWidth = 2
  return park
}

/// The great-circle line to Auckland, fading from blue to green.
func makeTasmanCrossing() -> GMSPolyline {
  let path = GMSMutablePath()
  path.add(CLLocationCoordinate2D(latitude: -33.8688, longitude: 151.2093))
  path.add(CLLocationCoordinate2D(latitude: -36.8485, longitude: 174.7633))
  let line = GMSPolyline(path: path)
  line.title = "Tasman crossing"
  line.geodesic = true
  line.strokeWidth = 4
  line.spans = [GMSStyleSpan(style: GMSStrokeStyle.gradient(from: .systemBlue, to: .systemGreen))]
  return line
}

/// Routes and areas around the harbour.
class RouteShapesViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var manlyFerry: HarbourFerryRoute!
  private(set) var ferryLine: GMSPolyline!
  private(set) var walkway: GMSPolyline!
  private(set) var fadingTrail: GMSPolyline!
  private(set) var park: GMSPolygon!
  private(set) var swimZone: GMSCircle!
  private(set) var tasmanCrossing: GMSPolyline!
  private(set) var isParkHighlighted = false

  /// The titles of the shapes tapped, in order.
  private(set) var tappedShapes: [String] = []
  /// Taps that hit no shape.
  private(set) var mapTaps = 0

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: -33.8650, longitude: 151.2100, zoom: 14)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    // A route in two alternating colours that reports taps.
    manlyFerry = HarbourFerryRoute(name: "F1 Manly", stops: [
      CLLocationCoordinate2D(latitude: -33.8610, longitude: 151.2110),
      CLLocationCoordinate2D(latitude: -33.8560, longitude: 151.2250),
      CLLocationCoordinate2D(latitude: -33.8480, longitude: 151.2400),
    ])
    ferryLine = manlyFerry.polyline()
    ferryLine.spans = manlyFerry.alternatingSpans(every: 500)
    ferryLine.isTappable = true
    ferryLine.map = mapView

    // A path with arrows stamped along it over a transparent stroke.
    let arrows = GMSStrokeStyle.solidColor(.clear)
    arrows.stampStyle = GMSTextureStyle(image: makeArrowImage())
    let walkPath = GMSMutablePath()
    walkPath.addLatitude(-33.8680, longitude: 151.2170)
    walkPath.addLatitude(-33.8640, longitude: 151.2200)
    walkway = GMSPolyline(path: walkPath)
    walkway.title = "Walkway"
    walkway.strokeWidth = 12
    walkway.spans = [GMSStyleSpan(style: arrows)]
    walkway.map = mapView

    // Red for the first segment and a half, then fading from red to yellow.
    let trailPath = GMSMutablePath()
    trailPath.addLatitude(-33.8600, longitude: 151.1950)
    trailPath.addLatitude(-33.8620, longitude: 151.1980)
    trailPath.addLatitude(-33.8630, longitude: 151.2010)
    trailPath.addLatitude(-33.8650, longitude: 151.2030)
    fadingTrail = GMSPolyline(path: trailPath)
    fadingTrail.title = "Trail"
    fadingTrail.strokeWidth = 5
    fadingTrail.spans = [
      GMSStyleSpan(color: .red, segments: 1.5),
      GMSStyleSpan(style: GMSStrokeStyle.gradient(from: .red, to: .yellow)),
    ]
    fadingTrail.map = mapView

    park = makeParkWithPond()
    park.isTappable = true
    park.map = mapView

    swimZone = GMSCircle(position: CLLocationCoordinate2D(latitude: -33.8600, longitude: 151.2000), radius: 100)
    swimZone.title = "Swimming zone"
    swimZone.fillColor = UIColor(red: 0, green: 0.5, blue: 1, alpha: 0.2)
    swimZone.strokeColor = .systemBlue
    swimZone.strokeWidth = 2
    swimZone.isTappable = true
    swimZone.map = mapView

    tasmanCrossing = makeTasmanCrossing()
    tasmanCrossing.map = mapView
  }

  /// An arrow pointing along the line, used as a texture stamp.
  private func makeArrowImage() -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12))
    return renderer.image { context in
      let cg = context.cgContext
      cg.setFillColor(UIColor.darkGray.cgColor)
      cg.move(to: CGPoint(x: 6, y: 0))
      cg.addLine(to: CGPoint(x: 12, y: 12))
      cg.addLine(to: CGPoint(x: 0, y: 12))
      cg.closePath()
      cg.fillPath()
    }
  }
}

extension RouteShapesViewController: GMSMapViewDelegate {
  func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {
    tappedShapes.append(overlay.title ?? "?")
    if let polygon = overlay as? GMSPolygon {
      isParkHighlighted.toggle()
      polygon.strokeWidth = isParkHighlighted ? 5 : 2
    }
  }

  func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {
    mapTaps += 1
  }
}
