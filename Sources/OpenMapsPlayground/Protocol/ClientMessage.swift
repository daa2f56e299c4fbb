import Foundation

/// A message from the page, checked: every number finite and within bounds.
enum ClientMessage: Equatable {
    /// The page's first message: which sample (the default when missing, unknown or too
    /// long), and the canvas in CSS pixels (within 1...``maximumSide``) with the device pixel
    /// ratio; `patches`: the page draws frames sent as changes (``FramePatches``).
    case hello(sample: String?, width: Double, height: Double, scale: Double, patches: Bool = false)
    /// The canvas changed size or pixel ratio.
    case resize(width: Double, height: Double, scale: Double)
    /// A pointer went down, moved, went up or was cancelled (CSS pixels in the canvas).
    case pointer(Pointer)
    /// A wheel turn over the canvas: `delta` in pixels, positive away from the user (zoom out);
    /// `pinch`: a trackpad pinch (the browser's ctrl+wheel); `time`: when, in milliseconds on
    /// the page's clock (`event.timeStamp`).
    case wheel(x: Double, y: Double, delta: Double, pinch: Bool = false, time: Double? = nil)
    /// A key pressed on the page's keyboard: `key` as the browser names it (`"a"`, `"Enter"`,
    /// `"ArrowLeft"`), with the modifiers held.
    case key(Key)
    /// The page showed (or dropped as stale) the frame of a number.
    case ack(frame: Int)
    /// The page could not draw a frame sent as changes (it did not show the frame they change):
    /// the next frame goes whole.
    case refresh
    /// Switch to another sample.
    case sample(String)

    /// One pointer event, as Pointer Events report it.
    struct Pointer: Equatable {
        enum Phase: String { case down, move, up, cancel }
        enum Kind: String { case mouse, touch, pen }
        let phase: Phase
        let id: Int
        let kind: Kind
        let x: Double
        let y: Double
        /// Modifier keys (a mouse's shift-drag rotates, alt-drag tilts).
        let shift: Bool
        let alt: Bool
        /// When, in milliseconds on the page's clock (`event.timeStamp`).
        var time: Double? = nil
    }

    /// A key press, as `KeyboardEvent` reports it.
    struct Key: Equatable {
        /// The character typed, or the key's name (at most ``maximumKeyLength`` characters).
        let key: String
        let shift: Bool
        let alt: Bool
        let ctrl: Bool
        let meta: Bool
    }

    /// The longest key name accepted (`"ArrowRight"` and the like fit).
    static let maximumKeyLength = 16

    /// The largest canvas side accepted, in CSS pixels.
    static let maximumSide = 4096.0
    /// How far outside the canvas a pointer may be reported.
    static let maximumCoordinate = 100_000.0

    /// The fields any message may have, as JSON gives them (a wrong type fails decoding).
    private struct Fields: Decodable {
        let type: String
        let sample: String?
        let name: String?
        let width: Double?
        let height: Double?
        let scale: Double?
        let phase: String?
        let id: Double?
        let pointerType: String?
        let x: Double?
        let y: Double?
        let delta: Double?
        let frame: Double?
        let shift: Bool?
        let alt: Bool?
        let ctrl: Bool?
        let meta: Bool?
        let pinch: Bool?
        let key: String?
        let t: Double?
        let patches: Bool?
    }

    /// Parses and checks a text message.
    static func parse(_ text: String) throws(ClientMessageError) -> ClientMessage {
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(text.utf8))
        } catch {
            throw ClientMessageError(description: "not a message: \(String(describing: error).prefix(120))")
        }
        switch fields.type {
        case "hello":
            let sample = fields.sample.flatMap { $0.count <= 64 ? $0 : nil }
            let (width, height, scale) = try size(fields)
            return .hello(sample: sample, width: width, height: height, scale: scale, patches: fields.patches ?? false)
        case "resize":
            let (width, height, scale) = try size(fields)
            return .resize(width: width, height: height, scale: scale)
        case "pointer":
            guard let phase = fields.phase.flatMap(Pointer.Phase.init(rawValue:)) else {
                throw ClientMessageError(description: "pointer.phase must be down, move, up or cancel")
            }
            let id = try number(fields.id, "id", within: 0...Double(Int32.max))
            return .pointer(
                Pointer(
                    phase: phase, id: Int(id), kind: fields.pointerType.flatMap(Pointer.Kind.init(rawValue:)) ?? .mouse,
                    x: try number(fields.x, "x", within: -maximumCoordinate...maximumCoordinate),
                    y: try number(fields.y, "y", within: -maximumCoordinate...maximumCoordinate),
                    shift: fields.shift ?? false, alt: fields.alt ?? false, time: try time(fields.t)))
        case "wheel":
            return .wheel(
                x: try number(fields.x, "x", within: -maximumCoordinate...maximumCoordinate),
                y: try number(fields.y, "y", within: -maximumCoordinate...maximumCoordinate),
                delta: try number(fields.delta, "delta", within: -10_000...10_000), pinch: fields.pinch ?? false,
                time: try time(fields.t))
        case "key":
            guard let key = fields.key, !key.isEmpty, key.count <= maximumKeyLength else {
                throw ClientMessageError(description: "key.key must be 1...\(maximumKeyLength) characters")
            }
            return .key(Key(key: key, shift: fields.shift ?? false, alt: fields.alt ?? false, ctrl: fields.ctrl ?? false, meta: fields.meta ?? false))
        case "ack":
            return .ack(frame: Int(try number(fields.frame, "frame", within: 1...9_007_199_254_740_991)))
        case "sample":
            guard let name = fields.name, name.count <= 64 else { throw ClientMessageError(description: "sample.name missing") }
            return .sample(name)
        case "refresh":
            return .refresh
        default:
            throw ClientMessageError(description: "unknown type")
        }
    }

    /// A canvas size and pixel ratio: finite numbers, brought within bounds (a page on a
    /// huge screen still gets a map).
    private static func size(_ fields: Fields) throws(ClientMessageError) -> (Double, Double, Double) {
        (
            try clamped(fields.width, "width", within: 1...maximumSide), try clamped(fields.height, "height", within: 1...maximumSide),
            try clamped(fields.scale, "scale", within: 0.25...8)
        )
    }

    private static func clamped(_ value: Double?, _ key: String, within range: ClosedRange<Double>) throws(ClientMessageError) -> Double {
        guard let value, value.isFinite else { throw ClientMessageError(description: "\(key) must be a finite number") }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// An event's time on the page's clock, when given.
    private static func time(_ value: Double?) throws(ClientMessageError) -> Double? {
        guard let value else { return nil }
        return try number(value, "t", within: 0...1e13)
    }

    private static func number(_ value: Double?, _ key: String, within range: ClosedRange<Double>) throws(ClientMessageError) -> Double {
        guard let value, value.isFinite, range.contains(value) else {
            throw ClientMessageError(description: "\(key) must be a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}

/// Why a message was refused.
struct ClientMessageError: Error, Equatable, CustomStringConvertible {
    let description: String
}
