import CCairo
import Foundation

/// Draws into a ``Bitmap`` in points: the canvas maps one point to `scale` pixels.
///
/// A thin, safe face of a cairo context. Every input is checked: non-finite geometry and
/// empty paths draw nothing. State changes made inside ``withSavedState(_:)`` end with it.
public final class Canvas {
    /// The pixels drawn into.
    public let bitmap: Bitmap
    /// Pixels per point.
    public let scale: Double
    let cairo: OpaquePointer

    /// A canvas over a bitmap at a scale factor (clamped into 0.1...8; 1 when not finite).
    public init(bitmap: Bitmap, scale: Double = 1) {
        self.bitmap = bitmap
        self.scale = scale.isFinite ? min(max(scale, 0.1), 8) : 1
        cairo = cairo_create(bitmap.surface)
        cairo_scale(cairo, self.scale, self.scale)
    }

    /// A canvas over a new transparent bitmap of a size in points.
    public convenience init(size: CGSize, scale: Double) {
        self.init(size: size, scale: scale, cleared: true)
    }

    /// A canvas over a new bitmap of a size in points: transparent, or (`cleared: false`,
    /// ours) not cleared, for a drawing that starts by painting every pixel
    /// (``Bitmap/init(uncleared:height:)``).
    public convenience init(size: CGSize, scale: Double, cleared: Bool) {
        let usable = scale.isFinite && scale > 0 ? scale : 1
        self.init(bitmap: Bitmap(pointWidth: size.width, pointHeight: size.height, scale: usable, cleared: cleared), scale: usable)
    }

    deinit {
        cairo_destroy(cairo)
    }

    /// The canvas size in points.
    public var size: CGSize {
        CGSize(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale)
    }

    // MARK: State

    /// Runs `body`, then restores the transform, clip and opacity it changed.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        return try body()
    }

    private var pushedStates = 0

    /// Saves the transform, clip and opacity, for a later ``popState()``. Prefer
    /// ``withSavedState(_:)``; this pair serves APIs with separate save and restore calls.
    public func pushState() {
        cairo_save(cairo)
        pushedStates += 1
    }

    /// Restores the state saved by the matching ``pushState()``; unbalanced calls are ignored.
    public func popState() {
        guard pushedStates > 0 else { return }
        pushedStates -= 1
        cairo_restore(cairo)
    }

    /// Draws what `body` draws as one layer, composited with an opacity (0...1).
    public func withTransparencyLayer<T>(opacity: Double, _ body: () throws -> T) rethrows -> T {
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        if alpha >= 1 { return try body() }
        cairo_push_group(cairo)
        defer {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, alpha)
        }
        return try body()
    }

    /// Moves the origin.
    public func translate(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        cairo_translate(cairo, x, y)
    }

    /// Scales the user space; zero or non-finite factors are ignored.
    public func scale(x: Double, y: Double) {
        guard x.isFinite, y.isFinite, x != 0, y != 0 else { return }
        cairo_scale(cairo, x, y)
    }

    /// Multiplies the user space by an affine matrix: a point `(x, y)` of what is drawn next
    /// lands at `(a·x + c·y + tx, b·x + d·y + ty)` of the current space. A matrix that cannot
    /// be inverted or is not finite is ignored.
    public func concatenate(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        let determinant = a * d - b * c
        guard [a, b, c, d, tx, ty, determinant].allSatisfy(\.isFinite), determinant != 0 else { return }
        var matrix = cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
        cairo_transform(cairo, &matrix)
    }

    /// Rotates the user space clockwise on screen by `radians`.
    public func rotate(by radians: Double) {
        guard radians.isFinite else { return }
        cairo_rotate(cairo, radians)
    }

    /// Limits later drawing to the inside of a path.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        path.apply(to: cairo)
        setFillRule(rule)
        cairo_clip(cairo)
    }

    /// Limits later drawing to a rectangle.
    public func clip(to rect: CGRect) {
        clip(to: .rect(rect))
    }

    // MARK: Filling and stroking

    /// Replaces every pixel with a colour (also clearing to transparent).
    public func clear(_ color: Color = .clear) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Paints a colour over the whole clip area.
    public func paint(_ color: Color) {
        setSource(color)
        cairo_paint(cairo)
    }

    /// Fills a path with a colour.
    public func fill(_ path: Path, with color: Color, rule: FillRule = .nonZero) {
        guard !path.isEmpty else { return }
        path.apply(to: cairo)
        setFillRule(rule)
        setSource(color)
        cairo_fill(cairo)
    }

    /// Fills a rectangle with a colour.
    public func fill(_ rect: CGRect, with color: Color) {
        fill(.rect(rect), with: color)
    }

    /// Fills a path with a gradient.
    public func fill(_ path: Path, with gradient: Gradient, rule: FillRule = .nonZero) {
        guard !path.isEmpty, let pattern = gradient.makePattern() else { return }
        defer { cairo_pattern_destroy(pattern) }
        path.apply(to: cairo)
        setFillRule(rule)
        cairo_set_source(cairo, pattern)
        cairo_fill(cairo)
    }

    /// Strokes a path's outline with a colour.
    public func stroke(_ path: Path, with color: Color, style: StrokeStyle) {
        guard !path.isEmpty, style.width.isFinite, style.width > 0 else { return }
        path.apply(to: cairo)
        apply(style)
        setSource(color)
        cairo_stroke(cairo)
    }

    /// Strokes a path's outline with a gradient.
    public func stroke(_ path: Path, with gradient: Gradient, style: StrokeStyle) {
        guard !path.isEmpty, style.width.isFinite, style.width > 0, let pattern = gradient.makePattern() else { return }
        defer { cairo_pattern_destroy(pattern) }
        path.apply(to: cairo)
        apply(style)
        cairo_set_source(cairo, pattern)
        cairo_stroke(cairo)
    }

    // MARK: Images

    /// How an image is sampled when drawn at another size.
    public enum Interpolation: Sendable {
        case nearest
        /// Bilinear: fast, for pictures drawn near their own size (map tiles).
        case fast
        /// Filtered for any scale (icons, images).
        case smooth
    }

    /// Draws a bitmap stretched into a rectangle in points.
    public func draw(_ image: Bitmap, in rect: CGRect, opacity: Double = 1, interpolation: Interpolation = .smooth) {
        guard !image.isEmpty, rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        guard alpha > 0 else { return }
        cairo_save(cairo)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
        cairo_translate(cairo, rect.minX, rect.minY)
        cairo_scale(cairo, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_set_source_surface(cairo, image.surface, 0, 0)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_filter(
            pattern, interpolation == .nearest ? CAIRO_FILTER_NEAREST : interpolation == .fast ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cairo, alpha)
        cairo_restore(cairo)
    }

    /// Draws a bitmap at its own size (one image pixel to one device pixel) with its top left
    /// at a point snapped to the nearest device pixel: the fast path for icons, which would
    /// otherwise be resampled at every fractional position. Under a rotating or flipping
    /// transform it draws the image at `1 / scale` points a pixel with
    /// ``draw(_:in:opacity:interpolation:)`` instead.
    public func blit(_ image: Bitmap, at origin: CGPoint, opacity: Double = 1) {
        guard !image.isEmpty, origin.isFinite else { return }
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        guard alpha > 0 else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else {
            draw(image, in: CGRect(x: origin.x, y: origin.y, width: Double(image.width) / scale, height: Double(image.height) / scale), opacity: alpha)
            return
        }
        let x = (m.xx * origin.x + m.x0).rounded(), y = (m.yy * origin.y + m.y0).rounded()
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_source_surface(cairo, image.surface, x, y)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
        cairo_rectangle(cairo, x, y, Double(image.width), Double(image.height))
        cairo_clip(cairo)
        cairo_paint_with_alpha(cairo, alpha)
        cairo_restore(cairo)
    }

    /// Draws the part `source` (in pixels) of a bitmap onto the parallelogram with corners
    /// `topLeft`, `topRight` and `bottomLeft` (in points).
    public func draw(
        _ image: Bitmap, source: CGRect, topLeft: CGPoint, topRight: CGPoint, bottomLeft: CGPoint, opacity: Double = 1,
        interpolation: Interpolation = .smooth
    ) {
        guard !image.isEmpty, source.isFinite, source.width > 0, source.height > 0,
            topLeft.isFinite, topRight.isFinite, bottomLeft.isFinite
        else { return }
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        guard alpha > 0 else { return }
        var matrix = cairo_matrix_t(
            xx: (topRight.x - topLeft.x) / source.width, yx: (topRight.y - topLeft.y) / source.width,
            xy: (bottomLeft.x - topLeft.x) / source.height, yy: (bottomLeft.y - topLeft.y) / source.height,
            x0: topLeft.x, y0: topLeft.y)
        // A degenerate mapping (a line or a point) draws nothing.
        guard abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx) > 1e-12 else { return }
        cairo_save(cairo)
        cairo_transform(cairo, &matrix)
        cairo_set_source_surface(cairo, image.surface, -source.minX, -source.minY)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_filter(pattern, interpolation == .fast ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(cairo, 0, 0, source.width, source.height)
        cairo_clip(cairo)
        cairo_paint_with_alpha(cairo, alpha)
        cairo_restore(cairo)
    }

    /// Fills the inside of a rectangle with a colour wherever a bitmap is opaque (a template
    /// image in a tint colour).
    public func drawMask(_ image: Bitmap, in rect: CGRect, color: Color) {
        guard !image.isEmpty, rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, rect.minX, rect.minY)
        cairo_scale(cairo, rect.width / Double(image.width), rect.height / Double(image.height))
        setSource(color)
        let pattern = cairo_pattern_create_for_surface(image.surface)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_mask(cairo, pattern)
        cairo_pattern_destroy(pattern)
        cairo_restore(cairo)
    }

    // MARK: Shadows

    /// Draws the soft shadow a filled path casts: the path's shape offset by `offset`,
    /// blurred by `radius` points (Core Animation's `shadowRadius`), in `color`.
    public func drawShadow(of path: Path, color: Color, offset: CGSize, radius: Double) {
        guard !path.isEmpty else { return }
        cairo_save(cairo)
        path.apply(to: cairo)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_fill_extents(cairo, &x1, &y1, &x2, &y2)
        cairo_new_path(cairo)
        cairo_restore(cairo)
        let bounds = CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
        drawShadow(bounds: bounds, color: color, offset: offset, radius: radius) { mask in
            path.apply(to: mask)
            cairo_set_source_rgba(mask, 0, 0, 0, 1)
            cairo_fill(mask)
        }
    }

    /// Draws the soft shadow an image casts where it is opaque, as if drawn in `rect`.
    public func drawShadow(ofImage image: Bitmap, in rect: CGRect, color: Color, offset: CGSize, radius: Double) {
        guard !image.isEmpty, rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        drawShadow(bounds: rect, color: color, offset: offset, radius: radius) { mask in
            cairo_translate(mask, rect.minX, rect.minY)
            cairo_scale(mask, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(mask, image.surface, 0, 0)
            cairo_paint(mask)
        }
    }

    /// Shared shadow machinery: `paintMask` draws the shape in user space into an 8-bit
    /// mask covering `bounds` plus the blur's reach, which is blurred and painted in `color`.
    private func drawShadow(
        bounds: CGRect, color: Color, offset: CGSize, radius: Double, paintMask: (OpaquePointer) -> Void
    ) {
        guard color.alpha > 0, offset.isFinite, radius.isFinite, bounds.isFinite else { return }
        let blur = max(0, radius)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_translate(cairo, offset.width, offset.height)
        let userCorners: [(Double, Double)] = [
            (bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY),
        ]
        let corners = userCorners.map { corner -> (Double, Double) in
            var x = corner.0, y = corner.1
            cairo_user_to_device(cairo, &x, &y)
            return (x, y)
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let deviceScale = max(sqrt(matrix.xx * matrix.xx + matrix.yx * matrix.yx), 0.001)
        let sigma = blur / 2 * deviceScale
        let reach = (sigma * 3).rounded(.up) + 1
        let xs = corners.map { $0.0 }, ys = corners.map { $0.1 }
        guard let lowX = xs.min(), let highX = xs.max(), let lowY = ys.min(), let highY = ys.max() else { return }
        let minX = max(0, (lowX - reach).rounded(.down)), minY = max(0, (lowY - reach).rounded(.down))
        let maxX = min(Double(bitmap.width), (highX + reach).rounded(.up))
        let maxY = min(Double(bitmap.height), (highY + reach).rounded(.up))
        guard maxX > minX, maxY > minY, (maxX - minX) * (maxY - minY) < 64_000_000 else { return }
        let mask = AlphaMask(width: Int(maxX - minX), height: Int(maxY - minY))
        mask.draw(deviceMatrix: matrix, offsetX: minX, offsetY: minY, paintMask)
        mask.blur(sigma: sigma)
        cairo_identity_matrix(cairo)
        setSource(color)
        cairo_mask_surface(cairo, mask.surface, minX, minY)
    }

    // MARK: Helpers

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    private func setFillRule(_ rule: FillRule) {
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    private func apply(_ style: StrokeStyle) {
        cairo_set_line_width(cairo, style.width)
        switch style.cap {
        case .butt: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.join {
        case .miter: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_BEVEL)
        }
        let dashes = style.dashes.filter { $0.isFinite && $0 >= 0 }
        if dashes.isEmpty || dashes.allSatisfy({ $0 == 0 }) {
            cairo_set_dash(cairo, nil, 0, 0)
        } else {
            cairo_set_dash(cairo, dashes, Int32(dashes.count), 0)
        }
    }
}
