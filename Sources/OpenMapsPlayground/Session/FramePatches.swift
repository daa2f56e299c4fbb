import Foundation
import MapDrawing

/// A frame sent as what changed since the frame before it (ours): the page moves the picture
/// it shows by (`dx`, `dy`) pixels and draws the changed parts over it. A pan sends the strip
/// it uncovered and what does not move with the map (labels placed anew, tiles that arrived,
/// the attribution), not the whole frame.
///
/// The changed parts are runs of 16-pixel squares, packed side by side, 16-pixel rows of them,
/// into one JPEG (so the page decodes one image a frame): each starts on the JPEG's block grid,
/// and a part narrower or shorter than its squares is padded with its own edge pixels.
///
/// After the frame's number (8 bytes, as every frame), the message is, big-endian: `OMPF`; the
/// number of the frame it changes (8 bytes); the frame's width and height (4 bytes each);
/// `dx` and `dy` (4 bytes each, signed); the number of parts (4 bytes); each part's x, y,
/// width and height in the frame and x and y in the JPEG (4 bytes each); the JPEG's length
/// (4 bytes) and the JPEG. A page draws it only over the frame it names, at the size it names;
/// otherwise it asks for a whole frame (`{"type":"refresh"}`).
enum FramePatches {
    /// The bytes that start the message (where a whole frame's JPEG starts with FF D8).
    static let magic = Array("OMPF".utf8)
    /// The side of the squares frames are compared in: a JPEG's 16-pixel blocks.
    static let block = 16
    /// The most of a frame's squares that may change for it to go as changes; past it, the
    /// frame goes whole (one JPEG is smaller and cheaper than most of one in pieces).
    static let maximumChangedShare = 0.4
    /// The most parts a frame may have; past it, the frame goes whole.
    static let maximumParts = 4_096

    /// One changed part: where it goes in the frame, and where it is in the JPEG.
    struct Part: Equatable {
        let frame: PixelRect
        let x: Int
        let y: Int
    }

    /// The frame as changes to `base` moved by (`dx`, `dy`), or nil when it should go whole
    /// (another size, too much changed, too many parts).
    static func encode(
        _ frame: Bitmap, over base: (number: Int, bitmap: Bitmap), dx: Int, dy: Int, quality: Int
    ) throws(ImageCodecError) -> Data? {
        guard !frame.isEmpty, frame.width == base.bitmap.width, frame.height == base.bitmap.height else { return nil }
        let squares = wholeSquares(frame.width) / block * (wholeSquares(frame.height) / block)
        let limit = Int(Double(squares) * maximumChangedShare)
        guard let runs = frame.changedRegions(since: base.bitmap, dx: dx, dy: dy, block: block, maximumChangedBlocks: limit) else { return nil }
        let width = wholeSquares(frame.width)
        let parts = pack(runs, width: width)
        guard parts.count <= maximumParts else { return nil }
        var data = Data(magic)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
        }
        append(UInt64(clamping: base.number))
        append(UInt32(clamping: frame.width))
        append(UInt32(clamping: frame.height))
        append(Int32(clamping: dx))
        append(Int32(clamping: dy))
        append(UInt32(clamping: parts.count))
        for part in parts {
            for value in [part.frame.x, part.frame.y, part.frame.width, part.frame.height, part.x, part.y] { append(UInt32(clamping: value)) }
        }
        let jpeg = parts.isEmpty ? Data() : try sheet(of: parts, from: frame, width: width).jpegData(quality: quality, fastDCT: true)
        append(UInt32(clamping: jpeg.count))
        data.append(jpeg)
        return data
    }

    /// A length in pixels rounded up to whole squares.
    static func wholeSquares(_ pixels: Int) -> Int { (pixels + block - 1) / block * block }

    /// Lays runs (each within one row of squares) side by side in rows of squares `width`
    /// wide, splitting a run at a row's end.
    static func pack(_ runs: [PixelRect], width: Int) -> [Part] {
        var parts: [Part] = []
        var x = 0, y = 0
        for run in runs {
            var left = run.x, remaining = run.width
            while remaining > 0 {
                if x >= width {
                    x = 0
                    y += block
                }
                let taken = min(remaining, width - x)
                parts.append(Part(frame: PixelRect(x: left, y: run.y, width: taken, height: run.height), x: x, y: y))
                x += wholeSquares(taken)
                left += taken
                remaining -= taken
            }
        }
        return parts
    }

    /// The parts copied into one bitmap, each padded to whole squares with its edge pixels.
    static func sheet(of parts: [Part], from frame: Bitmap, width: Int) -> Bitmap {
        let height = (parts.map(\.y).max() ?? 0) + block
        let sheet = Bitmap(width: width, height: height)
        frame.withUnsafeBytes { source in
            sheet.withUnsafeMutableBytes { target in
                guard let from = source.baseAddress, let to = target.baseAddress, !sheet.isEmpty else { return }
                let sourceRow = frame.bytesPerRow, targetRow = sheet.bytesPerRow
                for part in parts {
                    let r = part.frame
                    let paddedWidth = min(wholeSquares(r.width), width - part.x)
                    for row in 0..<block {
                        let line = from + (r.y + min(row, r.height - 1)) * sourceRow + r.x * 4
                        let out = (to + (part.y + row) * targetRow + part.x * 4).assumingMemoryBound(to: UInt32.self)
                        out.update(from: line.assumingMemoryBound(to: UInt32.self), count: r.width)
                        let edge = out[r.width - 1]
                        for column in r.width..<max(r.width, paddedWidth) { out[column] = edge }
                    }
                }
            }
        }
        return sheet
    }
}
