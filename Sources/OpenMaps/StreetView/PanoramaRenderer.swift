import Foundation
import MapDrawing
import MapGeometry
import MapUIKit

/// Draws a registered panorama as a panorama view's camera sees it: the equirectangular image
/// projected through the camera's pinhole (``PanoramaProjection``), then the links as chevrons
/// on the ground at their headings.
@MainActor
final class PanoramaRenderer {
    /// The picture of the last frame, reused while the size stays.
    private var picture: Bitmap?

    /// Draws the image filling `bounds` (in the canvas's points).
    func drawImage(_ entry: PanoramaCatalog.Entry, camera: GMSPanoramaCamera, bounds: CGRect, in canvas: Canvas) {
        let scale = canvas.scale
        let width = Int(saturating: (Double(bounds.width) * scale).rounded(.up))
        let height = Int(saturating: (Double(bounds.height) * scale).rounded(.up))
        guard width > 0, height > 0, width <= Bitmap.maximumDimension, height <= Bitmap.maximumDimension else { return }
        let target: Bitmap
        if let picture, picture.width == width, picture.height == height {
            target = picture
        } else {
            target = Bitmap(width: width, height: height)
            picture = target
        }
        let projection = PanoramaProjection(camera: camera, bounds: CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height))
        guard projection.isUsable, !target.isEmpty else { return }
        let basis = projection.basis
        target.drawEquirectangular(
            entry.image,
            camera: SphereCamera(forward: basis.forward, right: basis.right, up: basis.up, focalLength: projection.focalLength * scale),
            centre: CGPoint(x: Double(bounds.width) / 2 * scale, y: Double(bounds.height) / 2 * scale), centreHeading: entry.heading)
        canvas.blit(target, at: bounds.origin)
    }
}

/// The links of a panorama as a view shows them: white chevrons on the ground 30° below the
/// horizon, each at its link's heading and pointing along it; tapping within
/// ``PanoramaLinkMarks/hitRadius`` of one follows it.
enum PanoramaLinkMarks {
    /// How far below the horizon the chevrons lie, in degrees.
    static let pitch = -30.0
    /// How near a tap must come to a chevron's centre, in points.
    static let hitRadius: CGFloat = 28
    /// A chevron's length along its link, in points.
    static let size: CGFloat = 16

    /// Each link's chevron in view: its panorama ID, centre and unit direction.
    static func marks(
        of entry: PanoramaCatalog.Entry, camera: GMSPanoramaCamera, bounds: CGRect
    ) -> [(panoramaID: String, centre: CGPoint, direction: CGPoint)] {
        let projection = PanoramaProjection(camera: camera, bounds: bounds)
        guard projection.isUsable else { return [] }
        return entry.links.compactMap { link in
            let centre = projection.point(toward: GMSOrientation(heading: link.heading, pitch: pitch))
            let ahead = projection.point(toward: GMSOrientation(heading: link.heading, pitch: pitch + 6))
            guard centre.x.isFinite, centre.y.isFinite, ahead.x.isFinite, ahead.y.isFinite,
                bounds.insetBy(dx: -size, dy: -size).contains(centre)
            else { return nil }
            let dx = ahead.x - centre.x, dy = ahead.y - centre.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-6 else { return nil }
            return (link.panoramaID, centre, CGPoint(x: dx / length, y: dy / length))
        }
    }

    /// Draws the chevrons.
    static func draw(_ marks: [(panoramaID: String, centre: CGPoint, direction: CGPoint)], in canvas: Canvas) {
        for mark in marks {
            let d = mark.direction, n = CGPoint(x: -d.y, y: d.x)
            let c = mark.centre, s = size / 2
            var chevron = Path()
            chevron.move(to: CGPoint(x: c.x - d.x * s + n.x * s, y: c.y - d.y * s + n.y * s))
            chevron.line(to: CGPoint(x: c.x + d.x * s * 0.6, y: c.y + d.y * s * 0.6))
            chevron.line(to: CGPoint(x: c.x - d.x * s - n.x * s, y: c.y - d.y * s - n.y * s))
            canvas.stroke(chevron, with: Color(white: 0, alpha: 0.45), style: StrokeStyle(width: 7, cap: .round, join: .round))
            canvas.stroke(chevron, with: .white, style: StrokeStyle(width: 4, cap: .round, join: .round))
        }
    }

    /// The link whose chevron a point is on, if any (the nearest).
    static func link(
        at point: CGPoint, of entry: PanoramaCatalog.Entry, camera: GMSPanoramaCamera, bounds: CGRect
    ) -> String? {
        marks(of: entry, camera: camera, bounds: bounds)
            .map { (id: $0.panoramaID, distance: hypot($0.centre.x - point.x, $0.centre.y - point.y)) }
            .filter { $0.distance <= hitRadius }
            .min { $0.distance < $1.distance }?.id
    }
}
