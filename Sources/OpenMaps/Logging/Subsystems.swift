import Logging

/// The SDK's loggers by subsystem, one label each (`OpenMaps.<Subsystem>`, docs/architecture.md):
/// filter a log by label to follow one part of the map.
enum Subsystems {
    /// The camera: its limits, padding and values refused (`OpenMaps.Camera`).
    nonisolated static let camera = Logger(label: "OpenMaps.Camera")
    /// Touches and gestures refused or dropped (`OpenMaps.Gestures`).
    nonisolated static let gestures = Logger(label: "OpenMaps.Gestures")
    /// Hosts: screens, sizes, clocks and frames (`OpenMaps.Screen`).
    nonisolated static let screen = Logger(label: "OpenMaps.Screen")
}
