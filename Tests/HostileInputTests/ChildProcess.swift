import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program as a child process with a wall-clock limit, and reports how it ended, what
/// it printed and its peak resident memory (from `wait4`'s resource usage, the child's own).
struct ChildRun {
    /// The exit status; nil when it was killed (by the limit or a signal).
    let status: Int32?
    /// The signal that ended it, if any.
    let signal: Int32?
    let stdout: String
    let stderr: String
    /// Wall-clock seconds it ran.
    let seconds: Double
    /// Peak resident memory in bytes.
    let peakBytes: Int
    /// Whether the time limit killed it.
    let timedOut: Bool

    /// A one-line account, for test messages.
    var summary: String {
        "status \(status.map(String.init) ?? "none") signal \(signal.map(String.init) ?? "none") in \(String(format: "%.2f", seconds)) s, "
            + "peak \(peakBytes / 1_048_576) MB\(timedOut ? ", timed out" : ""); stderr: \(stderr.suffix(400))"
    }

    /// Runs `executable` with `arguments`; killed after `limit` seconds. Waits by sleeping the
    /// task, so the cooperative threads stay free for the tests running beside it.
    static func run(_ executable: URL, _ arguments: [String], limit: Double = 30) async throws -> ChildRun {
        try await ChildProcess(executable, arguments).exit(within: limit)
    }
}

/// A child process running with its output in files, until it exits or is stopped.
final class ChildProcess {
    let pid: pid_t
    private let folder: URL
    private let started = Date()

    /// Starts `executable` with `arguments`, standard input empty. `openFileLimit` sets its
    /// soft limit on open files (through the shell's `ulimit`).
    init(_ executable: URL, _ arguments: [String], openFileLimit: Int? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder.appendingPathComponent("out").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, folder.appendingPathComponent("err").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var command = [executable.path] + arguments
        if let openFileLimit { command = ["/bin/sh", "-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\""] + command }
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "spawn failed: \(spawned)"]) }
        self.pid = pid
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// What it has printed so far.
    var stdout: String { (try? String(contentsOf: folder.appendingPathComponent("out"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: folder.appendingPathComponent("err"), encoding: .utf8)) ?? "" }

    /// Waits for it to exit, killing it after `limit` seconds from its start.
    func exit(within limit: Double) async throws -> ChildRun {
        var waitStatus: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let done = wait4(pid, &waitStatus, WNOHANG, &usage)
            if done == pid { break }
            if Date().timeIntervalSince(started) > limit, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        let exited = waitStatus & 0x7f == 0
        return ChildRun(
            status: exited ? (waitStatus >> 8) & 0xff : nil, signal: exited ? nil : waitStatus & 0x7f,
            stdout: stdout, stderr: stderr,
            seconds: Date().timeIntervalSince(started), peakBytes: Int(usage.ru_maxrss) * 1_024, timedOut: timedOut)
    }

    /// Asks it to stop (SIGTERM) and waits up to `limit` more seconds.
    func stop(within limit: Double = 10) async throws -> ChildRun {
        kill(pid, SIGTERM)
        return try await exit(within: Date().timeIntervalSince(started) + limit)
    }
}
