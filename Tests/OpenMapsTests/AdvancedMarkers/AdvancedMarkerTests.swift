import Foundation
import MapDrawing
@testable import OpenMaps
import OpenMapsTesting
import Testing

/// A map with a map ID (advanced markers collide) at Helsinki's centre, zoom 15.
@MainActor
private func advancedMap(mapID: Bool = true) -> (GMSMapView, MapDriver) {
    let options = GMSMapViewOptions()
    if mapID { options.mapID = GMSMapID(identifier: "openmaps-tests") }
    options.camera = GMSCameraPosition(latitude: 60.1699, longitude: 24.9384, zoom: 15)
    options.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
    let map = GMSMapView(options: options)
    return (map, MapDriver(mapView: map, size: CGSize(width: 400, height: 300)))
}

@MainActor
private func advanced(
    _ map: GMSMapView, _ title: String, dx: Double = 0, _ behavior: GMSCollisionBehavior, zIndex: Int32 = 0
) -> GMSAdvancedMarker {
    let marker = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384 + dx))
    marker.title = title
    marker.collisionBehavior = behavior
    marker.zIndex = zIndex
    marker.map = map
    return marker
}

/// Whether a marker is drawn for the map's camera now.
@MainActor
private func shown(_ map: GMSMapView, _ marker: GMSMarker) -> Bool {
    map.scene.markers.isShown(marker, in: map.scene.camera.viewport)
}

@MainActor
@Suite("Advanced markers")
struct AdvancedMarkerTests {
    // MARK: Rule 33: collisions

    @Test func rule33RequiredMarkersAlwaysShow() {
        let (map, driver) = advancedMap()
        let a = advanced(map, "A", .required)
        let b = advanced(map, "B", dx: 0.00005, .required)
        driver.host.runUntilIdle()
        #expect(shown(map, a) && shown(map, b))
    }

    @Test func rule33OptionalGivesWayToRequiredAndToHigherZIndex() {
        let (map, driver) = advancedMap()
        let required = advanced(map, "Required", .required)
        let optional = advanced(map, "Optional", dx: 0.00005, .optionalAndHidesLowerPriority, zIndex: 10)
        driver.host.runUntilIdle()
        #expect(shown(map, required))
        #expect(!shown(map, optional))

        required.map = nil
        let low = advanced(map, "Low", dx: -0.00005, .optionalAndHidesLowerPriority, zIndex: 1)
        driver.host.runUntilIdle()
        #expect(shown(map, optional))
        #expect(!shown(map, low))
        // Raising the lower one's priority turns the tables.
        low.zIndex = 20
        driver.host.runUntilIdle()
        #expect(shown(map, low))
        #expect(!shown(map, optional))
    }

    @Test func rule33EqualPriorityGoesToTheMarkerLowerOnScreen() {
        let (map, driver) = advancedMap()
        let upper = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 60.17005, longitude: 24.9384))
        upper.collisionBehavior = .optionalAndHidesLowerPriority
        upper.map = map
        let lower = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384))
        lower.collisionBehavior = .optionalAndHidesLowerPriority
        lower.map = map
        driver.host.runUntilIdle()
        #expect(shown(map, lower))
        #expect(!shown(map, upper))
    }

    @Test func rule33MarkersApartDoNotCollide() {
        let (map, driver) = advancedMap()
        let a = advanced(map, "A", .optionalAndHidesLowerPriority)
        let b = advanced(map, "B", dx: 0.003, .optionalAndHidesLowerPriority)
        driver.host.runUntilIdle()
        #expect(shown(map, a) && shown(map, b))
    }

    @Test func rule33HiddenMarkersAreNotTappable() throws {
        let (map, driver) = advancedMap()
        let recorder = DelegateRecorder()
        map.delegate = recorder
        _ = advanced(map, "Required", .requiredAndHidesOptional)
        let optional = advanced(map, "Optional", dx: 0.00002, .optionalAndHidesLowerPriority, zIndex: 100)
        driver.host.runUntilIdle()
        #expect(!shown(map, optional))
        // The optional marker's own icon centre: the required one is hit, never the hidden one.
        let point = map.projection.point(for: optional.position)
        driver.tap(at: CGPoint(x: point.x, y: point.y - 20))
        #expect(recorder.events.contains("didTap:Required"))
        #expect(!recorder.events.contains("didTap:Optional"))
    }

    @Test func rule33WithoutAMapIDNothingCollides() {
        let (map, driver) = advancedMap(mapID: false)
        let a = advanced(map, "A", .required)
        let b = advanced(map, "B", dx: 0.00005, .optionalAndHidesLowerPriority)
        driver.host.runUntilIdle()
        #expect(shown(map, a) && shown(map, b))
    }

    @Test func rule33MarkersHideLabelsWhereTheyHideOptional() throws {
        let (map, driver) = advancedMap()
        driver.host.runUntilIdle()
        let before = map.scene.labels.labels(in: map.scene.camera.viewport)
        let label = try #require(before.first { $0.box.width > 20 && $0.box.minX > 40 && $0.box.maxX < 360 && $0.box.minY > 60 })
        // A plain required marker over the label leaves it.
        let anchor = map.projection.coordinate(for: CGPoint(x: label.box.midX, y: label.box.maxY + 2))
        let plain = GMSAdvancedMarker(position: anchor)
        plain.map = map
        driver.host.runUntilIdle()
        #expect(map.scene.labels.labels(in: map.scene.camera.viewport).contains { $0.text == label.text && $0.box == label.box })
        // One that hides optional hides it.
        plain.collisionBehavior = .requiredAndHidesOptional
        driver.host.runUntilIdle()
        #expect(!map.scene.labels.labels(in: map.scene.camera.viewport).contains { $0.text == label.text && $0.box == label.box })
        // So does a shown optional marker.
        plain.collisionBehavior = .optionalAndHidesLowerPriority
        driver.host.runUntilIdle()
        #expect(shown(map, plain))
        #expect(!map.scene.labels.labels(in: map.scene.camera.viewport).contains { $0.text == label.text && $0.box == label.box })
    }

    @Test func goldenCollisionsHideLabels() {
        let (map, driver) = advancedMap()
        let coordinates = [(60.1699, 24.9384), (60.1702, 24.9388), (60.1712, 24.9410), (60.1686, 24.9352), (60.1680, 24.9420)]
        for (i, (lat, lon)) in coordinates.enumerated() {
            let options = GMSPinImageOptions()
            options.backgroundColor = [UIColor.systemBlue, .systemGreen, .systemOrange, .systemPurple, .systemRed][i]
            options.glyph = GMSPinImageGlyph(text: "\(i + 1)", textColor: .white)
            let marker = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: lat, longitude: lon))
            marker.icon = GMSPinImage(options: options)
            marker.collisionBehavior = i == 0 ? .requiredAndHidesOptional : .optionalAndHidesLowerPriority
            marker.zIndex = Int32(i)
            marker.map = map
        }
        driver.host.runUntilIdle()
        let result = GoldenImage.check(driver.host.renderFrame(scale: 2), named: "advanced-markers-collisions")
        #expect(result.passed, "\(result.message)")
    }

    // MARK: Pin images

    @Test func goldenPinImageWithEachOption() {
        let canvas = Canvas(size: CGSize(width: 6 * 40, height: 56), scale: 2)
        canvas.clear(Color(rgb: 0xF5F3EE))
        func options(_ configure: (GMSPinImageOptions) -> Void) -> GMSPinImageOptions {
            let options = GMSPinImageOptions()
            configure(options)
            return options
        }
        let glyph = Canvas(size: CGSize(width: 12, height: 12), scale: 2)
        glyph.fill(.ellipse(in: CGRect(x: 1, y: 1, width: 10, height: 10)), with: Color(rgb: 0x1A73E8))
        let pins = [
            options { _ in },
            options { $0.backgroundColor = .systemBlue },
            options { $0.borderColor = .black },
            options { $0.glyph = GMSPinImageGlyph(glyphColor: .white) },
            options { $0.glyph = GMSPinImageGlyph(text: "A1", textColor: .white) },
            options { $0.glyph = GMSPinImageGlyph(image: UIImage(bitmap: glyph.bitmap, scale: 2)) },
        ].map { GMSPinImage(options: $0) }
        for (i, pin) in pins.enumerated() {
            canvas.draw(pin.bitmap, in: CGRect(x: Double(i) * 40 + (40 - pin.size.width) / 2, y: 8, width: pin.size.width, height: pin.size.height))
        }
        let result = GoldenImage.check(canvas.bitmap, named: "pin-image-options")
        #expect(result.passed, "\(result.message)")
    }

    @Test func advancedMarkerIconViewIsLive() {
        let (map, driver) = advancedMap()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        view.backgroundColor = .red
        let marker = GMSAdvancedMarker(position: CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384))
        marker.iconView = view
        marker.tracksViewChanges = false
        marker.map = map
        driver.host.runUntilIdle()
        let centre = map.projection.point(for: marker.position)
        func colour() -> Color { driver.host.renderFrame(scale: 1).color(x: Int(centre.x), y: Int(centre.y) - 12) ?? .clear }
        #expect(colour().red > 0.9 && colour().blue < 0.1)
        view.backgroundColor = .blue
        driver.host.runUntilIdle()
        #expect(colour().blue > 0.9 && colour().red < 0.1, "an advanced marker's view is live, tracksViewChanges or not")
    }
}
