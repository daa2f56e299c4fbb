// Guide topic: "Utility library" geometry: distances, headings, offsets, interpolation,
// lengths, areas, containment, closeness to a path, encoded paths and projection.
import OpenMaps

/// A walk kept as a path, measured with the SDK's geometry functions. A plain class with no
/// actor: walks are planned anywhere.
final class WalkingTrack {
  let path: GMSMutablePath

  init(_ points: [CLLocationCoordinate2D]) {
    path = GMSMutablePath()
    for point in points {
      path.add(point)
    }
  }

  var start: CLLocationCoordinate2D { path.coordinate(at: 0) }
  var end: CLLocationCoordinate2D { path.coordinate(at: path.count() - 1) }

  /// The walk's length along its legs, in metres.
  var length: CLLocationDistance {
    GMSGeometryLength(path)
  }

  /// As the crow flies from start to end, in metres.
  var straightLineDistance: CLLocationDistance {
    GMSGeometryDistance(start, end)
  }

  /// The compass heading of the first leg, degrees clockwise from north.
  var firstLegHeading: CLLocationDirection {
    GMSGeometryHeading(path.coordinate(at: 0), path.coordinate(at: 1))
  }

  /// Halfway along the first leg.
  var firstLegMidpoint: CLLocationCoordinate2D {
    GMSGeometryInterpolate(path.coordinate(at: 0), path.coordinate(at: 1), 0.5)
  }

  /// Whether a point is within `meters` of the walk.
  func passes(_ point: CLLocationCoordinate2D, within meters: CLLocationDistance) -> Bool {
    GMSGeometryIsLocationOnPathTolerance(point, path, true, meters)
  }

  /// The walk in Google's encoded polyline format, to store or share.
  func encoded() -> String {
    path.encodedPath()
  }

  static func decoded(_ encoded: String) -> WalkingTrack? {
    guard let path = GMSPath(fromEncodedPath: encoded) else { return nil }
    return WalkingTrack((0..<path.count()).map { path.coordinate(at: $0) })
  }
}

/// A square with sides of `side` metres around a centre, made with offsets, clockwise from
/// its north-west corner.
func makeSquareLawn(around centre: CLLocationCoordinate2D, side: CLLocationDistance) -> GMSPath {
  let half = side / 2
  let north = GMSGeometryOffset(centre, half, 0)
  let south = GMSGeometryOffset(centre, half, 180)
  let lawn = GMSMutablePath()
  lawn.add(GMSGeometryOffset(north, half, 270))
  lawn.add(GMSGeometryOffset(north, half, 90))
  lawn.add(GMSGeometryOffset(south, half, 90))
  lawn.add(GMSGeometryOffset(south, half, 270))
  return lawn
}

/// A walk across Hyde Park, London, with its halfway point and a lawn marked.
class WalkPlannerViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var track: WalkingTrack!
  private(set) var halfwayMarker: GMSMarker!
  private(set) var lawn: GMSPolygon!

  static let marbleArch = CLLocationCoordinate2D(latitude: 51.5131, longitude: -0.1589)
  static let serpentine = CLLocationCoordinate2D(latitude: 51.5052, longitude: -0.1645)
  static let hydeParkCorner = CLLocationCoordinate2D(latitude: 51.5027, longitude: -0.1527)

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 51.5073, longitude: -0.1600, zoom: 15)
    let mapView = GMSMapView(options: options)
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    track = WalkingTrack([Self.marbleArch, Self.serpentine, Self.hydeParkCorner])

    let route = GMSPolyline(path: track.path)
    route.strokeWidth = 4
    route.geodesic = true
    route.map = mapView

    halfwayMarker = GMSMarker(position: track.firstLegMidpoint)
    halfwayMarker.title = "Halfway to the Serpentine"
    halfwayMarker.snippet = "\(Int(track.length.rounded())) m in all"
    halfwayMarker.map = mapView

    lawn = GMSPolygon(path: makeSquareLawn(around: Self.serpentine, side: 100))
    lawn.fillColor = UIColor(red: 0.3, green: 0.7, blue: 0.3, alpha: 0.3)
    lawn.map = mapView
  }

  /// Whether a tapped point is on the lawn.
  func isOnLawn(_ coordinate: CLLocationCoordinate2D) -> Bool {
    guard let path = lawn.path else { return false }
    return GMSGeometryContainsLocation(coordinate, path, true)
  }

  /// The projected (flat-map) distance between the ends, in map-point units.
  func projectedSpan() -> Double {
    GMSMapPointDistance(GMSProject(track.start), GMSProject(track.end))
  }
}
