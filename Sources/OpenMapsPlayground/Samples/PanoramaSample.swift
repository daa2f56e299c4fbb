import OpenMaps

/// A panorama view over two panoramas the app brings (an OpenMaps addition: OpenMaps has no
/// Street View imagery), linked to each other, written as an app would.
final class PanoramaSample: UIViewController, GMSPanoramaViewDelegate {
    static let squareID = "playground-square"
    static let harbourID = "playground-harbour"
    static let square = CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9525)
    static let harbour = CLLocationCoordinate2D(latitude: 60.1679, longitude: 24.9532)

    override func loadView() {
        PanoramaSample.registerPanoramas()
        let panoramaView = GMSPanoramaView(frame: .zero)
        panoramaView.camera = GMSPanoramaCamera(heading: 150, pitch: -10, zoom: 1)
        panoramaView.delegate = self
        panoramaView.moveNearCoordinate(PanoramaSample.square)
        view = panoramaView
    }

    /// A tap away from the links looks at where it landed.
    func panoramaView(_ panoramaView: GMSPanoramaView, didTap point: CGPoint) {
        let orientation = panoramaView.orientation(for: point)
        panoramaView.animate(
            to: GMSPanoramaCamera(heading: orientation.heading, pitch: orientation.pitch, zoom: panoramaView.camera.zoom),
            animationDuration: 0.3)
    }

    /// The two panoramas, drawn once: a square looking south to the harbour, and the harbour.
    static func registerPanoramas() {
        guard !PanoramaCatalog.shared.panoramaIDs.contains(squareID) else { return }
        let toHarbour = GMSPanoramaLink()
        toHarbour.heading = 170
        toHarbour.panoramaID = harbourID
        let toSquare = GMSPanoramaLink()
        toSquare.heading = 350
        toSquare.panoramaID = squareID
        try? PanoramaCatalog.shared.register(
            panoramaID: squareID, image: scene(sky: UIColor(red: 0.55, green: 0.75, blue: 0.95, alpha: 1), seed: 3),
            coordinate: square, heading: 0, links: [toHarbour])
        try? PanoramaCatalog.shared.register(
            panoramaID: harbourID, image: scene(sky: UIColor(red: 0.98, green: 0.72, blue: 0.5, alpha: 1), seed: 7),
            coordinate: harbour, heading: 0, links: [toSquare])
    }

    /// An equirectangular picture: sky, a row of buildings round the horizon, paving, and the
    /// compass points written where they are.
    static func scene(sky: UIColor, seed: UInt64) -> UIImage {
        let size = CGSize(width: 2048, height: 1024)
        let renderer = UIGraphicsImageRenderer(size: size)
        return renderer.image { context in
            let cg = context.cgContext
            cg.setFillColor(sky.cgColor)
            cg.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height / 2))
            cg.setFillColor(UIColor(white: 0.55, alpha: 1).cgColor)
            cg.fill(CGRect(x: 0, y: size.height / 2, width: size.width, height: size.height / 2))
            var state = seed
            func next() -> CGFloat {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return CGFloat(state >> 11) / CGFloat(1 << 53)
            }
            var x: CGFloat = 0
            while x < size.width {
                let width = 60 + next() * 120, height = 60 + next() * 200
                let shade = 0.35 + next() * 0.45
                cg.setFillColor(UIColor(red: shade, green: shade * 0.9, blue: shade * 0.8, alpha: 1).cgColor)
                cg.fill(CGRect(x: x, y: size.height / 2 - height, width: width - 6, height: height))
                cg.setFillColor(UIColor(red: 0.95, green: 0.9, blue: 0.6, alpha: 1).cgColor)
                var row = size.height / 2 - height + 12
                while row < size.height / 2 - 20 {
                    var column = x + 10
                    while column < x + width - 24 {
                        cg.fill(CGRect(x: column, y: row, width: 10, height: 14))
                        column += 22
                    }
                    row += 28
                }
                x += width
            }
            for (letter, heading) in [("N", 0.0), ("E", 90), ("S", 180), ("W", 270)] {
                let label = UILabel()
                label.text = letter
                label.font = .boldSystemFont(ofSize: 56)
                label.textColor = .white
                label.sizeToFit()
                // Drawn again a world to each side, so a letter across the image's edge shows whole.
                let centre = (heading / 360 + 0.5) * Double(size.width)
                for shift in [-Double(size.width), 0, Double(size.width)] {
                    label.frame.origin = CGPoint(x: centre + shift - Double(label.bounds.width) / 2, y: Double(size.height) * 0.62)
                    label.drawText(in: label.frame)
                }
            }
        }
    }
}
