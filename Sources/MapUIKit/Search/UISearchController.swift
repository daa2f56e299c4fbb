import Foundation

/// Told when the search text or scope changes, as UIKit's `UISearchResultsUpdating`.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    /// The search bar's text changed, or the search became active or inactive.
    func updateSearchResults(for searchController: UISearchController)
}

/// Told as a search controller comes and goes, as UIKit's `UISearchControllerDelegate`; every
/// method is optional.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
    func presentSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
    public func presentSearchController(_ searchController: UISearchController) {}
}

/// Search in a navigation bar, as UIKit's `UISearchController`: set it as a navigation item's
/// `searchController` and its search bar shows under the title. Tapping the field makes the
/// search active (a Cancel button appears); every change of the text, and becoming active or
/// inactive, calls the results updater. A results controller, when given, shows over the
/// content while the search is active and has text.
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// The controller showing results (nil: the searching controller shows them itself).
    public let searchResultsController: UIViewController?
    /// Told of every change of the search.
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    /// Told as the search becomes active or inactive.
    open weak var delegate: UISearchControllerDelegate?
    /// The search bar.
    public let searchBar = UISearchBar()
    /// Whether the content is dimmed while searching (kept; false draws no dimming).
    open var obscuresBackgroundDuringPresentation = true
    /// Whether the content is dimmed while searching (the older name).
    open var dimsBackgroundDuringPresentation: Bool {
        get { obscuresBackgroundDuringPresentation }
        set { obscuresBackgroundDuringPresentation = newValue }
    }
    /// Whether the navigation bar hides while searching (kept; it stays).
    open var hidesNavigationBarDuringPresentation = true
    /// Whether Cancel shows while active (true).
    open var automaticallyShowsCancelButton = true
    /// Whether the results controller shows as soon as the search is active (false: once there is text).
    open var showsSearchResultsController = false

    /// Whether the search is under way: the field is being used, until Cancel.
    open var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            activeChanged()
        }
    }

    /// A search controller showing results in a controller (nil: in the searching one).
    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init()
        searchBar.onActivity = { [weak self] event in self?.searchBarDid(event) }
    }

    /// A search controller that shows its results in the controller searching.
    public required convenience init() {
        self.init(searchResultsController: nil)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    private func searchBarDid(_ event: UISearchBar.SearchBarEvent) {
        switch event {
        case .began:
            isActive = true
        case .changed:
            updateResultsView()
            searchResultsUpdater?.updateSearchResults(for: self)
        case .ended, .returned:
            break
        case .cancelled:
            searchBar.text = ""
            _ = searchBar.searchTextField.resignFirstResponder()
            isActive = false
        }
    }

    private func activeChanged() {
        if isActive {
            delegate?.willPresentSearchController(self)
            if automaticallyShowsCancelButton { searchBar.showsCancelButton = true }
            updateResultsView()
            searchResultsUpdater?.updateSearchResults(for: self)
            delegate?.didPresentSearchController(self)
        } else {
            delegate?.willDismissSearchController(self)
            if automaticallyShowsCancelButton { searchBar.showsCancelButton = false }
            if searchBar.searchTextField.isFirstResponder { _ = searchBar.searchTextField.resignFirstResponder() }
            updateResultsView()
            searchResultsUpdater?.updateSearchResults(for: self)
            delegate?.didDismissSearchController(self)
        }
    }

    /// The searching controller's view, whose content the results controller covers.
    weak var searchingController: UIViewController?

    /// Shows the results controller over the content while active with text (or at once when
    /// `showsSearchResultsController`), and takes it away otherwise.
    private func updateResultsView() {
        guard let results = searchResultsController, let host = searchingController else { return }
        let shows = isActive && (showsSearchResultsController || !(searchBar.text ?? "").isEmpty)
        if shows, results.parent == nil {
            host.addChild(results)
            results.view.frame = host.view.bounds
            results.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            host.view.addSubview(results.view)
            results.didMove(toParent: host)
        } else if !shows, results.parent != nil {
            results.willMove(toParent: nil)
            results.view.removeFromSuperview()
            results.removeFromParent()
        }
    }
}
