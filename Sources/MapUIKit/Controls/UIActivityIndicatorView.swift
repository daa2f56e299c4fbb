import Foundation
import MapDrawing

/// A spinning sign that work is under way, as UIKit's `UIActivityIndicatorView`: eight
/// spokes fading round, 20 points (medium) or 37 (large), turning once a second while
/// animating on the view's animation clock.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView, FrameAnimating {
    /// The indicator's size class.
    public enum Style: Int, Sendable {
        case medium = 100
        case large = 101
    }

    /// The size class (medium).
    open var style: Style = .medium {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }
    /// The spokes' colour (a secondary grey when nil).
    open var color: UIColor! {
        get { storedColor ?? .secondaryLabel }
        set {
            storedColor = newValue
            setNeedsDisplay()
        }
    }
    private var storedColor: UIColor?
    /// Whether the indicator hides when stopped (true).
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }
    /// Whether it is spinning.
    public private(set) var isAnimating = false
    /// The spokes' turn, 0...1 (a host advances it while animating).
    var phase: Double = 0 {
        didSet { setNeedsDisplay() }
    }

    /// A spinner turns once a second for as long as it animates; it never settles.
    package var wantsFrames: Bool { isAnimating }
    package var isSettling: Bool { false }
    package func advanceFrame(to time: TimeInterval) {
        phase = time.isFinite ? time.truncatingRemainder(dividingBy: 1) : 0
    }

    /// An indicator of a style.
    public convenience init(style: Style) {
        self.init(frame: .zero)
        self.style = style
        frame.size = intrinsicContentSize
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// Starts spinning (and shows the indicator).
    open func startAnimating() {
        isAnimating = true
        isHidden = false
        setNeedsDisplay()
    }

    /// Stops spinning (and hides it when `hidesWhenStopped`).
    open func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
        setNeedsDisplay()
    }

    open override var intrinsicContentSize: CGSize {
        style == .large ? CGSize(width: 37, height: 37) : CGSize(width: 20, height: 20)
    }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let canvas = context.canvas
        let size = intrinsicContentSize.width
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let outer = size / 2, inner = outer * 0.45, width = style == .large ? 3.5 : 2.1
        let base = color.color
        let step = Int((phase.isFinite ? phase : 0) * 8) & 7
        for spoke in 0..<8 {
            let angle = Double(spoke) * .pi / 4 - .pi / 2
            let age = (spoke - step + 8) % 8
            let alpha = 1 - Double(age) / 8 * 0.85
            var path = Path()
            path.move(to: CGPoint(x: center.x + inner * cos(angle), y: center.y + inner * sin(angle)))
            path.line(to: CGPoint(x: center.x + (outer - width / 2) * cos(angle), y: center.y + (outer - width / 2) * sin(angle)))
            canvas.stroke(path, with: base.withAlpha(base.alpha * alpha), style: StrokeStyle(width: width, cap: .round))
        }
    }
}
