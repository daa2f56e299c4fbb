import Foundation
import OpenMaps
import MapDrawing
import OpenMapsTesting
import Testing

/// The map view's SDK surface beyond the guides: initializers, map IDs and capabilities, the
/// safe area in the padding, key-value observation.
@MainActor
@Suite("Map view surface")
struct MapViewSurfaceTests {
    private func options(_ camera: GMSCameraPosition? = nil, mapID: GMSMapID? = nil) -> GMSMapViewOptions {
        let options = GMSMapViewOptions()
        options.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        options.camera = camera
        options.mapID = mapID
        return options
    }

    @Test func mapCapabilitiesComeWithAMapID() {
        #expect(GMSMapView(options: options()).mapCapabilities == [])
        let withID = GMSMapView(options: options(mapID: .demoMapID))
        #expect(withID.mapCapabilities == [.advancedMarkers, .dataDrivenStyling, .spritePolylines])
    }

    @Test func optionsAreReadOnce() {
        let options = options(GMSCameraPosition(latitude: 10, longitude: 20, zoom: 5))
        let map = GMSMapView(options: options)
        options.camera = GMSCameraPosition(latitude: 0, longitude: 0, zoom: 2)
        #expect(abs(map.camera.target.latitude - 10) < 1e-9 && map.camera.zoom == 5)
        #expect(map.accessibilityElementsHidden && map.preferredFrameRate == .maximum && map.paddingAdjustmentBehavior == .always)
    }

    @Test func theSafeAreaAddsToThePaddingAsTheBehaviourSays() {
        let map = GMSMapView(options: options(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 10)))
        let host = GMSMapViewHost(mapView: map)
        let centre = { map.projection.point(for: map.camera.target) }
        map.padding = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        #expect(abs(centre().y - 210) < 0.01)
        host.safeAreaInsets = UIEdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
        #expect(abs(centre().y - 230) < 0.01, "always: 20 + 40 on top")
        #expect(map.padding.top == 20, "the padding reads as set")
        map.paddingAdjustmentBehavior = .automatic
        #expect(abs(centre().y - 220) < 0.01, "automatic: the larger, 40")
        map.paddingAdjustmentBehavior = .never
        #expect(abs(centre().y - 210) < 0.01, "never: 20")
    }

    @Test func nonFinitePaddingIsIgnoredWithoutAddingTheSafeAreaAgain() {
        let map = GMSMapView(options: options(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 10)))
        let host = GMSMapViewHost(mapView: map)
        host.safeAreaInsets = UIEdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
        map.padding = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        map.padding = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        map.paddingAdjustmentBehavior = .always
        #expect(map.padding.top == 20)
        #expect(abs(map.projection.point(for: map.camera.target).y - 230) < 0.01)
    }

    @Test func camerasThatDrawTheSameAreEqualForRendering() {
        let map = GMSMapView(options: options())
        let a = GMSCameraPosition(latitude: 10, longitude: 179.9999999999, zoom: 10)
        let b = GMSCameraPosition(latitude: 10, longitude: -180, zoom: 10)
        #expect(map.areEqual(forRenderingPosition: a, position: b))
        #expect(!map.areEqual(forRenderingPosition: a, position: GMSCameraPosition(latitude: 10, longitude: 179.9, zoom: 10)))
    }

    @Test func cameraSelectedMarkerAndMyLocationAreObservable() {
        let map = GMSMapView(options: options())
        let host = GMSMapViewHost(mapView: map)
        var cameras: [Float] = []
        var selections: [(String?, String?, Bool)] = []
        var locations: [CLLocationDegrees] = []
        let cameraObservation = map.observe(\.camera, options: [.new]) { _, change in
            cameras.append(change.newValue?.zoom ?? -1)
        }
        let selection = map.observe(\.selectedMarker, options: [.old, .new, .prior, .initial]) { _, change in
            selections.append((change.oldValue??.title, change.newValue??.title, change.isPrior))
        }
        let location = map.observe(\.myLocation, options: [.new]) { _, change in
            locations.append(change.newValue??.coordinate.latitude ?? .nan)
        }
        map.moveCamera(.zoom(to: 7))
        let marker = GMSMarker()
        marker.title = "m"
        marker.map = map
        map.selectedMarker = marker
        host.setMyLocation(CLLocation(latitude: 12, longitude: 13))
        #expect(cameras == [7])
        #expect(selections.map(\.0) == [nil, nil, nil] && selections.map(\.1) == [nil, nil, "m"])
        #expect(selections.map(\.2) == [false, true, false])
        #expect(locations == [12])
        cameraObservation.invalidate()
        map.moveCamera(.zoom(to: 8))
        #expect(cameras == [7], "an invalidated observation hears nothing")
        _ = (selection, location)
    }

    @Test func markerAndPolygonLayersSetTheirOverlays() {
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 1, longitude: 2))
        marker.layer.latitude = 5
        marker.layer.rotation = 90
        marker.layer.opacity = 0.5
        #expect(marker.position.latitude == 5 && marker.position.longitude == 2 && marker.rotation == 90 && marker.opacity == 0.5)
        let polygon = GMSPolygon()
        polygon.layer.fillColor = UIColor.red.cgColor
        polygon.layer.strokeWidth = 3
        #expect(polygon.fillColor == .red && polygon.strokeWidth == 3)
    }

    @Test func groundOverlayPositionMovesItsBoundsAndAnchorMovesItsPosition() throws {
        let bounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: -1, longitude: -1), coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 1))
        let overlay = GMSGroundOverlay(bounds: bounds, icon: UIImage())
        overlay.position = CLLocationCoordinate2D(latitude: 0, longitude: 10)
        let moved = try #require(overlay.bounds)
        #expect(abs(moved.southWest.longitude - 9) < 1e-9 && abs(moved.northEast.longitude - 11) < 1e-9)
        #expect(abs(moved.northEast.latitude - 1) < 1e-9)
        overlay.anchor = CGPoint(x: 0, y: 0)
        #expect(abs(overlay.position.longitude - 9) < 1e-9 && abs(overlay.position.latitude - 1) < 1e-9)
        #expect(overlay.bounds.map { abs($0.southWest.longitude - 9) < 1e-9 } == true, "the bounds stay")
        let copy = try #require(overlay.copy() as? GMSGroundOverlay)
        let copied = try #require(copy.bounds)
        #expect(abs(copied.southWest.longitude - 9) < 1e-9 && abs(copied.northEast.longitude - 11) < 1e-9, "a copy keeps its bounds")
        let wide = GMSGroundOverlay(
            bounds: GMSCoordinateBounds(
                coordinate: CLLocationCoordinate2D(latitude: -10, longitude: -100), coordinate: CLLocationCoordinate2D(latitude: 10, longitude: 100)),
            icon: UIImage())
        // The smaller box of those corners crosses the antimeridian: 100 east to 100 west.
        wide.position = CLLocationCoordinate2D(latitude: 0, longitude: 170)
        let movedWide = try #require(wide.bounds)
        #expect(abs(movedWide.southWest.longitude - 90) < 1e-6 && abs(movedWide.northEast.longitude + 110) < 1e-6, "160 degrees wide still")
    }

    @Test func shapesCopyTheirPathsAndStampStylesAreSettable() {
        let path = GMSMutablePath()
        path.addLatitude(0, longitude: 0)
        path.addLatitude(0, longitude: 1)
        let line = GMSPolyline(path: path)
        path.addLatitude(0, longitude: 2)
        #expect(line.path?.count() == 2, "the line keeps the path as it was given")
        let style = GMSStrokeStyle.solidColor(.red)
        style.stampStyle = GMSTextureStyle(image: GMSMarker.markerImage(with: nil))
        #expect(style.stampStyle?.stampImage.size == GMSMarker.markerImage(with: nil).size)
        #expect(type(of: path.pathOffset(byLatitude: 1, longitude: 0)) == GMSMutablePath.self)
    }

    @Test func pathSegmentsForALengthCountFractions() {
        let path = GMSMutablePath()
        for longitude in [0.0, 1, 2] { path.addLatitude(0, longitude: longitude) }
        let one = path.length(of: .geodesic) / 2
        #expect(abs(path.segments(forLength: one * 1.5, kind: .geodesic) - 1.5) < 1e-9)
        #expect(path.segments(forLength: one * 10, kind: .geodesic) == 2)
        #expect(path.segments(forLength: -1, kind: .geodesic) == 0 && path.segments(forLength: .nan, kind: .rhumb) == 0)
    }

    @Test func locationOnPathFollowsStraightMapLinesUnlessGeodesic() {
        let path = GMSMutablePath()
        path.addLatitude(60, longitude: 0)
        path.addLatitude(60, longitude: 40)
        let onTheParallel = CLLocationCoordinate2D(latitude: 60, longitude: 20)
        #expect(GMSGeometryIsLocationOnPathTolerance(onTheParallel, path, false, 1))
        #expect(!GMSGeometryIsLocationOnPathTolerance(onTheParallel, path, true, 1_000), "the great circle runs north of it")
        let across = GMSMutablePath()
        across.addLatitude(0, longitude: 170)
        across.addLatitude(0, longitude: -170)
        #expect(!GMSGeometryIsLocationOnPathTolerance(CLLocationCoordinate2D(latitude: 0, longitude: 0), across, false, 1))
        #expect(GMSGeometryIsLocationOnPathTolerance(CLLocationCoordinate2D(latitude: 0, longitude: 180), across, false, 1))
        let apart = GMSMapPointDistance(GMSProject(CLLocationCoordinate2D()), GMSProject(CLLocationCoordinate2D(latitude: 0, longitude: 1)))
        #expect(abs(apart / kGMSEquatorProjectedMeter - GMSGeometryDistance(CLLocationCoordinate2D(), CLLocationCoordinate2D(latitude: 0, longitude: 1))) < 1)
        #expect(GMSMapPoint() == GMSMapPoint(x: 0, y: 0) && GMSVisibleRegion().farLeft == CLLocationCoordinate2D())
        #expect(GMSAddress().lines == nil && GMSReverseGeocodeResponse().results() == nil)
    }

    @Test func pinImagesDrawTheirColours() {
        let options = GMSPinImageOptions()
        options.backgroundColor = .blue
        options.glyph = GMSPinImageGlyph(text: "A", textColor: .white)
        let pin = GMSPinImage(options: options)
        #expect(pin.size == GMSMarker.markerImage(with: nil).size)
        let bitmap = pin.bitmap
        let x = Int(pin.size.width * pin.scale / 2), y = Int(pin.size.height * pin.scale * 0.72)
        let pixel = bitmap.color(x: x, y: y)
        #expect((pixel?.blue ?? 0) > 0.8 && (pixel?.red ?? 1) < 0.25, "the pin's body is the background colour")
        #expect(GMSAdvancedMarker().collisionBehavior == .required)
    }
}

@MainActor
@Suite("Map view surface, subclasses")
struct MapViewSubclassTests {
    final class HarbourMap: GMSMapView {}

    @Test func aSubclassedMapIsObservedToo() {
        let map = HarbourMap(options: GMSMapViewOptions())
        var zooms: [Float] = []
        let observation = map.observe(\.camera, options: [.new]) { _, change in zooms.append(change.newValue?.zoom ?? -1) }
        map.moveCamera(.zoom(to: 9))
        #expect(zooms == [9])
        observation.invalidate()
    }
}
