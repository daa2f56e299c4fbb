import MapTestSupport
import Foundation
import MapDrawing
import OpenMapsTesting
import OpenMapsUtils
import Testing

/// Cluster icons and heatmaps.
@Suite struct IconAndHeatmapTests {
    /// The colour at the middle of an image.
    static func centre(_ image: UIImage) -> Color? {
        let bitmap = image.bitmap
        return bitmap.color(x: bitmap.width / 2, y: bitmap.height / 2 + bitmap.height / 4)
    }

    @Test func rule70ClusterIconsFallInTheLibrarysBucketsAndColours() throws {
        let generator = GMUDefaultClusterIconGenerator()
        #expect(GMUDefaultClusterIconGenerator.defaultBuckets == [10, 50, 100, 200, 1000])
        let sizes: [UInt] = [9, 10, 57, 100, 250, 5_000]
        let icons = sizes.map { generator.icon(forSize: $0) }
        // The circle: at least 20 points plus 3 a bucket plus 6.
        #expect(icons[0]?.size.width == 26, "\"9\" in the first bucket")
        let largest = try #require(icons[5]), small = try #require(icons[1])
        #expect(largest.size.width > small.size.width)
        let expected: [(Double, Double, Double)] = [(0, 0.6, 0.8), (0, 0.6, 0.8), (0.4, 0.6, 0), (1, 0.533, 0), (0.8, 0, 0), (0.6, 0.2, 0.8)]
        for (icon, colour) in zip(icons, expected) {
            let image = try #require(icon)
            let found = try #require(Self.centre(image))
            #expect(abs(found.red - colour.0) < 0.02 && abs(found.green - colour.1) < 0.02 && abs(found.blue - colour.2) < 0.02, "\(found)")
        }
        // Icons are made once a label: 57 and 60 are both "50+".
        #expect(generator.icon(forSize: 57) === generator.icon(forSize: 60))
        #expect(generator.icon(forSize: 8) !== generator.icon(forSize: 9))
    }

    @Test func rule70ClusterIconsTakeTheAppsBucketsColoursAndImages() throws {
        let custom = GMUDefaultClusterIconGenerator(buckets: [5, 20], backgroundColors: [.black, UIColor(red: 0, green: 0, blue: 1, alpha: 1)])
        let smallIcon = try #require(custom.icon(forSize: 7)), largeIcon = try #require(custom.icon(forSize: 30))
        let small = try #require(Self.centre(smallIcon))
        #expect(small.red < 0.05 && small.blue < 0.05)
        let large = try #require(Self.centre(largeIcon))
        #expect(large.blue > 0.95)
        let square = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30)).image { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        let images = GMUDefaultClusterIconGenerator(buckets: [10], backgroundImages: [square])
        #expect(images.icon(forSize: 12)?.size == CGSize(width: 40, height: 30))
    }

    @Test func limitClusterIconBucketsThatAreNotIncreasingFallBackToTheDefaults() {
        let bad = GMUDefaultClusterIconGenerator(buckets: [50, 10])
        let good = GMUDefaultClusterIconGenerator()
        #expect(bad.icon(forSize: 57)?.size == good.icon(forSize: 57)?.size)
        let mismatched = GMUDefaultClusterIconGenerator(buckets: [10, 20], backgroundColors: [.red])
        #expect(mismatched.icon(forSize: 3)?.size.width == 26)
        _ = GMUDefaultClusterIconGenerator(buckets: [])
    }

    @Test func rule72AGradientMapsFromTransparentToItsColours() {
        let gradient = GMUGradient(
            colors: [UIColor(red: 0, green: 1, blue: 0, alpha: 1), UIColor(red: 1, green: 0, blue: 0, alpha: 1)], startPoints: [0.2, 1],
            colorMapSize: 11)
        let map = gradient.generateColorMap()
        #expect(map.count == 11)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        map[0].getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(a == 0, "transparent at 0")
        map[1].getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(a - 0.5) < 1e-9, "half way to the first colour at 0.1")
        map[2].getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(g - 1) < 1e-9 && abs(a - 1) < 1e-9, "the first colour at its start point")
        map[10].getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 1) < 1e-9 && g < 1e-9)
        // Green (hue 1/3) to red (hue 0) goes through yellow, not blue.
        map[6].getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r > 0.9 && g > 0.9 && b < 0.05, "yellow half way: \(r) \(g) \(b)")
    }

    @Test func limitAGradientTheLibraryWouldRefuseIsTheDefaultOne() {
        let refused = [
            GMUGradient(colors: [], startPoints: [], colorMapSize: 10),
            GMUGradient(colors: [.red, .blue], startPoints: [0.5], colorMapSize: 10),
            GMUGradient(colors: [.red, .blue], startPoints: [0.8, 0.2], colorMapSize: 10),
            GMUGradient(colors: [.red], startPoints: [1.5], colorMapSize: 10),
            GMUGradient(colors: [.red], startPoints: [0.5], colorMapSize: 1),
        ]
        for gradient in refused {
            #expect(gradient.mapSize == 1_000)
            #expect(gradient.colors.count == 2)
        }
        #expect(GMUGradient(colors: [.red], startPoints: [1], colorMapSize: 1_000_000).mapSize == 10_000, "clamped")
    }

    @MainActor
    @Test func rule72AHeatmapTileShowsItsPointsAndNothingElsewhere() throws {
        let layer = GMUHeatmapTileLayer()
        #expect(layer.radius == 20 && layer.opacity == 0.7 && layer.minimumZoomIntensity == 5 && layer.maximumZoomIntensity == 10)
        #expect(layer.tileSize == 512)
        let helsinki = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)
        layer.weightedData = [GMUWeightedLatLng(coordinate: helsinki, intensity: 1)]
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), camera: GMSCameraPosition(target: helsinki, zoom: 10))
        layer.map = map
        // The tile holding Helsinki at zoom 10, and the pixel of the point.
        let world: Double = 1_024
        let point = GMSProject(helsinki)
        let fx = (point.x + 1) / 2 * world, fy = (1 - point.y) / 2 * world
        let tile = try #require(layer.tileFor(x: UInt(fx), y: UInt(fy), zoom: 10))
        #expect(tile !== kGMSTileLayerNoTile)
        let px = Int((fx - fx.rounded(.down)) * 512), py = Int((fy - fy.rounded(.down)) * 512)
        let hot = try #require(tile.bitmap.color(x: px, y: py))
        #expect(hot.red > 0.95 && hot.green < 0.05 && hot.alpha > 0.95, "the densest spot is the gradient's end: \(hot)")
        let edge = try #require(tile.bitmap.color(x: px + 19, y: py))
        #expect(edge.alpha < hot.alpha, "fading with the kernel")
        #expect(layer.tileFor(x: 0, y: 0, zoom: 10) === kGMSTileLayerNoTile)
        // The data is taken when the layer goes on a map.
        layer.weightedData = []
        #expect(layer.tileFor(x: UInt(fx), y: UInt(fy), zoom: 10) !== kGMSTileLayerNoTile)
        layer.map = nil
        layer.map = map
        #expect(layer.tileFor(x: UInt(fx), y: UInt(fy), zoom: 10) === kGMSTileLayerNoTile)
    }

    @MainActor
    @Test func rule72HeatmapTileGolden() {
        let layer = GMUHeatmapTileLayer()
        var random = SeededGenerator(seed: 21)
        layer.weightedData = (0..<3_000).map { _ in
            let angle = Double.random(in: 0..<(2 * .pi), using: &random), distance = Double.random(in: 0...0.08, using: &random)
            return GMUWeightedLatLng(
                coordinate: CLLocationCoordinate2D(latitude: 60.17 + distance * sin(angle) * 0.5, longitude: 24.94 + distance * cos(angle)),
                intensity: Float.random(in: 0.5...2, using: &random))
        }
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 11))
        layer.map = map
        let point = GMSProject(CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        let world: Double = 2_048
        let tile = layer.tileFor(x: UInt((point.x + 1) / 2 * world), y: UInt((1 - point.y) / 2 * world), zoom: 11)
        let bitmap = tile?.bitmap ?? Bitmap(width: 1, height: 1)
        let result = GoldenImage.check(bitmap, named: "heatmap-tile", testFile: #filePath)
        #expect(result.passed, "\(result.message)")
    }

    @Test func limitAHeatmapRadiusIsClamped() {
        let layer = GMUHeatmapTileLayer()
        layer.radius = 100_000
        layer.weightedData = [GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 1), intensity: 1)]
        layer.map = nil
        #expect(layer.tileFor(x: 0, y: 0, zoom: 0)?.bitmap.width == 512)
    }

    @Test func rule72InterpolationFillsTheSpaceBetweenPointsByInverseDistance() throws {
        let interpolation = HeatmapInterpolationPoints()
        #expect(try interpolation.generatePoints(influence: 2.5).isEmpty, "no data, no points")
        interpolation.addWeightedLatLngs(latlngs: [
            GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 60.2, longitude: 24.9), intensity: 20),
            GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 61.5, longitude: 23.8), intensity: 10),
        ])
        interpolation.addWeightedLatLng(latlng: GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: 65.0, longitude: 25.5), intensity: 5))
        #expect(throws: (any Error).self) { try interpolation.generatePoints(influence: 1.9) }
        #expect(throws: (any Error).self) { try interpolation.generatePoints(influence: 2.6) }
        let points = try interpolation.generatePoints(influence: 2.2, granularity: 0.5)
        #expect(!points.isEmpty)
        // Inverse-distance weighting stays within the data's intensities, and nearer points weigh more.
        #expect(points.allSatisfy { $0.intensity >= 5 - 1e-3 && $0.intensity <= 20 + 1e-3 })
        let nearHelsinki = points.min { a, b in
            GMSGeometryDistance(GMSUnproject(GMSMapPoint(x: a.point().x, y: a.point().y)), CLLocationCoordinate2D(latitude: 60.2, longitude: 24.9))
                < GMSGeometryDistance(GMSUnproject(GMSMapPoint(x: b.point().x, y: b.point().y)), CLLocationCoordinate2D(latitude: 60.2, longitude: 24.9))
        }
        #expect((nearHelsinki?.intensity ?? 0) > 12)
        interpolation.removeAllData()
        #expect(try interpolation.generatePoints(influence: 2).isEmpty)
    }
}
