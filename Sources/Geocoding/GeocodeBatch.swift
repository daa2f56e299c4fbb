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
        try run(input: input, output: output, write: { answer, bytes in bytes.append(contentsOf: format(answer).utf8) })
    }

    /// ``run(input:output:format:)`` with each answer appended as UTF-8 by `write`, without
    /// a string per answer.
    @discardableResult
    public func run(
        input: FileHandle, output: (Data) throws -> Void, write: @escaping @Sendable (Answer, inout [UInt8]) -> Void
    ) throws -> Int {
        // The next block is read while this one is geocoded.
        let reader = BlockReader(input: input, blockLines: blockLines)
        var total = 0
        var block = try reader.next()
        while block.count > 0 {
            let read = DispatchGroup(), next = ResultSlots<Result<LineBlock, any Error>>(count: 1)
            DispatchQueue.global().async(group: read) { next.set(0, Result { try reader.next() }) }
            do {
                try output(answers(block, write: write))
            } catch {
                read.wait()
                throw error
            }
            total += block.count
            read.wait()
            block = try next.values.first?.get() ?? LineBlock()
        }
        return total
    }

    /// The formatted answers of a block of lines, each followed by a newline, geocoded in
    /// slices on the workers.
    func answers(_ block: LineBlock, write: @Sendable (Answer, inout [UInt8]) -> Void) -> Data {
        guard block.count > 0 else { return Data() }
        let slices = min(workers, block.count)
        let size = (block.count + slices - 1) / slices
        let texts = ResultSlots<[UInt8]>(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            texts.set(slice, answers(block, lines: (slice * size)..<min((slice + 1) * size, block.count), write: write))
        }
        var data = Data()
        let parts = texts.values
        data.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for text in parts { data.append(contentsOf: text) }
        return data
    }

    /// The formatted answers of some lines of a block, each followed by a newline.
    func answers(_ block: LineBlock, lines: Range<Int>, write: (Answer, inout [UInt8]) -> Void) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(64 * lines.count)
        block.bytes.withUnsafeBufferPointer { bytes in
            for index in lines {
                let line = block.lines[index]
                let lineBytes = UnsafeBufferPointer(rebasing: bytes[line.start..<line.end])
                write(line.tooLong ? .lineTooLong(text: String(decoding: lineBytes, as: UTF8.self)) : answer(toLine: lineBytes), &text)
                text.append(UInt8(ascii: "\n"))
            }
        }
        return text
    }

    /// The answer to one line of text (without its newline).
    public func answer(toLine text: String) -> Answer {
        guard text.utf8.count <= Self.maximumLineBytes else {
            return .lineTooLong(text: String(decoding: text.utf8.prefix(Self.maximumLineBytes), as: UTF8.self))
        }
        return Array(text.utf8).withUnsafeBufferPointer { answer(toLine: $0) }
    }

    /// The answer to one line's bytes, at most ``maximumLineBytes`` (without its newline).
    func answer(toLine bytes: UnsafeBufferPointer<UInt8>) -> Answer {
        guard let coordinate = Self.coordinate(bytes),
            let results = try? geocoder.reverseGeocode(coordinate, maximumResults: firstOnly ? 1 : Int.max)
        else {
            return .invalidCoordinate(text: String(decoding: bytes, as: UTF8.self))
        }
        return .results(query: coordinate, results)
    }

    /// The coordinate a line gives: two numbers split by a comma, spaces around them allowed.
    /// An ASCII line is read from its bytes; any other through `String`, which gives the same
    /// answer for ASCII. A control character other than a tab (a NUL byte above all, where C's
    /// number parsing would stop) makes the line no coordinate.
    static func coordinate(_ bytes: UnsafeBufferPointer<UInt8>) -> CLLocationCoordinate2D? {
        var comma: Int? = nil
        for (index, byte) in bytes.enumerated() {
            if isControl(byte) { return nil }
            if byte >= 0x80 { return coordinate(String(decoding: bytes, as: UTF8.self)) }
            if byte == UInt8(ascii: ",") {
                guard comma == nil else { return nil }
                comma = index
            }
        }
        guard let comma else { return nil }
        /// A part's number, without the spaces and tabs around it.
        func number(_ low: Int, _ high: Int) -> Double? {
            var low = low, high = high
            while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
            while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
            let text = UnsafeBufferPointer(rebasing: bytes[low..<high])
            return plainDecimal(text) ?? Double(String(decoding: text, as: UTF8.self))
        }
        guard let latitude = number(0, comma), let longitude = number(comma + 1, bytes.count) else { return nil }
        return CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    /// The powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// A number written plainly, `-` and digits with at most one `.` between digits, of at most
    /// 15 digits: its whole digits over a power of ten, two doubles held exactly, so the one
    /// division rounds as a correct parse does (the answer `Double(String)` gives, bit for bit).
    /// Nil for any other text, which the full parse reads.
    static func plainDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0, digits = 0, decimals = 0, whole: UInt64 = 0
        var point = false
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                // A point between digits only.
                guard !point, digits > 0, index + 1 < text.count else { return nil }
                point = true
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { return nil }
                whole = whole * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if point { decimals += 1 }
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        let value = Double(whole) / exactPowersOfTen[decimals]
        return negative ? -value : value
    }

    /// Whether a byte is an ASCII control character other than a tab.
    private static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

    /// The coordinate a line of any text gives: two numbers split by a comma, white space
    /// around them allowed; none where it holds a control character other than a tab.
    static func coordinate(_ text: String) -> CLLocationCoordinate2D? {
        guard !text.utf8.contains(where: isControl) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        return CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    /// An input line as read.
    enum Line: Sendable, Equatable {
        case text(String)
        /// Longer than the limit: its first bytes.
        case tooLong(String)
    }
}

/// Reads an input block by block, from one thread at a time.
final class BlockReader: @unchecked Sendable {
    private let input: FileHandle
    private let blockLines: Int
    private var splitter = LineSplitter(maximumBytes: GeocodeBatch.maximumLineBytes)
    /// The bytes read and not yet split, from `offset`.
    private var chunk = Data()
    private var offset = 0
    private var ended = false

    init(input: FileHandle, blockLines: Int) {
        self.input = input
        self.blockLines = blockLines
    }

    /// The next lines, up to a block of them; none at the input's end.
    func next() throws -> LineBlock {
        while splitter.lineCount < blockLines, !ended {
            if offset >= chunk.count {
                guard let read = try input.read(upToCount: 1 << 20), !read.isEmpty else {
                    ended = true
                    splitter.finish()
                    break
                }
                chunk = read
                offset = 0
            }
            offset = chunk.withUnsafeBytes { raw in
                splitter.feed(raw.bindMemory(to: UInt8.self), from: offset, until: blockLines)
            }
        }
        return splitter.takeBlock()
    }
}

/// Lines read together: their bytes one after another, and where each starts and ends.
struct LineBlock: Sendable {
    var bytes: [UInt8] = []
    /// Each line's bytes in `bytes` (a line too long holds its first bytes).
    var lines: [(start: Int, end: Int, tooLong: Bool)] = []

    var count: Int { lines.count }

    /// The lines as text.
    var texts: [GeocodeBatch.Line] {
        lines.map { line in
            let text = String(decoding: bytes[line.start..<line.end], as: UTF8.self)
            return line.tooLong ? .tooLong(text) : .text(text)
        }
    }
}

/// Cuts a byte stream into blocks of lines, holding at most `maximumBytes` of any one line.
struct LineSplitter {
    let maximumBytes: Int
    private var block = LineBlock()
    /// Where the line being read starts in the block's bytes, and whether it ran over.
    private var lineStart = 0
    private var overlong = false

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// The whole lines read and not yet taken.
    var lineCount: Int { block.count }

    /// Reads bytes from `start` until the block holds `limit` lines or the bytes end; returns
    /// where it stopped.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, until limit: Int) -> Int {
        var start = start
        while start < bytes.count, block.count < limit {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            take(UnsafeBufferPointer(rebasing: bytes[start..<(end ?? bytes.count)]))
            guard let end else { return bytes.count }
            endLine()
            start = end + 1
        }
        return start
    }

    /// Ends the last line when the stream did not end with a newline.
    mutating func finish() {
        if block.bytes.count > lineStart || overlong { endLine() }
    }

    /// The whole lines read so far, leaving the line being read.
    mutating func takeBlock() -> LineBlock {
        var taken = LineBlock()
        taken.lines = block.lines
        if lineStart == block.bytes.count {
            swap(&taken.bytes, &block.bytes)
            block.bytes.reserveCapacity(taken.bytes.count)
        } else {
            taken.bytes = Array(block.bytes[..<lineStart])
            block.bytes.removeFirst(lineStart)
        }
        block.lines.removeAll(keepingCapacity: true)
        lineStart = 0
        return taken
    }

    private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = maximumBytes + 1 - (block.bytes.count - lineStart)
        if bytes.count > room { overlong = true }
        if room > 0 { block.bytes.append(contentsOf: bytes.prefix(room)) }
    }

    private mutating func endLine() {
        var end = block.bytes.count
        if !overlong, end > lineStart, block.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let tooLong = overlong || end - lineStart > maximumBytes
        if tooLong { end = min(end, lineStart + maximumBytes) }
        block.lines.append((lineStart, end, tooLong))
        block.bytes.removeLast(block.bytes.count - end)
        lineStart = end
        overlong = false
    }
}
