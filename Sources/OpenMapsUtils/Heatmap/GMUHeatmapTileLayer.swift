import Foundation
import Logging
import MapDrawing
import OpenMaps

/// A heatmap drawn as 512-pixel tiles, as the library's `GMUHeatmapTileLayer`: each point
/// spreads its intensity with a Gaussian of σ = radius / 3 pixels; intensities are scaled by
/// the densest spot at the zoom (the largest sum in cells `radius` pixels wide, measured at
/// the zooms from `minimumZoomIntensity` to `maximumZoomIntensity` and held beyond them) and
/// coloured through the gradient's colour map. Drawn at `opacity` 0.7.
///
/// As in the library, the data, radius, gradient and zoom intensities take effect when the
/// layer is put on a map (`map` set): to change a heatmap on a map, set `map` to nil and back.
/// `clearTileCache()` alone draws the tiles again from what was taken then.
open class GMUHeatmapTileLayer: GMSSyncTileLayer {
    /// The largest radius, in pixels (docs/limits.md): larger ones are clamped.
    public static let maximumRadius: UInt = 256
    /// The most points a heatmap draws (docs/limits.md): the first this many of `weightedData`
    /// are used, the rest left out with a logged warning. An OpenMaps limit.
    public static let maximumPoints = 1_000_000
    /// The zooms tiles are drawn for, 0..<22 (deeper tiles are none).
    static let zoomLevels = 22

    /// The points.
    open var weightedData: [GMUWeightedLatLng] = [] { didSet { dirty = true } }
    /// How far a point spreads, in pixels (20).
    open var radius: UInt = 20 { didSet { dirty = true } }
    /// The colours (green to red by default).
    open var gradient = GMUGradient.heatmapDefault() { didSet { dirty = true } }
    /// The lowest zoom whose densest spot is measured (5).
    open var minimumZoomIntensity: UInt = 5 { didSet { dirty = true } }
    /// The highest zoom whose densest spot is measured (10).
    open var maximumZoomIntensity: UInt = 10 { didSet { dirty = true } }

    open override weak var map: GMSMapView? {
        willSet {
            if dirty {
                prepare()
                dirty = false
            }
        }
    }

    private var dirty = true
    private let snapshotLock = NSLock()
    private var snapshot: HeatmapSnapshot?
    private static let logger = Logger(label: "OpenMaps.Utils.Heatmap")

    public override init() {
        super.init()
        opacity = 0.7
        tileSize = 512
    }

    /// Takes the data and settings for the tiles to come.
    private func prepare() {
        var usedRadius = radius
        if usedRadius > Self.maximumRadius {
            Self.logger.warning("heatmap radius \(radius) over \(Self.maximumRadius); clamped")
            usedRadius = Self.maximumRadius
        }
        var points = weightedData
        if points.count > Self.maximumPoints {
            Self.logger.warning("heatmap has \(points.count) points, more than the \(Self.maximumPoints) drawn; the rest are left out")
            points = Array(points.prefix(Self.maximumPoints))
        }
        let usable = points.filter(HeatmapSnapshot.isUsable)
        if usable.count < points.count {
            Self.logger.warning("\(points.count - usable.count) heatmap points left out: a position or intensity that is not finite, or a longitude past ±180")
        }
        let made = HeatmapSnapshot(
            points: usable, radius: Int(usedRadius), colors: gradient.rgbaMap(),
            minimumZoom: Int(min(minimumZoomIntensity, UInt(Self.zoomLevels - 1))),
            maximumZoom: Int(min(maximumZoomIntensity, UInt(Self.zoomLevels - 1))))
        snapshotLock.lock()
        snapshot = made
        snapshotLock.unlock()
    }

    open override func tileFor(x: UInt, y: UInt, zoom: UInt) -> UIImage? {
        snapshotLock.lock()
        let snapshot = self.snapshot
        snapshotLock.unlock()
        guard let snapshot, let bitmap = snapshot.tile(x: x, y: y, zoom: zoom) else { return kGMSTileLayerNoTile }
        return UIImage(bitmap: bitmap, scale: 1)
    }
}

/// What tiles are made from: the points in a quadtree, the kernel, the colour map and the
/// densest spot at each zoom. Immutable, so tiles are made on any thread.
final class HeatmapSnapshot: @unchecked Sendable {
    static let tileSize = 512

    let tree: GQTPointQuadTree
    let radius: Int
    let kernel: [Float]
    /// Premultiplied ARGB words of the colour map.
    let colorWords: [UInt32]
    let maximumIntensities: [Float]

    /// Whether a point can be drawn: a finite intensity and a finite projected position within
    /// the world (a longitude within ±180; latitudes past the projection's edge are at the edge).
    static func isUsable(_ point: GMUWeightedLatLng) -> Bool {
        let p = point.point()
        return point.intensity.isFinite && p.x.isFinite && p.y.isFinite && abs(p.x) <= 1
    }

    /// A snapshot of points that are all usable (`isUsable`).
    init(points: [GMUWeightedLatLng], radius: Int, colors: [(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)], minimumZoom: Int, maximumZoom: Int) {
        self.radius = radius
        // The points' own bounds, as the library's tree has them.
        var bounds = GQTBounds()
        if let first = points.first?.point() {
            bounds = GQTBounds(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
            for point in points.dropFirst().map({ $0.point() }) {
                bounds.minX = min(bounds.minX, point.x)
                bounds.maxX = max(bounds.maxX, point.x)
                bounds.minY = min(bounds.minY, point.y)
                bounds.maxY = max(bounds.maxY, point.y)
            }
        }
        tree = GQTPointQuadTree(bounds: bounds) ?? GQTPointQuadTree()
        for point in points { tree.add(point) }
        let sigma = Float(radius) / 3
        kernel = (-radius...radius).map { i in sigma > 0 ? expf(-Float(i * i) / (2 * sigma * sigma)) : 1 }
        colorWords = colors.map { c in
            func byte(_ v: CGFloat) -> UInt32 { UInt32(min(max(v, 0), 1) * 255) }
            let a = byte(c.a)
            // Straight components to premultiplied, as cairo keeps them.
            func premultiplied(_ v: CGFloat) -> UInt32 { byte(v) * a / 255 }
            return a << 24 | premultiplied(c.r) << 16 | premultiplied(c.g) << 8 | premultiplied(c.b)
        }
        var intensities = [Float](repeating: 0, count: GMUHeatmapTileLayer.zoomLevels)
        let low = min(minimumZoom, maximumZoom), high = max(minimumZoom, maximumZoom)
        for zoom in low...high {
            intensities[zoom] = Self.densest(points, radius: radius, zoom: zoom)
        }
        for zoom in 0..<low { intensities[zoom] = intensities[low] }
        for zoom in (high + 1)..<GMUHeatmapTileLayer.zoomLevels { intensities[zoom] = intensities[high] }
        maximumIntensities = intensities
    }

    /// The largest sum of intensities in square cells `radius` pixels wide at a zoom.
    private static func densest(_ points: [GMUWeightedLatLng], radius: Int, zoom: Int) -> Float {
        let bucket = Double(radius) / 128 / pow(2, Double(zoom)) * 0.5
        guard bucket > 0 else { return 0 }
        var sums: [Int64: Float] = [:]
        var best: Float = 0
        for point in points {
            let p = point.point()
            let column = Int64(clamping: Int((p.x + 1) / bucket)), row = Int64(clamping: Int((p.y + 1) / bucket))
            let key = column &* 1_000_003 &+ row
            let sum = sums[key, default: 0] + point.intensity
            sums[key] = sum
            best = max(best, sum)
        }
        return best
    }

    /// A tile's pixels, or nil when no point reaches it (or the tile is outside the world).
    func tile(x: UInt, y: UInt, zoom: UInt) -> Bitmap? {
        guard zoom < UInt(GMUHeatmapTileLayer.zoomLevels), x < 1 << zoom, y < 1 << zoom else { return nil }
        let size = Self.tileSize
        let tileWidth = 2 / pow(2, Double(zoom))
        let padding = tileWidth * Double(radius) / Double(size)
        let bucketWidth = tileWidth / Double(size)
        let minX = -1 + Double(x) * tileWidth - padding, maxX = -1 + Double(x + 1) * tileWidth + padding
        let maxY = 1 - Double(y) * tileWidth + padding, minY = 1 - Double(y + 1) * tileWidth - padding
        var wrapped: [Any] = [], offset = 0.0
        if minX < -1 {
            wrapped = tree.search(with: GQTBounds(minX: minX + 2, minY: minY, maxX: 1, maxY: maxY))
            offset = -2
        } else if maxX > 1 {
            wrapped = tree.search(with: GQTBounds(minX: -1, minY: minY, maxX: maxX - 2, maxY: maxY))
            offset = 2
        }
        let points = tree.search(with: GQTBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
        guard !points.isEmpty || !wrapped.isEmpty else { return nil }
        let padded = size + 2 * radius
        var grid = [Float](repeating: 0, count: padded * padded)
        func bin(_ list: [Any], shift: Double) {
            for case let point as GMUWeightedLatLng in list {
                let p = point.point()
                let column = min(max(Int(((p.x + shift) - minX) / bucketWidth), 0), padded - 1)
                let row = min(max(Int((maxY - p.y) / bucketWidth), 0), padded - 1)
                grid[row * padded + column] += point.intensity
            }
        }
        bin(points, shift: 0)
        bin(wrapped, shift: offset)
        // Separable convolution: along rows into the padded grid, then along columns into the tile.
        let low = radius, high = padded - radius - 1
        var across = [Float](repeating: 0, count: padded * padded)
        for row in 0..<padded {
            let base = row * padded
            for column in 0..<padded where grid[base + column] != 0 {
                let value = grid[base + column]
                let from = max(low, column - radius), to = min(high, column + radius)
                guard from <= to else { continue }
                for target in from...to { across[base + target] += value * kernel[target - column + radius] }
            }
        }
        var final = [Float](repeating: 0, count: size * size)
        for column in low...high {
            for row in 0..<padded where across[row * padded + column] != 0 {
                let value = across[row * padded + column]
                let from = max(low, row - radius), to = min(high, row + radius)
                guard from <= to else { continue }
                for target in from...to { final[(target - low) * size + (column - low)] += value * kernel[target - row + radius] }
            }
        }
        let maximum = maximumIntensities[Int(zoom)]
        let last = colorWords.count - 1
        let scale = maximum > 0 ? Float(last) / maximum : 0
        let bitmap = Bitmap(width: size, height: size)
        bitmap.withUnsafeMutableBytes { bytes in
            let stride = bitmap.bytesPerRow
            for row in 0..<size {
                let rowStart = row * stride
                for column in 0..<size {
                    let value = final[row * size + column] * scale
                    // Clamped before converting: a sum of huge negative intensities is finite
                    // but far below any Int.
                    let index = value.isFinite ? Int(min(max(value, 0), Float(last))) : last
                    bytes.storeBytes(of: colorWords[index], toByteOffset: rowStart + column * 4, as: UInt32.self)
                }
            }
        }
        return bitmap
    }
}
