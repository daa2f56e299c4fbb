import Foundation
import MapDrawing
import MapTestSupport
import OpenMaps
import Testing

/// A live view draws a panned map at whole pixels from its last frame by moving its picture
/// less than a pixel (`GMSMapViewHost.renderFrame(scale:offset:)`, ours): the picture moves,
/// and nothing else changes.
@MainActor
@Suite("Frames drawn moved")
struct FrameOffsetTests {
    @Test func aFrameDrawnMovedIsTheFrameMovedAndEveryPixelIsPainted() throws {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 240, height: 160), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 15.3))
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.1690, longitude: 24.9450))
        marker.map = map
        let host = GMSMapViewHost(mapView: map)
        host.prepareTiles()
        for scale in [1.0, 2] {
            let plain = host.renderFrame(scale: scale)
            // Two points right and one down: whole pixels at either scale.
            let moved = host.renderFrame(scale: scale, offset: CGPoint(x: 2, y: 1))
            let dx = Int(2 * scale), dy = Int(scale)
            var differing = 0, unpainted = 0, worst = 0
            for y in 0..<moved.height {
                for x in 0..<moved.width {
                    let pixel = moved.pixel(x: x, y: y) ?? 0
                    if pixel == Bitmap.unpaintedPixel { unpainted += 1 }
                    guard x >= dx, y >= dy, let before = plain.pixel(x: x - dx, y: y - dy), before != pixel else { continue }
                    differing += 1
                    for shift: UInt32 in [0, 8, 16, 24] { worst = max(worst, abs(Int((pixel >> shift) & 0xFF) - Int((before >> shift) & 0xFF))) }
                }
            }
            #expect(unpainted == 0)
            // Resampled tiles may round a level apart where their transforms' fractions differ
            // in the last bits.
            #expect(differing * 1_000 < moved.width * moved.height && worst <= 2, "\(differing) pixels at scale \(scale), by up to \(worst)")
        }
        // Not moved, or moved by something not finite: the plain frame.
        let plain = host.renderFrame(scale: 1)
        for offset in [CGPoint.zero, CGPoint(x: Double.nan, y: 1), CGPoint(x: Double.infinity, y: 0)] {
            let frame = host.renderFrame(scale: 1, offset: offset)
            #expect(frame.withUnsafeBytes { Data($0) } == plain.withUnsafeBytes { Data($0) })
        }
    }
}
