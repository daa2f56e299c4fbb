import Foundation

/// A text message to the page (frames go as binary JPEG messages).
enum ServerMessage: Encodable {
    /// A sample is loaded: its name, and every sample for the side panel.
    case ready(sample: String, samples: [PlaygroundSample])
    /// An app's screen is up: the page shows a phone's screen of this size (points); the
    /// samples are listed when it is our phone sample.
    case screen(width: Double, height: Double, sample: PlaygroundSample?)
    /// Delegate callbacks since the last message, oldest first: selector and replay line.
    case events([(selector: String, line: String)])
    /// A message the page sent could not be used while it waits for its map: why.
    case error(String)
    /// The note shown over the map where the basemap has no street-level data at a street
    /// zoom (nil: none).
    case coverage(String?)

    private enum Keys: String, CodingKey { case type, sample, samples, items, message, note, screen }
    private struct SampleEntry: Encodable {
        let name: String
        let title: String
        let summary: String
    }
    private struct EventEntry: Encodable {
        let selector: String
        let line: String
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .ready(let sample, let samples):
            try container.encode("ready", forKey: .type)
            try container.encode(sample, forKey: .sample)
            try container.encode(samples.map { SampleEntry(name: $0.name, title: $0.title, summary: $0.summary) }, forKey: .samples)
        case .screen(let width, let height, let sample):
            try container.encode("ready", forKey: .type)
            try container.encode(sample?.name ?? "app", forKey: .sample)
            let samples = sample == nil ? [] : PlaygroundSample.all
            try container.encode(samples.map { SampleEntry(name: $0.name, title: $0.title, summary: $0.summary) }, forKey: .samples)
            try container.encode(["width": width, "height": height], forKey: .screen)
        case .events(let items):
            try container.encode("events", forKey: .type)
            try container.encode(items.map { EventEntry(selector: $0.selector, line: $0.line) }, forKey: .items)
        case .error(let message):
            try container.encode("error", forKey: .type)
            try container.encode(String(message.prefix(300)), forKey: .message)
        case .coverage(let note):
            try container.encode("coverage", forKey: .type)
            try container.encode(note, forKey: .note)
        }
    }

    /// The message as JSON text.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
