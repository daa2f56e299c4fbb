import CCairo
import CRaster
import Foundation

/// A raster of 32-bit premultiplied ARGB pixels (cairo's `ARGB32`), in device pixels.
///
/// A bitmap is drawn into through a ``Canvas``. Once drawing has finished it may be read
/// from several threads at once (as the source of other drawings, or encoded); it must not
/// be drawn into from two threads at once.
public final class Bitmap: @unchecked Sendable {
    /// The largest width or height a bitmap may have; larger requests give an empty bitmap.
    public static let maximumDimension = 16_384
    /// The most pixels a bitmap may have (512 MB); larger requests give an empty bitmap.
    public static let maximumPixels = 128 * 1_024 * 1_024

    /// Whether a bitmap of a size in pixels can be made: both sides in 1...``maximumDimension``
    /// and at most ``maximumPixels`` in all.
    public static func canHold(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumDimension && height <= maximumDimension
            && width * height <= maximumPixels
    }

    /// The size in pixels of a size in points at a scale: ceil(points x scale) each way; nil
    /// when a side is not finite, not positive or past ``maximumDimension``.
    public static func pixelSize(pointWidth: Double, pointHeight: Double, scale: Double) -> (width: Int, height: Int)? {
        func pixels(_ points: Double) -> Int? {
            let value = (points * scale).rounded(.up)
            guard value.isFinite, value > 0, value <= Double(maximumDimension) else { return nil }
            return Int(value)
        }
        guard let width = pixels(pointWidth), let height = pixels(pointHeight) else { return nil }
        return (width, height)
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    let surface: OpaquePointer

    /// A transparent bitmap. Non-positive or oversized dimensions give an empty (0 x 0) bitmap.
    public convenience init(width: Int, height: Int) {
        let valid = Bitmap.canHold(width: width, height: height)
        let w = valid ? width : 0, h = valid ? height : 0
        self.init(surface: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)), width: w, height: h)
    }

    /// A bitmap whose pixels are not cleared (ours): for a drawing whose first step paints
    /// every pixel, as a map frame's basemap layer does, it saves a pass over the memory.
    /// Debug builds fill it with opaque magenta, so that a pixel left unpainted shows in
    /// tests. Non-positive or oversized dimensions give an empty (0 x 0) bitmap.
    public convenience init(uncleared width: Int, height: Int) {
        let valid = Bitmap.canHold(width: width, height: height)
        let w = valid ? width : 0, h = valid ? height : 0
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
        guard w > 0, h > 0, stride > 0, let data = malloc(stride * h) else {
            self.init(width: w, height: h)
            return
        }
        #if DEBUG
            data.initializeMemory(as: UInt32.self, repeating: Bitmap.unpaintedPixel, count: stride / 4 * h)
        #endif
        let surface = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride))
        // The surface owns the memory from here: freed when its last reference goes.
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            cairo_surface_set_user_data(surface, &Bitmap.ownedMemoryKey, data, free) == CAIRO_STATUS_SUCCESS
        else {
            cairo_surface_destroy(surface)
            free(data)
            self.init(width: w, height: h)
            return
        }
        self.init(surface: surface, width: w, height: h)
    }

    /// The pixel an uncleared bitmap starts with in debug builds: opaque magenta.
    public static let unpaintedPixel: UInt32 = 0xFFFF_00FF

    nonisolated(unsafe) private static var ownedMemoryKey = cairo_user_data_key_t()

    private init(surface made: OpaquePointer?, width: Int, height: Int) {
        var surface = made
        if cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(surface)
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 0, 0)
            self.width = 0
            self.height = 0
        } else {
            self.width = width
            self.height = height
        }
        self.surface = surface!
    }

    /// A bitmap for a size in points at a scale factor (pixels = ceil(points x scale)):
    /// transparent, or (`cleared: false`, ours) not cleared, as ``init(uncleared:height:)``.
    /// Non-finite or non-positive values give an empty bitmap.
    public convenience init(pointWidth: Double, pointHeight: Double, scale: Double, cleared: Bool = true) {
        let size = Bitmap.pixelSize(pointWidth: pointWidth, pointHeight: pointHeight, scale: scale)
        if cleared {
            self.init(width: size?.width ?? 0, height: size?.height ?? 0)
        } else {
            self.init(uncleared: size?.width ?? 0, height: size?.height ?? 0)
        }
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Whether every pixel is known to be opaque (ours): false until ``recordOpacity()``
    /// finds it so. A draw of an opaque bitmap need not paint what it covers first.
    public private(set) var isOpaque = false

    /// Looks at every pixel and records in ``isOpaque`` whether all are opaque (ours). Call it
    /// once drawing has finished and before the bitmap is shared, as the basemap does for each
    /// tile it renders.
    public func recordOpacity() {
        isOpaque = withRasterPixels { openmaps_is_opaque($0) } == 1
    }

    /// Whether the bitmap has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Bytes between the starts of two rows.
    public var bytesPerRow: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Calls `body` with the pixel bytes (premultiplied ARGB32 words, rows `bytesPerRow` apart).
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface), !isEmpty else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeRawBufferPointer(start: data, count: bytesPerRow * height))
    }

    /// Calls `body` with the pixels as the C rasterizers read them (not to be written).
    func withRasterPixels<T>(_ body: (openmaps_pixels) throws -> T) rethrows -> T {
        try withUnsafeBytes { bytes in
            try body(Bitmap.rasterPixels(UnsafeMutableRawPointer(mutating: bytes.baseAddress), self))
        }
    }

    /// Calls `body` with the pixels as the C rasterizers draw into them, then tells cairo they
    /// changed.
    func withMutableRasterPixels<T>(_ body: (openmaps_pixels) throws -> T) rethrows -> T {
        try withUnsafeMutableBytes { bytes in try body(Bitmap.rasterPixels(bytes.baseAddress, self)) }
    }

    private static func rasterPixels(_ base: UnsafeMutableRawPointer?, _ bitmap: Bitmap) -> openmaps_pixels {
        openmaps_pixels(
            pixels: base?.assumingMemoryBound(to: UInt32.self), width: Int32(clamping: bitmap.width), height: Int32(clamping: bitmap.height),
            stride: Int32(clamping: bitmap.bytesPerRow / 4))
    }

    /// Calls `body` with writable pixel bytes, then tells cairo they changed.
    public func withUnsafeMutableBytes<T>(_ body: (UnsafeMutableRawBufferPointer) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        guard let data = cairo_image_surface_get_data(surface), !isEmpty else {
            return try body(UnsafeMutableRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeMutableRawBufferPointer(start: data, count: bytesPerRow * height))
    }

    /// The premultiplied ARGB word at a pixel, or nil outside the bitmap.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return withUnsafeBytes { bytes in
            bytes.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
        }
    }

    /// The straight-alpha colour at a pixel, or nil outside the bitmap.
    public func color(x: Int, y: Int) -> Color? {
        guard let argb = pixel(x: x, y: y) else { return nil }
        let a = Double(argb >> 24) / 255
        guard a > 0 else { return .clear }
        return Color(
            red: Double((argb >> 16) & 0xff) / 255 / a, green: Double((argb >> 8) & 0xff) / 255 / a,
            blue: Double(argb & 0xff) / 255 / a, alpha: a)
    }

    /// A copy of the pixels in a new bitmap.
    public func copy() -> Bitmap {
        let copy = Bitmap(width: width, height: height)
        withUnsafeBytes { source in
            copy.withUnsafeMutableBytes { target in
                if let from = source.baseAddress, let to = target.baseAddress {
                    to.copyMemory(from: from, byteCount: min(source.count, target.count))
                }
            }
        }
        return copy
    }
}
