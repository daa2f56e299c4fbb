import Foundation

/// Where a table's sections, headers, rows and footers lie along its content, from their
/// heights: prefix sums, so a row's place and the rows in a band are found in O(log n).
struct TableGeometry {
    struct Section {
        var headerTop: CGFloat = 0
        var headerHeight: CGFloat = 0
        /// The top of each row and, last, the bottom of the last row.
        var rowEdges: [CGFloat] = [0]
        var footerHeight: CGFloat = 0

        var rowCount: Int { rowEdges.count - 1 }
        var rowsTop: CGFloat { rowEdges[0] }
        var footerTop: CGFloat { rowEdges[rowEdges.count - 1] }
        var bottom: CGFloat { footerTop + footerHeight }
    }

    var sections: [Section] = []
    /// The table header view's height, above the first section.
    var headerViewHeight: CGFloat = 0
    /// The table footer view's top.
    var footerViewTop: CGFloat = 0
    var footerViewHeight: CGFloat = 0
    var contentHeight: CGFloat { footerViewTop + footerViewHeight }

    /// Lays out sections from their header, row and footer heights.
    init(headerViewHeight: CGFloat, sections heights: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)], footerViewHeight: CGFloat) {
        self.headerViewHeight = headerViewHeight
        var y = headerViewHeight
        sections.reserveCapacity(heights.count)
        for (header, rows, footer) in heights {
            var section = Section()
            section.headerTop = y
            section.headerHeight = header
            y += header
            var edges = [CGFloat]()
            edges.reserveCapacity(rows.count + 1)
            edges.append(y)
            for height in rows {
                y += height
                edges.append(y)
            }
            section.rowEdges = edges
            section.footerHeight = footer
            y += footer
            sections.append(section)
        }
        footerViewTop = y
        self.footerViewHeight = footerViewHeight
    }

    init() {}

    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < sections.count && indexPath.row >= 0
            && indexPath.row < sections[indexPath.section].rowCount
    }

    /// A row's band: its top and height.
    func band(of indexPath: IndexPath) -> (top: CGFloat, height: CGFloat)? {
        guard contains(indexPath) else { return nil }
        let edges = sections[indexPath.section].rowEdges
        return (edges[indexPath.row], edges[indexPath.row + 1] - edges[indexPath.row])
    }

    /// The row at a content height, if one is there.
    func row(at y: CGFloat) -> IndexPath? {
        guard let index = sectionIndex(at: y) else { return nil }
        let section = sections[index]
        guard section.rowCount > 0, y >= section.rowsTop, y < section.footerTop else { return nil }
        return IndexPath(row: Self.lastEdge(atOrBelow: y, in: section.rowEdges), section: index)
    }

    /// The rows that overlap a band of the content, in order.
    func rows(from top: CGFloat, to bottom: CGFloat) -> [IndexPath] {
        guard bottom > top, !sections.isEmpty else { return [] }
        var found: [IndexPath] = []
        var index = sectionIndex(at: top) ?? (top < (sections.first?.headerTop ?? 0) ? 0 : sections.count)
        while index < sections.count {
            let section = sections[index]
            if section.headerTop >= bottom { break }
            if section.rowCount > 0, section.footerTop > top, section.rowsTop < bottom {
                var row = top > section.rowsTop ? Self.lastEdge(atOrBelow: top, in: section.rowEdges) : 0
                while row < section.rowCount, section.rowEdges[row] < bottom {
                    if section.rowEdges[row + 1] > top { found.append(IndexPath(row: row, section: index)) }
                    row += 1
                }
            }
            index += 1
        }
        return found
    }

    /// The section whose band holds a content height.
    func sectionIndex(at y: CGFloat) -> Int? {
        var low = 0, high = sections.count - 1
        guard high >= 0, y >= sections[0].headerTop, y < sections[high].bottom else { return nil }
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].headerTop <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The index of the last edge at or above a height (a row's index), within the rows.
    private static func lastEdge(atOrBelow y: CGFloat, in edges: [CGFloat]) -> Int {
        var low = 0, high = edges.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if edges[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return max(0, low)
    }
}
