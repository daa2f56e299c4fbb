import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a tile fetch was given up.
enum TileFetchError: Error, CustomStringConvertible {
    case noAnswer(seconds: TimeInterval)
    case stalled(seconds: TimeInterval)
    case tooSlow(seconds: TimeInterval)
    case tooBig(bytes: Int)

    var description: String {
        switch self {
        case .noAnswer(let seconds): "no answer within \(seconds) s"
        case .stalled(let seconds): "nothing received for \(seconds) s"
        case .tooSlow(let seconds): "not complete within \(seconds) s"
        case .tooBig(let bytes): "more than \(bytes) bytes"
        }
    }
}

/// The bounds on one fetch.
package struct TileFetchLimits: Sendable {
    /// Longest wait to connect and receive the answer's head.
    package var connectTimeout: TimeInterval
    /// Longest gap between bytes of the answer.
    package var readTimeout: TimeInterval
    /// Longest time for the whole fetch.
    package var requestTimeout: TimeInterval
    /// Most bytes in an answer's body.
    package var maximumBytes: Int

    package init(connectTimeout: TimeInterval, readTimeout: TimeInterval, requestTimeout: TimeInterval, maximumBytes: Int) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.requestTimeout = requestTimeout
        self.maximumBytes = maximumBytes
    }
}

/// Fetches tiles (and the utility library's HTTP icons) over HTTP, each held to its
/// ``TileFetchLimits``: the session's delegate sees the answer's head and every chunk, so a
/// body past its limit is cancelled as it arrives, and a watchdog gives up a fetch past any
/// bound.
package final class TileFetcher: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        let continuation: CheckedContinuation<Result<(Data, URLResponse), any Error>, Never>
        let limits: TileFetchLimits
        let started: TimeInterval
        var lastActivity: TimeInterval
        var response: URLResponse?
        var data = Data()
    }

    private let transfers = Mutex<[Int: Transfer]>([:])
    private let sessionBox = Mutex<URLSession?>(nil)
    private let queue = DispatchQueue(label: "OpenMaps.TileFetcher")

    private var session: URLSession {
        sessionBox.withLock { box in
            if let session = box { return session }
            let operations = OperationQueue()
            operations.maxConcurrentOperationCount = 1
            let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: operations)
            box = session
            return session
        }
    }

    private static var now: TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    package override init() { super.init() }

    /// Fetches a request; the body and response, or why not.
    package func fetch(_ request: URLRequest, limits: TileFetchLimits) async -> Result<(Data, URLResponse), any Error> {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return await withCheckedContinuation { continuation in
            let start = TileFetcher.now
            transfers.withLock { $0[id] = Transfer(continuation: continuation, limits: limits, started: start, lastActivity: start) }
            task.resume()
            watch(task, after: min(limits.connectTimeout, limits.readTimeout, limits.requestTimeout))
        }
    }

    /// Ends the session once its fetches are done (the delegate is then released).
    package func invalidate() {
        sessionBox.withLock { $0?.finishTasksAndInvalidate() }
    }

    private func watch(_ task: URLSessionTask, after seconds: TimeInterval) {
        queue.asyncAfter(deadline: .now() + max(0.01, seconds)) { [weak self] in self?.check(task) }
    }

    /// Gives up the fetch if it is past a bound; otherwise looks again at the next deadline.
    private func check(_ task: URLSessionTask) {
        let now = TileFetcher.now
        let verdict = transfers.withLock { transfers -> (TileFetchError?, TimeInterval)? in
            guard let transfer = transfers[task.taskIdentifier] else { return nil }
            let limits = transfer.limits
            let error: TileFetchError?
            if now - transfer.started >= limits.requestTimeout {
                error = .tooSlow(seconds: limits.requestTimeout)
            } else if transfer.response == nil, now - transfer.started >= limits.connectTimeout {
                error = .noAnswer(seconds: limits.connectTimeout)
            } else if now - transfer.lastActivity >= limits.readTimeout {
                error = .stalled(seconds: limits.readTimeout)
            } else {
                error = nil
            }
            var next = min(transfer.started + limits.requestTimeout, transfer.lastActivity + limits.readTimeout)
            if transfer.response == nil { next = min(next, transfer.started + limits.connectTimeout) }
            return (error, next - now)
        }
        guard let (error, wait) = verdict else { return }
        if let error {
            finish(task.taskIdentifier, with: .failure(error))
            task.cancel()
        } else {
            watch(task, after: wait)
        }
    }

    private func finish(_ id: Int, with result: Result<(Data, URLResponse), any Error>) {
        let transfer = transfers.withLock { $0.removeValue(forKey: id) }
        transfer?.continuation.resume(returning: result)
    }

    // MARK: URLSessionDataDelegate

    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let now = TileFetcher.now
        transfers.withLock { transfers in
            transfers[dataTask.taskIdentifier]?.response = response
            transfers[dataTask.taskIdentifier]?.lastActivity = now
        }
        completionHandler(.allow)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let now = TileFetcher.now
        let id = dataTask.taskIdentifier
        let overLimit = transfers.withLock { transfers -> Int? in
            guard let received = transfers[id]?.data.count, let limit = transfers[id]?.limits.maximumBytes else { return nil }
            guard received + data.count <= limit else { return limit }
            // Appended in place: a copy of the transfer taken out and put back shares its
            // bytes with the one left in the table, so every chunk copied all before it.
            transfers[id]?.data.append(data)
            transfers[id]?.lastActivity = now
            return nil
        }
        if let overLimit {
            finish(dataTask.taskIdentifier, with: .failure(TileFetchError.tooBig(bytes: overLimit)))
            dataTask.cancel()
        }
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // Taken out once: a watchdog that gave up the fetch first has already answered.
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.continuation.resume(returning: .failure(error))
        } else if let response = transfer.response ?? task.response {
            transfer.continuation.resume(returning: .success((transfer.data, response)))
        } else {
            transfer.continuation.resume(returning: .failure(URLError(.badServerResponse)))
        }
    }
}
