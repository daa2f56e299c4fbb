import Foundation
import Logging
import OpenMaps

/// A heatmap's colours, as the library's `GMUGradient`: colours at start points in 0...1,
/// spread over a map of `mapSize` colours; below the first start point the colour fades to
/// transparent, past the last it stays. Colours between start points are interpolated in
/// hue (the short way round the wheel), saturation, brightness and alpha.
public final class GMUGradient: NSObject {
    /// The colours.
    public let colors: [UIColor]
    /// Where each colour starts, in 0...1, not decreasing.
    public let startPoints: [NSNumber]
    /// How many colours the map has.
    public let mapSize: UInt

    private static let logger = Logger(label: "OpenMaps.Utils.Heatmap")

    /// A gradient of colours at start points over a map of a size. Where the library raises
    /// an exception (no colours, counts that differ, start points decreasing or outside 0...1,
    /// a map under 2) this logs an error and makes the heatmap's default gradient instead
    /// (docs/limits.md). Map sizes are clamped to 10,000.
    public init(colors: [UIColor], startPoints: [NSNumber], colorMapSize mapSize: UInt) {
        let points = startPoints.map(\.doubleValue)
        var problem: String?
        if colors.isEmpty || colors.count != startPoints.count {
            problem = "colors' size \(colors.count) is not equal to startPoints' size \(startPoints.count)"
        } else if zip(points, points.dropFirst()).contains(where: { !($0 <= $1) }) || points.contains(where: { !$0.isFinite }) {
            problem = "startPoints are not in non-descending order"
        } else if let first = points.first, let last = points.last, first < 0 || last > 1 {
            problem = "startPoints are not all in the range [0,1]"
        } else if mapSize < 2 {
            problem = "mapSize is less than 2"
        }
        if let problem {
            Self.logger.error("GMUGradient: \(problem); using the default heatmap gradient")
            self.colors = GMUGradient.defaultColors
            self.startPoints = GMUGradient.defaultStartPoints
            self.mapSize = GMUGradient.defaultMapSize
        } else {
            self.colors = colors
            self.startPoints = startPoints
            self.mapSize = min(mapSize, GMUGradient.maximumMapSize)
        }
        super.init()
    }

    /// The largest colour map made (docs/limits.md).
    public static let maximumMapSize: UInt = 10_000
    /// The heatmap's default: green (102, 225, 0) from 0.2 to red at 1, over 1,000 colours.
    static let defaultColors = [UIColor(red: 102 / 255, green: 225 / 255, blue: 0, alpha: 1), UIColor(red: 1, green: 0, blue: 0, alpha: 1)]
    static let defaultStartPoints: [NSNumber] = [0.2, 1.0]
    static let defaultMapSize: UInt = 1_000

    /// The heatmap's default gradient.
    static func heatmapDefault() -> GMUGradient {
        GMUGradient(colors: defaultColors, startPoints: defaultStartPoints, colorMapSize: defaultMapSize)
    }

    /// The colour map: `mapSize` colours from the start of the gradient to its end.
    public func generateColorMap() -> [UIColor] {
        rgbaMap().map { UIColor(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
    }

    /// The colour map as components (what tiles are coloured with).
    func rgbaMap() -> [(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)] {
        let points = startPoints.map { CGFloat($0.doubleValue) }
        let hsb = colors.map(Self.hsba)
        let clear = Self.hsba(.clear)
        let count = Int(mapSize)
        var result: [(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)] = []
        result.reserveCapacity(count)
        var k = 0
        for index in 0..<count {
            let t = CGFloat(index) / CGFloat(count - 1)
            while k < points.count, t >= points[k] { k += 1 }
            let color: UIColor
            if k == points.count {
                color = colors[points.count - 1]
            } else {
                let current = points[k], previous = k == 0 ? 0 : points[k - 1]
                let ratio = current > previous ? (t - previous) / (current - previous) : 1
                color = Self.interpolate(from: k == 0 ? clear : hsb[k - 1], to: hsb[k], ratio: ratio)
            }
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            color.getRed(&r, green: &g, blue: &b, alpha: &a)
            result.append((r, g, b, a))
        }
        return result
    }

    private static func hsba(_ color: UIColor) -> (h: CGFloat, s: CGFloat, b: CGFloat, a: CGFloat) {
        var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        color.getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        return (h, s, b, a)
    }

    /// Hue the short way round, the rest in a straight line.
    private static func interpolate(
        from: (h: CGFloat, s: CGFloat, b: CGFloat, a: CGFloat), to: (h: CGFloat, s: CGFloat, b: CGFloat, a: CGFloat), ratio: CGFloat
    ) -> UIColor {
        let delta = to.h - from.h
        var hue: CGFloat
        if delta > 0.5 {
            hue = ((1 + from.h) + (delta - 1) * ratio).truncatingRemainder(dividingBy: 1)
        } else if delta < -0.5 {
            hue = (from.h + (delta + 1) * ratio).truncatingRemainder(dividingBy: 1)
        } else {
            hue = from.h + delta * ratio
        }
        if hue < 0 { hue += 1 }
        return UIColor(
            hue: hue, saturation: from.s + (to.s - from.s) * ratio, brightness: from.b + (to.b - from.b) * ratio,
            alpha: from.a + (to.a - from.a) * ratio)
    }
}
