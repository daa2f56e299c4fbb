import Foundation
import MapGeometry

/// The tile images of one frame (basemap or a tile layer) placed over their ground: one
/// affine mapping each when the camera is flat, drawn at once; under tilt, each tile's exact
/// perspective mapping (the ground is a plane, so a tile's square goes to its screen quad by
/// one projective transform), gathered and drawn together by ``draw(in:)``.
public struct TileImageBatch {
    private let viewport: Viewport
    private var pieces: [ProjectedImage] = []
    /// The colour under the tiles, not painted yet.
    private var background: Color?

    /// A batch for a camera. With a `background`, the canvas is painted in it before the
    /// tiles, as ``Canvas/clear(_:)`` paints; under tilt, only where no opaque tile covers
    /// (see ``Canvas/draw(_:background:)``).
    public init(viewport: Viewport, background: Color? = nil) {
        self.viewport = viewport
        self.background = background
    }

    /// Places a tile's image (or the part of it given) over the tile's ground. Opaque tiles
    /// overlap their neighbours by a hair so no seam shows; tiles that are see-through
    /// (`overlapsNeighbours: false`, or an opacity under 1) meet edge to edge, so nothing is
    /// blended twice.
    public mutating func add(
        _ bitmap: Bitmap, part: CGRect?, at key: TileKey, shift: Int, opacity: Double = 1, overlapsNeighbours: Bool = true,
        in canvas: Canvas
    ) {
        let overlaps = overlapsNeighbours && opacity >= 1
        let n = Double(1 << key.z)
        let whole = part ?? CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let w = whole.width, h = whole.height
        guard viewport.tilt <= 0 else {
            // Source pixels -> projected points -> view points. Opaque tiles reach a pixel past
            // their edges, so neighbours overlap and no seam shows.
            let toMercator = ProjectiveTransform.affine(
                a: 1 / (w * n), b: 0, c: 0, d: 1 / (h * n),
                tx: (Double(key.x) - whole.minX / w) / n + Double(shift), ty: (Double(key.y) - whole.minY / h) / n)
            pieces.append(
                ProjectedImage(
                    image: bitmap, part: whole, transform: viewport.mercatorToView.after(toMercator), bleed: overlaps ? 1 : 0,
                    opacity: opacity))
            return
        }
        if let background {
            canvas.clear(background)
            self.background = nil
        }
        func corner(_ u: Double, _ v: Double) -> CGPoint {
            let p = viewport.point(forMercator: MercatorPoint(x: (Double(key.x) + u) / n + Double(shift), y: (Double(key.y) + v) / n))
            return CGPoint(x: p.x, y: p.y)
        }
        // Flat: one exact affine mapping; a hair of overlap hides seams between tiles.
        let bleed = overlaps ? 0.5 / 256 : 0
        canvas.draw(
            bitmap, source: whole, topLeft: corner(-bleed, -bleed), topRight: corner(1 + bleed, -bleed),
            bottomLeft: corner(-bleed, 1 + bleed), opacity: opacity, interpolation: .fast)
    }

    /// Draws the tiles gathered under tilt (and the background, where it is still to paint).
    /// `alongside` runs once on the calling thread, while other cores draw the tiles under
    /// tilt (see ``Canvas/draw(_:background:alongside:)``); it must not use the canvas.
    public func draw(in canvas: Canvas, alongside: (() -> Void)? = nil) {
        if viewport.tilt > 0 {
            canvas.draw(pieces, background: background, alongside: alongside)
        } else {
            if let background { canvas.clear(background) }
            alongside?()
        }
    }
}
