import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to a port on 127.0.0.1 over a plain socket, for clients that misbehave as
/// no HTTP library will: heads sent in pieces or never finished, heads too big, connections
/// held open. Every call is bounded in time.
public final class RawConnection {
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Connects within `timeout` seconds; nil if it could not.
    public static func open(port: Int, timeout: Double = 2) -> RawConnection? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let connection = RawConnection(descriptor: descriptor)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            guard errno == EINPROGRESS, connection.wait(for: Int16(POLLOUT), timeout: timeout) else { return nil }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { return nil }
        }
        return connection
    }

    /// Whether the connection is still open on this side.
    public var isOpen: Bool { descriptor >= 0 }

    /// Sends bytes; whether all went out within `timeout` seconds.
    @discardableResult
    public func send(_ bytes: [UInt8], timeout: Double = 2) -> Bool {
        var offset = 0
        let end = Date().addingTimeInterval(timeout)
        while offset < bytes.count, descriptor >= 0 {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                let left = end.timeIntervalSinceNow
                guard left > 0, wait(for: Int16(POLLOUT), timeout: left) else { return false }
            } else {
                return false
            }
        }
        return offset == bytes.count
    }

    /// Sends text.
    @discardableResult
    public func send(_ text: String, timeout: Double = 2) -> Bool { send(Array(text.utf8), timeout: timeout) }

    /// Reads until the peer closes or `timeout` seconds pass (at most `limit` bytes); what came
    /// and whether the peer closed.
    public func read(timeout: Double, limit: Int = 1 << 20) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        let end = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while received.count < limit, descriptor >= 0 {
            let left = end.timeIntervalSinceNow
            guard left > 0, wait(for: Int16(POLLIN), timeout: left) else { break }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return (received, true)
            }
        }
        return (received, false)
    }

    /// Reads until an HTTP answer's head has come (or the peer closes, or `timeout` passes);
    /// its status code, 0 if none came.
    public func readStatus(timeout: Double) -> Int {
        var received: [UInt8] = []
        let end = Date().addingTimeInterval(timeout)
        let headEnd: [UInt8] = [13, 10, 13, 10]
        while end.timeIntervalSinceNow > 0 {
            let (bytes, closed) = read(timeout: min(0.05, max(0, end.timeIntervalSinceNow)), limit: 65_536)
            received += bytes
            if closed || received.count >= 65_536 { break }
            if received.count >= 4, (0...(received.count - 4)).contains(where: { received[$0..<$0 + 4].elementsEqual(headEnd) }) { break }
        }
        let parts = String(decoding: received, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else { return 0 }
        return status
    }

    /// Closes this side.
    public func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    private func wait(for events: Int16, timeout: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let milliseconds = Int32(clamping: Int((max(0, timeout) * 1000).rounded(.up)))
        return poll(&entry, 1, milliseconds) > 0
    }
}

/// Runs blocking work (sockets, sleeps) on a thread of its own and awaits its result: off the
/// main actor, and off the threads Swift concurrency shares with the other tests.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Raises this process's soft limit on open files to `wanted` (or as far as the hard limit
/// allows); the soft limit then.
@discardableResult
public func raiseOpenFileLimit(to wanted: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    let target = min(rlim_t(clamping: wanted), limit.rlim_max)
    if limit.rlim_cur < target {
        limit.rlim_cur = target
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    return Int(clamping: limit.rlim_cur)
}
