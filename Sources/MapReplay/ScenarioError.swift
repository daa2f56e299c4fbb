/// Why a scenario cannot be run: the contract's exit status 2, with a message naming the
/// failing step by its index when a step is at fault.
public struct ScenarioError: Error, CustomStringConvertible, Sendable {
    /// The index of the failing step (from 0), or nil for the set-up part.
    public let step: Int?
    public let message: String

    public init(step: Int? = nil, _ message: String) {
        self.step = step
        self.message = message
    }

    public var description: String {
        if let step { return "step \(step): \(message)" }
        return message
    }
}
