import Foundation
import Logging
import MapGeometry
import MapUIKit

/// Layer key of the panorama camera's heading, in [0, 360) degrees.
public let kGMSLayerPanoramaHeadingKey = "cameraHeading"
/// Layer key of the panorama camera's pitch, in -90...90 degrees.
public let kGMSLayerPanoramaPitchKey = "cameraPitch"
/// Layer key of the panorama camera's zoom, in 1...5 (1 by default).
public let kGMSLayerPanoramaZoomKey = "cameraZoom"
/// Layer key of the panorama camera's field of view, in 1...160 degrees (90 by default).
public let kGMSLayerPanoramaFOVKey = "cameraFOV"

/// A panorama view's layer: its camera as separate values. Apps do not make one; they use
/// ``GMSPanoramaView/layer``.
///
/// Setting a value changes the view's camera, clamped as ``GMSPanoramaCamera`` clamps, and
/// tells the delegate `didMove`. The SDK animates the change inside a `CATransaction` with
/// a duration; OpenMaps draws no panorama, so it applies the change at once. A NaN or
/// infinite value is ignored with a logged warning. A layer with no view reads the default
/// camera and ignores changes. The key strings are OpenMaps' own (the property names): the
/// SDK does not publish its values.
@preconcurrency @MainActor
open class GMSPanoramaLayer: GMSCALayer {
    nonisolated private static let logger = Logger(label: "OpenMaps.StreetView")

    weak var panoramaView: GMSPanoramaView?

    /// A layer with no view (panorama views make their own).
    nonisolated public required init() {
        super.init()
    }

    private var current: GMSPanoramaCamera { panoramaView?.camera ?? GMSPanoramaCamera.initial }

    private func change(_ key: String, _ value: Double, _ make: (GMSPanoramaCamera) -> GMSPanoramaCamera) {
        guard let view = panoramaView else { return }
        guard value.isFinite else {
            GMSPanoramaLayer.logger.warning("GMSPanoramaLayer.\(key) set to a non-finite value; ignored")
            return
        }
        let next = make(view.camera)
        if let duration = CATransaction.currentDuration, duration > 0 {
            view.animate(to: next, animationDuration: duration)
        } else {
            view.camera = next
        }
    }

    /// The camera's heading in degrees clockwise from north, [0, 360).
    open var cameraHeading: CLLocationDirection {
        get { current.orientation.heading }
        set {
            change(kGMSLayerPanoramaHeadingKey, newValue) {
                GMSPanoramaCamera(heading: newValue, pitch: $0.orientation.pitch, zoom: $0.zoom, fov: $0.fov)
            }
        }
    }

    /// The camera's pitch in degrees, -90...90 (positive looks up).
    open var cameraPitch: Double {
        get { current.orientation.pitch }
        set {
            change(kGMSLayerPanoramaPitchKey, newValue) {
                GMSPanoramaCamera(heading: $0.orientation.heading, pitch: newValue, zoom: $0.zoom, fov: $0.fov)
            }
        }
    }

    /// The camera's zoom, 1...5.
    open var cameraZoom: Float {
        get { current.zoom }
        set {
            change(kGMSLayerPanoramaZoomKey, Double(newValue)) {
                GMSPanoramaCamera(heading: $0.orientation.heading, pitch: $0.orientation.pitch, zoom: newValue, fov: $0.fov)
            }
        }
    }

    /// The camera's field of view in degrees, 1...160.
    open var cameraFOV: Double {
        get { current.fov }
        set {
            change(kGMSLayerPanoramaFOVKey, newValue) {
                GMSPanoramaCamera(heading: $0.orientation.heading, pitch: $0.orientation.pitch, zoom: $0.zoom, fov: newValue)
            }
        }
    }
}
