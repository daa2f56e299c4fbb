import OpenMaps

/// A sample of the playground: a view controller with a map and a delegate, written the way an
/// app using the Maps SDK for iOS would write it.
public struct PlaygroundSample: Sendable {
    /// The name in `/?sample=NAME`.
    public let name: String
    /// What the side panel lists.
    public let title: String
    /// One sentence on what to try.
    public let summary: String
    /// Makes the sample's view controller (its view is, or contains, the map).
    public let make: @MainActor @Sendable () -> UIViewController
    /// The device's location at a time (seconds on the map's clock), for samples that show
    /// it; the session reports a new fix once a second, as a phone's location updates come.
    public let location: (@Sendable (TimeInterval) -> CLLocation)?

    public init(
        name: String, title: String, summary: String, make: @escaping @MainActor @Sendable () -> UIViewController,
        location: (@Sendable (TimeInterval) -> CLLocation)? = nil
    ) {
        self.name = name
        self.title = title
        self.summary = summary
        self.make = make
        self.location = location
    }

    /// Every sample, in the side panel's order; the first is the default.
    public static let all: [PlaygroundSample] = [
        PlaygroundSample(
            name: "markers", title: "Markers", summary: "Markers over Helsinki, one info window open. Tap a marker or the map.",
            make: { MarkersSample() }),
        PlaygroundSample(
            name: "info-windows", title: "Info windows",
            summary: "The default window, a contents view, a custom window, title only, a long snippet and CJK text.",
            make: { InfoWindowsSample() }),
        PlaygroundSample(
            name: "marker-events", title: "Marker events",
            summary: "A tap handled by the delegate, the default tap, re-tapping, and a window tracking its changes.",
            make: { MarkerEventsSample() }),
        PlaygroundSample(
            name: "map-events", title: "Map events", summary: "The events guide's map over Singapore: every camera and tap event.",
            make: { MapEventsSample() }),
        PlaygroundSample(
            name: "camera", title: "Camera",
            summary: "Tap a marker to fly to it tilted; tap the map to fit all of them. Zoom is held to 11...18, with padding.",
            make: { CameraSample() }),
        PlaygroundSample(
            name: "geocoder", title: "Geocoder",
            summary: "Long press: a marker titled with the address. When the camera rests, its centre is geocoded too.",
            make: { GeocoderSample() }),
        PlaygroundSample(
            name: "pois", title: "Points of interest", summary: "Tap a POI: its name in an info window.", make: { POIsSample() }),
        PlaygroundSample(
            name: "overlays", title: "Overlays",
            summary: "A tappable circle, a polygon with a hole, a polyline and a ground overlay.", make: { OverlaysSample() }),
        PlaygroundSample(
            name: "dragging", title: "Dragging", summary: "Long press a marker, then drag it.", make: { DraggingSample() }),
        PlaygroundSample(
            name: "my-location", title: "My location",
            summary: "A simulated location walking along Esplanadi; the button follows it.", make: { MyLocationSample() },
            location: LocationSimulation.location(at:)),
        PlaygroundSample(
            name: "styles", title: "Styles", summary: "Tap the map to cycle: default, night, POIs hidden.", make: { StylesSample() }),
        PlaygroundSample(
            name: "many-markers", title: "10,000 markers", summary: "10,000 markers over London, no clustering.",
            make: { ManyMarkersSample() }),
        PlaygroundSample(
            name: "clustering", title: "Clustering",
            summary: "10,000 places over Finland clustered by the utility library; zoom to split them, tap a cluster to zoom in.",
            make: { ClusteringSample() }),
        PlaygroundSample(
            name: "heatmap", title: "Heatmap", summary: "The same 10,000 places as a heatmap; tap the map to change its gradient.",
            make: { HeatmapSample() }),
        PlaygroundSample(
            name: "geojson", title: "GeoJSON",
            summary: "Liechtenstein's municipalities from a GeoJSON file, coloured by area; tap one.", make: { GeoJSONSample() }),
        PlaygroundSample(
            name: "kml", title: "KML", summary: "Finland's regions and towns from a KML file with shared styles and a style map.",
            make: { KMLSample() }),
        PlaygroundSample(
            name: "clustering-100k", title: "100,000 clustered (ours)",
            summary: "100,000 places over Finland, clustered by the hierarchical algorithm off the main actor; markers stay as you zoom.",
            make: { HierarchicalClusteringSample() }),
        PlaygroundSample(
            name: "heatmap-100k", title: "Heatmap of 100,000 (ours)", summary: "The same 100,000 places as a heatmap.",
            make: {
                let sample = HeatmapSample()
                sample.count = 100_000
                return sample
            }),
        PlaygroundSample(
            name: "helsinki-districts", title: "Helsinki districts (ours)",
            summary: "Central Helsinki's districts (OpenStreetMap) in the simplestyle colours of their properties; tap one for its properties.",
            make: { HelsinkiDistrictsSample() }),
        PlaygroundSample(
            name: "geojson-styled", title: "GeoJSON styled by property (ours)",
            summary: "Liechtenstein's municipalities shaded by area by a closure; tap one for its properties.",
            make: { StyledGeoJSONSample() }),
        PlaygroundSample(
            name: "kmz", title: "KMZ (ours)", summary: "Finland's regions and towns from a KMZ archive, its town icon inside it.",
            make: {
                let sample = KMLSample()
                sample.archive = true
                return sample
            }),
        PlaygroundSample(
            name: "panorama", title: "Panorama (ours)",
            summary: "Panoramas the app registers (an OpenMaps addition): drag to look round, pinch to zoom, tap the arrow to walk.",
            make: { PanoramaSample() }),
        phone,
    ]

    /// Every sample on a phone: the list as the SDK's demo app shows it (a table in sections
    /// with a search bar), each row pushing its sample, on a 390 x 844 screen.
    public static let phone = PlaygroundSample(
        name: "phone", title: "Phone (all samples)",
        summary: "The samples on a phone's screen, listed as the SDK's demo app lists them: search, tap one, go back.",
        make: { SampleListViewController() })

    /// The sample of a name; the default for an unknown or missing one.
    public static func named(_ name: String?) -> PlaygroundSample {
        all.first { $0.name == name } ?? all[0]
    }
}

/// Places in central Helsinki the samples use.
@MainActor
enum Helsinki {
    /// A map over central Helsinki telling a delegate.
    static func mapView(zoom: Float = 16, delegate: GMSMapViewDelegate) -> GMSMapView {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withTarget: centre, zoom: zoom)
        let mapView = GMSMapView(options: options)
        mapView.delegate = delegate
        return mapView
    }


    static let centre = CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9455)
    static let places: [(name: String, snippet: String, coordinate: CLLocationCoordinate2D)] = [
        ("Helsinki Cathedral", "Unioninkatu 29", CLLocationCoordinate2D(latitude: 60.1705, longitude: 24.9522)),
        ("Central Station", "Kaivokatu 1", CLLocationCoordinate2D(latitude: 60.1719, longitude: 24.9414)),
        ("Stockmann", "Aleksanterinkatu 52", CLLocationCoordinate2D(latitude: 60.1687, longitude: 24.9420)),
        ("Ateneum", "Kaivokatu 2", CLLocationCoordinate2D(latitude: 60.1703, longitude: 24.9441)),
        ("Market Square", "Eteläranta", CLLocationCoordinate2D(latitude: 60.1675, longitude: 24.9530)),
        ("Kiasma", "Mannerheiminaukio 2", CLLocationCoordinate2D(latitude: 60.1722, longitude: 24.9370)),
    ]
}
