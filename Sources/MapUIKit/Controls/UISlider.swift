import Foundation
import MapDrawing

/// Picks a value in a range by dragging a thumb along a track, as UIKit's `UISlider`: drawn
/// like iOS 17 (a 4-point track, tinted up to the value; a 28-point white thumb). Dragging the
/// thumb sends `.valueChanged` as it moves (or on release when not continuous).
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The value, within `minimumValue...maximumValue` (0).
    open var value: Float {
        get { storedValue }
        set { storedValue = clamp(newValue) }
    }
    private var storedValue: Float = 0 { didSet { if storedValue != oldValue { setNeedsDisplay() } } }
    /// The smallest value (0).
    open var minimumValue: Float = 0 { didSet { storedValue = clamp(storedValue) } }
    /// The largest value (1).
    open var maximumValue: Float = 1 { didSet { storedValue = clamp(storedValue) } }
    /// Whether `.valueChanged` is sent while dragging (true) or only on release.
    open var isContinuous = true
    /// The track's colour up to the value (the tint when nil).
    open var minimumTrackTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The track's colour past the value (a system fill when nil).
    open var maximumTrackTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The thumb's colour (white when nil).
    open var thumbTintColor: UIColor? { didSet { setNeedsDisplay() } }

    private static let thumbDiameter: CGFloat = 28
    private var dragOffset: CGFloat?
    private var changedWhileDragging = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// Sets the value (animation is not drawn here).
    open func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }

    private func clamp(_ value: Float) -> Float {
        guard value.isFinite else { return minimumValue }
        let low = min(minimumValue, maximumValue), high = max(minimumValue, maximumValue)
        return min(max(value, low), high)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: 31)
    }

    private var fraction: CGFloat {
        let span = maximumValue - minimumValue
        guard span > 0, span.isFinite else { return 0 }
        return CGFloat((value - minimumValue) / span)
    }

    /// The track's rectangle (where the thumb's centre runs).
    private var trackRect: CGRect {
        let inset = Self.thumbDiameter / 2
        return CGRect(x: inset, y: bounds.midY - 2, width: max(0, bounds.width - 2 * inset), height: 4)
    }

    private var thumbRect: CGRect {
        let track = trackRect
        let x = track.minX + fraction * track.width
        return CGRect(x: x - Self.thumbDiameter / 2, y: bounds.midY - Self.thumbDiameter / 2, width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumb = thumbRect.insetBy(dx: -10, dy: -10)
        guard thumb.contains(point) else { return false }
        dragOffset = point.x - thumbRect.midX
        changedWhileDragging = false
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let dragOffset else { return false }
        let track = trackRect
        guard track.width > 0 else { return true }
        let x = touch.location(in: self).x - dragOffset
        let newValue = minimumValue + Float((x - track.minX) / track.width) * (maximumValue - minimumValue)
        let before = value
        value = newValue
        if value != before {
            changedWhileDragging = true
            if isContinuous { sendActions(for: .valueChanged) }
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { _ = continueTracking(touch, with: event) }
        if !isContinuous, changedWhileDragging { sendActions(for: .valueChanged) }
        dragOffset = nil
    }

    open override func cancelTracking(with event: UIEvent?) {
        dragOffset = nil
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), bounds.width > 0 else { return }
        let canvas = context.canvas
        let alpha: Double = isEnabled ? 1 : 0.5
        let track = trackRect, thumb = thumbRect
        let filled = CGRect(x: track.minX - 2, y: track.minY, width: thumb.midX - track.minX + 2, height: track.height)
        let empty = CGRect(x: thumb.midX, y: track.minY, width: track.maxX + 2 - thumb.midX, height: track.height)
        let minimum = (minimumTrackTintColor ?? tintColor).color, maximum = (maximumTrackTintColor ?? UIColor.systemFill).color
        canvas.fill(.roundedRect(empty, cornerRadius: 2), with: maximum.withAlpha(maximum.alpha * alpha))
        canvas.fill(.roundedRect(filled, cornerRadius: 2), with: minimum.withAlpha(minimum.alpha * alpha))
        let shape = Path.roundedRect(thumb, cornerRadius: thumb.height / 2)
        canvas.drawShadow(of: shape, color: Color(white: 0, alpha: 0.15 * alpha), offset: CGSize(width: 0, height: 3), radius: 4)
        canvas.drawShadow(of: shape, color: Color(white: 0, alpha: 0.06 * alpha), offset: CGSize(width: 0, height: 1), radius: 0.5)
        canvas.fill(shape, with: (thumbTintColor ?? .white).color)
    }
}
