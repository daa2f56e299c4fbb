import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The guard around a hostile case of the libraries, run as an exit test (the test runner
/// started again as a child process, so a crash fails the test, not the run): the child is
/// ended by `SIGALRM` past its time, and exits with status 3 when its peak resident memory
/// passed the limit. The ceilings of `HostileInputTests`: hang and memory guards, not figures.
enum ExitGuard {
    /// Runs `body` within `seconds` and `peakBytes`.
    static func run(seconds: UInt32 = UInt32(HostileInputTests.timeLimit), peakBytes: Int = HostileInputTests.peakLimit, _ body: () async throws -> Void) async rethrows {
        alarm(seconds)
        try await body()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = usage.ru_maxrss * 1_024
        if peak > peakBytes {
            FileHandle.standardError.write(Data("peak resident memory \(peak / 1_048_576) MB, over the \(peakBytes / 1_048_576) MB limit\n".utf8))
            exit(3)
        }
    }
}
