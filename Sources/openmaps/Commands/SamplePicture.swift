import Foundation
import MapDrawing
import OpenMaps

/// The sample picture `make run` shows until the playground exists: default pins at real
/// London landmarks over a plain land colour and a graticule, with one info window open.
@MainActor
struct SamplePicture {
    let size: CGSize
    let scale: Double
    let center = CLLocationCoordinate2D(latitude: 51.5055, longitude: -0.1100)
    let zoom = 13.0

    func render() -> Bitmap {
        let canvas = Canvas(size: size, scale: scale)
        canvas.clear(Color(rgb: 0xF5F3EE))
        drawGraticule(in: canvas)
        let places: [(String, String?, CLLocationCoordinate2D, UIColor?)] = [
            ("Trafalgar Square", "Open every day", .init(latitude: 51.5080, longitude: -0.1281), nil),
            ("London Eye", "Opened 2000 · 135 m tall", .init(latitude: 51.5033, longitude: -0.1196), nil),
            ("Tate Modern", nil, .init(latitude: 51.5076, longitude: -0.0994), .systemBlue),
            ("Borough Market", "Food market since the 12th century", .init(latitude: 51.5055, longitude: -0.0910), .systemGreen),
        ]
        for (_, _, position, color) in places {
            let point = screenPoint(position)
            canvas.withSavedState {
                canvas.translate(x: point.x - DefaultMarkerIcon.size.width / 2, y: point.y - DefaultMarkerIcon.size.height)
                DefaultMarkerIcon.draw(in: canvas, color: color?.color)
            }
        }
        let open = places[1]
        if let window = InfoWindowRenderer.render(.text(title: open.0, snippet: open.1), scale: scale) {
            let anchor = screenPoint(open.2)
            let top = CGPoint(x: anchor.x, y: anchor.y - DefaultMarkerIcon.size.height)
            canvas.draw(
                window.image.bitmap,
                in: CGRect(
                    x: top.x - window.anchor.x, y: top.y - window.anchor.y,
                    width: window.image.size.width, height: window.image.size.height))
        }
        return canvas.bitmap
    }

    private func screenPoint(_ coordinate: CLLocationCoordinate2D) -> CGPoint {
        let world = WebMercator.worldSize(atZoom: zoom)
        let p = WebMercator.project(coordinate), c = WebMercator.project(center)
        return CGPoint(x: size.width / 2 + (p.x - c.x) * world, y: size.height / 2 + (p.y - c.y) * world)
    }

    private func drawGraticule(in canvas: Canvas) {
        var lines = Path()
        let step = 0.01
        var longitude = (center.longitude - 0.2).rounded(.down)
        while longitude < center.longitude + 0.2 {
            let x = screenPoint(.init(latitude: center.latitude, longitude: longitude)).x
            lines.move(to: CGPoint(x: x, y: 0))
            lines.line(to: CGPoint(x: x, y: size.height))
            longitude += step
        }
        var latitude = (center.latitude - 0.2).rounded(.down)
        while latitude < center.latitude + 0.2 {
            let y = screenPoint(.init(latitude: latitude, longitude: center.longitude)).y
            lines.move(to: CGPoint(x: 0, y: y))
            lines.line(to: CGPoint(x: size.width, y: y))
            latitude += step
        }
        canvas.stroke(lines, with: Color(white: 0, alpha: 0.06), style: StrokeStyle(width: 1))
    }
}
