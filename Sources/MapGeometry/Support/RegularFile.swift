import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file that input names, within a limit: only a regular file is read (a FIFO
/// would block the caller for ever, a device would never end), opened without blocking and
/// checked on the descriptor it is read from, so a file swapped after a check is not read.
package enum RegularFile {
    /// Whether a path names a regular file (looked at without opening it, so a FIFO does not
    /// block), following links.
    package static func isRegular(atPath path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of a regular file of at most `limit` bytes.
    package static func read(atPath path: String, limit: Int) -> Result<Data, RegularFileError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard Int64(status.st_size) <= Int64(limit) else { return .failure(.tooLarge(limit: limit)) }
        // Read to the end, which may come later than the size said (a file still growing).
        var data = Data(capacity: Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable)
            }
            if count == 0 { return .success(data) }
            guard data.count + count <= limit else { return .failure(.tooLarge(limit: limit)) }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// Why a file was not read.
package enum RegularFileError: Error, Equatable, Sendable {
    /// It does not exist or cannot be opened.
    case unreadable
    /// A FIFO, a folder, a device or a socket.
    case notRegular
    /// Larger than the limit.
    case tooLarge(limit: Int)
}
