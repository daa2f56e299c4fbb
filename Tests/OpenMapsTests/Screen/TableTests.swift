import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// Tables on a hosted screen: rows from a data source, reuse, selection, scrolling, diffable
/// snapshots and search.
@MainActor
@Suite struct TableTests {
    /// A list of places with a log of what the table asked and told.
    final class Places: UIViewController, UITableViewDataSource, UITableViewDelegate {
        var sections: [(title: String, rows: [String])]
        var log: [String] = []
        var cellsMade = 0
        let tableView: UITableView
        var refuse: IndexPath?

        init(sections: [(String, [String])], style: UITableView.Style = .plain) {
            self.sections = sections.map { (title: $0.0, rows: $0.1) }
            tableView = UITableView(frame: .zero, style: style)
            super.init()
        }

        required init() {
            sections = []
            tableView = UITableView()
            super.init()
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.frame = view.bounds
            tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "place")
            tableView.dataSource = self
            tableView.delegate = self
            view.addSubview(tableView)
        }

        func numberOfSections(in tableView: UITableView) -> Int { sections.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "place", for: indexPath)
            cell.textLabel?.text = sections[indexPath.section].rows[indexPath.row]
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            log.append("willSelect \(indexPath.section).\(indexPath.row)")
            return indexPath == refuse ? nil : indexPath
        }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            log.append("didSelect \(indexPath.section).\(indexPath.row)")
        }
        func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
            log.append("didDeselect \(indexPath.section).\(indexPath.row)")
        }
        func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
            log.append("didHighlight \(indexPath.section).\(indexPath.row)")
        }
        func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
            log.append("didUnhighlight \(indexPath.section).\(indexPath.row)")
        }
    }

    static let helsinki = ["Cathedral", "Central Station", "Stockmann", "Ateneum", "Market Square", "Kiasma"]

    static func many(_ count: Int) -> [String] { (0..<count).map { "Place \($0)" } }

    /// A tap on a row's middle, in screen coordinates.
    func point(of row: IndexPath, in table: UITableView, host: ScreenHost) -> CGPoint {
        let rect = table.rectForRow(at: row)
        return table.convert(CGPoint(x: rect.midX, y: rect.midY), to: host.rootView)
    }

    @Test func rule57ATableAsksItsDataSourceOnlyForTheRowsOnScreenAndReusesCells() {
        let places = Places(sections: [("All", Self.many(1_000))])
        let host = ScreenHost(rootViewController: places)
        host.advance(by: 0.1)
        let table = places.tableView
        #expect(table.numberOfSections == 1)
        #expect(table.numberOfRows(inSection: 0) == 1_000)
        let visible = table.indexPathsForVisibleRows ?? []
        // 844 points of screen, 44-point rows under a 28-point header.
        #expect(visible.count >= 17 && visible.count <= 20)
        #expect(visible.first == IndexPath(row: 0, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Place 0")
        #expect(table.cellForRow(at: IndexPath(row: 500, section: 0)) == nil)
        #expect(table.contentSize.height == CGFloat(28 + 1_000 * 44))
        let before = Set(table.visibleCells.map(ObjectIdentifier.init))
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
        host.advance(by: 0.1)
        let cell = table.cellForRow(at: IndexPath(row: 500, section: 0))
        #expect(cell?.textLabel?.text == "Place 500")
        // The cells on screen now are the ones that went off screen, reused.
        let after = Set(table.visibleCells.map(ObjectIdentifier.init))
        #expect(!after.isDisjoint(with: before))
        #expect(table.rectForRow(at: IndexPath(row: 500, section: 0)).minY == CGFloat(28 + 500 * 44))
    }

    @Test func rule57BATapHighlightsThenSelectsInUIKitsOrderAndSingleSelectionDeselectsTheLast() {
        let places = Places(sections: [("Helsinki", Self.helsinki)])
        let host = ScreenHost(rootViewController: places)
        host.advance(by: 0.1)
        let table = places.tableView
        host.tap(at: point(of: IndexPath(row: 1, section: 0), in: table, host: host))
        #expect(places.log == ["didHighlight 0.1", "didUnhighlight 0.1", "willSelect 0.1", "didSelect 0.1"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
        places.log = []
        host.tap(at: point(of: IndexPath(row: 3, section: 0), in: table, host: host))
        #expect(places.log == ["didHighlight 0.3", "didUnhighlight 0.3", "willSelect 0.3", "didDeselect 0.1", "didSelect 0.3"])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
        // willSelect returning nil refuses the selection.
        places.log = []
        places.refuse = IndexPath(row: 4, section: 0)
        host.tap(at: point(of: IndexPath(row: 4, section: 0), in: table, host: host))
        #expect(places.log.last == "willSelect 0.4")
        #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
        // deselectRow does not tell the delegate.
        places.log = []
        table.deselectRow(at: IndexPath(row: 3, section: 0), animated: true)
        #expect(places.log.isEmpty)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func rule57CADragScrollsTheTableWithoutSelectingAndMultipleSelectionToggles() {
        let places = Places(sections: [("All", Self.many(200))])
        let host = ScreenHost(rootViewController: places)
        host.advance(by: 0.1)
        let table = places.tableView
        host.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 300), duration: 0.3, hold: 0.2)
        host.runUntilIdle()
        #expect(table.contentOffset.y > 200, "scrolled from \(-table.adjustedContentInset.top): \(table.contentOffset.y)")
        #expect(!places.log.contains { $0.hasPrefix("didSelect") })
        #expect(table.indexPathForSelectedRow == nil)

        table.allowsMultipleSelection = true
        let first = table.indexPathsForVisibleRows?[2] ?? IndexPath(row: 0, section: 0)
        let second = table.indexPathsForVisibleRows?[4] ?? IndexPath(row: 0, section: 0)
        host.tap(at: point(of: first, in: table, host: host))
        host.tap(at: point(of: second, in: table, host: host))
        #expect(table.indexPathsForSelectedRows == [first, second])
        host.tap(at: point(of: first, in: table, host: host))
        #expect(table.indexPathsForSelectedRows == [second])
        #expect(places.log.last == "didDeselect \(first.section).\(first.row)")
    }

    @Test func rule57DPlainHeadersFloatOverTheirSection() {
        let places = Places(sections: [("A", Self.many(30)), ("B", Self.many(30))])
        let host = ScreenHost(rootViewController: places)
        host.advance(by: 0.1)
        let table = places.tableView
        table.contentOffset = CGPoint(x: 0, y: 300)
        host.advance(by: 0.1)
        let header = table.subviews.last
        #expect(header?.frame.minY == 300 + table.adjustedContentInset.top)
        #expect(table.rectForHeader(inSection: 1).minY == CGFloat(28 + 30 * 44))
    }

    @Test func rule57ESelfSizingRowsMeasureTheirCellsAndFixedHeightsWin() {
        final class Subtitles: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                cell.detailTextLabel?.text = indexPath.row == 0 ? nil : "Detail"
                return cell
            }
        }
        let source = Subtitles()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        table.dataSource = source
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 44)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height > 50)
        table.rowHeight = 70
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 70)
    }

    @Test func rule57FDiffableSnapshotsDriveTheTableAndIgnoreDuplicates() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .insetGrouped)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let source = UITableViewDiffableDataSource<String, String>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Markers", "Shapes"])
        snapshot.appendItems(["Basic", "Custom", "Basic"], toSection: "Markers")
        snapshot.appendItems(["Polygons", "Polylines"], toSection: "Shapes")
        #expect(snapshot.numberOfItems == 4)
        var completed = false
        source.apply(snapshot, animatingDifferences: false) { completed = true }
        #expect(completed)
        table.layoutIfNeeded()
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 1) == 2)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 1))?.textLabel?.text == "Polylines")
        #expect(source.itemIdentifier(for: IndexPath(row: 1, section: 0)) == "Custom")
        #expect(source.indexPath(for: "Polygons") == IndexPath(row: 0, section: 1))
        snapshot.deleteItems(["Custom"])
        snapshot.insertItems(["Info windows"], afterItem: "Basic")
        source.apply(snapshot)
        table.layoutIfNeeded()
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Info windows")
        #expect(source.snapshot().itemIdentifiers == ["Basic", "Info windows", "Polygons", "Polylines"])
    }

    @Test func limitTableRowsAreClampedToMaximumRows() {
        final class Huge: NSObject, UITableViewDataSource {
            func numberOfSections(in tableView: UITableView) -> Int { 3 }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                section == 2 ? -5 : UITableView.maximumRows - 10
            }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell(style: .default, reuseIdentifier: nil)
            }
        }
        let source = Huge()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        table.rowHeight = .infinity
        table.dataSource = source
        #expect(table.numberOfRows(inSection: 0) == UITableView.maximumRows - 10)
        #expect(table.numberOfRows(inSection: 1) == 10)
        #expect(table.numberOfRows(inSection: 2) == 0)
        table.layoutIfNeeded()
        // A non-finite height is no height; an unregistered identifier still gives a cell.
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)).height == 0)
        #expect(table.dequeueReusableCell(withIdentifier: "nothing", for: IndexPath(row: 0, section: 0)).reuseIdentifier == "nothing")
    }

    @Test func rule57GASearchControllerInTheNavigationBarUpdatesResultsAsTheUserTypes() {
        final class Search: UIViewController, UISearchResultsUpdating {
            var updates: [String] = []
            var active: [Bool] = []
            let controller = UISearchController()
            override func viewDidLoad() {
                super.viewDidLoad()
                controller.searchResultsUpdater = self
                controller.obscuresBackgroundDuringPresentation = false
                navigationItem.searchController = controller
                title = "Samples"
            }
            func updateSearchResults(for searchController: UISearchController) {
                updates.append(searchController.searchBar.text ?? "")
                active.append(searchController.isActive)
            }
        }
        let search = Search()
        let navigation = UINavigationController(rootViewController: search)
        let host = ScreenHost(rootViewController: navigation)
        host.advance(by: 0.1)
        // The bar is 44 points of title and 52 of search under the status bar.
        #expect(navigation.navigationBar.frame.height == CGFloat(47 + 44 + 52))
        #expect(search.view.safeAreaInsets.top == CGFloat(47 + 44 + 52))
        let field = search.controller.searchBar.searchTextField
        host.tap(field)
        #expect(search.controller.isActive)
        #expect(host.firstResponder === field)
        host.typeText("ma")
        #expect(search.updates == ["", "m", "ma"])
        #expect(search.active == [true, true, true])
        // Cancel clears the text and ends the search.
        host.rootView.layoutIfNeeded()
        let cancel = search.controller.searchBar.subviews.compactMap { $0 as? UIButton }.first
        #expect(cancel?.isHidden == false)
        if let cancel { host.tap(cancel) }
        #expect(!search.controller.isActive)
        #expect(search.controller.searchBar.text == "")
        #expect(host.firstResponder == nil)
        #expect(search.active.last == false)
    }

    // MARK: Goldens

    func tables(_ style: UIUserInterfaceStyle) -> UIImage {
        func screen(_ tableStyle: UITableView.Style) -> UIImage {
            let places = Places(sections: [("Helsinki", Self.helsinki), ("Singapore", ["Marina Bay", "Gardens by the Bay"])], style: tableStyle)
            places.title = "Places"
            let navigation = UINavigationController(rootViewController: places)
            let host = ScreenHost(rootViewController: navigation, size: CGSize(width: 390, height: 520), scale: 1)
            host.userInterfaceStyle = style
            host.advance(by: 0.1)
            host.send(MapTouch(id: 1, phase: .began, location: point(of: IndexPath(row: 2, section: 0), in: places.tableView, host: host), timestamp: host.time + 0.05))
            host.advance(by: 0.1)
            places.tableView.selectRow(at: IndexPath(row: 0, section: 1), animated: false, scrollPosition: .none)
            if let cell = places.tableView.cellForRow(at: IndexPath(row: 4, section: 0)) {
                cell.accessoryType = .checkmark
            }
            return host.snapshot()
        }
        let sheet = UIView(frame: CGRect(x: 0, y: 0, width: 780, height: 520))
        for (index, image) in [screen(.plain), screen(.insetGrouped)].enumerated() {
            let view = UIImageView(image: image)
            view.frame = CGRect(x: CGFloat(index) * 390, y: 0, width: 390, height: 520)
            sheet.addSubview(view)
        }
        return sheet.renderedImage(scale: 1)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func tablesInLightAndDark(_ style: UIUserInterfaceStyle) {
        let name = style == .dark ? "tables-dark" : "tables-light"
        let result = GoldenImage.check(tables(style).bitmap, named: name)
        #expect(result.passed, "\(result.message)")
    }
}
