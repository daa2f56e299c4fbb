import Foundation
import Logging
import MapGeometry

/// The camera of a panorama view: the direction it looks in, its zoom and its field of view.
///
/// Immutable, and a plain `NSObject` with no actor isolation, as in the SDK. Values are put
/// into range when the camera is made: the heading is wrapped into [0, 360), the pitch
/// clamped into -90...90, the zoom into 1...5 and the field of view into 1...160 degrees.
/// NaN or infinite values are replaced by the defaults (heading 0, pitch 0, zoom 1,
/// field of view 90) with a logged warning.
public final class GMSPanoramaCamera: NSObject, Sendable {
    private static let logger = Logger(label: "OpenMaps.StreetView")

    /// The field of view a camera has when none is given (the SDK's documented default).
    static let defaultFOV: Double = 90
    /// The fields of view a camera may have, in degrees.
    static let fovRange: ClosedRange<Double> = 1...160
    /// The zooms a camera may have.
    static let zoomRange: ClosedRange<Float> = 1...5
    /// The pitches a camera may have, in degrees.
    static let pitchRange: ClosedRange<Double> = -90...90

    /// The camera a panorama view starts with: north, level, zoom 1, field of view 90.
    static let initial = GMSPanoramaCamera(heading: 0, pitch: 0, zoom: 1)

    /// The field of view in degrees across the larger side of the view at zoom 1, 1...160
    /// (90 by default).
    public let fov: Double
    /// The zoom, 1...5: zoom N shows the central 1/N of the width and height seen at zoom 1.
    public let zoom: Float
    /// Where the camera looks: heading in [0, 360) degrees clockwise from north, pitch in
    /// -90...90 degrees (positive looks up).
    public let orientation: GMSOrientation

    /// A camera looking in an orientation, at a zoom, with a field of view in degrees; each
    /// value is put into range.
    public init(orientation: GMSOrientation, zoom: Float, fov: Double) {
        self.orientation = GMSOrientation(
            heading: GMSPanoramaCamera.wrapHeading(orientation.heading),
            pitch: GMSPanoramaCamera.clampPitch(orientation.pitch))
        self.zoom = GMSPanoramaCamera.clampZoom(zoom)
        self.fov = GMSPanoramaCamera.clampFOV(fov)
        super.init()
    }

    /// A camera looking in an orientation at a zoom, with the default field of view (90).
    public convenience init(orientation: GMSOrientation, zoom: Float) {
        self.init(orientation: orientation, zoom: zoom, fov: GMSPanoramaCamera.defaultFOV)
    }

    /// A camera from a heading and a pitch in degrees and a zoom, with the default field of
    /// view (90).
    public convenience init(heading: CLLocationDirection, pitch: Double, zoom: Float) {
        self.init(orientation: GMSOrientation(heading: heading, pitch: pitch), zoom: zoom, fov: GMSPanoramaCamera.defaultFOV)
    }

    /// A camera from a heading and a pitch in degrees, a zoom and a field of view in degrees.
    public convenience init(heading: CLLocationDirection, pitch: Double, zoom: Float, fov: Double) {
        self.init(orientation: GMSOrientation(heading: heading, pitch: pitch), zoom: zoom, fov: fov)
    }

    public override var description: String {
        "GMSPanoramaCamera(heading: \(orientation.heading), pitch: \(orientation.pitch), zoom: \(zoom), fov: \(fov))"
    }

    // MARK: Ranges

    /// A heading wrapped into [0, 360); a non-finite one becomes 0.
    static func wrapHeading(_ heading: Double) -> Double {
        guard heading.isFinite else {
            logger.warning("non-finite panorama camera heading \(heading) replaced by 0")
            return 0
        }
        let wrapped = heading.truncatingRemainder(dividingBy: 360)
        let positive = wrapped < 0 ? wrapped + 360 : wrapped
        return positive >= 360 ? 0 : positive
    }

    /// A pitch clamped into -90...90; a non-finite one becomes 0.
    static func clampPitch(_ pitch: Double) -> Double {
        guard pitch.isFinite else {
            logger.warning("non-finite panorama camera pitch \(pitch) replaced by 0")
            return 0
        }
        return min(max(pitch, pitchRange.lowerBound), pitchRange.upperBound)
    }

    /// A zoom clamped into 1...5; a non-finite one becomes 1.
    static func clampZoom(_ zoom: Float) -> Float {
        guard zoom.isFinite else {
            logger.warning("non-finite panorama camera zoom \(zoom) replaced by 1")
            return zoomRange.lowerBound
        }
        return min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
    }

    /// A field of view clamped into 1...160; a non-finite one becomes 90.
    static func clampFOV(_ fov: Double) -> Double {
        guard fov.isFinite else {
            logger.warning("non-finite panorama camera field of view \(fov) replaced by \(defaultFOV)")
            return defaultFOV
        }
        return min(max(fov, fovRange.lowerBound), fovRange.upperBound)
    }
}
