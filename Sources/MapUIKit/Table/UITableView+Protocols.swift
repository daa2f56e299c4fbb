import Foundation

/// What a table shows, as UIKit's `UITableViewDataSource`. The row count and the cells are
/// required; everything else has UIKit's default.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    /// The rows in a section.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell of a row (usually from `dequeueReusableCell(withIdentifier:for:)`).
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The sections (1).
    func numberOfSections(in tableView: UITableView) -> Int
    /// A section's header title (none).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// A section's footer title (none).
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Whether a row can be edited (true).
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether a row can be moved (false).
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// Commits a deletion or an insertion the user asked for.
    func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// Moves a row the user dragged.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    /// The section index titles (none; the index is not drawn).
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    public func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
}

/// What a table tells and asks as rows show and are chosen, as UIKit's
/// `UITableViewDelegate` (a scroll view delegate too). Every method is optional.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// A row's height (the table's `rowHeight`; `automaticDimension` sizes the cell to fit).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A header's height (the table's `sectionHeaderHeight`).
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// A footer's height (the table's `sectionFooterHeight`).
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// A header view in place of the title (none).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// A footer view in place of the title (none).
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    /// A cell is about to show.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A cell went off screen.
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Whether a touch highlights a row (true).
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// A row was highlighted.
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    /// A row's highlight went.
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row to select instead of a tapped one, or nil for none (the row itself).
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// A row was selected by a tap.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// The row to deselect instead, or nil for none (the row itself).
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// A row was deselected by a tap.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// A row's detail button was tapped.
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
}
