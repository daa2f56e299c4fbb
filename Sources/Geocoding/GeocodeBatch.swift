import Foundation
import MapGeometry

/// Reverse-geocodes a stream of `lat,lon` lines (OpenMaps' own, behind `openmaps geocode
/// --input`): every input line gets one answer, in input order, each block of lines geocoded on
/// every core. Memory stays within a block of lines; a line longer than
/// ``maximumLineBytes`` is answered as such without being held whole.
public struct GeocodeBatch: Sendable {
    /// The longest line read (docs/limits.md); a longer one is answered ``Answer/lineTooLong(text:)``
    /// with its first bytes.
    public static let maximumLineBytes = 1_024
    /// Lines geocoded together by default: enough to keep every core busy, few enough that a
    /// block's answers stay in memory.
    public static let defaultBlockLines = 16_384

    /// The answer to one input line.
    public enum Answer: Sendable {
        /// The addresses at the line's coordinate (only the first, most specific, with `firstOnly`).
        case results(query: CLLocationCoordinate2D, [ReverseGeocodeResult])
        /// The line is not `lat,lon` with a latitude in -90...90 and a longitude in -180...180.
        case invalidCoordinate(text: String)
        /// The line is longer than ``GeocodeBatch/maximumLineBytes``; `text` is its beginning.
        case lineTooLong(text: String)
    }

    private let geocoder: ReverseGeocoder
    private let firstOnly: Bool
    private let blockLines: Int
    private let workers: Int

    /// A batch over a geocoder. `firstOnly` keeps only each coordinate's first result, as
    /// `firstResult()` does; `workers` defaults to the machine's cores.
    public init(geocoder: ReverseGeocoder, firstOnly: Bool = false, blockLines: Int = defaultBlockLines, workers: Int? = nil) {
        self.geocoder = geocoder
        self.firstOnly = firstOnly
        self.blockLines = min(max(blockLines, 1), 1 << 20)
        self.workers = min(max(workers ?? ProcessInfo.processInfo.activeProcessorCount, 1), 64)
    }

    /// Reads lines from `input` to its end and writes each answer, formatted and followed by a
    /// newline, to `output`, in input order. A last line without a newline is a line; an input
    /// ending in a newline has no empty line after it; a carriage return before a newline is
    /// dropped. Returns the number of lines; throws what reading or writing throws.
    @discardableResult
    public func run(
        input: FileHandle, output: (Data) throws -> Void, format: @escaping @Sendable (Answer) -> String
    ) throws -> Int {
        var splitter = LineSplitter(maximumBytes: Self.maximumLineBytes)
        var block: [Line] = []
        block.reserveCapacity(blockLines)
        var total = 0
        func flush() throws {
            guard !block.isEmpty else { return }
            try output(answers(block, format: format))
            total += block.count
            block.removeAll(keepingCapacity: true)
        }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try splitter.feed(chunk) { line in
                block.append(line)
                if block.count >= blockLines { try flush() }
            }
        }
        try splitter.finish { block.append($0) }
        try flush()
        return total
    }

    /// The formatted answers of a block of lines, each followed by a newline, geocoded in
    /// slices on the workers.
    func answers(_ lines: [Line], format: @Sendable (Answer) -> String) -> Data {
        guard !lines.isEmpty else { return Data() }
        let slices = min(workers, lines.count)
        let size = (lines.count + slices - 1) / slices
        let texts = ResultSlots<String>(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var text = ""
            for index in (slice * size)..<min((slice + 1) * size, lines.count) {
                switch lines[index] {
                case .text(let line): text += format(answer(toLine: line))
                case .tooLong(let prefix): text += format(.lineTooLong(text: prefix))
                }
                text += "\n"
            }
            texts.set(slice, text)
        }
        var data = Data()
        for text in texts.values { data.append(contentsOf: text.utf8) }
        return data
    }

    /// The answer to one line of text (without its newline).
    public func answer(toLine text: String) -> Answer {
        guard text.utf8.count <= Self.maximumLineBytes else {
            return .lineTooLong(text: String(decoding: text.utf8.prefix(Self.maximumLineBytes), as: UTF8.self))
        }
        guard let coordinate = Self.coordinate(text), let results = try? geocoder.reverseGeocode(coordinate) else {
            return .invalidCoordinate(text: text)
        }
        return .results(query: coordinate, firstOnly ? Array(results.prefix(1)) : results)
    }

    /// The coordinate a line gives: two numbers split by a comma, spaces around them allowed.
    static func coordinate(_ text: String) -> CLLocationCoordinate2D? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        return CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    /// An input line as read.
    enum Line: Sendable {
        case text(String)
        /// Longer than the limit: its first bytes.
        case tooLong(String)
    }
}

/// Cuts a byte stream into lines, holding at most `maximumBytes` of any one line.
struct LineSplitter {
    let maximumBytes: Int
    private var pending: [UInt8] = []
    private var overlong = false

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Calls `emit` with each line the bytes complete.
    mutating func feed(_ bytes: Data, _ emit: (GeocodeBatch.Line) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let buffer = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < buffer.count {
                let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n"))
                let stop = end ?? buffer.count
                take(buffer[start..<stop])
                guard let end else { return }
                try emit(line())
                start = end + 1
            }
        }
    }

    /// Calls `emit` with the last line when the stream did not end with a newline.
    mutating func finish(_ emit: (GeocodeBatch.Line) throws -> Void) rethrows {
        if !pending.isEmpty || overlong { try emit(line()) }
    }

    private mutating func take(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        let room = maximumBytes + 1 - pending.count
        if bytes.count > room { overlong = true }
        if room > 0 { pending.append(contentsOf: bytes.prefix(room)) }
    }

    private mutating func line() -> GeocodeBatch.Line {
        defer {
            pending.removeAll(keepingCapacity: true)
            overlong = false
        }
        if !overlong, pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        if overlong || pending.count > maximumBytes {
            return .tooLong(String(decoding: pending.prefix(maximumBytes), as: UTF8.self))
        }
        return .text(String(decoding: pending, as: UTF8.self))
    }
}
