import CZlib
import Foundation

/// Gzip and zlib decompression with a bound on the output, for tile blobs.
enum Inflate {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The largest tile inflated; larger output is refused (a decompression bomb).
    static let maximumOutput = 16 * 1024 * 1024

    /// Inflates gzip or zlib data (detected from the header); plain data is returned as is.
    static func inflate(_ data: Data) throws(Failure) -> Data {
        guard data.count >= 2 else { throw Failure(description: "tile data too short") }
        let gzip = data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
        let zlib = data[data.startIndex] == 0x78
        guard gzip || zlib else { return data }
        var stream = z_stream()
        guard openmaps_inflate_init2(&stream, gzip ? 16 + MAX_WBITS : MAX_WBITS) == Z_OK else {
            throw Failure(description: "zlib could not start")
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
        guard status == Z_STREAM_END else { throw Failure(description: "corrupt or truncated compressed tile (zlib \(status))") }
        return output
    }
}
