// Measures the playground end to end: starts `openmaps serve` (release) in its own process,
// opens a session over its WebSocket as the page does (hello with a 1280 x 800 canvas), pans
// with a finger at 60 pointer events a second, and like the page decodes every JPEG frame
// before acknowledging it. Prints frames per second while panning, frame sizes, and the time
// from each frame's acknowledgement to the next frame.
//
//   PlaygroundThroughput [path/to/openmaps] [--seconds N] [--scale S] [--sample NAME]
import Foundation
import HummingbirdWSClient
import Logging
import MapDrawing
import NIOCore

struct Options {
    var binary = "../.build/release/openmaps"
    var seconds = 10.0
    var scale = 1.0
    var sample = "markers"
    var width = 1280.0
    var height = 800.0

    init(_ arguments: [String]) {
        var rest = arguments.makeIterator()
        while let argument = rest.next() {
            switch argument {
            case "--seconds": seconds = rest.next().flatMap(Double.init) ?? seconds
            case "--scale": scale = rest.next().flatMap(Double.init) ?? scale
            case "--sample": sample = rest.next() ?? sample
            default: binary = argument
            }
        }
    }
}

/// What the client saw.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [(time: TimeInterval, bytes: Int, decode: TimeInterval, pixels: (Int, Int))] = []
    private var panning: ClosedRange<TimeInterval>?

    func frame(at time: TimeInterval, bytes: Int, decode: TimeInterval, pixels: (Int, Int)) {
        lock.withLock { frames.append((time, bytes, decode, pixels)) }
    }
    func pan(_ range: ClosedRange<TimeInterval>) { lock.withLock { panning = range } }
    var count: Int { lock.withLock { frames.count } }

    func report() {
        lock.withLock {
            guard let panning else { return print("no pan happened") }
            let during = frames.filter { panning.contains($0.time) }
            let seconds = panning.upperBound - panning.lowerBound
            let fps = Double(during.count) / seconds
            let bytes = during.map(\.bytes).sorted()
            let decodes = during.map(\.decode).sorted()
            let gaps = zip(during.dropFirst(), during).map { $0.time - $1.time }.sorted()
            func median<T: BinaryFloatingPoint>(_ values: [T]) -> T { values.isEmpty ? 0 : values[values.count / 2] }
            func p99(_ values: [TimeInterval]) -> TimeInterval { values.isEmpty ? 0 : values[min(values.count - 1, Int(Double(values.count) * 0.99))] }
            let size = during.first?.pixels ?? (0, 0)
            print(String(format: "frames while panning: %d in %.1f s = %.1f fps (frames %dx%d px)", during.count, seconds, fps, size.0, size.1))
            print(String(format: "frame interval: median %.1f ms, p99 %.1f ms", median(gaps) * 1000, p99(gaps) * 1000))
            print(String(format: "JPEG frame: median %.0f KB (%.1f MB/s); client decode median %.1f ms",
                Double(bytes.isEmpty ? 0 : bytes[bytes.count / 2]) / 1024, Double(during.map(\.bytes).reduce(0, +)) / seconds / 1_048_576,
                median(decodes) * 1000))
            print(fps >= 30 ? "target (>= 30 fps): met" : "target (>= 30 fps): NOT met")
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let server = Process()
server.executableURL = URL(fileURLWithPath: options.binary)
server.arguments = ["serve", "--port", "0"]
let output = Pipe()
server.standardOutput = output
server.standardError = FileHandle.nullDevice
do { try server.run() } catch {
    print("cannot start \(options.binary): \(error) (build it with `swift build -c release --product openmaps` in the package root)")
    exit(1)
}
defer { server.terminate() }

// The server announces its URL on its first line.
var announced = ""
while !announced.contains("\n") {
    let data = output.fileHandleForReading.availableData
    if data.isEmpty { break }
    announced += String(decoding: data, as: UTF8.self)
}
guard let port = announced.split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) }) else {
    print("the server did not announce its port: \(announced)")
    exit(1)
}
print("openmaps serve on port \(port); \(options.sample), \(Int(options.width))x\(Int(options.height)) at scale \(options.scale), \(options.seconds) s of panning")

let tally = Tally()
let start = Date()
@Sendable func now() -> TimeInterval { Date().timeIntervalSince(start) }

try await WebSocketClient.connect(
    url: "ws://127.0.0.1:\(port)/ws", configuration: .init(maxFrameSize: 1 << 26), logger: Logger(label: "PlaygroundThroughput")
) { inbound, outbound, _ in
    try await outbound.write(
        .text(#"{"type":"hello","sample":"\#(options.sample)","width":\#(options.width),"height":\#(options.height),"scale":\#(options.scale)}"#))
    let reader = Task {
        for try await message in inbound.messages(maxSize: 1 << 26) {
            guard case .binary(let buffer) = message else { continue }
            // As the page: read the frame's number, decode its JPEG, then acknowledge it.
            let began = now()
            var frame = buffer
            guard let number = frame.readInteger(endianness: .big, as: UInt64.self) else { continue }
            let data = Data(frame.readableBytesView)
            let bitmap = try? Bitmap.decode(data)
            tally.frame(at: now(), bytes: data.count, decode: now() - began, pixels: (bitmap?.width ?? 0, bitmap?.height ?? 0))
            try await outbound.write(.text(#"{"type":"ack","frame":\#(number)}"#))
        }
    }
    // Let the first frames and tiles arrive.
    while tally.count < 1 { try await Task.sleep(for: .milliseconds(10)) }
    try await Task.sleep(for: .seconds(2))
    // Pan: a finger sweeping back and forth, 60 events a second.
    let x0 = options.width / 2, y0 = options.height / 2
    try await outbound.write(.text(#"{"type":"pointer","phase":"down","id":1,"pointerType":"touch","x":\#(x0),"y":\#(y0)}"#))
    let panStart = now()
    var step = 0
    while now() - panStart < options.seconds {
        step += 1
        let t = Double(step) / 60
        let x = x0 + 300 * sin(t * 1.3), y = y0 + 150 * sin(t * 0.9)
        try await outbound.write(.text(#"{"type":"pointer","phase":"move","id":1,"pointerType":"touch","x":\#(x),"y":\#(y)}"#))
        let next = panStart + Double(step + 1) / 60
        let wait = next - now()
        if wait > 0 { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
    }
    let panEnd = now()
    try await outbound.write(.text(#"{"type":"pointer","phase":"cancel","id":1,"pointerType":"touch","x":\#(x0),"y":\#(y0)}"#))
    tally.pan(panStart...panEnd)
    reader.cancel()
    try await outbound.close(.normalClosure, reason: nil)
}
tally.report()
