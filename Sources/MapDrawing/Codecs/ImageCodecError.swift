/// Why an image could not be encoded or decoded.
public struct ImageCodecError: Error, Sendable, CustomStringConvertible {
    /// The format involved: "PNG" or "JPEG".
    public let format: String
    /// What the codec reported.
    public let message: String

    public var description: String { "\(format): \(message)" }
}
