import Foundation

extension UIView {
    /// Converts a point from this view's coordinates to another view's in the same tree
    /// (the root's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inRoot = pointInRoot(point)
        guard let view else { return inRoot }
        return view.pointFromRoot(inRoot)
    }

    /// Converts a point from another view's coordinates (the root's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inRoot = view?.pointInRoot(point) ?? point
        return pointFromRoot(inRoot)
    }

    /// Converts a rectangle from this view's coordinates to another view's.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from another view's coordinates to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    private func pointInRoot(_ point: CGPoint) -> CGPoint {
        var result = point
        var view: UIView = self
        while let parent = view.superview {
            let frame = view.frame
            result = CGPoint(x: result.x - view.bounds.minX + frame.minX, y: result.y - view.bounds.minY + frame.minY)
            view = parent
        }
        return CGPoint(x: result.x - view.bounds.minX, y: result.y - view.bounds.minY)
    }

    private func pointFromRoot(_ point: CGPoint) -> CGPoint {
        let origin = pointInRoot(.zero)
        return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    }
}
