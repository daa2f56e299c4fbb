import Benchmark
import Foundation
import MapDrawing
import OpenMaps

/// Drawing, text and codec figures of the foundation issue.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )

    Benchmark("Default info window layout and draw, scale 2") { benchmark in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            for _ in iterations {
                blackHole(InfoWindowRenderer.render(.text(title: "London", snippet: "Population: 8,174,100"), scale: 2))
            }
        }
    }

    Benchmark("Info window with a 1 MB snippet, scale 2") { benchmark in
        let snippet = String(repeating: "Very long text ", count: 70_000)
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            for _ in iterations {
                blackHole(InfoWindowRenderer.render(.text(title: "Title", snippet: snippet), scale: 2))
            }
        }
    }

    Benchmark("Text layout of a 1 MB snippet cut to 6 lines") { benchmark in
        let snippet = String(repeating: "Very long text ", count: 70_000)
        let style = TextStyle(font: Font(size: 13), maximumLines: 6)
        for _ in benchmark.scaledIterations {
            blackHole(TextLayout(text: snippet, style: style, width: 240))
        }
    }

    Benchmark("Default pin draw, scale 2") { benchmark in
        let canvas = Canvas(size: DefaultMarkerIcon.size, scale: 2)
        for _ in benchmark.scaledIterations {
            DefaultMarkerIcon.draw(in: canvas)
        }
        blackHole(canvas)
    }

    let frame = BenchmarkFrame.make()

    Benchmark("PNG encode of a 1280x800 frame (level 1)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try frame.pngData(compressionLevel: 1))
        }
    }

    Benchmark("PNG encode of a 1280x800 frame (level 6)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try frame.pngData(compressionLevel: 6))
        }
    }

    Benchmark("JPEG encode of a 1280x800 frame (quality 80)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try frame.jpegData(quality: 80))
        }
    }
}

/// A map-like 1280x800 frame: land, a graticule, 100 pins and an info window.
enum BenchmarkFrame {
    static func make() -> Bitmap {
        let canvas = Canvas(size: CGSize(width: 640, height: 400), scale: 2)
        canvas.clear(Color(rgb: 0xF5F3EE))
        var grid = Path()
        for x in stride(from: 0.0, through: 640, by: 40) {
            grid.move(to: CGPoint(x: x, y: 0))
            grid.line(to: CGPoint(x: x, y: 400))
        }
        for y in stride(from: 0.0, through: 400, by: 40) {
            grid.move(to: CGPoint(x: 0, y: y))
            grid.line(to: CGPoint(x: 640, y: y))
        }
        canvas.stroke(grid, with: Color(white: 0, alpha: 0.06), style: StrokeStyle(width: 1))
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<100 {
            canvas.withSavedState {
                canvas.translate(x: next() * 610, y: next() * 360)
                DefaultMarkerIcon.draw(in: canvas)
            }
        }
        return canvas.bitmap
    }
}
