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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmaps-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path, err = folder.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "spawn failed: \(spawned)"]) }
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
        let seconds = Date().timeIntervalSince(started)
        let exited = waitStatus & 0x7f == 0
        return ChildRun(
            status: exited ? (waitStatus >> 8) & 0xff : nil, signal: exited ? nil : waitStatus & 0x7f,
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "",
            seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1_024, timedOut: timedOut)
    }
}
