import Foundation

/// Where `print` in a sample goes: the event log of the page whose session is running it (the
/// session sets the sink while it handles the page's input and runs frames), else standard
/// output (work that finishes later, off the session's turn).
@MainActor
enum PageLog {
    private static var sink: ((String) -> Void)?

    /// Runs `body` with printed text going to `sink`.
    static func with(_ sink: @escaping (String) -> Void, _ body: () -> Void) {
        let outer = PageLog.sink
        PageLog.sink = sink
        defer { PageLog.sink = outer }
        body()
    }

    static func write(_ text: String, terminator: String) {
        guard let sink else {
            Swift.print(text, terminator: terminator)
            return
        }
        sink(text)
    }

    /// The event log's line for printed text.
    static func line(_ text: String, at time: TimeInterval) -> String {
        struct Line: Encodable {
            let t: Double
            let event = "print"
            let text: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let rounded = (time * 1000).rounded() / 1000
        guard let data = try? encoder.encode(Line(t: rounded.isFinite ? rounded : 0, text: String(text.prefix(2_000)))) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Swift's `print` for the samples: the text goes to the page's event log (as a `print` item)
/// while a session runs the sample, else to standard output.
@MainActor
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PageLog.write(items.map { "\($0)" }.joined(separator: separator), terminator: terminator)
}
