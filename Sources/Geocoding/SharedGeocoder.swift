import Foundation

/// The process-wide reverse geocoder: loaded on first use, off the caller's actor, then shared.
///
/// It reads the pack shipped with the package, or the file named by the environment variable
/// `OPENMAPS_GEOCODER_DATA`, or one set with ``setPackURL(_:)`` before first use.
public actor SharedGeocoder {
    public static let shared = SharedGeocoder()

    private var loaded: ReverseGeocoder?
    private var loading: Task<ReverseGeocoder, Error>?
    private var overrideURL: URL?

    /// The pack shipped as a resource of the package.
    public nonisolated static var bundledPackURL: URL? {
        Bundle.module.url(forResource: "geocoder", withExtension: "omgc")
    }

    /// Uses another pack file (takes effect if nothing is loaded yet).
    public func setPackURL(_ url: URL?) {
        overrideURL = url
        if loaded == nil { loading = nil }
    }

    /// The loaded geocoder, loading it first if needed.
    public func geocoder() async throws -> ReverseGeocoder {
        if let loaded { return loaded }
        if let loading { return try await loading.value }
        let url = overrideURL
            ?? ProcessInfo.processInfo.environment["OPENMAPS_GEOCODER_DATA"].map { URL(fileURLWithPath: $0) }
            ?? SharedGeocoder.bundledPackURL
        let task = Task.detached(priority: .userInitiated) { () throws -> ReverseGeocoder in
            guard let url else { throw GeocoderPackError(description: "no geocoder pack is bundled") }
            // Reading and indexing the pack blocks for a while: on a dispatch queue, not on
            // one of the few threads Swift concurrency shares.
            return try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Result { try ReverseGeocoder(contentsOf: url) })
                }
            }
        }
        loading = task
        do {
            let geocoder = try await task.value
            loaded = geocoder
            return geocoder
        } catch {
            loading = nil
            throw error
        }
    }
}
