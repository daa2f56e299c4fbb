import OpenMaps

/// The kinds of info window: default, contents view, custom window, title only, a long snippet
/// and CJK text, as the info windows guide describes them.
final class InfoWindowsSample: UIViewController, GMSMapViewDelegate {
    override func loadView() {
        let mapView = Helsinki.mapView(delegate: self)
        let kinds: [(String, String?, String)] = [
            ("Default window", "Title and snippet in Google's frame", "default"),
            ("Contents view", "Your view inside the default frame", "contents"),
            ("Custom window", "The delegate draws the whole window", "custom"),
            ("Title only", nil, "title"),
            (
                "Long snippet",
                "Snippets wrap within the window's width and end with an ellipsis when they run past the lines a window shows, however long the text is.",
                "long"
            ),
            ("ヘルシンキ大聖堂", "赫尔辛基 · 헬싱키 — CJK text shaped by Pango", "cjk"),
        ]
        for (index, kind) in kinds.enumerated() {
            let marker = GMSMarker(position: Helsinki.places[index].coordinate)
            marker.title = kind.0
            marker.snippet = kind.1
            marker.userData = kind.2
            marker.map = mapView
            if index == 0 { mapView.selectedMarker = marker }
        }
        view = mapView
    }

    func mapView(_ mapView: GMSMapView, markerInfoWindow marker: GMSMarker) -> UIView? {
        guard marker.userData as? String == "custom" else { return nil }
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 70))
        window.backgroundColor = UIColor(red: 0.10, green: 0.45, blue: 0.91, alpha: 1)
        window.layer.cornerRadius = 12
        let label = UILabel(frame: window.bounds.insetBy(dx: 10, dy: 8))
        label.text = "\(marker.title ?? "")\nDrawn by the delegate"
        label.numberOfLines = 2
        label.textColor = .white
        label.textAlignment = .center
        label.font = .boldSystemFont(ofSize: 15)
        window.addSubview(label)
        return window
    }

    func mapView(_ mapView: GMSMapView, markerInfoContents marker: GMSMarker) -> UIView? {
        guard marker.userData as? String == "contents" else { return nil }
        let contents = UIView(frame: CGRect(x: 0, y: 0, width: 180, height: 48))
        let title = UILabel(frame: CGRect(x: 0, y: 0, width: 180, height: 22))
        title.text = "★★★★☆  " + (marker.title ?? "")
        title.font = .boldSystemFont(ofSize: 14)
        let detail = UILabel(frame: CGRect(x: 0, y: 24, width: 180, height: 22))
        detail.text = marker.snippet
        detail.font = .systemFont(ofSize: 12)
        detail.textColor = .darkGray
        contents.addSubview(title)
        contents.addSubview(detail)
        return contents
    }
}
