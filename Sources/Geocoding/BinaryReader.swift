import Foundation

/// Reads little-endian values from bytes, failing (instead of trapping) past the end.
struct BinaryReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    var remaining: Int { bytes.count - offset }

    mutating func u8() throws -> UInt8 {
        guard offset < bytes.count else { throw BinaryReaderError() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() throws -> UInt16 {
        guard offset + 2 <= bytes.count else { throw BinaryReaderError() }
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func u32() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw BinaryReaderError() }
        defer { offset += 4 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    mutating func i32() throws -> Int32 { Int32(bitPattern: try u32()) }

    /// A count that must fit in what is left, at `minimumSize` bytes per item.
    mutating func count(minimumSize: Int) throws -> Int {
        let n = Int(try u32())
        guard n <= remaining / max(minimumSize, 1) else { throw BinaryReaderError() }
        return n
    }

    /// Moves past bytes it does not read.
    mutating func skip(_ length: Int) throws {
        guard length >= 0, length <= remaining else { throw BinaryReaderError() }
        offset += length
    }

    mutating func string(length: Int) throws -> String {
        guard length >= 0, offset + length <= bytes.count else { throw BinaryReaderError() }
        defer { offset += length }
        return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    }
}

struct BinaryReaderError: Error {}
