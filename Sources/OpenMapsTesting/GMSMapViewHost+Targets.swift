import Foundation
import OpenMaps

/// Where things are on a hosted map, to aim touches at them and to check what it shows.
extension GMSMapViewHost {
    /// Whether a gesture is still being recognised: a finger is down, or a tap waits out the
    /// double-tap window. (A fling after the fingers lift goes on, like an animation.)
    public var isRecognizingGesture: Bool { MapInspection(self).isRecognizingGesture }

    /// The centre of a marker's icon as drawn now (the copy nearest the camera target), or
    /// nil when the marker is not on this map.
    public func iconCenter(of marker: GMSMarker) -> CGPoint? { MapInspection(self).iconCenter(of: marker) }

    /// The centre of the open info window of a marker, or nil when it has none open.
    public func infoWindowCenter(of marker: GMSMarker) -> CGPoint? { MapInspection(self).infoWindowCenter(of: marker) }

    /// Whether a marker's info window is open.
    public func isInfoWindowOpen(for marker: GMSMarker) -> Bool { MapInspection(self).isInfoWindowOpen(for: marker) }

    /// The centre of an on-map control (where it is or would be when hidden), or nil for the
    /// My Location dot without a location.
    public func center(of control: MapControl) -> CGPoint? { MapInspection(self).center(of: control) }

    /// Whether a control is shown now.
    public func isShown(_ control: MapControl) -> Bool { MapInspection(self).isShown(control) }

    /// Whether a marker's drawn icon covers a view point (on any visible world copy).
    public func iconHitTest(_ marker: GMSMarker, _ point: CGPoint) -> Bool { MapInspection(self).iconCovers(marker, point) }

    /// The tappable marker drawn on top at a view point, as a tap there would find it.
    public func marker(at point: CGPoint) -> GMSMarker? { MapInspection(self).marker(at: point) }

    /// The basemap's points of interest drawn now: where, their name and their own location.
    public func pointsOfInterest() -> [(point: CGPoint, name: String, coordinate: CLLocationCoordinate2D)] {
        MapInspection(self).pointsOfInterest()
    }

    /// The basemap's labels drawn now (centre inside the view): kind (`"place"`, `"road"` or
    /// `"poi"`), text, category (a POI's category, a place's or road's class), centre in view
    /// points, and turn in radians (road names follow their road).
    public func basemapLabels() -> [(kind: String, text: String, category: String, point: CGPoint, angle: Double)] {
        MapInspection(self).basemapLabels()
    }

    /// The highest zoom at which the basemap has data under a coordinate (street-level data
    /// is 10 or more), or nil where it has none.
    public func basemapDataZoom(at coordinate: CLLocationCoordinate2D) -> Int? {
        MapInspection(self).basemapDataZoom(at: coordinate)
    }

    /// The basemap tiles the camera shows now, by zoom (near tiles finer than far ones under tilt).
    public var visibleTileAddresses: [(z: Int, x: Int, y: Int)] { MapInspection(self).visibleTileAddresses }
}
