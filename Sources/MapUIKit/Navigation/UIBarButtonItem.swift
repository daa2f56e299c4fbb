import Foundation

/// An item of a bar, as UIKit's `UIBarItem`: a title, an image, enabled or not.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    /// The title.
    open var title: String? { didSet { changed() } }
    /// The image (drawn in the tint colour when it is a template).
    open var image: UIImage? { didSet { changed() } }
    /// Whether the item takes taps (true).
    open var isEnabled = true { didSet { changed() } }
    /// The identifier UI tests find the item by (kept).
    open var accessibilityIdentifier: String?
    /// What assistive technologies say the item is (kept).
    open var accessibilityLabel: String?
    /// A number the app gives the item.
    open var tag = 0

    /// Called when the item changed, so its bar shows it again (a bar's job).
    var onChange: (@MainActor () -> Void)?

    func changed() { onChange?() }
}

/// A button in a navigation bar or a toolbar, as UIKit's `UIBarButtonItem`. Its tap runs its
/// `primaryAction` (Swift on Linux has no selectors, so the target-action initializers cannot
/// exist; use the `UIAction` ones, as iOS 14 added).
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// How the item looks: `.done` is bold.
    public enum Style: Int, Sendable {
        case plain = 0, bordered = 1, done = 2
    }

    /// The system's items, drawn with their titles and symbols.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search, refresh
        case stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    /// The style (`.plain`).
    open var style: Style = .plain { didSet { changed() } }
    /// The width of a fixed space, or of the item (0: its content's).
    open var width: CGFloat = 0 { didSet { changed() } }
    /// A view shown instead of a title or image.
    open var customView: UIView? { didSet { changed() } }
    /// The colour of the title or image (the bar's tint when nil).
    open var tintColor: UIColor? { didSet { changed() } }
    /// The action a tap runs.
    open var primaryAction: UIAction? {
        didSet {
            adoptActionTitle()
            changed()
        }
    }
    /// A menu; shown on a tap when there is no primary action (not drawn yet; see docs).
    open var menu: UIMenu? { didSet { changed() } }
    /// Whether the item is hidden (false).
    open var isHidden = false { didSet { changed() } }
    /// The system item it was made as, if any.
    public private(set) var systemItem: SystemItem?

    public required override init() {
        super.init()
    }

    /// An item with a title or an image, running an action or showing a menu.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title
        self.image = image
        self.menu = menu
        self.primaryAction = primaryAction
        adoptActionTitle()
    }

    /// A system item, running an action or showing a menu.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.systemItem = systemItem
        switch systemItem {
        case .done: style = .done
        case .fixedSpace: width = 8
        default: break
        }
        self.menu = menu
        self.primaryAction = primaryAction
    }

    /// An item showing a view of the app's.
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// Space that takes what is left in a toolbar.
    public class func flexibleSpace() -> Self {
        let item = Self()
        item.systemItem = .flexibleSpace
        return item
    }

    /// Space of a width in a toolbar.
    public class func fixedSpace(_ width: CGFloat) -> Self {
        let item = Self()
        item.systemItem = .fixedSpace
        item.width = width
        return item
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    /// An item with a primary action and no title or image shows the action's.
    private func adoptActionTitle() {
        guard let primaryAction, systemItem == nil, title == nil, image == nil else { return }
        title = primaryAction.title.isEmpty ? nil : primaryAction.title
        image = primaryAction.image
    }

    /// What the item shows: its title, else its system item's title or symbol.
    var shownTitle: String? {
        if let title { return title }
        guard image == nil else { return nil }
        return systemItem?.title
    }
}

extension UIBarButtonItem.SystemItem {
    /// Whether the item is drawn as a symbol rather than a word.
    var isSymbol: Bool {
        switch self {
        case .done, .cancel, .edit, .save, .undo, .redo, .flexibleSpace, .fixedSpace, .pageCurl: false
        default: true
        }
    }

    /// How the item is drawn: iOS's title, or a symbol standing in for its SF Symbol.
    var title: String? {
        switch self {
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .save: "Save"
        case .undo: "Undo"
        case .redo: "Redo"
        case .add: "+"
        case .close: "\u{2715}"
        case .search: "\u{2315}"
        case .refresh: "\u{21BB}"
        case .stop: "\u{2715}"
        case .trash: "\u{1F5D1}"
        case .action: "\u{2B06}"
        case .compose: "\u{270E}"
        case .reply: "\u{21A9}"
        case .play: "\u{25B6}"
        case .pause: "\u{23F8}"
        case .rewind: "\u{23EA}"
        case .fastForward: "\u{23E9}"
        case .bookmarks: "\u{1F4D6}"
        case .camera: "\u{1F4F7}"
        case .organize: "\u{1F4C1}"
        case .flexibleSpace, .fixedSpace, .pageCurl: nil
        }
    }
}

extension UIBarButtonItem {
    /// The height of a bar's row of items.
    nonisolated static let rowHeight: CGFloat = 44

    /// The view a bar shows for the item: its custom view, or a system button with its title
    /// or image that runs its primary action.
    func makeBarView() -> UIView {
        if let custom = customView { return custom }
        let button = UIButton(type: .system)
        if let image {
            button.setImage(image, for: .normal)
        } else {
            button.setTitle(shownTitle, for: .normal)
        }
        // Symbols standing in for SF Symbols are drawn larger than titles, as iOS's are.
        let isSymbol = title == nil && systemItem?.isSymbol == true
        button.titleLabel?.font = .systemFont(ofSize: isSymbol ? 24 : 17, weight: style == .done ? .semibold : .regular)
        button.isEnabled = isEnabled
        if let tintColor { button.tintColor = tintColor }
        button.addAction(UIAction { [weak self] _ in
            guard let self, let action = self.primaryAction else { return }
            action.perform(sender: self)
        }, for: .primaryActionTriggered)
        return button
    }

    /// The size a bar gives an item's view: buttons take the row's full height and at least
    /// 44 points of width (iOS's smallest target), so their taps land as on iOS; other views
    /// their own size, at most the row's height.
    static func barSize(of view: UIView) -> CGSize {
        var size = view.intrinsicContentSize
        if size.width < 0 { size.width = view.bounds.width }
        if size.height < 0 { size.height = view.bounds.height }
        guard view is UIButton else { return CGSize(width: max(size.width, 0), height: min(max(size.height, 0), rowHeight)) }
        return CGSize(width: max(size.width, rowHeight), height: rowHeight)
    }
}
