import CCairo
import CRaster
import Dispatch
import Foundation
import MapGeometry
import Synchronization

/// A part of a bitmap drawn through a projective mapping (perspective); see
/// ``Canvas/draw(_:)``.
public struct ProjectedImage {
    /// The bitmap drawn.
    public var image: Bitmap
    /// The part of `image` drawn, in pixels.
    public var part: CGRect
    /// Maps `image`'s pixel coordinates to the canvas's points.
    public var transform: ProjectiveTransform
    /// How far past `part` (in `image` pixels) to draw, repeating its edge pixels unless
    /// `image` continues there: lets neighbouring pieces overlap so that no seam shows.
    public var bleed: Double
    /// 0...1.
    public var opacity: Double

    /// A piece to draw.
    public init(image: Bitmap, part: CGRect, transform: ProjectiveTransform, bleed: Double = 0, opacity: Double = 1) {
        self.image = image
        self.part = part
        self.transform = transform
        self.bleed = bleed
        self.opacity = opacity
    }
}

extension Canvas {
    /// Draws part of a bitmap through a projective mapping, sampling bilinearly. Only points
    /// in front of the eye are drawn (the transform's third coordinate positive); the current
    /// clip is honoured as its bounding box.
    public func draw(_ image: Bitmap, part: CGRect, transform: ProjectiveTransform, bleed: Double = 0, opacity: Double = 1) {
        draw([ProjectedImage(image: image, part: part, transform: transform, bleed: bleed, opacity: opacity)])
    }

    /// Draws pieces in order, each as ``draw(_:part:transform:bleed:opacity:)`` does. Large
    /// areas are shared out by rows among the processor's cores (each row is still drawn in
    /// the pieces' order, so the result is the same).
    ///
    /// With a `background` (ours), the canvas is first painted in it as ``clear(_:)`` paints,
    /// leaving the same pixels once the pieces are drawn, but the pixels that an opaque piece
    /// (a bitmap whose ``Bitmap/isOpaque`` is true, at full opacity) covers are not painted
    /// first: a tilted map's tiles cover almost all of its frame.
    ///
    /// `alongside` (ours) is work the calling thread does while other cores draw: it runs
    /// once, before this returns, and must not use this canvas or the pieces' bitmaps. The
    /// calling thread then helps draw what is left. A map places its labels and draws their
    /// sprites there, as neither needs the frame's pixels.
    public func draw(_ pieces: [ProjectedImage], background: Color? = nil, alongside: (() -> Void)? = nil) {
        // Run here unless the cores take the draw (then it runs while they draw).
        var pending = alongside
        defer { pending?() }
        guard !bitmap.isEmpty else { return }
        var user = cairo_matrix_t()
        cairo_get_matrix(cairo, &user)
        let device = ProjectiveTransform.affine(a: user.xx, b: user.yx, c: user.xy, d: user.yy, tx: user.x0, ty: user.y0)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        let clip = deviceBox(x0, y0, x1, y1, user).intersection(CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        let jobs = clip.isNull || clip.isEmpty ? [] : pieces.compactMap { job(for: $0, device: device, clip: clip) }
        // The background is painted around the pieces only where the clip is one box of whole
        // pixels, as a clear paints it; elsewhere it is painted first.
        var fill: UInt32?
        if let background {
            if !jobs.isEmpty, clipIsOnePixelBox(clip) {
                fill = Canvas.pixel(of: background)
            } else {
                clear(background)
            }
        }
        guard !jobs.isEmpty else { return }
        cairo_surface_flush(bitmap.surface)
        for piece in pieces { cairo_surface_flush(piece.image.surface) }
        guard let data = cairo_image_surface_get_data(bitmap.surface) else { return }
        let target = openmaps_pixels(
            pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), width: Int32(bitmap.width),
            height: Int32(bitmap.height), stride: Int32(bitmap.bytesPerRow / 4))
        let area = jobs.reduce(0) { $0 + Int($1.rows.count) * Int($1.columns) }
        let bands = area > 200_000 ? Canvas.projectedBands : 1
        let work = ProjectedJobs(jobs: jobs, target: target, bands: bands, clip: clip, fill: fill)
        if bands == 1 {
            work.run(band: 0)
        } else {
            // The other cores take bands from the start; this thread joins them once its own
            // work (if any) is done.
            let alongside = pending
            pending = nil
            EveryCore.run(bands, priority: .userInteractive, alongside: alongside) { work.run(band: $0) }
        }
        withExtendedLifetime(pieces) {}
        cairo_surface_mark_dirty(bitmap.surface)
    }

    /// Whether the clip is exactly `box` (in device pixels) and `box` has whole-pixel edges.
    private func clipIsOnePixelBox(_ box: CGRect) -> Bool {
        guard box == box.integral, let list = cairo_copy_clip_rectangle_list(cairo) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1, let r = list.pointee.rectangles?.pointee
        else { return false }
        var user = cairo_matrix_t()
        cairo_get_matrix(cairo, &user)
        let listed = deviceBox(r.x, r.y, r.x + r.width, r.y + r.height, user)
            .intersection(CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        return listed == box
    }

    /// A colour's pixel as ``clear(_:)`` paints it.
    private static func pixel(of color: Color) -> UInt32 {
        let probe = Canvas(size: CGSize(width: 1, height: 1), scale: 1)
        probe.clear(color)
        return probe.bitmap.pixel(x: 0, y: 0) ?? 0
    }

    /// Bands a large projected draw is shared out in: eight a core, up to 16, so that a core
    /// done with cheap rows (sky, near tiles) takes more of the costly ones (far tiles, read
    /// sparsely), and a thread that joins late (after its work alongside) finds bands left.
    private static let projectedBands = min(EveryCore.count * 8, 16)

    /// The checked arguments of one piece, or nil when it draws nothing.
    private func job(for piece: ProjectedImage, device: ProjectiveTransform, clip: CGRect) -> ProjectedJob? {
        let image = piece.image, part = piece.part
        guard !image.isEmpty, part.isFinite, part.width > 0, part.height > 0, piece.transform.isFinite, piece.bleed.isFinite,
            piece.bleed >= 0
        else { return nil }
        let alpha = piece.opacity.isFinite ? min(max(piece.opacity, 0), 1) : 1
        guard alpha > 0 else { return nil }
        let toDevice = device.after(piece.transform)
        guard let inverse = toDevice.inverted else { return nil }
        // The box to visit: the clip's, narrowed to the drawn quad's when all its corners are
        // in front of the eye.
        var box = clip
        let bounds = part.insetBy(dx: -piece.bleed, dy: -piece.bleed)
        let corners = [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY)]
            .map { toDevice.apply($0.0, $0.1) }
        if corners.allSatisfy({ $0.w > 0 && $0.x.isFinite && $0.y.isFinite }) {
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let minX = xs.min() ?? 0, minY = ys.min() ?? 0
            box = box.intersection(CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY).insetBy(dx: -1, dy: -1))
        }
        guard !box.isNull, !box.isEmpty else { return nil }
        // Samples stay inside the image: inside `part` unless the bleed reaches image that is there.
        let sampled = bounds.intersection(CGRect(x: 0, y: 0, width: image.width, height: image.height))
        guard !sampled.isNull, !sampled.isEmpty, let data = cairo_image_surface_get_data(image.surface) else { return nil }
        let source = openmaps_pixels(
            pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), width: Int32(image.width),
            height: Int32(image.height), stride: Int32(image.bytesPerRow / 4))
        let top = Int32(saturating: box.minY.rounded(.down)), bottom = Int32(saturating: box.maxY.rounded(.up))
        return ProjectedJob(
            source: source,
            left: Int32(saturating: box.minX.rounded(.down)), right: Int32(saturating: box.maxX.rounded(.up)), rows: top..<max(top, bottom),
            samples: [
                Int32(saturating: sampled.minX.rounded(.down)), Int32(saturating: sampled.minY.rounded(.down)), Int32(saturating: sampled.maxX.rounded(.up)),
                Int32(saturating: sampled.maxY.rounded(.up)),
            ],
            inverse: inverse.entries, bounds: [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].map { Double($0) },
            alpha: Int32(saturating: (alpha * 256).rounded()), isOpaque: image.isOpaque)
    }

    /// The device-space box of a user-space box.
    private func deviceBox(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ m: cairo_matrix_t) -> CGRect {
        let points = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map { (m.xx * $0.0 + m.xy * $0.1 + m.x0, m.yx * $0.0 + m.yy * $0.1 + m.y0) }
        let xs = points.map(\.0), ys = points.map(\.1)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// One piece, ready for the pixel loop.
private struct ProjectedJob {
    let source: openmaps_pixels
    let left: Int32
    let right: Int32
    let rows: Range<Int32>
    let samples: [Int32]
    let inverse: [Double]
    let bounds: [Double]
    let alpha: Int32
    /// Whether the source is wholly opaque.
    let isOpaque: Bool

    var columns: Int32 { right - left }

    /// The piece as a cover, when it draws every pixel it reaches opaquely.
    var cover: openmaps_cover? {
        guard isOpaque, alpha >= 256, samples.count == 4, inverse.count == 9, bounds.count == 4 else { return nil }
        var cover = openmaps_cover()
        cover.clip = (left, rows.lowerBound, right, rows.upperBound)
        cover.part = (samples[0], samples[1], samples[2], samples[3])
        cover.source_width = source.width
        cover.source_height = source.height
        cover.inverse = (inverse[0], inverse[1], inverse[2], inverse[3], inverse[4], inverse[5], inverse[6], inverse[7], inverse[8])
        cover.bounds = (bounds[0], bounds[1], bounds[2], bounds[3])
        return cover
    }
}

/// The pieces of one draw, shared out by bands of rows. Bands never overlap, and the bitmaps
/// read are not written while the draw lasts.
private final class ProjectedJobs: @unchecked Sendable {
    let jobs: [ProjectedJob]
    let target: openmaps_pixels
    let bands: Int
    /// The clip in whole device pixels (left, top, right, bottom).
    let left: Int32
    let top: Int32
    let right: Int32
    let bottom: Int32
    /// The background's pixel, painted first where no opaque piece covers (nil: nothing painted).
    let fill: UInt32?
    /// The pieces that cover opaquely, when there is a fill.
    let covers: [openmaps_cover]

    init(jobs: [ProjectedJob], target: openmaps_pixels, bands: Int, clip: CGRect, fill: UInt32?) {
        self.jobs = jobs
        self.target = target
        self.bands = bands
        left = Int32(saturating: clip.minX.rounded(.down))
        top = Int32(saturating: clip.minY.rounded(.down))
        right = Int32(saturating: clip.maxX.rounded(.up))
        bottom = Int32(saturating: clip.maxY.rounded(.up))
        self.fill = fill
        covers = fill == nil ? [] : jobs.compactMap(\.cover)
    }

    /// Paints the background around the covers, then draws every piece's rows that fall in a
    /// band, in order.
    func run(band: Int) {
        let height = Int(bottom - top)
        let from = top + Int32(height * band / bands), to = top + Int32(height * (band + 1) / bands)
        if let fill {
            let clip: [Int32] = [left, from, right, to]
            covers.withUnsafeBufferPointer { openmaps_fill_uncovered(target, clip, $0.baseAddress, Int32($0.count), fill) }
        }
        for job in jobs {
            let rows = job.rows.clamped(to: from..<max(from, to))
            guard !rows.isEmpty else { continue }
            let clip: [Int32] = [job.left, rows.lowerBound, job.right, rows.upperBound]
            openmaps_draw_projected(target, clip, job.source, job.samples, job.inverse, job.bounds, job.alpha)
        }
    }
}
