import Foundation
import MapDrawing
import OpenMaps

/// The delegate a scenario describes: answers as scripted (logged by a ``ReplayLog``).
@MainActor
final class ScriptedDelegate: GMSMapViewDelegate {
    private let spec: Scenario.DelegateSpec
    private let ids: (GMSMarker) -> String
    private let marker: (String) -> GMSMarker?

    init(spec: Scenario.DelegateSpec, ids: @escaping (GMSMarker) -> String, marker: @escaping (String) -> GMSMarker?) {
        self.spec = spec
        self.ids = ids
        self.marker = marker
    }

    private func view(_ spec: Scenario.ViewSpec) -> UIView {
        let view = UIView(frame: CGRect(origin: .zero, size: spec.size))
        view.backgroundColor = .white
        view.layer.borderWidth = 1
        view.layer.borderColor = UIColor.lightGray.cgColor
        let label = UILabel(frame: view.bounds.insetBy(dx: 4, dy: 2))
        label.text = spec.text
        label.textAlignment = .center
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 14)
        view.addSubview(label)
        return view
    }

    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        (spec.didTapMarker[ids(marker)] ?? spec.didTapMarkerDefault) == .handled
    }

    func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        spec.markerInfoWindow[ids(marker)].map(view)
    }

    func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
        spec.markerInfoContents[ids(marker)].map(view)
    }

    func didTapMyLocationButton(for mapView: GMSMapView) -> Bool {
        spec.didTapMyLocationButton == .handled
    }

    /// Google's POI guide: the marker moves to the POI, takes its name and place ID, and is
    /// selected, so its window opens on the POI.
    func mapView(_ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String, location: CLLocationCoordinate2D) {
        guard let id = spec.selectOnPOITap, let marker = marker(id) else { return }
        marker.position = location
        marker.title = name
        marker.snippet = placeID
        mapView.selectedMarker = marker
    }
}
