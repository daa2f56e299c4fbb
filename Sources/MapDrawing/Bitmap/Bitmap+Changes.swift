import CRaster
import Foundation

/// A rectangle of whole pixels (ours).
public struct PixelRect: Hashable, Sendable {
    /// The left edge, in pixels.
    public var x: Int
    /// The top edge, in pixels.
    public var y: Int
    /// The width, in pixels.
    public var width: Int
    /// The height, in pixels.
    public var height: Int

    /// A rectangle from its top left corner and size, in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension Bitmap {
    /// The regions where this bitmap differs from `previous` with `previous`'s pixels moved by
    /// (`dx`, `dy`) (ours): what a screen already showing `previous` must redraw after moving
    /// it. The bitmap is compared in `block` x `block` squares (cut by its edges); a square that
    /// differs anywhere, or whose pixels come from outside `previous`, has changed. The result
    /// is each row of squares' runs of changed squares, top to bottom, left to right: nil when
    /// more than `maximumChangedBlocks` squares changed (redraw everything), when this bitmap is
    /// empty, or when `block` is not within 1...``Bitmap/maximumDimension``; empty when nothing
    /// changed.
    public func changedRegions(since previous: Bitmap, dx: Int, dy: Int, block: Int = 16, maximumChangedBlocks: Int) -> [PixelRect]? {
        guard !isEmpty, block > 0, block <= Bitmap.maximumDimension else { return nil }
        let columns = (width - 1) / block + 1, rows = (height - 1) / block + 1
        // Moves of a whole bitmap or more leave nothing to keep.
        let dx = dx.magnitude >= UInt(width) ? width : dx, dy = dy.magnitude >= UInt(height) ? height : dy
        var marks = [UInt8](repeating: 1, count: columns * rows)
        let limit = Int32(clamping: max(0, maximumChangedBlocks))
        let count: Int32 = withRasterPixels { next in
            previous.withRasterPixels { old in
                marks.withUnsafeMutableBufferPointer { buffer in
                    openmaps_changed_blocks(old, next, Int32(dx), Int32(dy), Int32(block), buffer.baseAddress, limit)
                }
            }
        }
        guard count >= 0 else { return nil }
        var runs: [PixelRect] = []
        for row in 0..<rows {
            let top = row * block, bottom = min(top + block, height)
            var column = 0
            while column < columns {
                guard marks[row * columns + column] != 0 else {
                    column += 1
                    continue
                }
                let left = column * block
                while column < columns, marks[row * columns + column] != 0 { column += 1 }
                let right = min(column * block, width)
                runs.append(PixelRect(x: left, y: top, width: right - left, height: bottom - top))
            }
        }
        return runs
    }
}
