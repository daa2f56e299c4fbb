import Foundation
import Logging
import MapDrawing

/// A scrolling list of rows in sections, as UIKit's `UITableView`: rows come from the data
/// source as cells, only those on screen exist (the others wait for reuse), heights come from
/// the delegate, the table's `rowHeight` or the cells themselves (`automaticDimension`), and
/// a tap highlights, then selects a row, as the delegate allows. Plain tables float their
/// section headers; grouped and inset grouped ones sit on the grouped background, inset
/// grouped ones with rounded sections. Row animations happen at once (the rows are in their
/// new places on the next frame).
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    nonisolated static let logger = Logger(label: "OpenMaps.UIKit")

    /// A table's look.
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    /// How rows come and go in an update (they change at once).
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// Where `scrollToRow` puts a row.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    /// A height that the content decides (a cell sized to fit, a header sized to its title).
    nonisolated public static let automaticDimension: CGFloat = -1
    /// The most rows a table takes (docs/limits.md): a data source's larger counts are
    /// clamped to it with a warning.
    nonisolated public static let maximumRows = 1_000_000
    /// The most sections a table takes; more are clamped with a warning.
    nonisolated public static let maximumSections = 100_000
    /// The tallest row, header or footer, in points; taller ones are clamped.
    nonisolated public static let maximumRowHeight: CGFloat = 10_000
    /// Reusable cells kept per identifier.
    nonisolated static let maximumQueuedCells = 64

    /// The style it was made with.
    public let style: Style

    /// Where the rows come from.
    open weak var dataSource: UITableViewDataSource? { didSet { setNeedsReload() } }

    /// Every row's height (`automaticDimension`: the cell's own).
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// Headers' height (`automaticDimension`: from the title).
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// Footers' height (`automaticDimension`: from the title).
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { setNeedsReload() } }
    /// A row's height before its cell is measured (`automaticDimension`: 44).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    /// A header's estimated height (kept).
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// A footer's estimated height (kept).
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Extra space above each plain header (kept; 0 here).
    open var sectionHeaderTopPadding: CGFloat = 0

    /// Whether rows have separators.
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    /// The separators' colour.
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    /// Where separators start and end (20 points in on a phone).
    open var separatorInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    /// A view above the first section.
    open var tableHeaderView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            setNeedsReload()
        }
    }
    /// A view under the last section.
    open var tableFooterView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            setNeedsReload()
        }
    }
    /// A view behind the rows.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Whether a tap selects a row (true).
    open var allowsSelection = true
    /// Whether several rows can be selected (false).
    open var allowsMultipleSelection = false
    /// Whether rows can be selected while editing (false).
    open var allowsSelectionDuringEditing = false
    /// Whether the table is in editing mode (kept; editing controls are not drawn).
    open var isEditing = false
    /// Sets editing mode.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        for cell in visible.values { cell.setEditing(editing, animated: animated) }
    }
    /// Whether cells' margins follow the readable width (kept).
    open var cellLayoutMarginsFollowReadableWidth = false

    // MARK: Making tables

    /// A table of a style.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }

    /// A plain table.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    // MARK: Cells and reuse

    private var registered: [String: UITableViewCell.Type] = [:]
    private var reusable: [String: [UITableViewCell]] = [:]
    /// The cells on screen, by row.
    private var visible: [IndexPath: UITableViewCell] = [:]

    /// Registers a cell class (a `UITableViewCell` subclass) for an identifier; nil removes it.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            registered[identifier] = nil
            return
        }
        guard let kind = cellClass as? UITableViewCell.Type else {
            Self.logger.error("\(cellClass) is not a UITableViewCell subclass; not registered for \(identifier)")
            return
        }
        registered[identifier] = kind
    }

    /// A cell waiting for reuse under an identifier, or nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        guard var queue = reusable[identifier], let cell = queue.popLast() else { return nil }
        reusable[identifier] = queue
        cell.prepareForReuse()
        return cell
    }

    /// A cell for a row: one waiting for reuse, or a new one of the registered class. An
    /// unregistered identifier (UIKit raises) gives a default cell and logs an error.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        guard let kind = registered[identifier] else {
            Self.logger.error("no class registered for reuse identifier \(identifier); a default cell stands in")
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        return UITableViewCell.make(kind, identifier: identifier)
    }

    /// The cell of a row on screen, or nil.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return visible[indexPath]
    }

    /// The cells on screen, top to bottom.
    open var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return visible.keys.sorted().compactMap { visible[$0] }
    }

    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return visible.keys.sorted()
    }

    /// The row of a cell on screen.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    // MARK: Counts and heights

    private var geometry = TableGeometry()
    private var needsReload = true
    /// Heights of self-sizing rows measured from their cells.
    private var measured: [IndexPath: CGFloat] = [:]
    /// The width cells were measured at.
    private var measuredWidth: CGFloat = -1
    private var counts: [Int] = []

    private var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// The sections, as the data source last said.
    open var numberOfSections: Int {
        reloadIfNeeded()
        return counts.count
    }

    /// The rows in a section, as the data source last said (0 for a section that is not there).
    open func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return section >= 0 && section < counts.count ? counts[section] : 0
    }

    /// Asks the data source again for everything; the selection is cleared.
    open func reloadData() {
        selected = []
        measured = [:]
        for cell in visible.values { retire(cell) }
        visible = [:]
        setNeedsReload()
        reloadIfNeeded()
    }

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        counts = readCounts()
        selected = selected.filter { $0.section < counts.count && $0.row < counts[$0.section] }
        rebuildGeometry()
    }

    private func readCounts() -> [Int] {
        guard let dataSource else { return [] }
        var sections = dataSource.numberOfSections(in: self)
        if sections < 0 { sections = 0 }
        if sections > Self.maximumSections {
            Self.logger.warning("\(sections) sections clamped to \(Self.maximumSections)")
            sections = Self.maximumSections
        }
        var total = 0
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        for section in 0..<sections {
            var rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
            if total + rows > Self.maximumRows {
                Self.logger.warning("rows past \(Self.maximumRows) clamped")
                rows = Self.maximumRows - total
            }
            total += rows
            counts.append(rows)
        }
        return counts
    }

    private static func usable(_ height: CGFloat) -> CGFloat {
        height.isFinite ? min(max(height, 0), maximumRowHeight) : 0
    }

    /// A row's height as the delegate, the table or the cell says.
    private func height(ofRow indexPath: IndexPath) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        if asked >= 0 || !asked.isFinite { return Self.usable(asked) }
        if let size = measured[indexPath] { return size }
        return estimatedRowHeight >= 0 && estimatedRowHeight.isFinite ? Self.usable(estimatedRowHeight) : 44
    }

    private func rebuildGeometry() {
        var sections: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)] = []
        sections.reserveCapacity(counts.count)
        for (section, rows) in counts.enumerated() {
            var heights: [CGFloat] = []
            heights.reserveCapacity(rows)
            for row in 0..<rows { heights.append(height(ofRow: IndexPath(row: row, section: section))) }
            sections.append((headerHeight(section), heights, footerHeight(section)))
        }
        geometry = TableGeometry(
            headerViewHeight: tableHeaderView?.frame.height ?? 0, sections: sections,
            footerViewHeight: tableFooterView?.frame.height ?? 0)
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
    }

    // MARK: Headers and footers

    private func headerTitle(_ section: Int) -> String? {
        guard let title = dataSource?.tableView(self, titleForHeaderInSection: section), !title.isEmpty else { return nil }
        return title
    }

    private func footerTitle(_ section: Int) -> String? {
        guard let title = dataSource?.tableView(self, titleForFooterInSection: section), !title.isEmpty else { return nil }
        return title
    }

    private func headerHeight(_ section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        if asked >= 0 || !asked.isFinite { return Self.usable(asked) }
        if let view = tableDelegate?.tableView(self, viewForHeaderInSection: section) {
            let size = view.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0))
            return Self.usable(max(size.height, view.frame.height))
        }
        let hasTitle = headerTitle(section) != nil
        switch style {
        case .plain:
            return hasTitle ? 28 : 0
        case .grouped, .insetGrouped:
            if hasTitle { return section == 0 ? 55 : 38 }
            return section == 0 ? 35 : 18
        }
    }

    private func footerHeight(_ section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if asked >= 0 || !asked.isFinite { return Self.usable(asked) }
        if let view = tableDelegate?.tableView(self, viewForFooterInSection: section) {
            let size = view.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0))
            return Self.usable(max(size.height, view.frame.height))
        }
        let title = footerTitle(section)
        switch style {
        case .plain:
            return title == nil ? 0 : 28
        case .grouped, .insetGrouped:
            guard let title else { return 17 }
            let label = Self.groupedLabel(title, footer: true)
            return 6 + label.sizeThatFits(CGSize(width: max(0, bounds.width - 2 * groupMargin - 32), height: 0)).height + 17
        }
    }

    private static func groupedLabel(_ text: String, footer: Bool) -> UILabel {
        let label = UILabel()
        label.text = footer ? text : text.uppercased()
        label.font = .systemFont(ofSize: 13)
        label.textColor = .secondaryLabel
        label.numberOfLines = 0
        return label
    }

    /// Header and footer views on screen, by section.
    private var headerViews: [Int: UIView] = [:]
    private var footerViews: [Int: UIView] = [:]

    // MARK: Layout

    /// The inset of an inset grouped table's sections from its sides.
    private var groupMargin: CGFloat { style == .insetGrouped ? (bounds.width >= 375 ? 20 : 16) : 0 }

    /// Cells' background for the style.
    private var cellBackground: UIColor {
        style == .plain ? .systemBackground : .secondarySystemGroupedBackground
    }

    open override var contentOffset: CGPoint {
        didSet { setNeedsLayout() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if measuredWidth != bounds.width {
            measuredWidth = bounds.width
            measured = [:]
            needsReload = true
        }
        reloadIfNeeded()
        backgroundView?.frame = bounds
        if let tableHeaderView {
            tableHeaderView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: tableHeaderView.frame.height)
        }
        if let tableFooterView {
            tableFooterView.frame = CGRect(x: 0, y: geometry.footerViewTop, width: bounds.width, height: tableFooterView.frame.height)
        }
        // Self-sizing cells measured on the way change the geometry: place again (a few passes).
        for _ in 0..<4 where placeVisibleRows() {
            rebuildGeometry()
        }
        placeHeadersAndFooters()
    }

    /// Brings the cells on screen into being and places them; whether a measured height
    /// differed from the one used.
    private func placeVisibleRows() -> Bool {
        let top = bounds.minY, bottom = bounds.maxY
        let wanted = geometry.rows(from: top, to: bottom)
        let wantedSet = Set(wanted)
        for (indexPath, cell) in visible where !wantedSet.contains(indexPath) {
            visible[indexPath] = nil
            retire(cell)
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
        var changed = false
        let margin = groupMargin
        for indexPath in wanted {
            guard let band = geometry.band(of: indexPath) else { continue }
            let cell: UITableViewCell
            if let existing = visible[indexPath] {
                cell = existing
            } else {
                guard let dataSource else { break }
                cell = dataSource.tableView(self, cellForRowAt: indexPath)
                configure(cell, at: indexPath)
                visible[indexPath] = cell
                if cell.superview !== self { insertCellView(cell) }
                cell.frame = CGRect(x: margin, y: band.top, width: bounds.width - 2 * margin, height: band.height)
                if isSelfSizing(indexPath), measured[indexPath] == nil {
                    let size = cell.fittingHeight(width: bounds.width - 2 * margin)
                    measured[indexPath] = size
                    if abs(size - band.height) > 0.01 { changed = true }
                }
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            }
            decorate(cell, at: indexPath)
            cell.frame = CGRect(x: margin, y: band.top, width: bounds.width - 2 * margin, height: band.height)
        }
        return changed
    }

    private func isSelfSizing(_ indexPath: IndexPath) -> Bool {
        let asked = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        return asked < 0 && asked.isFinite
    }

    /// Cells go under headers, footers and the table's own header and footer views.
    private func insertCellView(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        insertSubview(cell, at: backgroundView == nil ? 0 : 1)
    }

    /// Sets what the table decides about a new cell: its selection and editing state.
    private func configure(_ cell: UITableViewCell, at indexPath: IndexPath) {
        cell.setSelected(selected.contains(indexPath), animated: false)
        cell.setHighlighted(highlighted == indexPath, animated: false)
        if cell.isEditing != isEditing { cell.setEditing(isEditing, animated: false) }
    }

    /// The style's background, separators and rounded ends.
    private func decorate(_ cell: UITableViewCell, at indexPath: IndexPath) {
        cell.styleBackground = cellBackground
        let rows = indexPath.section < counts.count ? counts[indexPath.section] : 0
        let isLast = indexPath.row == rows - 1
        let isFirst = indexPath.row == 0
        cell.tableSeparatorInset = separatorInset
        let showsSeparator = separatorStyle != .none && (style == .plain || !isLast)
        cell.separatorColor = showsSeparator ? (separatorColor ?? .separator) : nil
        cell.roundedCorners = style == .insetGrouped ? (isFirst, isLast, 10) : (false, false, 0)
    }

    private func retire(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        guard let identifier = cell.reuseIdentifier else { return }
        var queue = reusable[identifier] ?? []
        if queue.count < Self.maximumQueuedCells { queue.append(cell) }
        reusable[identifier] = queue
    }

    private func placeHeadersAndFooters() {
        let top = bounds.minY, bottom = bounds.maxY
        var keptHeaders: [Int: UIView] = [:], keptFooters: [Int: UIView] = [:]
        let pinnedTop = bounds.minY + adjustedContentInset.top
        for (index, section) in geometry.sections.enumerated() where section.headerTop < bottom && section.bottom > top {
            if section.headerHeight > 0 {
                let view = headerViews[index] ?? makeHeader(index)
                var y = section.headerTop
                if style == .plain {
                    // Plain headers float: held at the top while their section scrolls under.
                    y = min(max(y, pinnedTop), section.bottom - section.headerHeight)
                }
                view.frame = CGRect(x: 0, y: y, width: bounds.width, height: section.headerHeight)
                keptHeaders[index] = view
            }
            if section.footerHeight > 0, section.footerTop < bottom {
                let view = footerViews[index] ?? makeFooter(index)
                view.frame = CGRect(x: 0, y: section.footerTop, width: bounds.width, height: section.footerHeight)
                keptFooters[index] = view
            }
        }
        for (index, view) in headerViews where keptHeaders[index] !== view { view.removeFromSuperview() }
        for (index, view) in footerViews where keptFooters[index] !== view { view.removeFromSuperview() }
        headerViews = keptHeaders
        footerViews = keptFooters
        for view in keptHeaders.values where view.superview !== self || subviews.last !== view { bringSubviewToFront(view) }
    }

    private func makeHeader(_ section: Int) -> UIView {
        let view: UIView
        if let custom = tableDelegate?.tableView(self, viewForHeaderInSection: section) {
            view = custom
        } else {
            view = SectionTitleView(title: headerTitle(section), style: style, footer: false, margin: groupMargin)
        }
        addSubview(view)
        return view
    }

    private func makeFooter(_ section: Int) -> UIView {
        let view: UIView
        if let custom = tableDelegate?.tableView(self, viewForFooterInSection: section) {
            view = custom
        } else {
            view = SectionTitleView(title: footerTitle(section), style: style, footer: true, margin: groupMargin)
        }
        addSubview(view)
        return view
    }

    // MARK: Geometry queries

    /// A row's rectangle in the table's content, or `.zero` for a row that is not there.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        reloadIfNeeded()
        guard let band = geometry.band(of: indexPath) else { return .zero }
        return CGRect(x: groupMargin, y: band.top, width: bounds.width - 2 * groupMargin, height: band.height)
    }

    /// A section's rectangle, header to footer.
    open func rect(forSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let band = geometry.sections[section]
        return CGRect(x: 0, y: band.headerTop, width: bounds.width, height: band.bottom - band.headerTop)
    }

    /// A section header's rectangle.
    open func rectForHeader(inSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let band = geometry.sections[section]
        return CGRect(x: 0, y: band.headerTop, width: bounds.width, height: band.headerHeight)
    }

    /// A section footer's rectangle.
    open func rectForFooter(inSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard section >= 0, section < geometry.sections.count else { return .zero }
        let band = geometry.sections[section]
        return CGRect(x: 0, y: band.footerTop, width: bounds.width, height: band.footerHeight)
    }

    /// The row at a point of the content, if any.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        reloadIfNeeded()
        guard point.isFinite, point.x >= 0, point.x < bounds.width else { return nil }
        return geometry.row(at: point.y)
    }

    /// The rows that overlap a rectangle of the content.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        reloadIfNeeded()
        guard rect.isFinite else { return [] }
        return geometry.rows(from: rect.minY, to: rect.maxY)
    }

    /// Scrolls so that a row shows where asked (`.none`: just into view).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        guard let band = geometry.band(of: indexPath) else {
            Self.logger.warning("scrollToRow: no row \(indexPath)")
            return
        }
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y = contentOffset.y
        switch scrollPosition {
        case .top: y = band.top - inset.top
        case .middle: y = band.top + band.height / 2 - visibleHeight / 2 - inset.top
        case .bottom: y = band.top + band.height - visibleHeight - inset.top
        case .none:
            if band.top < y + inset.top { y = band.top - inset.top }
            else if band.top + band.height > y + inset.top + visibleHeight { y = band.top + band.height - visibleHeight - inset.top }
        }
        let maxY = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
        setContentOffset(CGPoint(x: contentOffset.x, y: min(max(y, -inset.top), maxY)), animated: animated)
    }

    // MARK: Updates

    /// Inserts rows (the data source already has them).
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { applyUpdate() }
    /// Deletes rows (the data source no longer has them).
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { applyUpdate() }
    /// Makes rows' cells again.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        for indexPath in indexPaths {
            measured[indexPath] = nil
            if let cell = visible.removeValue(forKey: indexPath) { retire(cell) }
        }
        applyUpdate()
    }
    /// Makes rows' cells show their data again (the same cells are kept if on screen).
    open func reconfigureRows(at indexPaths: [IndexPath]) { reloadRows(at: indexPaths, with: .none) }
    /// Inserts sections.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { applyUpdate() }
    /// Deletes sections.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { applyUpdate() }
    /// Makes sections' cells again.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        for (indexPath, cell) in visible where sections.contains(indexPath.section) {
            visible[indexPath] = nil
            retire(cell)
        }
        applyUpdate()
    }
    /// Moves a row (the data source already moved it).
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { applyUpdate() }
    /// Runs updates together, then calls `completion` with true.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchDepth += 1
        updates?()
        batchDepth -= 1
        applyUpdate()
        completion?(true)
    }
    /// Starts a group of updates.
    open func beginUpdates() { batchDepth += 1 }
    /// Ends a group of updates: the rows take their new places.
    open func endUpdates() {
        batchDepth = max(0, batchDepth - 1)
        applyUpdate()
    }
    private var batchDepth = 0

    /// After an update the rows are read again; cells on screen are made again for their rows.
    private func applyUpdate() {
        guard batchDepth == 0 else { return }
        let kept = selected
        measured = [:]
        for cell in visible.values { retire(cell) }
        visible = [:]
        needsReload = true
        reloadIfNeeded()
        selected = kept.filter { geometry.contains($0) }
        setNeedsLayout()
    }

    // MARK: Selection

    private var selected: Set<IndexPath> = []
    private var highlighted: IndexPath?
    private var trackedTouch: ObjectIdentifier?

    /// The selected row (the first of several).
    open var indexPathForSelectedRow: IndexPath? { selected.min() }
    /// The selected rows, or nil for none.
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects a row (nil clears the selection) without telling the delegate, scrolling as asked.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        reloadIfNeeded()
        guard let indexPath else {
            for path in selected { visible[path]?.setSelected(false, animated: animated) }
            selected = []
            return
        }
        guard geometry.contains(indexPath) else { return }
        if !allowsMultipleSelection {
            for path in selected where path != indexPath { visible[path]?.setSelected(false, animated: animated) }
            selected = []
        }
        selected.insert(indexPath)
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row without telling the delegate.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        visible[indexPath]?.setSelected(false, animated: animated)
    }

    private func row(of touch: UITouch) -> IndexPath? {
        indexPathForRow(at: touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard trackedTouch == nil, let touch = touches.first, touches.count == 1, allowsSelection || detailTap(touch) != nil,
            let indexPath = row(of: touch)
        else { return super.touchesBegan(touches, with: event) }
        trackedTouch = ObjectIdentifier(touch)
        guard allowsSelection, tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else { return }
        highlighted = indexPath
        visible[indexPath]?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first(where: { ObjectIdentifier($0) == trackedTouch }) else {
            return super.touchesEnded(touches, with: event)
        }
        trackedTouch = nil
        let wasHighlighted = highlighted
        unhighlight()
        guard let indexPath = row(of: touch) else { return }
        if let detail = detailTap(touch), detail == indexPath {
            tableDelegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
            return
        }
        guard allowsSelection, wasHighlighted == indexPath || wasHighlighted == nil else { return }
        if allowsMultipleSelection, selected.contains(indexPath) {
            userDeselect(indexPath)
        } else {
            userSelect(indexPath)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard touches.contains(where: { ObjectIdentifier($0) == trackedTouch }) else {
            return super.touchesCancelled(touches, with: event)
        }
        trackedTouch = nil
        unhighlight()
    }

    /// The row whose detail button a touch is on.
    private func detailTap(_ touch: UITouch) -> IndexPath? {
        guard let indexPath = row(of: touch), let cell = visible[indexPath], let area = cell.detailButtonRect else { return nil }
        return area.contains(touch.location(in: cell)) ? indexPath : nil
    }

    private func unhighlight() {
        guard let indexPath = highlighted else { return }
        highlighted = nil
        visible[indexPath]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }

    /// A tap's selection: the delegate may redirect or refuse it; in single selection the
    /// previous row is deselected first, telling the delegate.
    private func userSelect(_ tapped: IndexPath) {
        guard let target = tableDelegate.map({ $0.tableView(self, willSelectRowAt: tapped) }) ?? tapped,
            geometry.contains(target)
        else { return }
        if !allowsMultipleSelection {
            for previous in selected.sorted() where previous != target { userDeselect(previous) }
        }
        selected.insert(target)
        visible[target]?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    private func userDeselect(_ row: IndexPath) {
        guard let target = tableDelegate.map({ $0.tableView(self, willDeselectRowAt: row) }) ?? row else { return }
        selected.remove(target)
        visible[target]?.setSelected(false, animated: false)
        tableDelegate?.tableView(self, didDeselectRowAt: target)
    }
}

extension UITableViewCell {
    /// Whether and how rows are separated.
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine, singleLineEtched
    }
}

/// A section's header or footer title, drawn as iOS 17 does: plain headers are bold on the
/// secondary background and float; grouped ones are small capitals in grey above the section.
@MainActor
final class SectionTitleView: UIView {
    private let label = UILabel()
    private let style: UITableView.Style
    private let isFooter: Bool
    private let margin: CGFloat

    init(title: String?, style: UITableView.Style, footer: Bool, margin: CGFloat) {
        self.style = style
        self.isFooter = footer
        self.margin = margin
        super.init(frame: .zero)
        if style == .plain {
            label.text = title
            label.font = .systemFont(ofSize: 17, weight: .semibold)
            label.textColor = .label
            backgroundColor = .secondarySystemBackground
        } else {
            label.text = footer ? title : title?.uppercased()
            label.font = .systemFont(ofSize: 13)
            label.textColor = .secondaryLabel
            label.numberOfLines = 0
            backgroundColor = nil
        }
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset = margin + (bounds.width >= 375 ? 20 : 16)
        let width = max(0, bounds.width - 2 * inset)
        let size = label.sizeThatFits(CGSize(width: width, height: 0))
        let y: CGFloat
        if style == .plain {
            y = (bounds.height - size.height) / 2
        } else if isFooter {
            y = 6
        } else {
            y = bounds.height - size.height - 7
        }
        label.frame = CGRect(x: inset, y: y, width: width, height: size.height)
    }
}
