import CImageCodecs
import Foundation

extension Bitmap {
    /// The most pixels a decoded image may have (a guard against decompression bombs).
    public static let maximumDecodedPixels = 64 * 1024 * 1024

    /// Encodes the bitmap as PNG (straight alpha, SUB filter).
    /// - Parameter compressionLevel: zlib level 0...9; 1 is fast and compact enough for frames.
    public func pngData(compressionLevel: Int = 6) throws(ImageCodecError) -> Data {
        try encode(format: "PNG") { pixels, stride, out, outSize, error in
            om_png_encode(pixels, Int32(width), Int32(height), Int32(stride), Int32(compressionLevel), out, outSize, error, 256)
        }
    }

    /// Encodes the bitmap as JPEG (alpha is dropped; premultiplied colours are kept as is,
    /// so draw over an opaque background first).
    /// - Parameters:
    ///   - quality: 1...100.
    ///   - fastDCT: libjpeg's fast integer DCT, for frames streamed live: quicker, a little
    ///     less exact.
    public func jpegData(quality: Int = 85, fastDCT: Bool = false) throws(ImageCodecError) -> Data {
        let quality = Int32(clamping: quality)
        return try encode(format: "JPEG") { pixels, stride, out, outSize, error in
            om_jpeg_encode(pixels, Int32(width), Int32(height), Int32(stride), quality, fastDCT ? 1 : 0, out, outSize, error, 256)
        }
    }

    /// Decodes PNG or JPEG bytes (the format is found from the signature). An image of more
    /// than `maximumPixels` (at most ``maximumDecodedPixels``) is refused from its header,
    /// before anything is decoded.
    public static func decode(_ data: Data, maximumPixels: Int = maximumDecodedPixels) throws(ImageCodecError) -> Bitmap {
        let limit = min(max(maximumPixels, 0), maximumDecodedPixels)
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return try decode(data, format: "PNG", maximumPixels: limit, using: om_png_decode)
        }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try decode(data, format: "JPEG", maximumPixels: limit, using: om_jpeg_decode)
        }
        throw ImageCodecError(format: "image", message: "neither PNG nor JPEG data")
    }

    private typealias Encoder = (
        UnsafePointer<UInt8>, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
        UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>
    ) -> Int32

    private func encode(format: String, _ encoder: Encoder) throws(ImageCodecError) -> Data {
        guard !isEmpty else { throw ImageCodecError(format: format, message: "the image is empty") }
        var message = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>? = nil
        var outputSize = 0
        let status: Int32 = withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
            return encoder(base, bytesPerRow, &output, &outputSize, &message)
        }
        guard status == 0, let output else {
            throw ImageCodecError(format: format, message: Self.string(from: message))
        }
        defer { om_codec_free(output) }
        return Data(bytes: output, count: outputSize)
    }

    private typealias Decoder = (
        UnsafePointer<UInt8>?, Int, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
        UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?, Int
    ) -> Int32

    private static func decode(_ data: Data, format: String, maximumPixels: Int, using decoder: Decoder) throws(ImageCodecError) -> Bitmap {
        var message = [CChar](repeating: 0, count: 256)
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            decoder(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, maximumPixels,
                &pixels, &width, &height, &message, 256)
        }
        guard status == 0, let pixels else {
            throw ImageCodecError(format: format, message: string(from: message))
        }
        defer { om_codec_free(pixels) }
        let bitmap = Bitmap(width: Int(width), height: Int(height))
        guard bitmap.width == Int(width), bitmap.height == Int(height) else {
            throw ImageCodecError(format: format, message: "image of \(width) x \(height) pixels is too large")
        }
        bitmap.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress else { return }
            let rowBytes = Int(width) * 4
            for row in 0..<Int(height) {
                (base + row * bitmap.bytesPerRow).copyMemory(from: pixels + row * rowBytes, byteCount: rowBytes)
            }
        }
        return bitmap
    }

    private static func string(from message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }
}
