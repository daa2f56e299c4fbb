import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: advanced markers")
struct AdvancedMarkersSnippetTests {
  private func pins() -> (PinGlyphViewController, MapDriver) {
    let controller = PinGlyphViewController()
    return (controller, hostWithoutBasemap(controller, controller.mapView))
  }

  @Test("A map made with a map ID can show advanced markers")
  func mapIDBringsAdvancedMarkers() {
    let (controller, _) = pins()
    #expect(controller.mapView.mapCapabilities.contains(.advancedMarkers))
  }

  @Test("Advanced markers are markers: on the map, drawn, and selected when tapped")
  func advancedMarkersAreMarkers() throws {
    let (controller, driver) = pins()
    #expect(controller.pins.count == 4)
    for pin in controller.pins {
      #expect(pin.map === controller.mapView)
    }
    #expect(driver.host.iconCenter(of: controller.letterPin) != nil)
    #expect(driver.host.iconCenter(of: controller.pictureGlyphPin) != nil)
    #expect(driver.host.iconCenter(of: controller.labelPin) != nil)
    #expect(driver.tap(controller.letterPin))
    driver.settle()
    #expect(controller.mapView.selectedMarker === controller.letterPin)
  }

  @Test("collisionBehavior is .required unless set, and keeps what is set")
  func collisionBehaviour() {
    let (controller, _) = pins()
    #expect(GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 0, longitude: 0)).collisionBehavior == .required)
    #expect(controller.letterPin.collisionBehavior == .required)
    #expect(controller.colourGlyphPin.collisionBehavior == .optionalAndHidesLowerPriority)
    #expect(controller.pictureGlyphPin.collisionBehavior == .requiredAndHidesOptional)
  }

  @Test("Pin images are marker icons")
  func pinImagesAreIcons() throws {
    let (controller, _) = pins()
    for pin in [controller.letterPin!, controller.colourGlyphPin!, controller.pictureGlyphPin!] {
      let icon = try #require(pin.icon)
      #expect(icon is GMSPinImage)
      #expect(icon.size.width > 0 && icon.size.height > 0)
    }
    #expect(controller.labelPin.iconView is UILabel)
  }

  @Test("A glyph keeps its text and colour, its colour alone, or its image")
  func glyphsKeepWhatTheyWereMadeWith() {
    let letter = GMSPinImageGlyph(text: "U", textColor: .white)
    #expect(letter.text == "U" && letter.textColor == .white && letter.image == nil)
    let dot = GMSPinImageGlyph(glyphColor: .black)
    #expect(dot.glyphColor == .black && dot.text == nil)
    let picture = GMSPinImageGlyph(image: GMSMarker.markerImage(with: .white))
    #expect(picture.image != nil && picture.text == nil)
    let options = GMSPinImageOptions()
    #expect(options.glyph == nil && options.backgroundColor == nil && options.borderColor == nil)
  }

  @Test("Pin images can be made off the main actor")
  func pinImagesMadeOffTheMainActor() async {
    let width = await Task.detached {
      makeLetterPin("Z", colour: .red).size.width
    }.value
    #expect(width > 0)
  }
}
