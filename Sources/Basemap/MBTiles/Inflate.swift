import CZlib
import Foundation

/// Gzip, zlib and raw deflate decompression with a bound on the output: tile blobs, and the
/// entries of ZIP archives (the utilities' KMZ files).
public enum Inflate {
    @available(*, deprecated, renamed: "InflateError")
    public typealias Failure = InflateError

    /// The largest tile inflated; larger output is refused (a decompression bomb).
    static let maximumOutput = 16 * 1024 * 1024

    /// Inflates gzip or zlib data (detected from the header); plain data is returned as is.
    static func inflate(_ data: Data) throws(InflateError) -> Data {
        guard data.count >= 2 else { throw InflateError(description: "tile data too short") }
        let gzip = data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
        let zlib = data[data.startIndex] == 0x78
        guard gzip || zlib else { return data }
        return try run(data, windowBits: gzip ? 16 + MAX_WBITS : MAX_WBITS, maximumOutput: maximumOutput, what: "tile")
    }

    /// Inflates raw deflate data (a ZIP entry's), refusing output past `maximumOutput` bytes.
    public static func inflateRaw(_ data: Data, maximumOutput: Int) throws(InflateError) -> Data {
        try run(data, windowBits: -MAX_WBITS, maximumOutput: max(0, maximumOutput), what: "deflated data")
    }

    /// The CRC-32 of data (as ZIP and gzip keep it).
    public static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { bytes -> UInt32 in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return 0 }
            var crc: uLong = CZlib.crc32(0, nil, 0)
            var offset = 0
            // zlib counts in 32-bit lengths: the data goes in pieces.
            while offset < bytes.count {
                let length = min(bytes.count - offset, 1 << 30)
                crc = CZlib.crc32(crc, base + offset, uInt(length))
                offset += length
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }

    private static func run(_ data: Data, windowBits: Int32, maximumOutput: Int, what: String) throws(InflateError) -> Data {
        var stream = z_stream()
        guard openmaps_inflate_init2(&stream, windowBits) == Z_OK else {
            throw InflateError(description: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let status: Int32 = data.withUnsafeBytes { input -> Int32 in
            guard let base = input.bindMemory(to: UInt8.self).baseAddress else { return Z_DATA_ERROR }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(input.count)
            var result = Z_OK
            while result == Z_OK {
                result = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let code = CZlib.inflate(&stream, Z_NO_FLUSH)
                    if let start = buffer.baseAddress { output.append(start, count: buffer.count - Int(stream.avail_out)) }
                    return code
                }
                if output.count > maximumOutput { return Z_MEM_ERROR }
                if result == Z_BUF_ERROR && stream.avail_in == 0 { return Z_DATA_ERROR }
            }
            return result
        }
        guard status == Z_STREAM_END else {
            throw InflateError(description: status == Z_MEM_ERROR ? "\(what) inflating past \(maximumOutput) bytes" : "corrupt or truncated \(what) (zlib \(status))")
        }
        return output
    }
}

/// Why data could not be inflated.
public struct InflateError: Error, CustomStringConvertible {
    public let description: String
}
