// Guide topic: "Markers": icons, tinted default icons, icon views and tracksViewChanges,
// rotation, flat markers, opacity, dragging, z-index, userData, selection and removal.
import OpenMaps

/// What the app keeps with a wharf's marker, in `userData`.
struct FerryWharf {
  let name: String
  let wharfNumber: Int
}

/// Sydney's ferry wharves, each marker showing one customisation.
class HarbourMarkersViewController: UIViewController {
  private(set) var mapView: GMSMapView!

  private(set) var circularQuay: GMSMarker!
  private(set) var compassRose: GMSMarker!
  private(set) var oldWharf: GMSMarker!
  private(set) var meetingPoint: GMSMarker!
  private(set) var buoy: GMSMarker!
  private(set) var buoyView: UIImageView!
  private(set) var upperPin: GMSMarker!
  private(set) var lowerPin: GMSMarker!

  /// The wharves whose markers were tapped, from their userData.
  private(set) var tappedWharves: [String] = []
  private(set) var pulseFinished = false

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: -33.8600, longitude: 151.2100, zoom: 14)
    let mapView = GMSMapView(options: options)
    mapView.delegate = self
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    // The default icon tinted, a title and snippet, and the app's own data.
    circularQuay = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8610, longitude: 151.2110))
    circularQuay.title = "Circular Quay"
    circularQuay.snippet = "Wharves 2 to 6"
    circularQuay.icon = GMSMarker.markerImage(with: .systemTeal)
    circularQuay.userData = FerryWharf(name: "Circular Quay", wharfNumber: 4)
    circularQuay.map = mapView

    // A flat icon, turned 45 degrees about its centre: it turns and tilts with the map.
    compassRose = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8560, longitude: 151.2040))
    compassRose.icon = makeRoseImage()
    compassRose.isFlat = true
    compassRose.rotation = 45
    compassRose.groundAnchor = CGPoint(x: 0.5, y: 0.5)
    compassRose.map = mapView

    // Half transparent.
    oldWharf = makeLandmarkMarker(
      at: CLLocationCoordinate2D(latitude: -33.8640, longitude: 151.2170), title: "Old wharf", snippet: "Closed")
    oldWharf.opacity = 0.5
    oldWharf.map = mapView

    // Dragged with a long press; pops in when added.
    meetingPoint = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8580, longitude: 151.2160))
    meetingPoint.title = "Meet here"
    meetingPoint.isDraggable = true
    meetingPoint.appearAnimation = .pop
    meetingPoint.map = mapView

    // A view as the icon: redrawn every frame while tracksViewChanges is true.
    let view = UIImageView(image: GMSMarker.markerImage(with: nil).withRenderingMode(.alwaysTemplate))
    view.tintColor = .systemOrange
    buoyView = view
    buoy = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8620, longitude: 151.2050))
    buoy.title = "Buoy"
    buoy.iconView = view
    buoy.tracksViewChanges = true
    buoy.infoWindowAnchor = CGPoint(x: 0.5, y: 0.2)
    buoy.map = mapView

    // Two pins on one spot: the higher zIndex is drawn, and tapped, on top.
    let spot = CLLocationCoordinate2D(latitude: -33.8655, longitude: 151.2080)
    upperPin = makeLandmarkMarker(at: spot, title: "Upper")
    upperPin.zIndex = 1
    upperPin.map = mapView
    lowerPin = makeLandmarkMarker(at: spot, title: "Lower")
    lowerPin.zIndex = 0
    lowerPin.icon = GMSMarker.markerImage(with: .gray)
    lowerPin.map = mapView

    // One info window open from the start.
    mapView.selectedMarker = circularQuay
  }

  /// Fades the buoy's view, then stops redrawing it so the map can rest.
  func pulseBuoy() {
    buoy.tracksViewChanges = true
    UIView.animate(withDuration: 1.0, animations: {
      self.buoyView.alpha = 0.4
    }, completion: { _ in
      self.buoy.tracksViewChanges = false
      self.pulseFinished = true
    })
  }

  func removeOldWharf() {
    oldWharf.map = nil
  }

  func removeEveryMarker() {
    mapView.clear()
  }

  /// A red diamond, drawn once and shared.
  private func makeRoseImage() -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40))
    return renderer.image { context in
      let cg = context.cgContext
      cg.setFillColor(UIColor.systemRed.cgColor)
      cg.move(to: CGPoint(x: 20, y: 0))
      cg.addLine(to: CGPoint(x: 40, y: 20))
      cg.addLine(to: CGPoint(x: 20, y: 40))
      cg.addLine(to: CGPoint(x: 0, y: 20))
      cg.closePath()
      cg.fillPath()
    }
  }
}

extension HarbourMarkersViewController: GMSMapViewDelegate {
  func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
    if let wharf = marker.userData as? FerryWharf {
      tappedWharves.append(wharf.name)
    }
    return false
  }
}
