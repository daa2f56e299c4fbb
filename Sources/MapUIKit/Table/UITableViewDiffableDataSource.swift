import Foundation

/// A table's data source driven by snapshots of identifiers, as UIKit's
/// `UITableViewDiffableDataSource`: `apply(_:)` a snapshot and the table shows it; the cell
/// provider makes each row's cell from its item identifier. Subclasses override the data
/// source methods (section titles, editing) as in UIKit. Changes are applied at once
/// (`animatingDifferences` is accepted; rows take their places on the next frame).
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UITableViewDataSource
{
    /// Makes the cell of an item's row (nil: UIKit raises; a default cell stands in here).
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// How rows come and go (kept; they change at once).
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// A data source for a table (it becomes the table's data source).
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// A copy of what the table shows.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows a snapshot; `completion` runs once the table shows it.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        let reloaded = snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers
        current = snapshot
        guard let tableView else {
            completion?()
            return
        }
        let paths = reloaded.compactMap { snapshot.indexPath(of: $0) }
        let animation = defaultRowAnimation
        tableView.performBatchUpdates({ tableView.reloadRows(at: paths, with: animation) })
        completion?()
    }

    /// Shows a snapshot, then returns.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true
    ) async {
        apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Shows a snapshot by reloading the table, without differences.
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil
    ) {
        current = snapshot
        tableView?.reloadData()
        completion?()
    }

    /// The item at a row.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    /// An item's row.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    /// The section at an index.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.section(at: index) }
    /// A section's index.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: The data source

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard let identifier = current.section(at: section) else { return 0 }
        return current.numberOfItems(inSection: identifier)
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            UITableView.logger.error("the cell provider gave no cell for \(indexPath); a default cell stands in")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
}
