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
    /// rectangle holding its converted corners (without transforms, its moved origin and its
    /// size).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard hasTransformAbove || view?.hasTransformAbove == true else {
            return CGRect(origin: convert(rect.origin, to: view), size: rect.size)
        }
        return rect.mappingCorners { convert($0, to: view) }
    }

    /// Converts a rectangle from another view's coordinates to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        guard hasTransformAbove || view?.hasTransformAbove == true else {
            return CGRect(origin: convert(rect.origin, from: view), size: rect.size)
        }
        return rect.mappingCorners { convert($0, from: view) }
    }

    /// Whether this view or one of its ancestors (short of the root) has a transform.
    private var hasTransformAbove: Bool {
        var view: UIView = self
        while let parent = view.superview {
            if !view.transform.isIdentity { return true }
            view = parent
        }
        return false
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

    /// A point in the root's coordinates in this view's: down from the root, through each
    /// view's transform.
    private func pointFromRoot(_ point: CGPoint) -> CGPoint {
        guard let parent = superview else { return CGPoint(x: point.x + bounds.minX, y: point.y + bounds.minY) }
        return pointFromSuperview(parent.pointFromRoot(point))
    }
}
