import Foundation
import MapGeometry

/// An image repeated along a line: the base of ``GMSTextureStyle`` and ``GMSSpriteStyle``.
/// A plain `NSObject`, immutable.
public class GMSStampStyle: NSObject, @unchecked Sendable {
    /// The image stamped.
    public let stampImage: UIImage

    init(image: UIImage) {
        stampImage = image
        super.init()
    }
}

/// Copies of an image placed along a line at their own size, turned with it.
public final class GMSSpriteStyle: GMSStampStyle, @unchecked Sendable {
    public override init(image: UIImage) {
        super.init(image: image)
    }
}

/// An image repeated along a line, scaled to the line's width.
public final class GMSTextureStyle: GMSStampStyle, @unchecked Sendable {
    public override init(image: UIImage) {
        super.init(image: image)
    }
}

/// How a span of a polyline is drawn: a solid colour or a gradient, with stamps over it when
/// ``stampStyle`` is set. A plain `NSObject` with no actor isolation, as in the SDK.
public final class GMSStrokeStyle: NSObject {
    enum Kind: Sendable {
        case solid(UIColor)
        case gradient(UIColor, UIColor)
    }

    let kind: Kind
    /// Images stamped along the span over the colour (which may be transparent). Set it before
    /// giving the style to a polyline's spans: a polyline redraws when its `spans` are set, not
    /// when a style in them changes.
    public var stampStyle: GMSStampStyle?

    private init(kind: Kind, stamp: GMSStampStyle? = nil) {
        self.kind = kind
        stampStyle = stamp
        super.init()
    }

    /// One colour.
    public class func solidColor(_ color: UIColor) -> GMSStrokeStyle { GMSStrokeStyle(kind: .solid(color)) }

    /// A gradient along the span from one colour to another.
    public class func gradient(from fromColor: UIColor, to toColor: UIColor) -> GMSStrokeStyle {
        GMSStrokeStyle(kind: .gradient(fromColor, toColor))
    }

    /// Only stamps, over a transparent line.
    public class func transparentStroke(withStamp stampStyle: GMSStampStyle) -> GMSStrokeStyle {
        GMSStrokeStyle(kind: .solid(.clear), stamp: stampStyle)
    }
}

/// A style over a number of a polyline's segments (fractions allowed).
/// A plain `NSObject`, immutable.
public final class GMSStyleSpan: NSObject {
    /// How the span is drawn.
    public let style: GMSStrokeStyle
    /// How many segments the span covers (1 by default).
    public let segments: Double

    public init(style: GMSStrokeStyle, segments: Double) {
        self.style = style
        self.segments = segments.isFinite ? max(0, segments) : 1
        super.init()
    }

    public convenience init(style: GMSStrokeStyle) { self.init(style: style, segments: 1) }
    public convenience init(color: UIColor) { self.init(style: .solidColor(color), segments: 1) }
    public convenience init(color: UIColor, segments: Double) { self.init(style: .solidColor(color), segments: segments) }
}

/// Spans that repeat `styles` along a path, each style over the matching length (metres for
/// geodesic and rhumb, projected units otherwise), cycling until the path ends.
public func GMSStyleSpans(_ path: GMSPath, _ styles: [GMSStrokeStyle], _ lengths: [NSNumber], _ lengthKind: GMSLengthKind) -> [GMSStyleSpan] {
    GMSStyleSpansOffset(path, styles, lengths, lengthKind, 0)
}

/// As `GMSStyleSpans`, starting `lengthOffset` into the repeating pattern.
public func GMSStyleSpansOffset(
    _ path: GMSPath, _ styles: [GMSStrokeStyle], _ lengths: [NSNumber], _ lengthKind: GMSLengthKind, _ lengthOffset: Double
) -> [GMSStyleSpan] {
    let pattern = zip(styles, lengths.map(\.doubleValue)).filter { $0.1.isFinite && $0.1 > 0 }
    let coordinates = path.coordinates
    guard !pattern.isEmpty, coordinates.count >= 2 else { return [] }
    let segmentLengths = path.segmentLengths(lengthKind)
    let cycle = pattern.reduce(0) { $0 + $1.1 }
    var offset = lengthOffset.isFinite ? lengthOffset.truncatingRemainder(dividingBy: cycle) : 0
    if offset < 0 { offset += cycle }
    // Find where in the pattern the offset falls.
    var index = 0
    while offset >= pattern[index].1 {
        offset -= pattern[index].1
        index = (index + 1) % pattern.count
    }
    var left = pattern[index].1 - offset
    var spans: [GMSStyleSpan] = []
    var segments = 0.0
    for length in segmentLengths {
        var remaining = length
        guard length > 0 else {
            segments += 1
            continue
        }
        while remaining > 0 {
            if left <= remaining {
                segments += left / length
                spans.append(GMSStyleSpan(style: pattern[index].0, segments: segments))
                remaining -= left
                segments = 0
                index = (index + 1) % pattern.count
                left = pattern[index].1
                if spans.count > 100_000 { return spans }
            } else {
                segments += remaining / length
                left -= remaining
                remaining = 0
            }
        }
    }
    if segments > 0 { spans.append(GMSStyleSpan(style: pattern[index].0, segments: segments)) }
    return spans
}
