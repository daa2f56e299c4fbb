import Foundation
import MapDrawing

/// An on/off switch, as UIKit's `UISwitch`: 51 × 31 points, drawn like iOS 17 (a green track
/// when on, a grey one when off, a white thumb that widens while pressed). A tap toggles it
/// and sends `.valueChanged`.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// How the switch looks (only the sliding style exists on a phone).
    public enum Style: Int, Sendable {
        case automatic, checkbox, sliding
    }

    /// The size every switch has.
    nonisolated public static let size = CGSize(width: 51, height: 31)

    /// Whether the switch is on.
    open var isOn = false { didSet { if isOn != oldValue { setNeedsDisplay() } } }
    /// The track's colour when on (system green when nil).
    open var onTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The thumb's colour (white when nil).
    open var thumbTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The look asked for.
    open var preferredStyle: Style = .automatic
    /// The look used: sliding.
    open var style: Style { .sliding }
    /// A title (shown by checkbox switches on the Mac only).
    open var title: String?

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// Turns the switch on or off (without sending `.valueChanged`, as UIKit).
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    open override var intrinsicContentSize: CGSize { Self.size }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    override func touchUpInside() {
        isOn.toggle()
        sendActions(for: [.touchUpInside, .valueChanged])
    }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let canvas = context.canvas
        let size = Self.size
        let track = CGRect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        let dark = traitCollection.userInterfaceStyle == .dark
        let off = dark ? Color(rgb: 0x39393D) : Color(rgb: 0xE9E9EA)
        let on = (onTintColor ?? .systemGreen).color
        let alpha: Double = isEnabled ? 1 : 0.5
        canvas.fill(.roundedRect(track, cornerRadius: track.height / 2), with: (isOn ? on : off).withAlpha((isOn ? on : off).alpha * alpha))
        // The thumb: 27 points round, 2 from the track's edge; 7 wider while pressed.
        let diameter: CGFloat = 27, inset: CGFloat = 2, stretch: CGFloat = isHighlighted ? 7 : 0
        let width = diameter + stretch
        let x = isOn ? track.maxX - inset - width : track.minX + inset
        let thumb = CGRect(x: x, y: track.minY + inset, width: width, height: diameter)
        let thumbColor = (thumbTintColor ?? .white).color
        let key = ThumbKey(scale: canvas.scale, width: width, alpha: alpha, color: thumbColor.withAlpha(thumbColor.alpha * (isEnabled ? 1 : 0.9)))
        let image = Self.thumbImage(key)
        canvas.draw(image, in: thumb.insetBy(dx: -Self.thumbMargin, dy: -Self.thumbMargin))
    }

    /// What a thumb's picture depends on.
    private struct ThumbKey: Hashable {
        var scale: Double
        var width: CGFloat
        var alpha: Double
        var color: Color
    }

    /// Room around the thumb for its shadow, in points.
    private static let thumbMargin: CGFloat = 14

    /// Thumbs drawn so far with their shadows: blurring a shadow is the costly part of a
    /// switch, and every switch's thumb is one of a few pictures.
    private static var thumbs: [ThumbKey: Bitmap] = [:]

    private static func thumbImage(_ key: ThumbKey) -> Bitmap {
        if let image = thumbs[key] { return image }
        let diameter: CGFloat = 27
        let canvas = Canvas(size: CGSize(width: key.width + 2 * thumbMargin, height: diameter + 2 * thumbMargin), scale: key.scale)
        let shape = Path.roundedRect(CGRect(x: thumbMargin, y: thumbMargin, width: key.width, height: diameter), cornerRadius: diameter / 2)
        canvas.drawShadow(of: shape, color: Color(white: 0, alpha: 0.15 * key.alpha), offset: CGSize(width: 0, height: 3), radius: 8)
        canvas.drawShadow(of: shape, color: Color(white: 0, alpha: 0.06 * key.alpha), offset: CGSize(width: 0, height: 3), radius: 1)
        canvas.fill(shape, with: key.color)
        if thumbs.count > 32 { thumbs.removeAll() }
        thumbs[key] = canvas.bitmap
        return canvas.bitmap
    }
}
