import Foundation

/// The bounds a scenario is held to (docs/limits.md); past them it is refused with a message
/// naming the field, and `openmaps` exits with status 2.
public enum ScenarioLimits {
    /// The longest a step may run in virtual time, in seconds: a `wait`, a gesture's
    /// `duration`, a raw touch's `t`.
    public static let maximumStepSeconds: Double = 3_600
    /// The largest map, icon or view side, in points.
    public static let maximumSide: Double = 10_000
    /// The most points in a path, and the most raw touches in one step.
    public static let maximumItems = 100_000
    /// The most markers, and the most overlays, a scenario sets up (and adds in steps).
    public static let maximumMarkers = 100_000
    /// The longest a whole scenario's steps may run in virtual time, in seconds.
    public static let maximumScenarioSeconds: Double = 14_400
    /// The most steps.
    public static let maximumSteps = 100_000
    /// The longest tile URL template, in UTF-8 bytes.
    public static let maximumURLTemplateBytes = 2_048
    /// The most items clustered, listed and seeded together (an OpenMaps addition).
    public static let maximumClusterItems = 1_000_000
    /// The most tile layers.
    public static let maximumTileLayers = 16
}
