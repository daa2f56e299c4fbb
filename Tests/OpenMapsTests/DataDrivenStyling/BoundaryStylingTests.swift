import MapTestSupport
import Foundation
import Geocoding
import MapDrawing
@testable import OpenMaps
import OpenMapsTesting
import Testing

/// A map with a map ID, at a size, hosted headless over the embedded basemap.
@MainActor
private func styledMap(
    latitude: Double, longitude: Double, zoom: Float, bearing: Double = 0, angle: Double = 0,
    size: CGSize = CGSize(width: 640, height: 400)
) -> (GMSMapView, MapDriver) {
    let options = GMSMapViewOptions()
    options.mapID = GMSMapID(identifier: "openmaps-tests")
    options.camera = GMSCameraPosition(latitude: latitude, longitude: longitude, zoom: zoom, bearing: bearing, viewingAngle: angle)
    options.frame = CGRect(origin: .zero, size: size)
    let map = GMSMapView(options: options)
    return (map, MapDriver(mapView: map, size: size))
}

/// A colour per place ID, the same on every run (a small hash of the ID into a palette).
private func paletteColor(_ placeID: String) -> UIColor {
    let palette: [UIColor] = [
        UIColor(red: 0.91, green: 0.30, blue: 0.24, alpha: 0.55), UIColor(red: 0.20, green: 0.60, blue: 0.86, alpha: 0.55),
        UIColor(red: 0.18, green: 0.80, blue: 0.44, alpha: 0.55), UIColor(red: 0.95, green: 0.77, blue: 0.06, alpha: 0.55),
        UIColor(red: 0.61, green: 0.35, blue: 0.71, alpha: 0.55), UIColor(red: 0.90, green: 0.49, blue: 0.13, alpha: 0.55),
    ]
    let hash = placeID.unicodeScalars.reduce(UInt32(2_166_136_261)) { ($0 ^ $1.value) &* 16_777_619 }
    return palette[Int(hash % UInt32(palette.count))]
}

/// The colour of the frame's pixel at a view point (at scale 1), in 0...255.
@MainActor
private func pixel(_ driver: MapDriver, at point: CGPoint) -> (r: Int, g: Int, b: Int) {
    let color = driver.host.renderFrame(scale: 1).color(x: Int(point.x), y: Int(point.y)) ?? .clear
    return (Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded()))
}

/// Whether two bitmaps have the same pixels.
private func samePixels(_ a: Bitmap, _ b: Bitmap) -> Bool {
    a.width == b.width && a.height == b.height && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
}

extension MapDriver {
    /// Where a coordinate is in the view.
    fileprivate func point(of coordinate: CLLocationCoordinate2D) -> CGPoint {
        mapView.projection.point(for: coordinate)
    }
}

@MainActor
@Suite("Data-driven styling on boundaries")
struct BoundaryStylingTests {
    // MARK: Rule 28: which layers are available

    @Test func rule28BoundaryLayersAreAvailableOnMapsWithAMapID() {
        let (map, _) = styledMap(latitude: 60, longitude: 25, zoom: 4)
        #expect(map.featureLayer(of: .country).isAvailable)
        #expect(map.featureLayer(of: .administrativeAreaLevel1).isAvailable)
        #expect(map.featureLayer(of: .locality).isAvailable)
        #expect(!map.featureLayer(of: .administrativeAreaLevel2).isAvailable)
        #expect(!map.featureLayer(of: .postalCode).isAvailable)
        #expect(!map.featureLayer(of: .schoolDistrict).isAvailable)
        #expect(!map.datasetFeatureLayer(of: "parks").isAvailable)
        #expect(map.mapCapabilities.contains(.dataDrivenStyling))

        let plain = makeMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(!plain.featureLayer(of: .country).isAvailable)
        #expect(!plain.mapCapabilities.contains(.dataDrivenStyling))
    }

    @Test func rule28UnavailableLayersDrawNothingAndAreNotTapped() {
        let plain = makeMapView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        plain.camera = GMSCameraPosition(latitude: 62, longitude: 26, zoom: 4)
        let driver = MapDriver(mapView: plain, size: CGSize(width: 320, height: 240))
        driver.host.runUntilIdle()
        let before = driver.host.renderFrame(scale: 1)
        var asked = 0
        plain.featureLayer(of: .country).style = { _ in
            asked += 1
            return FeatureStyle(fill: .red, stroke: .red, strokeWidth: 3)
        }
        let recorder = DelegateRecorder()
        plain.delegate = recorder
        driver.tap(at: CGPoint(x: 160, y: 120))
        #expect(samePixels(driver.host.renderFrame(scale: 1), before))
        #expect(asked == 0)
        #expect(recorder.events.filter { $0.hasPrefix("didTap") } == ["didTapAt"])
    }

    // MARK: Rule 29: styles per feature

    @Test func rule29StyleIsAskedOncePerFeaturePerSettingAndNilDrawsNothing() throws {
        let (map, driver) = styledMap(latitude: 62, longitude: 26, zoom: 4)
        driver.host.runUntilIdle()
        let finland = driver.point(of: CLLocationCoordinate2D(latitude: 62.5, longitude: 26))
        let unstyled = pixel(driver, at: finland)

        var asked: [String: Int] = [:]
        map.featureLayer(of: .country).style = { place in
            asked[place.placeID, default: 0] += 1
            return nil
        }
        driver.host.runUntilIdle()
        _ = driver.host.renderFrame(scale: 1)
        #expect(pixel(driver, at: finland) == unstyled)
        #expect(asked["ne:country:FI"] == 1)
        #expect(asked.values.allSatisfy { $0 == 1 })

        let blue = FeatureStyle(fill: UIColor(red: 0, green: 0, blue: 1, alpha: 1), stroke: nil, strokeWidth: 0)
        map.featureLayer(of: .country).style = { place in
            asked[place.placeID, default: 0] += 1
            return place.placeID == "ne:country:FI" ? blue : nil
        }
        driver.host.runUntilIdle()
        let styled = pixel(driver, at: finland)
        #expect(styled.b > 200 && styled.r < 40 && styled.g < 40, "Finland is filled blue: \(styled)")
        #expect(asked["ne:country:FI"] == 2)
        // Panning a little asks nothing again.
        map.moveCamera(GMSCameraUpdate.scrollBy(x: 20, y: 0))
        driver.host.runUntilIdle()
        _ = driver.host.renderFrame(scale: 1)
        #expect(asked["ne:country:FI"] == 2)
    }

    @Test func rule29StylesDrawUnderLabelsAndUnderBearingAndTilt() throws {
        let (map, driver) = styledMap(latitude: 62, longitude: 26, zoom: 5, bearing: 40, angle: 30)
        let green = FeatureStyle(fill: UIColor(red: 0, green: 1, blue: 0, alpha: 1), stroke: nil, strokeWidth: 0)
        map.featureLayer(of: .country).style = { $0.placeID == "ne:country:FI" ? green : nil }
        driver.host.runUntilIdle()
        let point = driver.point(of: CLLocationCoordinate2D(latitude: 62.3, longitude: 25.2))
        let seen = pixel(driver, at: point)
        #expect(seen.g > 200 && seen.r < 60 && seen.b < 60, "Finland is green under bearing and tilt: \(seen)")
        // Labels stay on top: the frame with the style still has the label layer's pixels
        // where the basemap prints a place name (the frame differs from a flat fill there).
        let order = map.scene.drawOrder.map { String(describing: type(of: $0)) }
        let boundary = try #require(order.firstIndex(of: "BoundaryLayer"))
        let labels = try #require(order.firstIndex(of: "BasemapLabelLayer"))
        let basemap = try #require(order.firstIndex(of: "BasemapLayer"))
        #expect(basemap < boundary && boundary < labels)
    }

    @Test func rule29StrokeWidthDefaultsAndClamps() {
        #expect(BoundaryTileRenderer.strokeWidth(FeatureStyle(fill: nil, stroke: .red, strokeWidth: FeatureStyle.strokeWidthUnspecified)) == 1)
        #expect(BoundaryTileRenderer.strokeWidth(FeatureStyle(fill: nil, stroke: .red, strokeWidth: 500)) == 64)
        #expect(BoundaryTileRenderer.strokeWidth(FeatureStyle(fill: nil, stroke: .red, strokeWidth: .nan)) == 0)
        #expect(BoundaryTileRenderer.strokeWidth(FeatureStyle(fill: nil, stroke: .red, strokeWidth: -3)) == 0)
    }

    // MARK: Rule 30: feature taps

    @Test func rule30FeatureTapsComeTopLayerFirstThenDidTapAt() throws {
        let (map, driver) = styledMap(latitude: 61.5, longitude: 25, zoom: 6)
        let style = FeatureStyle(fill: UIColor(red: 1, green: 0, blue: 0, alpha: 0.3), stroke: .red, strokeWidth: 1)
        map.featureLayer(of: .country).style = { _ in style }
        map.featureLayer(of: .administrativeAreaLevel1).style = { _ in style }
        final class Taps: GMSMapViewDelegate {
            var placeIDs: [[String]] = []
            var layers: [FeatureType] = []
            var location: CLLocationCoordinate2D?
            func mapView(
                _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
                atLocation location: CLLocationCoordinate2D
            ) {
                placeIDs.append(features.compactMap { ($0 as? PlaceFeature)?.placeID })
                layers.append(featureLayer.featureType)
                self.location = location
            }
        }
        let taps = Taps()
        let recorder = DelegateRecorder(forwardingTo: taps)
        map.delegate = recorder
        driver.host.runUntilIdle()
        let tampere = CLLocationCoordinate2D(latitude: 61.4981, longitude: 23.7610)
        let point = driver.point(of: tampere)
        driver.tap(at: point)
        #expect(recorder.events.filter { $0.hasPrefix("didTap") } == [
            "didTapFeatures:ADMINISTRATIVE_AREA_LEVEL_1", "didTapFeatures:COUNTRY", "didTapAt",
        ])
        #expect(taps.layers == [.administrativeAreaLevel1, .country])
        #expect(taps.placeIDs.last == ["ne:country:FI"])
        #expect(taps.placeIDs.first?.count == 1)
        #expect(taps.placeIDs.first?.first?.hasPrefix("ne:admin1:FI:") == true)
        let location = try #require(taps.location)
        #expect(abs(location.latitude - tampere.latitude) < 0.05 && abs(location.longitude - tampere.longitude) < 0.05)
    }

    @Test func rule30MarkersAndOverlaysTakeTheTapFirst() throws {
        let (map, driver) = styledMap(latitude: 61.5, longitude: 25, zoom: 6)
        map.featureLayer(of: .country).style = { _ in FeatureStyle(fill: .red, stroke: nil, strokeWidth: 0) }
        let recorder = DelegateRecorder()
        map.delegate = recorder
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 61.5, longitude: 25))
        marker.title = "Here"
        marker.map = map
        driver.host.runUntilIdle()
        #expect(driver.tap(marker))
        #expect(recorder.events.filter { $0.hasPrefix("didTap") } == ["didTap:Here"])
    }

    @Test func rule30UnstyledFeaturesAreNotReported() throws {
        let (map, driver) = styledMap(latitude: 61.5, longitude: 25, zoom: 6)
        map.featureLayer(of: .country).style = { $0.placeID == "ne:country:SE" ? FeatureStyle(fill: .red, stroke: nil, strokeWidth: 0) : nil }
        let recorder = DelegateRecorder()
        map.delegate = recorder
        driver.host.runUntilIdle()
        driver.tap(at: driver.point(of: CLLocationCoordinate2D(latitude: 61.5, longitude: 25)))
        #expect(recorder.events.filter { $0.hasPrefix("didTap") } == ["didTapAt"])
    }

    /// Taps at the centre of a camera put just inside and just outside an edge of the drawn
    /// data: the feature is hit on one side only (to a ten-millionth of a degree).
    @Test func rule30FeatureTapsAreExactAtBorders() throws {
        let index = try #require(SharedBoundaries.load())
        let finland = try #require(index.boundaries(of: .country).first { $0.id == "ne:country:FI" })
        let ring = try #require(finland.rings.max { $0.count < $1.count })
        let a = ring[ring.count / 3], b = ring[ring.count / 3 + 1]
        let middle = CLLocationCoordinate2D(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
        // Unit normal of the edge, in degrees.
        let dx = b.longitude - a.longitude, dy = b.latitude - a.latitude
        let length = (dx * dx + dy * dy).squareRoot()
        let normal = (lat: dx / length, lon: -dy / length)
        let step = 2e-6
        let sideA = CLLocationCoordinate2D(latitude: middle.latitude + normal.lat * step, longitude: middle.longitude + normal.lon * step)
        let sideB = CLLocationCoordinate2D(latitude: middle.latitude - normal.lat * step, longitude: middle.longitude - normal.lon * step)
        #expect(finland.contains(sideA) != finland.contains(sideB))

        func tappedCountries(at coordinate: CLLocationCoordinate2D) -> [String] {
            let (map, driver) = styledMap(latitude: coordinate.latitude, longitude: coordinate.longitude, zoom: 21)
            map.featureLayer(of: .country).style = { $0.placeID == "ne:country:FI" ? FeatureStyle(fill: .red, stroke: nil, strokeWidth: 0) : nil }
            final class Taps: GMSMapViewDelegate {
                var ids: [String] = []
                func mapView(
                    _ mapView: GMSMapView, didTap features: [any Feature], in featureLayer: FeatureLayer<any Feature>,
                    atLocation location: CLLocationCoordinate2D
                ) { ids += features.compactMap { ($0 as? PlaceFeature)?.placeID } }
            }
            let taps = Taps()
            map.delegate = taps
            driver.host.runUntilIdle()
            driver.tap(at: CGPoint(x: 320, y: 200))
            return taps.ids
        }
        let inside = finland.contains(sideA) ? sideA : sideB
        let outside = finland.contains(sideA) ? sideB : sideA
        #expect(tappedCountries(at: inside) == ["ne:country:FI"])
        #expect(tappedCountries(at: outside) == [])
    }

    @Test func rule30HolesMultipolygonsAndTheAntimeridian() throws {
        let index = try #require(SharedBoundaries.load())
        func countries(_ latitude: Double, _ longitude: Double) -> [String] {
            let list = index.boundaries(of: .country)
            return index.indices(of: .country, containing: CLLocationCoordinate2D(latitude: latitude, longitude: longitude)).map { list[$0].id }
        }
        // Lesotho is a hole in South Africa.
        #expect(countries(-29.31, 27.48) == ["ne:country:LS"])
        #expect(countries(-26.2, 28.04) == ["ne:country:ZA"])
        // Hawaii and Alaska are parts of the United States.
        #expect(countries(19.6, -155.5) == ["ne:country:US"])
        #expect(countries(64.8, -147.7) == ["ne:country:US"])
        // Russia on both sides of the antimeridian, and on it.
        #expect(countries(67, 179.5) == ["ne:country:RU"])
        #expect(countries(66, -175) == ["ne:country:RU"])
        #expect(countries(67, 180) == ["ne:country:RU"])
        #expect(countries(67, -180) == ["ne:country:RU"])
        #expect(countries(67, 540 - 0.5) == ["ne:country:RU"])
        // Open sea.
        #expect(countries(0, -140).isEmpty)
    }

    @Test func rule30TapsAcrossTheAntimeridianOnTheMap() throws {
        let (map, driver) = styledMap(latitude: 66.5, longitude: 180, zoom: 6)
        map.featureLayer(of: .country).style = { $0.placeID == "ne:country:RU" ? FeatureStyle(fill: .red, stroke: nil, strokeWidth: 0) : nil }
        let recorder = DelegateRecorder()
        map.delegate = recorder
        driver.host.runUntilIdle()
        for longitude in [179.0, -178.5] {
            recorder.clear()
            driver.tap(at: driver.point(of: CLLocationCoordinate2D(latitude: 66.5, longitude: longitude)))
            #expect(recorder.events.filter { $0.hasPrefix("didTap") } == ["didTapFeatures:COUNTRY", "didTapAt"])
        }
    }

    @Test func rule28LocalitiesAreLiechtensteinsMunicipalities() throws {
        let index = try #require(SharedBoundaries.load())
        let localities = index.boundaries(of: .locality)
        #expect(localities.count == 11)
        #expect(Set(localities.map(\.id)).isSuperset(of: ["loc:LI:Vaduz", "loc:LI:Schaan", "loc:LI:Balzers", "loc:LI:Triesenberg"]))
        #expect(localities.allSatisfy { $0.countryCode == "LI" })
        let vaduz = try #require(localities.first { $0.id == "loc:LI:Vaduz" })
        #expect(vaduz.name == "Vaduz")
        #expect(vaduz.contains(CLLocationCoordinate2D(latitude: 47.1410, longitude: 9.5209)))
        #expect(index.indices(of: .locality, containing: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)).isEmpty, "no Helsinki")
    }

    @Test func rule30LocalityTapsComeBeforeTheirCountry() throws {
        let (map, driver) = styledMap(latitude: 47.141, longitude: 9.521, zoom: 11)
        let style = FeatureStyle(fill: UIColor(red: 0, green: 0.5, blue: 1, alpha: 0.3), stroke: .blue, strokeWidth: 2)
        map.featureLayer(of: .locality).style = { _ in style }
        map.featureLayer(of: .country).style = { _ in style }
        let recorder = DelegateRecorder()
        map.delegate = recorder
        driver.host.runUntilIdle()
        driver.tap(at: driver.point(of: CLLocationCoordinate2D(latitude: 47.1410, longitude: 9.5209)))
        #expect(recorder.events.filter { $0.hasPrefix("didTap") } == ["didTapFeatures:LOCALITY", "didTapFeatures:COUNTRY", "didTapAt"])
    }

    @Test func goldenLocalitiesOfLiechtenstein() {
        let (map, driver) = styledMap(latitude: 47.14, longitude: 9.55, zoom: 10)
        map.featureLayer(of: .locality).style = { place in
            FeatureStyle(fill: paletteColor(place.placeID), stroke: UIColor(white: 0.15, alpha: 0.9), strokeWidth: 1.5)
        }
        driver.host.runUntilIdle()
        let result = GoldenImage.check(driver.host.renderFrame(scale: 1), named: "dds-localities-liechtenstein")
        #expect(result.passed, "\(result.message)")
    }

    // MARK: Rule 31: place IDs

    @Test func rule31PlaceIDsAreStable() throws {
        let index = try #require(SharedBoundaries.load())
        let countries = Set(index.boundaries(of: .country).map(\.id))
        let admins = index.boundaries(of: .administrativeAreaLevel1).map(\.id)
        #expect(countries.count == index.boundaries(of: .country).count)
        #expect(Set(admins).count == admins.count)
        for id in ["ne:country:FI", "ne:country:FR", "ne:country:NO", "ne:country:US", "ne:country:ESB"] { #expect(countries.contains(id), "\(id)") }
        #expect(admins.contains("ne:admin1:US:California"))
        #expect(admins.contains("ne:admin1:FI:Uusimaa"))
        #expect(admins.contains("ne:admin1:IE:Cork") && admins.contains("ne:admin1:IE:Cork:2"))
        #expect(index.boundaries(of: .country).allSatisfy { $0.id.hasPrefix("ne:country:") })
        #expect(index.boundaries(of: .locality).allSatisfy { $0.id.hasPrefix("loc:LI:") })
    }

    // MARK: Goldens

    @Test func goldenCountriesStyledAtZoom3() {
        let (map, driver) = styledMap(latitude: 50, longitude: 15, zoom: 3)
        map.featureLayer(of: .country).style = { place in
            FeatureStyle(fill: paletteColor(place.placeID), stroke: UIColor(white: 0.2, alpha: 0.8), strokeWidth: 1)
        }
        driver.host.runUntilIdle()
        let result = GoldenImage.check(driver.host.renderFrame(scale: 1), named: "dds-countries-z3")
        #expect(result.passed, "\(result.message)")
    }

    @Test func goldenAdminAreasStyledAtZoom5() {
        let (map, driver) = styledMap(latitude: 39, longitude: -98, zoom: 5)
        map.featureLayer(of: .administrativeAreaLevel1).style = { place in
            place.placeID.hasPrefix("ne:admin1:US:")
                ? FeatureStyle(fill: paletteColor(place.placeID), stroke: UIColor(red: 0.1, green: 0.1, blue: 0.5, alpha: 1), strokeWidth: 1.5)
                : nil
        }
        driver.host.runUntilIdle()
        let result = GoldenImage.check(driver.host.renderFrame(scale: 1), named: "dds-admin1-z5")
        #expect(result.passed, "\(result.message)")
    }
}
