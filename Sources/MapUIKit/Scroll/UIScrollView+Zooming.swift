import Foundation

/// Zooming, as UIKit's scroll view zooms: the delegate's `viewForZooming(in:)` is scaled by
/// its transform, its top left staying at the content's origin, and the content size follows
/// it. A pinch zooms about the point between the fingers (that point of the view stays under
/// them as they move); past the limits it stretches when `bouncesZoom` and springs back when
/// the fingers lift.
extension UIScrollView {
    /// How far a pinch past a zoom limit stretches: the scale beyond it grows as this power
    /// of the pinch's.
    nonisolated static let zoomStretch: CGFloat = 0.5
    /// How long an animated zoom or a spring back takes.
    nonisolated static let zoomDuration: TimeInterval = 0.3

    /// The zoom limits in order (a minimum above the maximum counts as the maximum).
    var zoomLimits: ClosedRange<CGFloat> {
        let high = max(maximumZoomScale, 0.0001)
        return min(minimumZoomScale, high)...high
    }

    func clampedZoomScale(_ scale: CGFloat) -> CGFloat {
        guard scale.isFinite, scale > 0 else { return currentZoomScale }
        return min(max(scale, zoomLimits.lowerBound), zoomLimits.upperBound)
    }

    /// The pinch recognizer exists while the range allows zooming, as in UIKit.
    func zoomRangeChanged() {
        if zoomLimits.upperBound > zoomLimits.lowerBound {
            guard pinchGestureRecognizer == nil else { return }
            let pinch = UIPinchGestureRecognizer { [weak self] recognizer in
                guard let self, let pinch = recognizer as? UIPinchGestureRecognizer else { return }
                self.handlePinch(pinch)
            }
            pinch.delegate = self
            pinchGestureRecognizer = pinch
            addGestureRecognizer(pinch)
        } else if let pinch = pinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            pinchGestureRecognizer = nil
        }
    }

    /// Sets the zooming view's scale and the content offset; the content size follows.
    func applyZoom(_ scale: CGFloat, offset: CGPoint) {
        guard scale.isFinite, scale > 0, let view = delegate?.viewForZooming(in: self) else { return }
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        let changed = scale != currentZoomScale
        currentZoomScale = scale
        contentOffset = offset
        if changed { delegate?.scrollViewDidZoom(self) }
    }

    /// The offset that keeps a point of the zooming view (unscaled) at a point of what shows
    /// (from the scroll view's top left) at a scale.
    func offset(keeping point: CGPoint, at visible: CGPoint, scale: CGFloat) -> CGPoint {
        CGPoint(x: point.x * scale - visible.x, y: point.y * scale - visible.y)
    }

    /// A zoom to a scale and offset, at once or animated; tells the delegate as UIKit does.
    func zoom(toScale scale: CGFloat, offset: CGPoint, animated: Bool) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        motion = nil
        delegate?.scrollViewWillBeginZooming(self, with: view)
        if animated {
            motion = .zooming(
                from: (currentZoomScale, contentOffset), to: (scale, offset), duration: Self.zoomDuration, start: nil, view: view,
                bounce: false)
        } else {
            applyZoom(scale, offset: offset)
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
        }
    }

    /// The offset limits at a scale (the content size then).
    func clamped(_ offset: CGPoint, atScale scale: CGFloat) -> CGPoint {
        guard let view = delegate?.viewForZooming(in: self) else { return clamped(offset) }
        let inset = adjustedContentInset
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let low = CGPoint(x: -inset.left, y: -inset.top)
        let high = CGPoint(
            x: max(low.x, size.width + inset.right - bounds.width), y: max(low.y, size.height + inset.bottom - bounds.height))
        return CGPoint(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
    }

    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        let location = pinch.location(in: self)
        let visible = CGPoint(x: location.x - contentOffset.x, y: location.y - contentOffset.y)
        switch pinch.state {
        case .began:
            motion = nil
            pinchAnchor = (CGPoint(x: location.x / currentZoomScale, y: location.y / currentZoomScale), currentZoomScale)
            isZooming = true
            delegate?.scrollViewWillBeginZooming(self, with: view)
            fallthrough
        case .changed:
            guard let anchor = pinchAnchor else { return }
            var scale = anchor.scale * pinch.scale
            let limits = zoomLimits
            if bouncesZoom {
                if scale > limits.upperBound { scale = limits.upperBound * pow(scale / limits.upperBound, Self.zoomStretch) }
                if scale < limits.lowerBound { scale = limits.lowerBound * pow(scale / limits.lowerBound, Self.zoomStretch) }
            } else {
                scale = clampedZoomScale(scale)
            }
            guard scale.isFinite, scale > 0 else { return }
            applyZoom(scale, offset: offset(keeping: anchor.point, at: visible, scale: scale))
        case .ended, .cancelled, .failed:
            guard let anchor = pinchAnchor else { return }
            pinchAnchor = nil
            isZooming = false
            let scale = clampedZoomScale(currentZoomScale)
            let target = clamped(offset(keeping: anchor.point, at: visible, scale: scale), atScale: scale)
            if scale != currentZoomScale || target != contentOffset {
                motion = .zooming(
                    from: (currentZoomScale, contentOffset), to: (scale, target), duration: Self.zoomDuration, start: nil, view: view,
                    bounce: true)
            } else {
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
            }
        default:
            break
        }
    }

    /// Zooms by a browser's pinch (a trackpad's ctrl+wheel): `delta` in pixels, 100 for a
    /// factor of e, about a point of the scroll view, within the limits; whether it zoomed.
    @discardableResult
    package func zoomByWheel(at point: CGPoint, delta: CGFloat) -> Bool {
        guard delta.isFinite, point.isFinite, zoomLimits.upperBound > zoomLimits.lowerBound,
            let view = delegate?.viewForZooming(in: self)
        else { return false }
        let scale = clampedZoomScale(currentZoomScale * exp(-min(max(delta, -2_000), 2_000) / 100))
        guard scale != currentZoomScale else { return false }
        motion = nil
        let anchor = CGPoint(x: point.x / currentZoomScale, y: point.y / currentZoomScale)
        let visible = CGPoint(x: point.x - contentOffset.x, y: point.y - contentOffset.y)
        delegate?.scrollViewWillBeginZooming(self, with: view)
        applyZoom(scale, offset: clamped(offset(keeping: anchor, at: visible, scale: scale), atScale: scale))
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
        return true
    }
}
