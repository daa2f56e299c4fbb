import Foundation
import MapDrawing

/// Steps a value up or down, as UIKit's `UIStepper`: 94 × 32 points, a minus and a plus
/// half drawn like iOS 17. A tap on a half changes the value by `stepValue` and sends
/// `.valueChanged`; a half at its limit is dimmed (unless the stepper wraps).
@preconcurrency @MainActor
open class UIStepper: UIControl {
    /// The size every stepper has.
    nonisolated public static let size = CGSize(width: 94, height: 32)

    /// The value, within `minimumValue...maximumValue` (0).
    open var value: Double {
        get { storedValue }
        set { storedValue = clamp(newValue) }
    }
    private var storedValue: Double = 0 { didSet { if storedValue != oldValue { setNeedsDisplay() } } }
    /// The smallest value (0).
    open var minimumValue: Double = 0 { didSet { storedValue = clamp(storedValue) } }
    /// The largest value (100).
    open var maximumValue: Double = 100 { didSet { storedValue = clamp(storedValue) } }
    /// The step (1; values of 0 or less, or not finite, are ignored).
    open var stepValue: Double = 1 {
        didSet { if !(stepValue > 0 && stepValue.isFinite) { stepValue = oldValue } }
    }
    /// Whether stepping past a limit wraps to the other (false).
    open var wraps = false { didSet { setNeedsDisplay() } }
    /// Whether holding a half repeats (kept; true).
    open var autorepeat = true
    /// Whether `.valueChanged` is sent at once (kept; true).
    open var isContinuous = true

    private var pressedHalf: Int?

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    open override var intrinsicContentSize: CGSize { Self.size }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    private func clamp(_ value: Double) -> Double {
        guard value.isFinite else { return minimumValue }
        return min(max(value, min(minimumValue, maximumValue)), max(minimumValue, maximumValue))
    }

    private var canDecrement: Bool { wraps || value > minimumValue }
    private var canIncrement: Bool { wraps || value < maximumValue }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard isEnabled, let point = touches.first?.location(in: self) else { return }
        pressedHalf = point.x < bounds.midX ? 0 : 1
        setNeedsDisplay()
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        defer {
            pressedHalf = nil
            setNeedsDisplay()
        }
        guard isEnabled, let half = pressedHalf, let point = touches.first?.location(in: self), bounds.contains(point) else { return }
        if half == 0, canDecrement {
            value = value - stepValue < minimumValue && wraps ? maximumValue : value - stepValue
        } else if half == 1, canIncrement {
            value = value + stepValue > maximumValue && wraps ? minimumValue : value + stepValue
        } else {
            return
        }
        sendActions(for: .valueChanged)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        pressedHalf = nil
        setNeedsDisplay()
    }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let canvas = context.canvas
        let box = CGRect(origin: .zero, size: Self.size)
        canvas.fill(.roundedRect(box, cornerRadius: 8), with: UIColor.tertiarySystemFill.color)
        if let pressedHalf, isEnabled {
            let half = CGRect(x: pressedHalf == 0 ? 0 : box.midX, y: 0, width: box.width / 2, height: box.height)
            canvas.withSavedState {
                canvas.clip(to: .roundedRect(box, cornerRadius: 8))
                canvas.fill(.rect(half), with: UIColor.systemFill.color)
            }
        }
        let separator = UIColor.separator.color
        canvas.fill(.rect(CGRect(x: box.midX - 0.5, y: 8, width: 1, height: box.height - 16)), with: separator)
        func color(_ enabled: Bool) -> Color { (isEnabled && enabled ? UIColor.label : UIColor.tertiaryLabel).color }
        let minus = color(canDecrement), plus = color(canIncrement)
        let y = box.midY, left = box.width / 4, right = box.width * 3 / 4
        canvas.fill(.rect(CGRect(x: left - 7, y: y - 1, width: 14, height: 2)), with: minus)
        canvas.fill(.rect(CGRect(x: right - 7, y: y - 1, width: 14, height: 2)), with: plus)
        canvas.fill(.rect(CGRect(x: right - 1, y: y - 7, width: 2, height: 14)), with: plus)
    }
}
