import MapTestSupport
import Foundation
@testable import OpenMaps
import Testing

/// A delegate that implements none of the callbacks: the protocol's defaults answer.
@MainActor
private final class QuietDelegate: GMSMapViewDelegate {}

/// A delegate written the SDK's way (`[Feature]`, `FeatureLayer<Feature>`), to check the
/// spelling matches the requirement.
@MainActor
private final class FeatureTapDelegate: GMSMapViewDelegate {
    var tappedPlaceIDs: [String] = []
    var tappedLayerType: FeatureType?
    var capabilities: GMSMapCapabilityFlags?

    func mapView(_ mapView: GMSMapView, didTap features: [Feature], in featureLayer: FeatureLayer<Feature>, atLocation location: CLLocationCoordinate2D) {
        tappedPlaceIDs = features.compactMap { ($0 as? PlaceFeature)?.placeID }
        tappedLayerType = featureLayer.featureType
    }

    func mapView(_ mapView: GMSMapView, didChangeMapCapabilities mapCapabilities: GMSMapCapabilityFlags) {
        capabilities = mapCapabilities
    }
}

@Suite("Data-driven styling")
struct FeatureLayerTests {
    // MARK: Feature types and features

    @Test func featureTypeRawValuesAndEquality() {
        #expect(FeatureType.administrativeAreaLevel1.rawValue == "ADMINISTRATIVE_AREA_LEVEL_1")
        #expect(FeatureType.administrativeAreaLevel2.rawValue == "ADMINISTRATIVE_AREA_LEVEL_2")
        #expect(FeatureType.country.rawValue == "COUNTRY")
        #expect(FeatureType.locality.rawValue == "LOCALITY")
        #expect(FeatureType.postalCode.rawValue == "POSTAL_CODE")
        #expect(FeatureType.schoolDistrict.rawValue == "SCHOOL_DISTRICT")
        #expect(FeatureType.dataset.rawValue == "DATASET")

        #expect(FeatureType(rawValue: "COUNTRY") == FeatureType.country)
        #expect(FeatureType("LOCALITY") == FeatureType.locality)
        #expect(FeatureType.country != FeatureType.locality)
        #expect(FeatureType(rawValue: "NEIGHBORHOOD").rawValue == "NEIGHBORHOOD")

        let all: Set<FeatureType> = [
            .administrativeAreaLevel1, .administrativeAreaLevel2, .country, .locality, .postalCode, .schoolDistrict, .dataset,
        ]
        #expect(all.count == 7)
        #expect(all.contains(FeatureType(rawValue: "POSTAL_CODE")))
    }

    @Test func featuresReportTheirType() {
        let place = PlaceFeature(featureType: .locality, placeID: "ChIJ-Helsinki")
        let property: FeatureType = place.featureType
        let method: FeatureType = place.featureType()
        #expect(property == FeatureType.locality)
        #expect(method == FeatureType.locality)
        #expect(place.placeID == "ChIJ-Helsinki")
        let asFeature: any Feature = place
        #expect(asFeature.featureType() == FeatureType.locality)

        let park = DatasetFeature(datasetID: "parks", datasetAttributes: ["name": "Kaivopuisto"])
        #expect(park.featureType() == FeatureType.dataset)
        #expect(park.datasetID == "parks")
        #expect(park.datasetAttributes == ["name": "Kaivopuisto"])
        #expect(DatasetFeature(datasetID: "parks").datasetAttributes.isEmpty)
    }

    // MARK: Styles

    @Test func defaultAndGivenStyles() {
        let plain = FeatureStyle()
        let noFill = plain.fillColor == nil
        let noStroke = plain.strokeColor == nil
        #expect(noFill && noStroke)
        #expect(plain.strokeWidth == FeatureStyle.strokeWidthUnspecified)
        #expect(plain.pointRadius == FeatureStyle.pointRadiusUnspecified)

        let given = FeatureStyle(fill: .red, stroke: .blue, strokeWidth: 2)
        #expect(given.fillColor == UIColor.red)
        #expect(given.strokeColor == UIColor.blue)
        #expect(given.strokeWidth == 2)
        #expect(given.pointRadius == FeatureStyle.pointRadiusUnspecified)
        #expect(MutableFeatureStyle.strokeWidthUnspecified == FeatureStyle.strokeWidthUnspecified)
    }

    @Test func mutableCopyIsMutableAndCopyIsImmutable() throws {
        let style = FeatureStyle(fill: .red, stroke: .blue, strokeWidth: 2)

        let mutable = try #require(style.mutableCopy() as? MutableFeatureStyle)
        #expect(mutable !== style)
        #expect(mutable.fillColor == UIColor.red)
        #expect(mutable.strokeColor == UIColor.blue)
        #expect(mutable.strokeWidth == 2)
        #expect(mutable.pointRadius == FeatureStyle.pointRadiusUnspecified)

        mutable.fillColor = .green
        mutable.strokeColor = nil
        mutable.strokeWidth = 3
        mutable.pointRadius = 4
        #expect(style.fillColor == UIColor.red)
        #expect(style.strokeWidth == 2)

        let frozen = try #require(mutable.copy() as? FeatureStyle)
        #expect(ObjectIdentifier(type(of: frozen)) == ObjectIdentifier(FeatureStyle.self))
        #expect(frozen.fillColor == UIColor.green)
        let strokeGone = frozen.strokeColor == nil
        #expect(strokeGone)
        #expect(frozen.strokeWidth == 3)
        #expect(frozen.pointRadius == 4)

        mutable.strokeWidth = 9
        #expect(frozen.strokeWidth == 3)

        let immutableCopy = try #require(style.copy() as? FeatureStyle)
        #expect(ObjectIdentifier(type(of: immutableCopy)) == ObjectIdentifier(FeatureStyle.self))
        #expect(immutableCopy.fillColor == UIColor.red)
        let again = try #require(frozen.mutableCopy() as? MutableFeatureStyle)
        #expect(again.pointRadius == 4)
    }

    // MARK: Layers

    @Test func layerKeepsItsStyleAndIsUnavailable() {
        let layer = FeatureLayer<PlaceFeature>(featureType: .locality)
        #expect(layer.featureType == FeatureType.locality)
        #expect(!layer.isAvailable)
        let startsUnstyled = layer.style == nil
        #expect(startsUnstyled)
        #expect(layer.revision == 0)
        let noMap = layer.mapView == nil
        #expect(noMap)

        let style = FeatureStyle(fill: .red, stroke: nil, strokeWidth: 1)
        layer.style = { feature in feature.placeID == "A" ? style : nil }
        #expect(layer.revision == 1)
        #expect(!layer.isAvailable)
        #expect(layer.style?(PlaceFeature(featureType: .locality, placeID: "A")) === style)
        #expect(layer.style?(PlaceFeature(featureType: .locality, placeID: "B")) == nil)

        layer.style = nil
        let cleared = layer.style == nil
        #expect(cleared)
        #expect(layer.revision == 2)
    }

    @Test func layersOfAnyFeatureAndOfPlaceFeatureAreBothUsable() {
        let style = MutableFeatureStyle()
        let place = PlaceFeature(featureType: .country, placeID: "FI")

        let anyLayer: FeatureLayer<Feature> = FeatureLayer(featureType: .country)
        anyLayer.style = { feature in feature.featureType() == .country ? style : nil }
        #expect(anyLayer.style?(place) === style)
        #expect(anyLayer.style?(DatasetFeature(datasetID: "parks")) == nil)

        let placeLayer: FeatureLayer<PlaceFeature> = FeatureLayer(featureType: .country)
        placeLayer.style = { $0.placeID == "FI" ? style : nil }
        #expect(placeLayer.style?(place) === style)

        let datasetLayer = DatasetFeatureLayer(featureType: .dataset)
        #expect(datasetLayer.featureType == FeatureType.dataset)
        #expect(datasetLayer.datasetID == nil)
        #expect(!datasetLayer.isAvailable)

        // Swift's generic classes are invariant, unlike the SDK's covariant GMSFeatureLayer:
        // a FeatureLayer<any Feature> is never a FeatureLayer<PlaceFeature> or a dataset layer.
        let erased: AnyObject = anyLayer
        #expect(erased is FeatureLayer<any Feature>)
        #expect(erased as? FeatureLayer<PlaceFeature> == nil)
        #expect(erased as? DatasetFeatureLayer == nil)
    }

    @Test func capabilityFlags() {
        #expect(GMSMapCapabilityFlags.advancedMarkers.rawValue == 1)
        #expect(GMSMapCapabilityFlags.dataDrivenStyling.rawValue == 2)
        #expect(GMSMapCapabilityFlags.spritePolylines.rawValue == 4)
        let both: GMSMapCapabilityFlags = [.advancedMarkers, .spritePolylines]
        #expect(both.rawValue == 5)
        #expect(!both.contains(.dataDrivenStyling))
        #expect(GMSMapCapabilityFlags().isEmpty)
    }

    // MARK: On a map

    @MainActor @Test func mapKeepsOneLayerPerTypeAndPerDataset() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(map.mapCapabilities.isEmpty)

        let locality = map.featureLayer(of: .locality)
        #expect(map.featureLayer(of: .locality) === locality)
        #expect(map.featureLayer(of: .country) !== locality)
        #expect(locality.featureType == FeatureType.locality)
        #expect(!locality.isAvailable)
        #expect(locality.mapView === map)

        let parks = map.datasetFeatureLayer(of: "parks")
        #expect(map.datasetFeatureLayer(of: "parks") === parks)
        #expect(map.datasetFeatureLayer(of: "lakes") !== parks)
        #expect(parks.datasetID == "parks")
        #expect(parks.featureType == FeatureType.dataset)
        #expect(!parks.isAvailable)
        #expect(parks.mapView === map)

        let style = FeatureStyle(fill: .blue, stroke: .blue, strokeWidth: 1)
        locality.style = { _ in style }
        #expect(map.featureLayer(of: .locality).style?(PlaceFeature(featureType: .locality, placeID: "x")) === style)
        #expect(map.featureLayerStore.revision == 1)

        let other = makeMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(other.featureLayer(of: .locality) !== locality)
        #expect(other.datasetFeatureLayer(of: "parks") !== parks)
    }

    @MainActor @Test func tapViewSharesTheMapLayersState() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let locality = map.featureLayer(of: .locality)
        let view = map.featureLayerStore.tapView(of: locality)
        #expect(map.featureLayerStore.tapView(of: locality) === view)
        #expect(view.featureType == FeatureType.locality)
        #expect(!view.isAvailable)

        let style = FeatureStyle()
        view.style = { feature in feature is PlaceFeature ? style : nil }
        #expect(locality.revision == 1)
        #expect(locality.style?(PlaceFeature(featureType: .locality, placeID: "x")) === style)

        locality.style = { $0.placeID == "x" ? style : nil }
        #expect(view.revision == 2)
        #expect(view.style?(PlaceFeature(featureType: .locality, placeID: "x")) === style)
        #expect(view.style?(PlaceFeature(featureType: .locality, placeID: "y")) == nil)
        #expect(view.style?(DatasetFeature(datasetID: "parks")) == nil)

        let parks = map.datasetFeatureLayer(of: "parks")
        #expect(map.featureLayerStore.tapView(of: parks) !== view)
    }

    @MainActor @Test func delegateFeatureCallbacksHaveDefaultsAndTheSDKSpelling() {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = FeatureLayer<any Feature>(featureType: .locality)
        let features: [any Feature] = [PlaceFeature(featureType: .locality, placeID: "x")]
        let helsinki = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)

        let quiet: GMSMapViewDelegate = QuietDelegate()
        quiet.mapView(map, didTap: features, in: layer, atLocation: helsinki)
        quiet.mapView(map, didChangeMapCapabilities: [.dataDrivenStyling])

        let recorder = FeatureTapDelegate()
        let asDelegate: GMSMapViewDelegate = recorder
        asDelegate.mapView(map, didTap: features, in: layer, atLocation: helsinki)
        asDelegate.mapView(map, didChangeMapCapabilities: [.dataDrivenStyling])
        #expect(recorder.tappedPlaceIDs == ["x"])
        #expect(recorder.tappedLayerType == FeatureType.locality)
        #expect(recorder.capabilities == GMSMapCapabilityFlags.dataDrivenStyling)
    }
}
