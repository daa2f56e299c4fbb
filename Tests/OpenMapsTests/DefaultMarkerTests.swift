import OpenMapsTesting
import OpenMaps
import Testing

@MainActor
@Suite("Default marker")
struct DefaultMarkerTests {
    @Test func pinIsGoogleSized() {
        let image = GMSMarker.markerImage(with: nil)
        #expect(image.size == CGSize(width: 27, height: 43))
    }

    @Test func pinIsCrispAtEveryScale() {
        for scale in [1.0, 2, 3] {
            let image = DefaultMarkerIcon.image(scale: scale)
            #expect(image.bitmap.width == Int(27 * scale) && image.bitmap.height == Int(43 * scale))
            // Opaque red at the head's side, transparent in the corners.
            let side = image.bitmap.color(x: Int(5 * scale), y: Int(13.5 * scale))
            #expect(side?.alpha == 1 && (side?.red ?? 0) > 0.8)
            #expect(image.bitmap.color(x: 0, y: image.bitmap.height - 1)?.alpha == 0)
        }
    }

    @Test func pinGolden() {
        let result = GoldenImage.check(DefaultMarkerIcon.image(scale: 2).bitmap, named: "pin")
        #expect(result.passed, "\(result.message)")
    }

    @Test func tintedPinGolden() {
        let result = GoldenImage.check(DefaultMarkerIcon.image(color: UIColor.systemBlue.color, scale: 2).bitmap, named: "pin-tinted")
        #expect(result.passed, "\(result.message)")
    }

    @Test func markerDefaultsMatchTheSDK() {
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
        #expect(marker.groundAnchor == CGPoint(x: 0.5, y: 1))
        #expect(marker.infoWindowAnchor == CGPoint(x: 0.5, y: 0))
        #expect(marker.isTappable && !marker.isDraggable && !marker.isFlat)
        #expect(marker.tracksViewChanges && !marker.tracksInfoWindowChanges)
        #expect(marker.opacity == 1 && marker.rotation == 0 && marker.zIndex == 0)
        #expect(marker.appearAnimation == .none)
    }
}
