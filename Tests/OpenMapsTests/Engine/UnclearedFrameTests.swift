import Foundation
import MapDrawing
import MapTestSupport
import OpenMaps
import Testing

/// A map frame is drawn into a bitmap that is not cleared first (the basemap layer paints
/// every pixel): no frame may show memory it did not paint. Debug builds fill such bitmaps
/// with ``Bitmap/unpaintedPixel`` so that a pixel left unpainted is found here.
@MainActor
@Suite("Frames drawn over uncleared memory")
struct UnclearedFrameTests {
    private func unpainted(_ bitmap: Bitmap) -> Int {
        bitmap.withUnsafeBytes { bytes in
            var count = 0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width where bytes.load(fromByteOffset: y * bitmap.bytesPerRow + x * 4, as: UInt32.self) == Bitmap.unpaintedPixel {
                    count += 1
                }
            }
            return count
        }
    }

    @Test func anUnclearedBitmapShowsItsMarkInDebugBuilds() {
        let bitmap = Bitmap(uncleared: 8, height: 4)
        #expect(bitmap.width == 8 && bitmap.height == 4)
        #if DEBUG
            #expect(unpainted(bitmap) == 32)
        #endif
        #expect(Bitmap(uncleared: 0, height: 4).isEmpty)
        #expect(Bitmap(uncleared: Bitmap.maximumDimension + 1, height: 1).isEmpty)
    }

    @Test(arguments: [GMSMapViewType.normal, .none, .satellite, .hybrid, .terrain])
    func everyPixelOfAFrameIsPainted(type: GMSMapViewType) {
        for (bearing, tilt, zoom) in [(0.0, 0.0, Float(15)), (30, 45, 15.4), (200, 65, 3), (0, 0, 0)] {
            let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 321, height: 203), camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: zoom, bearing: bearing, viewingAngle: tilt))
            map.mapType = type
            let host = GMSMapViewHost(mapView: map)
            host.prepareTiles()
            for scale in [1.0, 2, 1.5] {
                let frame = host.renderFrame(scale: scale)
                #expect(unpainted(frame) == 0, "type \(type.rawValue), bearing \(bearing), tilt \(tilt), zoom \(zoom), scale \(scale)")
            }
        }
    }
}
