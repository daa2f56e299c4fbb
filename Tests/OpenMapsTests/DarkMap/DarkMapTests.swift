import MapTestSupport
import Foundation
import MapDrawing
@testable import OpenMaps
import OpenMapsTesting
import Testing

/// The colour of a frame's pixel, in 0...255 a channel.
private func rgb(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    let color = bitmap.color(x: x, y: y) ?? .clear
    return (Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded()))
}

/// Whether two colours are within a few steps a channel.
private func near(_ a: (r: Int, g: Int, b: Int), _ hex: Int, tolerance: Int = 6) -> Bool {
    abs(a.r - (hex >> 16 & 0xFF)) <= tolerance && abs(a.g - (hex >> 8 & 0xFF)) <= tolerance && abs(a.b - (hex & 0xFF)) <= tolerance
}

/// Over the open sea off Helsinki (water) at zoom 6: the view's centre is water, and a point
/// in Finland's interior is land.
@MainActor
private func seaMap() -> (GMSMapView, GMSMapViewHost) {
    let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
    map.camera = GMSCameraPosition(latitude: 59.6, longitude: 24.0, zoom: 6)
    let host = GMSMapViewHost(mapView: map)
    host.runUntilIdle()
    return (map, host)
}

@MainActor
@Suite("A dark map")
struct DarkMapTests {
    @Test func rule32DarkAppearanceDrawsGoogleDarkScheme() {
        let (map, host) = seaMap()
        let land = map.projection.point(for: CLLocationCoordinate2D(latitude: 60.6, longitude: 24.8))
        let light = host.renderFrame(scale: 1)
        #expect(near(rgb(light, 160, 120), 0xAADAFF), "light water: \(rgb(light, 160, 120))")
        #expect(near(rgb(light, Int(land.x), Int(land.y)), 0xF5F3EE, tolerance: 12))

        map.overrideUserInterfaceStyle = .dark
        host.runUntilIdle()
        let dark = host.renderFrame(scale: 1)
        #expect(near(rgb(dark, 160, 120), 0x17263C), "dark water: \(rgb(dark, 160, 120))")
        #expect(near(rgb(dark, Int(land.x), Int(land.y)), 0x242F3E, tolerance: 12), "dark land: \(rgb(dark, Int(land.x), Int(land.y)))")

        map.overrideUserInterfaceStyle = .light
        host.runUntilIdle()
        #expect(near(rgb(host.renderFrame(scale: 1), 160, 120), 0xAADAFF))
    }

    @Test func rule32UnspecifiedFollowsTheTraitCollection() {
        let (map, host) = seaMap()
        #expect(map.overrideUserInterfaceStyle == .unspecified)
        host.userInterfaceStyle = .dark
        host.runUntilIdle()
        #expect(near(rgb(host.renderFrame(scale: 1), 160, 120), 0x17263C))
        // The map's own override wins over the window's.
        map.overrideUserInterfaceStyle = .light
        host.runUntilIdle()
        #expect(near(rgb(host.renderFrame(scale: 1), 160, 120), 0xAADAFF))
        map.overrideUserInterfaceStyle = .unspecified
        host.runUntilIdle()
        #expect(near(rgb(host.renderFrame(scale: 1), 160, 120), 0x17263C))
    }

    @Test func rule32StyledMapsKeepTheirStyle() throws {
        let (map, host) = seaMap()
        map.mapStyle = try GMSMapStyle(jsonString: ##"[{"featureType": "water", "stylers": [{"color": "#ff0000"}]}]"##)
        map.overrideUserInterfaceStyle = .dark
        host.runUntilIdle()
        #expect(near(rgb(host.renderFrame(scale: 1), 160, 120), 0xFF0000))
        // Clearing the style shows the dark scheme.
        map.mapStyle = nil
        host.runUntilIdle()
        #expect(near(rgb(host.renderFrame(scale: 1), 160, 120), 0x17263C))
    }

    @Test func rule32DefaultInfoWindowAndControlsMatch() throws {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        map.camera = GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 13, bearing: 30, viewingAngle: 0)
        map.settings.compassButton = true
        map.settings.myLocationButton = true
        map.isMyLocationEnabled = true
        let host = GMSMapViewHost(mapView: map)
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        marker.title = "Helsinki"
        marker.snippet = "Capital of Finland"
        marker.map = map
        map.selectedMarker = marker
        map.overrideUserInterfaceStyle = .dark
        host.runUntilIdle()
        #expect(map.scene.infoWindow.style.backgroundColor == InfoWindowStyle.dark.backgroundColor)
        #expect(map.scene.controls.isDark)
        let frame = host.renderFrame(scale: 1)
        let window = try #require(host.infoWindowCenter(of: marker))
        // The bubble's background near its left edge, clear of the text.
        let bubble = rgb(frame, Int(window.x) - 60, Int(window.y))
        #expect(near(bubble, 0x303134, tolerance: 10), "dark bubble: \(bubble)")
        let compass = try #require(host.center(of: .compass))
        let disc = rgb(frame, Int(compass.x) - 13, Int(compass.y))
        #expect(near(disc, 0x303134, tolerance: 14), "dark compass disc: \(disc)")

        map.overrideUserInterfaceStyle = .light
        host.runUntilIdle()
        let lightBubble = rgb(host.renderFrame(scale: 1), Int(window.x) - 60, Int(window.y))
        #expect(near(lightBubble, 0xFFFFFF, tolerance: 10), "light bubble again: \(lightBubble)")
    }

    @Test func goldenAdminAreasStyledAtZoom5Dark() {
        let options = GMSMapViewOptions()
        options.mapID = GMSMapID(identifier: "openmaps-tests")
        options.camera = GMSCameraPosition(latitude: 39, longitude: -98, zoom: 5)
        options.frame = CGRect(x: 0, y: 0, width: 640, height: 400)
        let map = GMSMapView(options: options)
        map.overrideUserInterfaceStyle = .dark
        let host = GMSMapViewHost(mapView: map)
        map.featureLayer(of: .administrativeAreaLevel1).style = { place in
            guard place.placeID.hasPrefix("ne:admin1:US:") else { return nil }
            let shade = CGFloat(place.placeID.utf8.reduce(0) { $0 + Int($1) } % 5) / 10
            return FeatureStyle(
                fill: UIColor(red: 0.3 + shade, green: 0.5, blue: 0.9 - shade, alpha: 0.45), stroke: UIColor(white: 0.85, alpha: 1),
                strokeWidth: 1)
        }
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 1), named: "dds-admin1-z5-dark")
        #expect(result.passed, "\(result.message)")
    }

    @Test func goldenHelsinkiDark() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 480, height: 360))
        map.camera = GMSCameraPosition(latitude: 60.1699, longitude: 24.9384, zoom: 15)
        map.overrideUserInterfaceStyle = .dark
        let host = GMSMapViewHost(mapView: map)
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384))
        marker.title = "Helsinki"
        marker.snippet = "Capital of Finland"
        marker.map = map
        map.selectedMarker = marker
        host.runUntilIdle()
        let result = GoldenImage.check(host.renderFrame(scale: 1), named: "dark-helsinki-z15")
        #expect(result.passed, "\(result.message)")
    }
}
