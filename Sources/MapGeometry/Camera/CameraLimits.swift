/// The limits every camera obeys (docs/behaviour.md rule 21).
public enum CameraLimits {
    /// The smallest zoom a map shows.
    public static let minimumZoom: Double = 2
    /// The largest zoom a map shows.
    public static let maximumZoom: Double = 21
    /// The most northern or southern camera target.
    public static let maximumLatitude: Double = 85

    /// Latitude clamped into -85...85; NaN gives 0.
    public static func clampLatitude(_ latitude: Double) -> Double {
        latitude.isNaN ? 0 : min(max(latitude, -maximumLatitude), maximumLatitude)
    }

    /// Longitude wrapped into [-180, 180); non-finite gives 0.
    public static func wrapLongitude(_ longitude: Double) -> Double {
        guard longitude.isFinite else { return 0 }
        if longitude >= -180 && longitude < 180 { return longitude }
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }

    /// Bearing wrapped into [0, 360); non-finite gives 0.
    public static func wrapBearing(_ bearing: Double) -> Double {
        guard bearing.isFinite else { return 0 }
        let wrapped = bearing.truncatingRemainder(dividingBy: 360)
        let positive = wrapped < 0 ? wrapped + 360 : wrapped
        return positive >= 360 ? 0 : positive
    }

    /// The largest viewing angle at a zoom: 30° at zoom 10 and below, rising linearly to 65°
    /// at zoom 16 and above.
    public static func maximumViewingAngle(atZoom zoom: Double) -> Double {
        guard zoom.isFinite else { return 30 }
        if zoom <= 10 { return 30 }
        if zoom >= 16 { return 65 }
        return 30 + (zoom - 10) / 6 * 35
    }
}
