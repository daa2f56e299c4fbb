import Foundation
import MapDrawing
import MapGeometry
import OpenMapsTesting
import Testing

/// A large projected draw is shared out by bands of rows among the cores, and the calling
/// thread may do other work (a map's label placement) while the other cores start on them.
@Suite("Work alongside a projected draw")
struct ProjectedAlongsideTests {
    /// A 64-pixel opaque image with a disc.
    private static let image: Bitmap = {
        let canvas = Canvas(size: CGSize(width: 64, height: 64), scale: 1)
        canvas.clear(Color(rgb: 0x336699))
        canvas.fill(.ellipse(in: CGRect(x: 8, y: 12, width: 40, height: 30)), with: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 1))
        canvas.bitmap.recordOpacity()
        return canvas.bitmap
    }()

    /// Tilted squares over a canvas of `width` x `height` points, in perspective.
    private static func pieces(_ count: Int, width: Double, height: Double, seed: UInt64) -> [ProjectedImage] {
        var mix = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let size = 2 + mix.unit() * 8, angle = mix.unit() * 2 * Double.pi
            let g = mix.unit() * 0.002, h = mix.unit() * 0.002
            let tx = mix.unit() * width - 40, ty = mix.unit() * height - 40
            let transform = ProjectiveTransform(
                cos(angle) * size, -sin(angle) * size, tx, sin(angle) * size, cos(angle) * size, ty, g, h, 1)
            return ProjectedImage(
                image: image, part: CGRect(x: 0, y: 0, width: 64, height: 64), transform: transform, bleed: 1,
                opacity: mix.next() % 4 == 0 ? 0.6 : 1)
        }
    }

    /// How many bytes differ between two bitmaps of one size (compared as counts: an
    /// expectation over the arrays would diff megabytes on failure).
    private static func differingBytes(_ a: Bitmap, _ b: Bitmap) -> Int {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count != y.count ? max(x.count, y.count) : zip(x, y).count { $0 != $1 } } }
    }

    @Test func workAlongsideAProjectedDrawRunsOnceOnTheCallingThreadAndLeavesTheSamePixels() {
        let background = Color(rgb: 0xEEE8DD)
        // 640 x 400 at scale 2: far over the area shared out among the cores; 60 x 40: drawn
        // by the calling thread alone.
        for (width, height) in [(640.0, 400.0), (60.0, 40.0)] {
            let pieces = Self.pieces(12, width: width, height: height, seed: 8)
            let expected = Canvas(size: CGSize(width: width, height: height), scale: 2)
            expected.draw(pieces, background: background)
            let actual = Canvas(size: CGSize(width: width, height: height), scale: 2)
            let caller = pthread_self()
            var runs = 0, onCaller = true
            actual.draw(pieces, background: background) {
                runs += 1
                onCaller = onCaller && pthread_equal(pthread_self(), caller) != 0
                // Long enough for the other cores to take bands first.
                usleep(2_000)
            }
            #expect(runs == 1, "\(width) x \(height)")
            #expect(onCaller, "\(width) x \(height)")
            #expect(Self.differingBytes(actual.bitmap, expected.bitmap) == 0, "\(width) x \(height)")
        }
    }

    @Test func workAlongsideRunsOnceWhenNothingIsDrawn() {
        var runs = 0
        Canvas(size: CGSize(width: 100, height: 100), scale: 1).draw([]) { runs += 1 }
        let clipped = Canvas(size: CGSize(width: 100, height: 100), scale: 1)
        clipped.clip(to: CGRect(x: 10, y: 10, width: 0, height: 0))
        clipped.draw(Self.pieces(3, width: 100, height: 100, seed: 2)) { runs += 1 }
        Canvas(size: .zero, scale: 1).draw(Self.pieces(3, width: 100, height: 100, seed: 2)) { runs += 1 }
        #expect(runs == 3)
        // A flat batch draws its tiles as they are added: the work runs when it is drawn.
        let batch = TileImageBatch(viewport: Viewport(target: CLLocationCoordinate2D(latitude: 60, longitude: 25), zoom: 12, width: 100, height: 100))
        batch.draw(in: Canvas(size: CGSize(width: 100, height: 100), scale: 1)) { runs += 1 }
        #expect(runs == 4)
    }

    @Test func projectedPixelsDoNotDependOnHowRowsAreSharedOut() {
        let pieces = Self.pieces(16, width: 640, height: 400, seed: 21)
        // Shared out among the cores in bands.
        let whole = Canvas(size: CGSize(width: 640, height: 400), scale: 2)
        whole.draw(pieces)
        // Strip by strip under a clip, each strip too small to be shared out (under 200,000
        // pixels of pieces: at most 16 pieces over 8 rows of 1,280).
        let strips = Canvas(size: CGSize(width: 640, height: 400), scale: 2)
        var top = 0.0
        for index in 0..<160 {
            let height = [1.0, 3, 4, 2][index % 4]
            strips.withSavedState {
                strips.clip(to: CGRect(x: 0, y: top, width: 640, height: height))
                strips.draw(pieces)
            }
            top += height
        }
        #expect(top == 400)
        #expect(Self.differingBytes(whole.bitmap, strips.bitmap) == 0)
    }
}
