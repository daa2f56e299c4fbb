import Foundation
import MapDrawing

extension UIView {
    /// The largest view side, in points, that is rendered; larger views give an empty image.
    nonisolated public static let maximumRenderedDimension: CGFloat = 4_096

    /// Renders the view and its subviews into an image of the bounds' size at a scale
    /// (the main screen's when nil). A zero, negative, non-finite or oversized size gives an
    /// empty image.
    public func renderedImage(scale: CGFloat? = nil) -> UIImage {
        let usedScale = scale.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? UIScreen.defaultScale
        let size = bounds.size
        guard size.isFinite, size.width > 0, size.height > 0,
            size.width <= UIView.maximumRenderedDimension, size.height <= UIView.maximumRenderedDimension
        else { return UIImage(bitmap: Bitmap(width: 0, height: 0), scale: usedScale) }
        layoutIfNeeded()
        let canvas = Canvas.forImage(size: size, scale: usedScale)
        render(in: canvas)
        return UIImage(bitmap: canvas.bitmap, scale: canvas.scale)
    }

    /// Draws the view in its own bounds coordinates, then its subviews, in a canvas whose
    /// origin is the view's top left.
    package func render(in canvas: Canvas) {
        guard !isHidden, alpha > 0, bounds.isFinite, center.isFinite else { return }
        UITraitCollection.withCurrent(traitCollection) {
            canvas.withSavedState {
                canvas.withTransparencyLayer(opacity: alpha) {
                    drawShadowIfNeeded(in: canvas)
                    drawSelf(in: canvas)
                }
            }
        }
    }

    private var localRect: CGRect { CGRect(origin: .zero, size: bounds.size) }

    private var backgroundShape: Path {
        Path.roundedRect(localRect, cornerRadius: layer.cornerRadius)
    }

    /// Everything but the shadow: background, custom drawing, subviews, border.
    private func drawSelf(in canvas: Canvas) {
        if let background = drawnBackgroundColor, background.alpha > 0, !(self is DrawsItsOwnBackground) {
            canvas.fill(backgroundShape, with: background)
        }
        canvas.withSavedState {
            if layer.masksToBounds { canvas.clip(to: backgroundShape) }
            canvas.translate(x: -bounds.minX, y: -bounds.minY)
            canvas.withSavedState {
                let context = CGContext(canvas: canvas)
                GraphicsContextStack.with(context) { draw(bounds) }
            }
            for subview in subviews {
                canvas.withSavedState {
                    let transform = subview.transform
                    if transform.isIdentity {
                        let frame = subview.frame
                        canvas.translate(x: frame.minX, y: frame.minY)
                    } else {
                        // About the centre, as UIKit's default anchor point (0.5, 0.5).
                        let center = subview.center, size = subview.bounds.size
                        canvas.translate(x: center.x, y: center.y)
                        canvas.concatenate(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: transform.tx, ty: transform.ty)
                        canvas.translate(x: -size.width / 2, y: -size.height / 2)
                    }
                    subview.render(in: canvas)
                }
            }
        }
        if layer.borderWidth > 0, let border = layer.borderColor?.color, border.alpha > 0 {
            let width = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
            let inset = localRect.insetBy(dx: width / 2, dy: width / 2)
            canvas.stroke(
                .roundedRect(inset, cornerRadius: max(0, layer.cornerRadius - width / 2)), with: border,
                style: StrokeStyle(width: width))
        }
    }

    /// A layer shadow follows the shape of what the view draws: its background's rounded
    /// rectangle when it has one, else the alpha of its rendered content.
    private func drawShadowIfNeeded(in canvas: Canvas) {
        guard layer.shadowOpacity > 0, let base = layer.shadowColor?.color else { return }
        let color = base.withAlpha(base.alpha * Double(min(layer.shadowOpacity, 1)))
        if let background = drawnBackgroundColor, background.alpha >= 1 {
            canvas.drawShadow(of: backgroundShape, color: color, offset: layer.shadowOffset, radius: layer.shadowRadius)
        } else {
            let offscreen = Canvas(size: bounds.size, scale: canvas.scale)
            drawSelf(in: offscreen)
            canvas.drawShadow(
                ofImage: offscreen.bitmap, in: CGRect(origin: .zero, size: offscreen.size), color: color,
                offset: layer.shadowOffset, radius: layer.shadowRadius)
        }
    }
}

/// A view whose drawing paints its own background in every pixel of its bounds (a map's
/// basemap): its `backgroundColor` is not filled first.
@MainActor
package protocol DrawsItsOwnBackground: UIView {}
