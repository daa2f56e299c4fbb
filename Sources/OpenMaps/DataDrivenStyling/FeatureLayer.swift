import Foundation

/// All features of one ``FeatureType`` on a map, whose look a style closure overrides, as the
/// SDK's `GMSFeatureLayer` (Swift name `FeatureLayer`). Get one from
/// ``GMSMapView/featureLayer(of:)`` or ``GMSMapView/datasetFeatureLayer(of:)``. A plain
/// `NSObject` with no actor isolation.
///
/// On a map made with a map ID (any: OpenMaps has no cloud styling), the layers of
/// ``FeatureType/country``, ``FeatureType/administrativeAreaLevel1`` and
/// ``FeatureType/locality`` are available: their features are real boundaries (Natural Earth
/// countries and first-level areas; the municipalities of Liechtenstein as localities, the
/// only complete ones in the data), drawn with
/// the ``style`` closure's answer above the basemap's land and below its labels, and tappable
/// (`mapView(_:didTap:in:atLocation:)`). Other types, dataset layers, and every layer of a map
/// without a map ID are unavailable, as in the SDK: they keep their ``style`` and draw nothing.
/// Place IDs are OpenMaps' own, stable ones (`"ne:country:FI"`, `"ne:admin1:US:California"`,
/// `"loc:LI:Vaduz"`); docs/behaviour.md, rule 31, gives the scheme.
///
/// Differences from the SDK:
/// - `T` has no constraint. Without the Objective-C runtime, Swift cannot express the SDK's
///   `GMSFeatureLayer<__covariant T: id<GMSFeature>>`. Both `FeatureLayer<PlaceFeature>` and
///   `FeatureLayer<any Feature>` are valid types, as in the SDK. `FeatureLayer<Int>` is valid
///   too, but no map makes one.
/// - Swift's generic classes are invariant. The `FeatureLayer<any Feature>` that
///   `mapView(_:didTap:in:atLocation:)` gets is a different object from the map's
///   `FeatureLayer<PlaceFeature>` or ``DatasetFeatureLayer``, though it shares their style and
///   availability. So `featureLayer as? FeatureLayer<PlaceFeature>` and
///   `featureLayer as? DatasetFeatureLayer` give nil, and `===` with the map's layer is false,
///   where the SDK succeeds. Tell layers apart by ``featureType``, and cast the features
///   (`feature as? PlaceFeature`, `feature as? DatasetFeature`, with its `datasetID`).
open class FeatureLayer<T>: NSObject {
    /// The layer's state, shared with the other views of the same layer.
    let state: FeatureLayerState

    /// A feature layer, for tests. It belongs to no map. In an app, only the map makes feature
    /// layers.
    public init(featureType: FeatureType) {
        state = FeatureLayerState(featureType: featureType)
        super.init()
    }

    /// Another view of a layer's state (the map's own layers, and the `FeatureLayer<any Feature>`
    /// given to the tap callback).
    init(state: FeatureLayerState) {
        self.state = state
        super.init()
    }

    /// The type of every feature in this layer.
    public var featureType: FeatureType { state.featureType }

    /// Whether the map styles this layer's features and reports taps on them.
    ///
    /// True for countries, first-level administrative areas and localities on a map with a map
    /// ID; false otherwise (and for a layer made for tests). The SDK is true only on a map whose
    /// map ID has data-driven styling and this feature type on.
    public var isAvailable: Bool { state.isAvailable }

    /// Gives the style of each feature, or nil to leave the feature as the map draws it.
    ///
    /// As in the SDK, the closure must give the same answer for the same feature each time it
    /// is called. To restyle, set `style` again: the map does not call the closure again
    /// otherwise. The map asks it about each feature once per setting, as the feature first
    /// shows or is tapped, on the main thread; an unavailable layer never asks it.
    public var style: ((T) -> FeatureStyle?)? {
        get { state.style(taking: T.self) }
        set { state.setStyle(newValue) }
    }

    /// Counts how many times ``style`` was set on this layer or on another view of it, so
    /// the map knows when to draw again.
    var revision: Int { state.revision }

    /// The map this layer belongs to; nil for a layer made for tests.
    var mapView: GMSMapView? { state.mapView }

    open override var description: String {
        "\(type(of: self))(featureType: \(featureType.rawValue), isAvailable: \(isAvailable))"
    }
}

/// The feature layer of one dataset, as the SDK's `GMSDatasetFeatureLayer` (Swift name
/// `DatasetFeatureLayer`). Its ``FeatureLayer/featureType`` is ``FeatureType/dataset``. A plain
/// `NSObject` with no actor isolation.
///
/// OpenMaps has no datasets, so a dataset layer is never available: see
/// ``FeatureLayer/isAvailable``.
open class DatasetFeatureLayer: FeatureLayer<DatasetFeature> {
    /// The ID of the dataset. It is nil for a layer made with `init(featureType:)` for tests.
    /// The type is `String!` as in the SDK, whose header gives no nullability.
    public var datasetID: String! { state.datasetID }
}

/// What every view of one feature layer shares: its type, dataset, availability, style and map.
///
/// A map has one state for each feature type and each dataset. Its `FeatureLayer<PlaceFeature>`
/// or `DatasetFeatureLayer`, and the `FeatureLayer<any Feature>` its tap callback gets, are
/// views of the same state. Setting `style` on any of them restyles the same features.
final class FeatureLayerState {
    let featureType: FeatureType
    /// The dataset of a dataset layer.
    let datasetID: String?
    /// Whether the map draws this layer (boundary types on a map with a map ID).
    var isAvailable = false
    /// Bumped each time a style is set.
    private(set) var revision = 0
    /// The map this layer belongs to.
    weak var mapView: GMSMapView?
    /// The style closure as last set, with the feature type it was set with.
    private var typedStyle: Any?
    /// The same closure taking any feature. It gives nil for a feature the setter's type does
    /// not cover. This is what drawing calls.
    private(set) var styleForFeature: ((any Feature) -> FeatureStyle?)?

    init(featureType: FeatureType, datasetID: String? = nil, mapView: GMSMapView? = nil) {
        self.featureType = featureType
        self.datasetID = datasetID
        self.mapView = mapView
    }

    /// Keeps a style closure set through a `FeatureLayer<Value>`, and asks the map (on the
    /// main thread) to draw again.
    func setStyle<Value>(_ style: ((Value) -> FeatureStyle?)?) {
        typedStyle = style
        styleForFeature = style.map { typed in
            { (feature: any Feature) -> FeatureStyle? in (feature as? Value).flatMap(typed) }
        }
        revision &+= 1
        guard let mapView else { return }
        let map = MainThread.Carried(mapView)
        MainThread.run("FeatureLayer.style") { map.value.scene.invalidate() }
    }

    /// The style closure for a `FeatureLayer<Value>`. It is the closure as set when it was set
    /// through the same type, else a closure that gives the set closure's answer for the
    /// features it covers.
    func style<Value>(taking _: Value.Type) -> ((Value) -> FeatureStyle?)? {
        if let exact = typedStyle as? ((Value) -> FeatureStyle?) {
            return exact
        }
        guard let erased = styleForFeature else { return nil }
        return { (value: Value) -> FeatureStyle? in (value as? any Feature).flatMap(erased) }
    }
}
