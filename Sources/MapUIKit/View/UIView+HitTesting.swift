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

    /// Converts a rectangle from this view's coordinates to another view's: the smallest
    /// rectangle holding its converted corners.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        convertCorners(of: rect) { convert($0, to: view) }
    }

    /// Converts a rectangle from another view's coordinates to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        convertCorners(of: rect) { convert($0, from: view) }
    }

    private func convertCorners(of rect: CGRect, _ convert: (CGPoint) -> CGPoint) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ].map(convert)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = xs.min() ?? 0, top = ys.min() ?? 0
        return CGRect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
    }

    /// A point of this view in the root's coordinates (from the root's top left).
    private func pointInRoot(_ point: CGPoint) -> CGPoint {
        var result = point
        var view: UIView = self
        while let parent = view.superview {
            result = view.pointToSuperview(result)
            view = parent
        }
        return CGPoint(x: result.x - view.bounds.minX, y: result.y - view.bounds.minY)
    }

    /// A point in the root's coordinates in this view's.
    private func pointFromRoot(_ point: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var view: UIView = self
        while let parent = view.superview {
            chain.append(view)
            view = parent
        }
        var result = CGPoint(x: point.x + view.bounds.minX, y: point.y + view.bounds.minY)
        for child in chain.reversed() { result = child.pointFromSuperview(result) }
        return result
    }
}
