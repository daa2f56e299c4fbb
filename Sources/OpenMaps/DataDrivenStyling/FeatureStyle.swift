import Foundation
import MapUIKit

/// How a styled feature is drawn, as the SDK's `GMSFeatureStyle` (Swift name `FeatureStyle`).
/// Immutable; ``MutableFeatureStyle`` is the version you can change. A plain `NSObject` with no
/// actor isolation.
///
/// `copy()` gives an immutable `FeatureStyle` and `mutableCopy()` a ``MutableFeatureStyle``, both
/// as `Any`, with the same values. As in the SDK, equality is identity: two styles with the same
/// values are not `==`.
///
/// The SDK marks the colours `copy`. OpenMaps' `UIColor` is immutable, so the colours are
/// shared, not copied.
open class FeatureStyle: NSObject, NSCopying, NSMutableCopying {
    /// The stroke width that means "leave the stroke width unchanged".
    ///
    /// The SDK does not publish the value of `GMSFeatureStyleStrokeWidthUnspecified`. OpenMaps
    /// uses -1, which is never a real width.
    public static let strokeWidthUnspecified: CGFloat = -1
    /// The point radius that means "leave the point radius unchanged".
    ///
    /// The SDK does not publish the value of `GMSFeatureStylePointRadiusUnspecified`. OpenMaps
    /// uses -1, which is never a real radius.
    public static let pointRadiusUnspecified: CGFloat = -1

    /// The fill colour, alpha included; nil for no fill.
    public internal(set) var fillColor: UIColor?
    /// The border colour, alpha included; nil for no border.
    public internal(set) var strokeColor: UIColor?
    /// The border width in points (kept as given).
    public internal(set) var strokeWidth: CGFloat
    /// The radius of a point, in points; used for point geometries only (kept as given).
    public internal(set) var pointRadius: CGFloat

    /// A style with a fill, a border and a border width. The point radius is
    /// ``pointRadiusUnspecified``.
    public init(fill fillColor: UIColor?, stroke strokeColor: UIColor?, strokeWidth: CGFloat) {
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        self.strokeWidth = strokeWidth
        pointRadius = FeatureStyle.pointRadiusUnspecified
        super.init()
    }

    /// The default style: no colours, width and radius unspecified.
    ///
    /// The SDK does not publish its default values; these are OpenMaps' choice.
    public override init() {
        fillColor = nil
        strokeColor = nil
        strokeWidth = FeatureStyle.strokeWidthUnspecified
        pointRadius = FeatureStyle.pointRadiusUnspecified
        super.init()
    }

    /// A style of this class with the values of another.
    convenience init(copying style: FeatureStyle) {
        self.init(fill: style.fillColor, stroke: style.strokeColor, strokeWidth: style.strokeWidth)
        pointRadius = style.pointRadius
    }

    /// An immutable `FeatureStyle` with the same values, even when this style is mutable.
    /// `copy()` returns it as `Any`.
    open func copy(with zone: NSZone? = nil) -> Any {
        FeatureStyle(copying: self)
    }

    /// A ``MutableFeatureStyle`` with the same values. `mutableCopy()` returns it as `Any`.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        MutableFeatureStyle(copying: self)
    }

    open override var description: String {
        let fill = fillColor.map { String(describing: $0) } ?? "nil"
        let stroke = strokeColor.map { String(describing: $0) } ?? "nil"
        return "\(type(of: self))(fill: \(fill), stroke: \(stroke), strokeWidth: \(strokeWidth), pointRadius: \(pointRadius))"
    }
}

/// A feature style you can change, as the SDK's `GMSMutableFeatureStyle` (Swift name
/// `MutableFeatureStyle`). A plain `NSObject` with no actor isolation.
///
/// A layer calls its style closure again only when its `style` is set again, so set the layer's
/// style after changing a style it returns.
open class MutableFeatureStyle: FeatureStyle {
    /// The fill colour, alpha included; nil for no fill.
    public override var fillColor: UIColor? {
        get { super.fillColor }
        set { super.fillColor = newValue }
    }

    /// The border colour, alpha included; nil for no border.
    public override var strokeColor: UIColor? {
        get { super.strokeColor }
        set { super.strokeColor = newValue }
    }

    /// The border width in points (kept as given).
    public override var strokeWidth: CGFloat {
        get { super.strokeWidth }
        set { super.strokeWidth = newValue }
    }

    /// The radius of a point, in points; used for point geometries only (kept as given).
    public override var pointRadius: CGFloat {
        get { super.pointRadius }
        set { super.pointRadius = newValue }
    }
}
