import Foundation
import Logging

/// A change to a panorama view's camera, applied with
/// ``GMSPanoramaView/updateCamera(_:animationDuration:)``. Made only by its factory methods.
///
/// A plain `NSObject` with no actor isolation, as in the SDK. A NaN or infinite value makes
/// an update that leaves the camera as it is (with a logged warning when applied).
public final class GMSPanoramaCameraUpdate: NSObject, Sendable {
    private static let logger = Logger(label: "OpenMaps.StreetView")

    enum Kind: Sendable {
        case rotateBy(Double)
        case setHeading(Double)
        case setPitch(Double)
        case setZoom(Double)
    }

    let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// Turns the camera: adds `deltaHeading` degrees to its heading (positive turns clockwise).
    public class func rotate(by deltaHeading: CGFloat) -> GMSPanoramaCameraUpdate {
        GMSPanoramaCameraUpdate(.rotateBy(Double(deltaHeading)))
    }

    /// Sets the camera's heading in degrees clockwise from north (wrapped into [0, 360)).
    public class func setHeading(_ heading: CGFloat) -> GMSPanoramaCameraUpdate {
        GMSPanoramaCameraUpdate(.setHeading(Double(heading)))
    }

    /// Sets the camera's pitch in degrees (clamped into -90...90).
    public class func setPitch(_ pitch: CGFloat) -> GMSPanoramaCameraUpdate {
        GMSPanoramaCameraUpdate(.setPitch(Double(pitch)))
    }

    /// Sets the camera's zoom (clamped into 1...5).
    public class func setZoom(_ zoom: CGFloat) -> GMSPanoramaCameraUpdate {
        GMSPanoramaCameraUpdate(.setZoom(Double(zoom)))
    }

    /// The camera this update makes from `camera`; `camera` itself when the update's value is
    /// not finite.
    func camera(from camera: GMSPanoramaCamera) -> GMSPanoramaCamera {
        let heading = camera.orientation.heading
        let pitch = camera.orientation.pitch
        switch kind {
        case .rotateBy(let delta):
            guard finite(delta, "rotate(by:)") else { return camera }
            return GMSPanoramaCamera(heading: heading + delta, pitch: pitch, zoom: camera.zoom, fov: camera.fov)
        case .setHeading(let value):
            guard finite(value, "setHeading(_:)") else { return camera }
            return GMSPanoramaCamera(heading: value, pitch: pitch, zoom: camera.zoom, fov: camera.fov)
        case .setPitch(let value):
            guard finite(value, "setPitch(_:)") else { return camera }
            return GMSPanoramaCamera(heading: heading, pitch: value, zoom: camera.zoom, fov: camera.fov)
        case .setZoom(let value):
            guard finite(value, "setZoom(_:)") else { return camera }
            // Clamped before narrowing, so a huge Double does not become an infinite Float.
            let zoom = Float(min(max(value, -1_000), 1_000))
            return GMSPanoramaCamera(heading: heading, pitch: pitch, zoom: zoom, fov: camera.fov)
        }
    }

    private func finite(_ value: Double, _ what: String) -> Bool {
        guard value.isFinite else {
            GMSPanoramaCameraUpdate.logger.warning("GMSPanoramaCameraUpdate.\(what) with a non-finite value ignored")
            return false
        }
        return true
    }
}
