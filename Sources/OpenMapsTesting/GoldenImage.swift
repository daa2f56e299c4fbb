import Foundation
import MapDrawing

/// Golden-image checks for render tests, in the manner of MapLibre's render tests: a
/// rendered bitmap is compared with a PNG kept beside the test, pixel by pixel with a
/// perceptual (YIQ) colour distance, and passes when few enough pixels differ.
///
/// Re-record every golden with `make record-goldens` (or `OPENMAPS_RECORD_GOLDENS=1
/// swift test`) and review the changed PNGs before committing. On a mismatch the actual
/// image and a diff image (differing pixels in red) are written to `golden-failures/` at
/// the package root.
public enum GoldenImage {
    /// pixelmatch's default colour threshold, as MapLibre uses it.
    public static let colorThreshold = 0.1285
    /// The share of pixels allowed to differ: 0.015%, as in MapLibre's render tests.
    public static let allowedDifferingShare = 0.00015

    /// What a comparison found.
    public struct Result: Sendable {
        public let passed: Bool
        public let message: String
        public let differingPixels: Int
    }

    /// Compares `bitmap` with `directory/name.png`; in record mode writes it instead.
    /// - Parameter testFile: pass `#filePath`; goldens live in `__Goldens__` beside it.
    public static func check(
        _ bitmap: Bitmap, named name: String, testFile: String = #filePath,
        recording: Bool = ProcessInfo.processInfo.environment["OPENMAPS_RECORD_GOLDENS"] == "1"
    ) -> Result {
        let testDirectory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        let goldenURL = testDirectory.appendingPathComponent("__Goldens__").appendingPathComponent("\(name).png")
        if recording {
            do {
                try FileManager.default.createDirectory(
                    at: goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bitmap.pngData(compressionLevel: 9).write(to: goldenURL)
                return Result(passed: true, message: "recorded \(goldenURL.path)", differingPixels: 0)
            } catch {
                return Result(passed: false, message: "could not record \(goldenURL.path): \(error)", differingPixels: 0)
            }
        }
        guard let data = FileManager.default.contents(atPath: goldenURL.path) else {
            writeFailure(name: name, actual: bitmap, diff: nil, near: testDirectory)
            return Result(
                passed: false, message: "no golden image at \(goldenURL.path); record it with `make record-goldens`",
                differingPixels: 0)
        }
        let golden: Bitmap
        do {
            golden = try Bitmap.decode(data)
        } catch {
            return Result(passed: false, message: "golden \(goldenURL.path) unreadable: \(error)", differingPixels: 0)
        }
        guard golden.width == bitmap.width, golden.height == bitmap.height else {
            writeFailure(name: name, actual: bitmap, diff: nil, near: testDirectory)
            return Result(
                passed: false,
                message: "\(name): size \(bitmap.width)x\(bitmap.height) differs from golden \(golden.width)x\(golden.height)",
                differingPixels: bitmap.width * bitmap.height)
        }
        let (count, diff) = compare(bitmap, golden)
        let allowed = Int(Double(bitmap.width * bitmap.height) * allowedDifferingShare)
        if count > allowed {
            writeFailure(name: name, actual: bitmap, diff: diff, near: testDirectory)
            return Result(
                passed: false, message: "\(name): \(count) pixels differ (allowed \(allowed)); see golden-failures/",
                differingPixels: count)
        }
        return Result(passed: true, message: "\(name): \(count) pixels differ", differingPixels: count)
    }

    /// Counts pixels whose YIQ distance exceeds the threshold and paints them red in a diff.
    public static func compare(_ a: Bitmap, _ b: Bitmap) -> (Int, Bitmap) {
        let diff = Bitmap(width: a.width, height: a.height)
        let maxDelta = 35215 * colorThreshold * colorThreshold
        var count = 0
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                diff.withUnsafeMutableBytes { pd in
                    for y in 0..<a.height {
                        for x in 0..<a.width {
                            let offsetA = y * a.bytesPerRow + x * 4
                            let offsetB = y * b.bytesPerRow + x * 4
                            let offsetD = y * diff.bytesPerRow + x * 4
                            let ca = pa.load(fromByteOffset: offsetA, as: UInt32.self)
                            let cb = pb.load(fromByteOffset: offsetB, as: UInt32.self)
                            var out: UInt32
                            if ca != cb && delta(ca, cb) > maxDelta {
                                count += 1
                                out = 0xFFFF_0000
                            } else {
                                // Faded grey of the original, as pixelmatch draws context.
                                let gray = UInt32(255 - (255 - luma(ca)) / 10)
                                out = 0xFF00_0000 | gray << 16 | gray << 8 | gray
                            }
                            pd.storeBytes(of: out, toByteOffset: offsetD, as: UInt32.self)
                        }
                    }
                }
            }
        }
        return (count, diff)
    }

    /// Premultiplied ARGB blended over white, as straight RGB 0...255.
    private static func overWhite(_ argb: UInt32) -> (Double, Double, Double) {
        let a = Double(argb >> 24)
        let r = Double((argb >> 16) & 0xff), g = Double((argb >> 8) & 0xff), b = Double(argb & 0xff)
        return (r + 255 - a, g + 255 - a, b + 255 - a)
    }

    private static func luma(_ argb: UInt32) -> Double {
        let (r, g, b) = overWhite(argb)
        return r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    private static func delta(_ p: UInt32, _ q: UInt32) -> Double {
        let (r1, g1, b1) = overWhite(p), (r2, g2, b2) = overWhite(q)
        let y = (r1 - r2) * 0.29889531 + (g1 - g2) * 0.58662247 + (b1 - b2) * 0.11448223
        let i = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.27417610 - (b1 - b2) * 0.32180189
        let qd = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * qd * qd
    }

    private static func writeFailure(name: String, actual: Bitmap, diff: Bitmap?, near directory: URL) {
        var root = directory
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        // Outside a package (a test's scratch folder), failures go to the temporary directory.
        if root.path == "/" { root = FileManager.default.temporaryDirectory }
        let failures = root.appendingPathComponent("golden-failures")
        try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        try? actual.pngData().write(to: failures.appendingPathComponent("\(name).actual.png"))
        if let diff { try? diff.pngData().write(to: failures.appendingPathComponent("\(name).diff.png")) }
    }
}
