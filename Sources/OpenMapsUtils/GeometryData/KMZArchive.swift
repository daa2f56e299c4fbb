import Basemap
import Foundation
import Logging

/// A KMZ file (an OpenMaps addition; the library reads KML only): a ZIP archive holding a KML
/// document (`doc.kml`, else the first `.kml` file) and the files it refers to, usually its
/// images. Entries are stored or deflated, and checked against their CRC-32; ZIP64,
/// encryption and other methods are refused.
///
/// Limits (docs/limits.md): the archive is at most ``GMUKMLParser/maximumInputBytes``, with at
/// most ``GMUKMLParser/maximumArchiveEntries`` entries, none of which inflates past
/// ``GMUKMLParser/maximumInputBytes``, and all of which read inflate to at most
/// ``GMUKMLParser/maximumArchiveBytes`` together. Each is inflated no further than its
/// declared size (a lying header gives an error, not a bomb).
struct KMZArchive {
    /// An entry: its name, how it is stored, and where its data starts in the archive.
    struct Entry {
        let name: String
        let method: UInt16
        let crc: UInt32
        let compressedSize: Int
        let size: Int
        let localHeader: Int
    }

    let entries: [Entry]
    /// The first entry of each name.
    private let entryByName: [String: Int]
    private let data: Data
    /// Bytes inflated so far, against the archive's budget.
    private var inflated = 0

    /// Whether data starts as a ZIP archive does.
    static func isArchive(_ data: Data) -> Bool {
        data.count >= 4 && data.prefix(4).elementsEqual([0x50, 0x4B, 0x03, 0x04])
    }

    /// Reads the archive's central directory.
    init(_ data: Data) throws(GMUParseError) {
        self.data = data
        let bytes = [UInt8](data)
        guard let end = Self.endOfCentralDirectory(bytes) else { throw .malformed("a KMZ archive without its central directory") }
        let count = Int(Self.u16(bytes, end + 10))
        let directorySize = Int(Self.u32(bytes, end + 12))
        let directoryStart = Int(Self.u32(bytes, end + 16))
        guard count != 0xFFFF, directoryStart != 0xFFFF_FFFF else { throw .malformed("ZIP64 archives are not read") }
        guard count <= GMUKMLParser.maximumArchiveEntries else {
            throw .malformed("a KMZ archive of \(count) entries (at most \(GMUKMLParser.maximumArchiveEntries))")
        }
        guard directoryStart <= bytes.count, directorySize <= bytes.count - directoryStart else {
            throw .malformed("a KMZ archive's central directory lies outside it")
        }
        var entries: [Entry] = []
        var offset = directoryStart
        for _ in 0..<count {
            guard offset <= bytes.count - 46, Self.u32(bytes, offset) == 0x0201_4B50 else {
                throw .malformed("a KMZ archive's central directory is cut short")
            }
            let flags = Self.u16(bytes, offset + 8)
            let method = Self.u16(bytes, offset + 10)
            let crc = Self.u32(bytes, offset + 16)
            let compressedSize = Int(Self.u32(bytes, offset + 20))
            let size = Int(Self.u32(bytes, offset + 24))
            let nameLength = Int(Self.u16(bytes, offset + 28))
            let extraLength = Int(Self.u16(bytes, offset + 30))
            let commentLength = Int(Self.u16(bytes, offset + 32))
            let localHeader = Int(Self.u32(bytes, offset + 42))
            let nameStart = offset + 46
            guard nameStart + nameLength <= bytes.count else { throw .malformed("a KMZ entry's name is cut short") }
            guard flags & 1 == 0 else { throw .malformed("encrypted KMZ entries are not read") }
            let name = String(decoding: bytes[nameStart..<(nameStart + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, method: method, crc: crc, compressedSize: compressedSize, size: size, localHeader: localHeader))
            offset = nameStart + nameLength + extraLength + commentLength
        }
        self.entries = entries
        var byName: [String: Int] = [:]
        for (number, entry) in entries.enumerated() where byName[entry.name] == nil { byName[entry.name] = number }
        entryByName = byName
    }

    /// The KML document's entry: `doc.kml` at the top, else the first `.kml` entry.
    var document: Entry? {
        entries.first { $0.name.lowercased() == "doc.kml" } ?? entries.first { $0.name.lowercased().hasSuffix(".kml") }
    }

    /// The entry a document's link names (relative to the archive's top, `./` and `\` allowed).
    func entry(named link: String) -> Entry? {
        var name = link.replacingOccurrences(of: "\\", with: "/")
        while name.hasPrefix("./") { name.removeFirst(2) }
        while name.hasPrefix("/") { name.removeFirst() }
        guard !name.isEmpty, !name.contains("://") else { return nil }
        let decoded = name.removingPercentEncoding ?? name
        return (entryByName[name] ?? entryByName[decoded]).map { entries[$0] }
    }

    /// An entry's bytes, inflated when deflated, at most `limit` of them.
    mutating func contents(of entry: Entry, limit: Int) throws(GMUParseError) -> Data {
        guard entry.size <= limit else { throw .malformed("KMZ entry \(entry.name) is larger than \(limit) bytes") }
        guard inflated + entry.size <= GMUKMLParser.maximumArchiveBytes else {
            throw .malformed("a KMZ archive inflating past \(GMUKMLParser.maximumArchiveBytes) bytes")
        }
        // Counted before it is read, whatever comes of it: a bad entry costs its share too.
        inflated += entry.size
        let bytesCount = data.count
        let header = entry.localHeader
        guard header >= 0, header <= bytesCount - 30 else { throw .malformed("KMZ entry \(entry.name) lies outside the archive") }
        let base = data.startIndex
        func byte(_ at: Int) -> UInt16 { UInt16(data[base + at]) }
        guard byte(header) == 0x50, byte(header + 1) == 0x4B, byte(header + 2) == 0x03, byte(header + 3) == 0x04 else {
            throw .malformed("KMZ entry \(entry.name) has no local header")
        }
        let nameLength = Int(byte(header + 26) | byte(header + 27) << 8)
        let extraLength = Int(byte(header + 28) | byte(header + 29) << 8)
        let start = header + 30 + nameLength + extraLength
        guard start <= bytesCount, entry.compressedSize <= bytesCount - start else {
            throw .malformed("KMZ entry \(entry.name) is cut short")
        }
        let stored = data.subdata(in: (base + start)..<(base + start + entry.compressedSize))
        let contents: Data
        switch entry.method {
        case 0:
            contents = stored
        case 8:
            do {
                contents = try Inflate.inflateRaw(stored, maximumOutput: entry.size)
            } catch {
                throw .malformed("KMZ entry \(entry.name): \(error)")
            }
        default:
            throw .malformed("KMZ entry \(entry.name) is compressed by method \(entry.method), which is not read")
        }
        guard contents.count == entry.size else { throw .malformed("KMZ entry \(entry.name) is not the size its header gives") }
        guard Inflate.crc32(contents) == entry.crc else { throw .malformed("KMZ entry \(entry.name) fails its CRC-32") }
        return contents
    }

    /// The end-of-central-directory record: the last one, within the 64 KB comment allowed.
    private static func endOfCentralDirectory(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var offset = bytes.count - 22
        while offset >= lowest {
            if u32(bytes, offset) == 0x0605_4B50 { return offset }
            offset -= 1
        }
        return nil
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}

/// Links from a KMZ archive's document to its entries, as `data:` URLs of their bytes (each
/// entry read once; one that cannot be read keeps its link, and a warning is logged).
final class KMZLinks {
    private var archive: KMZArchive
    /// What each entry became (its data URL, or nil when it could not be read), by entry.
    private var resolved: [Int: String?] = [:]
    private static let logger = Logger(label: "OpenMaps.Utils.GeometryData")

    init(_ archive: KMZArchive) { self.archive = archive }

    func resolve(_ link: String) -> String {
        guard let entry = archive.entry(named: link) else { return link }
        let key = entry.localHeader
        if let known = resolved[key] { return known ?? link }
        var url: String?
        do {
            let bytes = try archive.contents(of: entry, limit: GMUGeometryRenderer.maximumImageBytes)
            url = "data:\(Self.mediaType(of: entry.name));base64,\(bytes.base64EncodedString())"
        } catch {
            Self.logger.warning("KMZ link \(link) not read: \(error)")
        }
        resolved[key] = url
        return url ?? link
    }

    private static func mediaType(of name: String) -> String {
        switch name.split(separator: ".").last?.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        default: "application/octet-stream"
        }
    }
}
