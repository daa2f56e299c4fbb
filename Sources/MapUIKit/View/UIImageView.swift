import Foundation
import MapDrawing

/// A view that shows an image, placed by `contentMode`, as UIKit's `UIImageView`.
/// Template images (`.alwaysTemplate`) are drawn in the view's `tintColor`.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown.
    public var image: UIImage? {
        didSet {
            noteVisualChange()
            invalidateIntrinsicContentSize()
        }
    }

    /// A view showing an image, sized to it.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    override class var isOpaqueByDefault: Bool { false }

    public required init?(coder: NSCoder) {
        return nil
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? .zero
    }

    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    open override func draw(_ rect: CGRect) {
        guard let image, let context = UIGraphicsGetCurrentContext() else { return }
        let target = UIImageView.placement(of: image.size, in: bounds, mode: contentMode)
        context.canvas.withSavedState {
            if contentMode == .scaleAspectFill || !clipsToBounds { context.canvas.clip(to: bounds) }
            image.draw(in: target, canvas: context.canvas, alpha: 1, tint: tintColor)
        }
    }

    /// Where an image of `size` goes in `bounds` for a content mode.
    static func placement(of size: CGSize, in bounds: CGRect, mode: ContentMode) -> CGRect {
        guard size.width > 0, size.height > 0 else { return .zero }
        func rect(_ w: CGFloat, _ h: CGFloat, _ x: CGFloat, _ y: CGFloat) -> CGRect {
            CGRect(x: x, y: y, width: w, height: h)
        }
        let w = size.width, h = size.height
        switch mode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let fit = min(bounds.width / w, bounds.height / h)
            let fill = max(bounds.width / w, bounds.height / h)
            let s = mode == .scaleAspectFit ? fit : fill
            return rect(w * s, h * s, bounds.midX - w * s / 2, bounds.midY - h * s / 2)
        case .center: return rect(w, h, bounds.midX - w / 2, bounds.midY - h / 2)
        case .top: return rect(w, h, bounds.midX - w / 2, bounds.minY)
        case .bottom: return rect(w, h, bounds.midX - w / 2, bounds.maxY - h)
        case .left: return rect(w, h, bounds.minX, bounds.midY - h / 2)
        case .right: return rect(w, h, bounds.maxX - w, bounds.midY - h / 2)
        case .topLeft: return rect(w, h, bounds.minX, bounds.minY)
        case .topRight: return rect(w, h, bounds.maxX - w, bounds.minY)
        case .bottomLeft: return rect(w, h, bounds.minX, bounds.maxY - h)
        case .bottomRight: return rect(w, h, bounds.maxX - w, bounds.maxY - h)
        }
    }
}
