import Foundation

/// A controller whose view is a table it is the data source and delegate of, as UIKit's
/// `UITableViewController`: subclasses override the data source and delegate methods.
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let style: UITableView.Style
    private var storedTableView: UITableView?

    /// The table (the controller's view).
    open var tableView: UITableView! {
        get {
            if let storedTableView { return storedTableView }
            loadViewIfNeeded()
            return storedTableView
        }
        set {
            storedTableView = newValue
            view = newValue
        }
    }
    /// Whether the selection clears as the controller appears (true).
    open var clearsSelectionOnViewWillAppear = true

    /// A table controller of a style.
    public init(style: UITableView.Style) {
        self.style = style
        super.init()
    }

    /// A plain table controller.
    public required init() {
        style = .plain
        super.init()
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    open override func loadView() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: style)
        table.dataSource = self
        table.delegate = self
        storedTableView = table
        view = table
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear, let table = storedTableView else { return }
        for indexPath in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: indexPath, animated: animated) }
    }

    // MARK: The data source (subclasses override)

    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}

    // MARK: The delegate (subclasses override)

    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
}
