// Guide topic: "Advanced markers": GMSAdvancedMarker on a map with a map ID, pin images
// (GMSPinImage, GMSPinImageOptions, GMSPinImageGlyph) and collision behaviour.
import OpenMaps

/// Pins around Union Square, San Francisco, each styled a different way.
class PinGlyphViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var letterPin: GMSAdvancedMarker!
  private(set) var colourGlyphPin: GMSAdvancedMarker!
  private(set) var pictureGlyphPin: GMSAdvancedMarker!
  private(set) var labelPin: GMSAdvancedMarker!

  var pins: [GMSAdvancedMarker] {
    [letterPin, colourGlyphPin, pictureGlyphPin, labelPin].compactMap { $0 }
  }

  override func loadView() {
    // Advanced markers need a map ID.
    let options = GMSMapViewOptions()
    options.mapID = GMSMapID.demoMapID
    options.camera = GMSCameraPosition(latitude: 37.7880, longitude: -122.4075, zoom: 15)
    let mapView = GMSMapView(options: options)
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    // A letter on a pin in the app's colours; never hidden by other markers.
    letterPin = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 37.7880, longitude: -122.4075))
    letterPin.title = "Union Square"
    letterPin.icon = makeLetterPin("U", colour: .systemIndigo)
    letterPin.collisionBehavior = .required

    // The glyph as a plain dot of colour; hidden when it collides with a more important marker.
    let dotOptions = GMSPinImageOptions()
    dotOptions.backgroundColor = .systemYellow
    dotOptions.borderColor = .black
    dotOptions.glyph = GMSPinImageGlyph(glyphColor: .black)
    colourGlyphPin = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 37.7903, longitude: -122.4060))
    colourGlyphPin.title = "Chinatown gate"
    colourGlyphPin.icon = GMSPinImage(options: dotOptions)
    colourGlyphPin.collisionBehavior = .optionalAndHidesLowerPriority

    // A small picture as the glyph; always shown, and hides optional markers it overlaps.
    let pictureOptions = GMSPinImageOptions()
    pictureOptions.backgroundColor = .systemRed
    pictureOptions.glyph = GMSPinImageGlyph(image: makeCableCarGlyph())
    pictureGlyphPin = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 37.7850, longitude: -122.4075))
    pictureGlyphPin.title = "Cable car turnaround"
    pictureGlyphPin.icon = GMSPinImage(options: pictureOptions)
    pictureGlyphPin.collisionBehavior = .requiredAndHidesOptional

    // An advanced marker can show a view, too.
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 84, height: 24))
    label.text = "Theatres"
    label.textAlignment = .center
    label.backgroundColor = .white
    labelPin = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 37.7870, longitude: -122.4110))
    labelPin.iconView = label
    labelPin.zIndex = 2

    for pin in pins {
      pin.map = mapView
    }
  }

  private func makeCableCarGlyph() -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16))
    return renderer.image { context in
      context.cgContext.setFillColor(UIColor.white.cgColor)
      context.fill(CGRect(x: 2, y: 4, width: 12, height: 8))
    }
  }
}

/// A pin with a letter as its glyph. Pin images are images: they can be made anywhere.
func makeLetterPin(_ letter: String, colour: UIColor) -> GMSPinImage {
  let options = GMSPinImageOptions()
  options.backgroundColor = colour
  options.borderColor = .white
  options.glyph = GMSPinImageGlyph(text: letter, textColor: .white)
  return GMSPinImage(options: options)
}
