import OpenMaps

/// The samples as a phone app lists them: a table in sections with a search bar, each row
/// pushing its sample, in the manner of the SDK's demo app (our own code). The playground
/// serves it at `/?sample=phone`, on a phone-sized screen.
final class SampleListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate, UISearchResultsUpdating {
    static let cellIdentifier = "sample"

    /// The samples by section, as listed before any search.
    static let sections: [(name: String, samples: [PlaygroundSample])] = {
        func named(_ names: [String]) -> [PlaygroundSample] { names.compactMap { name in PlaygroundSample.all.first { $0.name == name } } }
        return [
            ("Map", named(["map-events", "camera", "styles", "my-location"])),
            ("Markers", named(["markers", "info-windows", "marker-events", "dragging", "many-markers"])),
            ("Overlays", named(["overlays", "pois"])),
            ("Services", named(["geocoder"])),
            ("Utility library", named(["clustering", "heatmap", "geojson", "kml"])),
            ("Beyond the utility library (ours)", named(["clustering-100k", "heatmap-100k", "helsinki-districts", "geojson-styled", "kmz"])),
            ("OpenMaps additions", named(["panorama"])),
        ]
    }()

    private var shown = SampleListViewController.sections
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "OpenMaps"
        view.addSubview(tableView)
        tableView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        tableView.dataSource = self
        tableView.delegate = self
        let search = UISearchController()
        search.searchResultsUpdater = self
        search.searchBar.autocapitalizationType = .none
        search.obscuresBackgroundDuringPresentation = false
        navigationItem.searchController = search
    }

    func numberOfSections(in tableView: UITableView) -> Int { shown.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section < shown.count ? shown[section].samples.count : 0
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section < shown.count ? shown[section].name : nil
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        cell.textLabel?.text = sample(at: indexPath)?.title
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let sample = sample(at: indexPath) else { return }
        let controller = sample.make()
        controller.title = sample.title
        navigationController?.pushViewController(controller, animated: true)
    }

    func updateSearchResults(for searchController: UISearchController) {
        let filter = (searchController.searchBar.text ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        shown = filter.isEmpty ? Self.sections : Self.sections.compactMap { section in
            let matching = section.samples.filter { "\($0.title) \($0.summary)".lowercased().contains(filter) }
            return matching.isEmpty ? nil : (section.name, matching)
        }
        tableView.reloadData()
    }

    private func sample(at indexPath: IndexPath) -> PlaygroundSample? {
        guard indexPath.section >= 0, indexPath.section < shown.count, indexPath.row >= 0,
            indexPath.row < shown[indexPath.section].samples.count
        else { return nil }
        return shown[indexPath.section].samples[indexPath.row]
    }
}
