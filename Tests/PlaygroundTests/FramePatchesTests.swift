import Foundation
import MapDrawing
import OpenMaps
import Testing

@testable import OpenMapsPlayground

/// Frames sent as what changed since the frame before (ours): the page moves its picture and
/// draws the changed parts, packed into one JPEG.
@Suite("Frames sent as changes", .serialized)
@MainActor
struct FramePatchesTests {
    @Test func partsArePackedOnTheBlockGridAndSplitAtARowsEnd() {
        let runs = [
            PixelRect(x: 0, y: 0, width: 32, height: 16), PixelRect(x: 48, y: 0, width: 8, height: 16),
            PixelRect(x: 16, y: 16, width: 56, height: 9),
        ]
        let parts = FramePatches.pack(runs, width: 64)
        #expect(
            parts == [
                .init(frame: PixelRect(x: 0, y: 0, width: 32, height: 16), x: 0, y: 0),
                // 8 wide, but it takes a whole square of the sheet.
                .init(frame: PixelRect(x: 48, y: 0, width: 8, height: 16), x: 32, y: 0),
                // 16 left on the row: the run goes on in the next one.
                .init(frame: PixelRect(x: 16, y: 16, width: 16, height: 9), x: 48, y: 0),
                .init(frame: PixelRect(x: 32, y: 16, width: 40, height: 9), x: 0, y: 16),
            ])
    }

    @Test func aPartIsPaddedToWholeSquaresWithItsOwnEdgePixels() throws {
        // A 20 x 20 frame: its right and bottom squares are 4 pixels wide or high.
        let frame = Bitmap(width: 20, height: 20)
        frame.withUnsafeMutableBytes { bytes in
            for y in 0..<20 {
                for x in 0..<20 { bytes.storeBytes(of: 0xFF00_0000 | UInt32(x << 8 | y), toByteOffset: y * frame.bytesPerRow + x * 4, as: UInt32.self) }
            }
        }
        let part = FramePatches.Part(frame: PixelRect(x: 16, y: 16, width: 4, height: 4), x: 16, y: 0)
        let sheet = FramePatches.sheet(of: [part], from: frame, width: 32)
        #expect(sheet.width == 32 && sheet.height == 16)
        #expect(sheet.pixel(x: 16, y: 0) == frame.pixel(x: 16, y: 16))
        #expect(sheet.pixel(x: 19, y: 3) == frame.pixel(x: 19, y: 19))
        // Past the part: its last column, then its last row, repeated.
        #expect(sheet.pixel(x: 31, y: 2) == frame.pixel(x: 19, y: 18))
        #expect(sheet.pixel(x: 17, y: 15) == frame.pixel(x: 17, y: 19))
        #expect(sheet.pixel(x: 31, y: 15) == frame.pixel(x: 19, y: 19))
    }

    /// A frame with every `every`-th square of a `columns` x `rows` grid changed.
    private static func frames(columns: Int, rows: Int, every: Int) -> (before: Bitmap, now: Bitmap) {
        let size = CGSize(width: columns * 16, height: rows * 16)
        let before = Canvas(size: size, scale: 1), now = Canvas(size: size, scale: 1)
        before.clear(.white)
        now.clear(.white)
        for index in stride(from: 0, to: columns * rows, by: every) {
            now.fill(.rect(CGRect(x: index % columns * 16 + 4, y: index / columns * 16 + 4, width: 4, height: 4)), with: .black)
        }
        return (before.bitmap, now.bitmap)
    }

    @Test func limitFramesWithOverFortyPercentOfTheirSquaresChangedGoWhole() throws {
        let some = Self.frames(columns: 20, rows: 10, every: 3)  // 34%
        #expect(try FramePatches.encode(some.now, over: (1, some.before), dx: 0, dy: 0, quality: 80) != nil)
        let most = Self.frames(columns: 20, rows: 10, every: 2)  // 50%
        #expect(try FramePatches.encode(most.now, over: (1, most.before), dx: 0, dy: 0, quality: 80) == nil)
        // Another size than the frame before: whole.
        let other = Self.frames(columns: 21, rows: 10, every: 100)
        #expect(try FramePatches.encode(other.now, over: (1, some.before), dx: 0, dy: 0, quality: 80) == nil)
    }

    @Test func limitFramesOfOver4096ChangedPartsGoWhole() throws {
        // Every third square changed (a third of them): 4,160 parts.
        let many = Self.frames(columns: 130, rows: 96, every: 3)
        #expect(try FramePatches.encode(many.now, over: (1, many.before), dx: 0, dy: 0, quality: 80) == nil)
        let fewer = Self.frames(columns: 130, rows: 90, every: 3)  // 3,900 parts
        #expect(try FramePatches.encode(fewer.now, over: (1, fewer.before), dx: 0, dy: 0, quality: 80) != nil)
    }

    @Test func aPageThatTakesChangesIsSentPannedFramesAsChangesAndShowsWhatAWholeFrameShows() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 320, height: 240, scale: 1, patches: true))
            try await page.acknowledgeUntilQuiet()
            let settled = page.frameCount
            let missed = try await page.panWaitingForEachFrame(moves: 10, dx: 12, dy: 5)
            #expect(missed.isEmpty, "a frame for each move; none for moves \(missed)")
            try await page.acknowledgeUntilQuiet()
            #expect(page.changeFrameCount >= (page.frameCount - settled) / 2, "a pan's frames go as changes (\(page.changeFrameCount) of \(page.frameCount))")
            #expect(page.changeFrameCount >= 5)
            // A whole frame of the same view, asked for: the page's picture just before it (with
            // any change that came first) matches it but for JPEG's own noise. On a loaded
            // machine a tile may still arrive as the whole frame is drawn: it is asked for
            // again, once things are quiet, up to three times.
            var squares = (mean: Double.infinity, tenth: Double.infinity, worst: Double.infinity)
            for _ in 0..<3 {
                let count = page.frameCount
                try await page.send(#"{"type":"refresh"}"#)
                #expect(await page.wait { page.wholeFrame(after: count) != nil })
                let index = try #require(page.wholeFrameIndex(after: count))
                let whole = try Bitmap.decode(try #require(page.wholeFrame(after: count)))
                let shown = try #require(try page.shownPicture(first: index))
                #expect(whole.width == shown.width && whole.height == shown.height)
                // Mean differences of 16-pixel squares.
                squares = PageReader.squareDifferences(whole, shown)
                if squares.mean < 5 && squares.tenth < 12 && squares.worst < 24 { break }
                try await page.acknowledgeUntilQuiet()
            }
            #expect(squares.mean < 5 && squares.tenth < 12 && squares.worst < 24, "\(squares)")
        }
    }

    @Test func aPageThatDoesNotSayItTakesChangesIsSentWholeFrames() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 320, height: 240, scale: 1))
            try await page.pan(steps: 10, acknowledging: true)
            // The pan's frames, however busy the machine: the server shares the main actor with
            // the rest of the suite, which can hold it for longer than any fixed wait.
            #expect(await page.wait { page.frameCount >= 2 })
            try await page.acknowledgeUntilQuiet()
            #expect(page.changeFrameCount == 0)
        }
    }

    @Test func aRefreshBringsAWholeFrameThoughNothingChanged() async throws {
        let server = try await PlaygroundHarness.start()
        defer { server.stop() }
        try await server.page { page in
            #expect(await page.open("markers", width: 320, height: 240, scale: 1, patches: true))
            try await page.acknowledgeUntilQuiet()
            let count = page.frameCount
            try await page.send(#"{"type":"refresh"}"#)
            #expect(await page.wait { page.wholeFrame(after: count) != nil })
        }
    }
}
