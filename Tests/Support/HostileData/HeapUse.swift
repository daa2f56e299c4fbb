import CHeapProbe
import Foundation

/// The heap this process holds, for leak tests: after a warm-up, a screen or session made and
/// dropped many times must leave it where it was.
public enum HeapUse {
    /// Bytes the C heap holds now over every thread's arena, free memory first returned to the
    /// system (from glibc's `malloc_info`); Swift objects live there, so a leak of them shows.
    public static var bytesInUse: Int { Int(clamping: heap_probe_bytes_in_use()) }

    /// The least of a few readings `interval` seconds apart: work in flight (frames, buffers)
    /// comes and goes, a leak stays.
    public static func settledBytesInUse(readings: Int = 5, interval: Double = 0.05) -> Int {
        var least = Int.max
        for reading in 0..<max(1, readings) {
            if reading > 0 { usleep(UInt32(interval * 1_000_000)) }
            least = min(least, bytesInUse)
        }
        return least
    }
    /// The process's resident memory in bytes.
    public static var residentBytes: Int { Int(clamping: heap_probe_resident_bytes()) }

    /// Megabytes, one decimal, for curves in test output.
    public static func megabytes(_ bytes: Int) -> String {
        String(Double(bytes / 104_858) / 10)
    }
}
