import Foundation
import MapDrawing
import OpenMaps

/// A parsed replay scenario (its format is `docs/replay.md`): a map's set-up, how
/// the scripted delegate answers, markers, and the steps to run. Everything is checked
/// when parsed, so a scenario that cannot be run fails before any output.
public struct Scenario {
    struct CameraSpec {
        var latitude: Double?, longitude: Double?, zoom: Double?, bearing: Double?, viewingAngle: Double?
    }

    struct MarkerSpec {
        var id: String
        var position: CLLocationCoordinate2D
        var title: String?, snippet: String?
        var iconSize: CGSize?
        var groundAnchor: CGPoint?, infoWindowAnchor: CGPoint?
        var zIndex: Int32?
        var tappable: Bool?, draggable: Bool?, flat: Bool?
        var rotation: Double?, opacity: Double?
        var tracksInfoWindowChanges: Bool?
    }

    struct OverlaySpec {
        enum Kind: String { case circle, polyline, polygon, groundOverlay }
        var id: String
        var kind: Kind
        var position: CLLocationCoordinate2D?
        var radius: Double?
        var path: [CLLocationCoordinate2D] = []
        var holes: [[CLLocationCoordinate2D]] = []
        var bounds: (CLLocationCoordinate2D, CLLocationCoordinate2D)?
        var iconSize: CGSize?
        var tappable: Bool?
        var zIndex: Int32?
        var strokeColor: Color?, fillColor: Color?
        var strokeWidth: Double?
        var geodesic: Bool?
        var bearing: Double?, opacity: Double?
    }

    struct ViewSpec {
        var size: CGSize
        var text: String
    }

    enum Answer: Equatable { case `default`, handled }

    struct DelegateSpec {
        var didTapMarker: [String: Answer] = [:]
        var didTapMarkerDefault = Answer.default
        var markerInfoWindow: [String: ViewSpec] = [:]
        var markerInfoContents: [String: ViewSpec] = [:]
        var didTapMyLocationButton = Answer.default
        /// The marker Google's POI guide puts on a tapped POI (moved there, titled with its name,
        /// its snippet the place ID, and selected); nil: the POI callback does nothing.
        var selectOnPOITap: String?
    }

    struct SettingsSpec {
        var values: [String: Bool]
    }

    enum Target {
        case point(CGPoint)
        case marker(String)
        case infoWindow(String)
        case control(MapControl)
    }

    struct RawTouch {
        var t: Double
        var id: Int
        var phase: MapTouch.Phase
        var location: CGPoint
    }

    struct MarkerChanges {
        var title: String??, snippet: String??
        var position: CLLocationCoordinate2D?
        var tracksInfoWindowChanges: Bool?
        var removeFromMap = false
    }

    enum Step {
        case tap(Target)
        case doubleTap(CGPoint)
        case twoFingerTap(CGPoint)
        case longPress(Target)
        case drag(marker: String, to: CGPoint, duration: Double)
        case pan(from: CGPoint, to: CGPoint, duration: Double, fling: Bool)
        case pinch(center: CGPoint, scale: Double, duration: Double)
        case rotate(center: CGPoint, degrees: Double, duration: Double)
        case tilt(center: CGPoint?, degrees: Double, duration: Double)
        case touches([RawTouch])
        case select(String?)
        case set(marker: String, changes: MarkerChanges)
        case addMarker(MarkerSpec)
        case addOverlay(OverlaySpec)
        case animate(CameraSpec, duration: Double?)
        case move(CameraSpec)
        case update(GMSCameraUpdateSpec)
        case clear
        case wait(Double)
        case settings(SettingsSpec)
        case padding(UIEdgeInsets)
        case minMaxZoom(Float, Float)
        case mapStyle(String)
        case mapType(GMSMapViewType)
        /// The cluster manager clusters again (`cluster()`; an OpenMaps addition).
        case cluster

        /// How the runner plays gestures: how long fingers stay down, and rest before lifting.
        enum Timing {
            /// A tap's finger down.
            static let tap: Double = 0.05
            /// Between the two taps of a double tap.
            static let doubleTapGap: Double = 0.1
            /// A long press's (and a drag's) hold before moving.
            static let longPress: Double = 0.7
            /// Fingers resting before they lift (no fling).
            static let rest: Double = 0.1
        }

        /// The virtual time the step's own touches or waiting span (not what it sets going).
        var virtualSeconds: Double {
            switch self {
            case .tap, .twoFingerTap: return Timing.tap
            case .doubleTap: return 2 * Timing.tap + Timing.doubleTapGap
            case .longPress: return Timing.longPress
            case .drag(_, _, let duration): return Timing.longPress + duration + Timing.rest
            case .pan(_, _, let duration, _), .pinch(_, _, let duration), .rotate(_, _, let duration), .tilt(_, _, let duration):
                return duration + Timing.rest
            case .touches(let touches): return touches.map(\.t).max() ?? 0
            case .wait(let seconds): return seconds
            case .select, .set, .addMarker, .addOverlay, .animate, .move, .update, .clear, .settings, .padding, .minMaxZoom,
                .mapStyle, .mapType, .cluster:
                return 0
            }
        }
    }

    /// The size in pixels of the map's frame at a scale; refused past the largest render
    /// (``Bitmap/maximumDimension`` a side, ``Bitmap/maximumPixels`` in all).
    public func renderSize(scale: Double) throws -> (width: Int, height: Int) {
        guard let pixels = Bitmap.pixelSize(pointWidth: size.width, pointHeight: size.height, scale: scale),
            Bitmap.canHold(width: pixels.width, height: pixels.height)
        else {
            throw ScenarioError(
                "map.size \(JSONLine.number(size.width, decimals: 3)) x \(JSONLine.number(size.height, decimals: 3)) points at scale "
                    + "\(JSONLine.number(scale, decimals: 3)) is past the largest render size: \(Bitmap.maximumDimension) pixels a side, "
                    + "\(Bitmap.maximumPixels) pixels in all")
        }
        return pixels
    }

    var size: CGSize
    var camera: CameraSpec
    var padding: UIEdgeInsets?
    var minZoom: Float?, maxZoom: Float?
    var settings: SettingsSpec?
    var myLocationEnabled: Bool?
    var myLocation: CLLocationCoordinate2D?
    var mapType: GMSMapViewType?
    var mapStyle: String?
    var mbtiles: String?
    var tileLayers: [TileLayerSpec] = []
    var delegate = DelegateSpec()
    var markers: [MarkerSpec] = []
    var overlays: [OverlaySpec] = []
    var steps: [Step] = []
    /// Clustering (an OpenMaps addition).
    var clustering: ClusteringSpec?
    /// A panorama view's scenario instead of a map's (an OpenMaps addition).
    public internal(set) var panorama: PanoramaScenario?
}

/// A camera update named in a scenario.
enum GMSCameraUpdateSpec {
    case zoomIn, zoomOut
    case zoomBy(Float), zoomTo(Float)
    case setTarget(CLLocationCoordinate2D, Float?)
    case scrollBy(CGFloat, CGFloat)
    case fit(CLLocationCoordinate2D, CLLocationCoordinate2D, CGFloat)

    var update: GMSCameraUpdate {
        switch self {
        case .zoomIn: return .zoomIn()
        case .zoomOut: return .zoomOut()
        case .zoomBy(let d): return .zoom(by: d)
        case .zoomTo(let z): return .zoom(to: z)
        case .setTarget(let c, let z): return z.map { .setTarget(c, zoom: $0) } ?? .setTarget(c)
        case .scrollBy(let x, let y): return .scrollBy(x: x, y: y)
        case .fit(let a, let b, let p): return .fit(GMSCoordinateBounds(coordinate: a, coordinate: b), withPadding: p)
        }
    }
}

/// A `GMSURLTileLayer` of a scenario: a URL template with `{z}`, `{x}` and `{y}`.
struct TileLayerSpec {
    var urlTemplate: String
    var zIndex: Int32 = 0
    var opacity: Float = 1
    var tileSize: Int = 256
    var fadeIn = true

    /// The tile's URL: the template with its address filled in.
    func url(x: UInt, y: UInt, zoom: UInt) -> URL? {
        URL(string: urlTemplate.replacingOccurrences(of: "{z}", with: "\(zoom)").replacingOccurrences(of: "{x}", with: "\(x)")
            .replacingOccurrences(of: "{y}", with: "\(y)"))
    }
}
