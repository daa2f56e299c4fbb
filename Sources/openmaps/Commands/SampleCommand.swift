import ArgumentParser
import Foundation
import MapDrawing
import OpenMaps

/// `openmaps sample`: draws a few default markers and one open info window to a PNG.
struct SampleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Render a sample picture: markers over central Helsinki on the embedded basemap, one info window open."
    )

    @Option(name: .shortAndLong, help: "Where to write the PNG.")
    var output = "out/sample.png"

    @Option(help: "Pixels per point (1, 2 or 3).")
    var scale: Double = 2

    @MainActor
    func run() async throws {
        guard scale.isFinite, scale >= 1, scale <= 3 else {
            throw ValidationError("--scale must be between 1 and 3")
        }
        let picture = SamplePicture(size: CGSize(width: 640, height: 400), scale: scale)
        let data = try picture.render().pngData(compressionLevel: 6)
        let url = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        print("Wrote \(url.path) (\(data.count) bytes)")
    }
}
