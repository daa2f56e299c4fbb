import Foundation
import MapDrawing
import OpenMapsTesting
import Testing

/// A live view sends a frame as what changed since the last one, moved: the changed squares
/// must be exactly those where the new frame differs from the old one moved.
@Suite("Changed regions of a moved frame")
struct ChangedRegionsTests {
    private static func bitmap(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        bitmap.withUnsafeMutableBytes { bytes in
            for y in 0..<height {
                for x in 0..<width { bytes.storeBytes(of: pixel(x, y), toByteOffset: y * bitmap.bytesPerRow + x * 4, as: UInt32.self) }
            }
        }
        return bitmap
    }

    /// The changed squares worked out one pixel at a time.
    private static func expected(_ now: Bitmap, _ before: Bitmap, dx: Int, dy: Int, block: Int) -> Set<PixelRect> {
        var squares = Set<PixelRect>()
        for top in stride(from: 0, to: now.height, by: block) {
            for left in stride(from: 0, to: now.width, by: block) {
                let square = PixelRect(x: left, y: top, width: min(block, now.width - left), height: min(block, now.height - top))
                changed: for y in top..<(top + square.height) {
                    for x in left..<(left + square.width) where now.pixel(x: x, y: y) != before.pixel(x: x - dx, y: y - dy) {
                        squares.insert(square)
                        break changed
                    }
                }
            }
        }
        return squares
    }

    /// The squares of row runs.
    private static func squares(of runs: [PixelRect], block: Int) -> Set<PixelRect> {
        Set(runs.flatMap { run in
            stride(from: run.x, to: run.x + run.width, by: block).map { PixelRect(x: $0, y: run.y, width: min(block, run.x + run.width - $0), height: run.height) }
        })
    }

    @Test func theSquaresThatChangedAreExactlyThoseThatDifferFromTheMovedFrame() throws {
        var mix = SeededGenerator(seed: 7)
        let width = 203, height = 117
        let before = Self.bitmap(width: width, height: height) { _, _ in UInt32(truncatingIfNeeded: mix.next()) | 0xFF00_0000 }
        for (dx, dy) in [(0, 0), (5, -3), (-40, 17), (16, 16), (202, 0), (-300, 500)] {
            // The old frame moved, with a few pixels changed.
            let changes = (0..<6).map { _ in (Int(mix.next() % UInt64(width)), Int(mix.next() % UInt64(height))) }
            let now = Self.bitmap(width: width, height: height) { x, y in
                if changes.contains(where: { $0 == (x, y) }) { return 0xFF12_3456 }
                return before.pixel(x: x - dx, y: y - dy) ?? 0xFF00_0000
            }
            for block in [16, 7] {
                let runs = try #require(now.changedRegions(since: before, dx: dx, dy: dy, block: block, maximumChangedBlocks: .max))
                #expect(Self.squares(of: runs, block: block) == Self.expected(now, before, dx: dx, dy: dy, block: block), "moved \(dx), \(dy) in \(block)s")
                // Runs lie in one row of squares each, and never touch another run of their row.
                for (a, b) in zip(runs, runs.dropFirst()) where a.y == b.y { #expect(a.x + a.width < b.x) }
            }
        }
    }

    @Test func anUnchangedFrameHasNoRegionsAndOneChangedPastTheLimitHasNone() throws {
        let before = Self.bitmap(width: 64, height: 48) { x, y in UInt32(x * 3 + y * 1000) | 0xFF00_0000 }
        let same = Self.bitmap(width: 64, height: 48) { x, y in UInt32(x * 3 + y * 1000) | 0xFF00_0000 }
        #expect(same.changedRegions(since: before, dx: 0, dy: 0, maximumChangedBlocks: 0) == [])
        // Moved by 16 to the right: the left column of squares (3 squares) came from outside.
        let moved = Self.bitmap(width: 64, height: 48) { x, y in UInt32(truncatingIfNeeded: (x - 16) * 3 + y * 1000) | 0xFF00_0000 }
        #expect(moved.changedRegions(since: before, dx: 16, dy: 0, maximumChangedBlocks: 3) == [0, 16, 32].map { PixelRect(x: 0, y: $0, width: 16, height: 16) })
        #expect(moved.changedRegions(since: before, dx: 16, dy: 0, maximumChangedBlocks: 2) == nil)
        // Another size: squares past the old frame's edge changed.
        let smaller = Self.bitmap(width: 40, height: 48) { x, y in UInt32(x * 3 + y * 1000) | 0xFF00_0000 }
        #expect(before.changedRegions(since: smaller, dx: 0, dy: 0, maximumChangedBlocks: .max) == [0, 16, 32].map { PixelRect(x: 32, y: $0, width: 32, height: 16) })
        #expect(Bitmap(width: 0, height: 0).changedRegions(since: before, dx: 0, dy: 0, maximumChangedBlocks: .max) == nil)
        #expect(before.changedRegions(since: Bitmap(width: 0, height: 0), dx: 0, dy: 0, maximumChangedBlocks: .max)?.count == 3)
        #expect(before.changedRegions(since: before, dx: .max, dy: .min, maximumChangedBlocks: .max)?.count == 3)
    }
}
