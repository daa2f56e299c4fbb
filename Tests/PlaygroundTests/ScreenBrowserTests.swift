import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

@testable import OpenMapsPlayground

/// A screen of controls over a map, as an app would write it, for the browser to drive.
@MainActor
final class ControlsScreen: UIViewController, GMSMapViewDelegate, UITableViewDataSource, UITableViewDelegate {
    let button = UIButton(type: .system)
    let toggle = UISwitch()
    let segments = UISegmentedControl(items: ["Normal", "Satellite", "Hybrid"])
    let field = UITextField()
    let alertButton = UIButton(type: .system)
    var mapView: GMSMapView?
    var buttonTaps = 0
    var alertAnswer: String?
    var chosenPlace: String?
    let places = (0..<40).map { "Place \($0)" }
    weak var table: UITableView?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Controls"
        view.backgroundColor = .systemBackground
        button.setTitle("Add marker", for: .normal)
        button.addAction(UIAction { [weak self] _ in self?.addMarker() }, for: .touchUpInside)
        alertButton.setTitle("Alert", for: .normal)
        alertButton.addAction(UIAction { [weak self] _ in self?.showAlert() }, for: .touchUpInside)
        field.borderStyle = .roundedRect
        field.placeholder = "Search"
        let row = UIStackView(arrangedSubviews: [button, toggle, alertButton])
        row.spacing = 12
        row.alignment = .center
        let stack = UIStackView(arrangedSubviews: [row, segments, field])
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        let map = GMSMapView(options: GMSMapViewOptions())
        map.camera = GMSCameraPosition(latitude: 60.1699, longitude: 24.9455, zoom: 14)
        map.delegate = self
        map.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(map)
        mapView = map
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            map.topAnchor.constraint(equalTo: stack.bottomAnchor, constant: 8),
            map.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            map.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            map.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Places", primaryAction: UIAction { [weak self] _ in self?.showPlaces() })
    }

    private func addMarker() {
        buttonTaps += 1
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.95))
        marker.title = "Marker \(buttonTaps)"
        marker.map = mapView
    }

    private func showAlert() {
        let alert = UIAlertController(title: "Leave?", message: "The map stays where it is.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.alertAnswer = "cancel" })
        alert.addAction(UIAlertAction(title: "OK", style: .default) { [weak self] _ in self?.alertAnswer = "ok" })
        present(alert, animated: true)
    }

    private func showPlaces() {
        let list = UITableViewController(style: .plain)
        list.title = "Places"
        list.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "place")
        list.tableView.dataSource = self
        list.tableView.delegate = self
        table = list.tableView
        navigationController?.pushViewController(list, animated: true)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { places.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "place", for: indexPath)
        cell.textLabel?.text = places[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        chosenPlace = places[indexPath.row]
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// `Playground.run`'s screens in a real browser: the page's pointer and keyboard reach UIKit's
/// controls, tables, navigation, alerts and the map under them.
@Suite("An app's screen in a browser", .serialized)
@MainActor
struct ScreenBrowserTests {
    private func withScreen(_ name: String, _ body: (ScreenHost, ControlsScreen, WebDriver) async throws -> Void) async throws {
        let server = try await PlaygroundHarness.start(content: .screen { ControlsScreen() })
        let browser = try await WebDriver.start()
        defer { server.stop() }
        func keepScreenshot() async {
            guard let png = try? await browser.screenshot() else { return }
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("test-artifacts")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? png.write(to: folder.appendingPathComponent("screen-\(name).png"))
        }
        do {
            try await browser.open("http://127.0.0.1:\(server.port)/")
            #expect(try await browser.wait("return window.playground && window.playground.framesShown > 0"))
            let session = try #require(server.registry.sessions.values.first)
            let host = try #require(session.screenHost)
            let navigation = try #require(host.rootViewController as? UINavigationController)
            let screen = try #require(navigation.viewControllers.first as? ControlsScreen)
            try await body(host, screen, browser)
        } catch {
            await keepScreenshot()
            await browser.quit()
            throw error
        }
        await keepScreenshot()
        await browser.quit()
    }

    /// Where a point of the screen is in the browser's viewport (the canvas may be scaled).
    private func page(_ point: CGPoint, _ browser: WebDriver) async throws -> CGPoint {
        let rect = try await browser.run(
            "const r = document.getElementById('map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];") as? [Any]
        let numbers = (rect ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        guard numbers.count == 4 else { return point }
        return CGPoint(x: numbers[0] + point.x * numbers[2] / 390, y: numbers[1] + point.y * numbers[3] / 844)
    }

    private func click(_ view: UIView, in host: ScreenHost, _ browser: WebDriver, at local: CGPoint? = nil) async throws {
        host.rootView.layoutIfNeeded()
        let point = view.convert(local ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: host.rootView)
        try await click(point, browser)
    }

    private func click(_ point: CGPoint, _ browser: WebDriver) async throws {
        let target = try await page(point, browser)
        try await browser.mouse([.move(x: target.x, y: target.y), .down, .pause(40), .up])
    }

    private func waitFor(_ condition: @MainActor () -> Bool) async -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    @Test func theBrowsersPointerAndKeysDriveButtonsSwitchesSegmentsTextAndTheMap() async throws {
        try await withScreen("controls") { host, screen, browser in
            #expect(host.rootView.bounds.size == ScreenHost.phoneSize)
            try await click(screen.button, in: host, browser)
            #expect(await waitFor { screen.buttonTaps == 1 }, "the button was tapped")
            let wasOn = screen.toggle.isOn
            try await click(screen.toggle, in: host, browser)
            #expect(await waitFor { screen.toggle.isOn != wasOn }, "the switch flipped")
            let segments = screen.segments
            try await click(segments, in: host, browser, at: CGPoint(x: segments.bounds.width * 5 / 6, y: segments.bounds.midY))
            #expect(await waitFor { segments.selectedSegmentIndex == 2 }, "the third segment")
            try await click(screen.field, in: host, browser)
            #expect(await waitFor { host.firstResponder === screen.field })
            try await browser.type("Kiasma")
            #expect(await waitFor { screen.field.text == "Kiasma" }, "typed: \(screen.field.text ?? "nil")")
            // The map under the controls takes its taps; the page logs its delegate's callbacks.
            let map = try #require(screen.mapView)
            try await click(map, in: host, browser, at: CGPoint(x: 60, y: map.bounds.height - 80))
            #expect(try await browser.wait("return document.querySelector('#events li[data-event=\"mapView:didTapAtCoordinate:\"]') !== null"))
            #expect(map.delegate === screen, "the app's delegate reads back")
        }
    }

    @Test func theBrowserScrollsATablePushesAndPopsAndAnswersAnAlert() async throws {
        try await withScreen("navigation") { host, screen, browser in
            let navigation = try #require(screen.navigationController)
            // The bar's "Places" button pushes a table.
            let bar = navigation.navigationBar
            try await click(CGPoint(x: bar.bounds.width - 40, y: 47 + 22), browser)
            // A transition ends when the covered view leaves the window (not when the whole
            // screen is idle: its map renders tiles in real time, slowly on a loaded machine).
            #expect(await waitFor { navigation.viewControllers.count == 2 && screen.view.window == nil }, "pushed")
            let table = try #require(screen.table)
            // A drag up scrolls it, and the wheel scrolls it more.
            let start = try await page(CGPoint(x: 200, y: 700), browser)
            let end = try await page(CGPoint(x: 200, y: 400), browser)
            try await browser.mouse([.move(x: start.x, y: start.y), .down, .move(x: end.x, y: end.y, duration: 300), .pause(200), .up])
            #expect(await waitFor { table.contentOffset.y > 100 }, "scrolled: \(table.contentOffset.y)")
            let dragged = table.contentOffset.y
            let middle = try await page(CGPoint(x: 200, y: 500), browser)
            try await browser.wheel(x: middle.x, y: middle.y, deltaY: 200)
            #expect(await waitFor { table.contentOffset.y > dragged + 100 }, "the wheel scrolls: \(table.contentOffset.y)")
            // A row's tap selects it.
            try await Task.sleep(for: .milliseconds(400))
            let row = try #require(table.indexPathsForVisibleRows?.dropFirst(3).first)
            let rect = table.rectForRow(at: row)
            try await click(table.convert(CGPoint(x: rect.midX, y: rect.midY), to: host.rootView), browser)
            #expect(await waitFor { screen.chosenPlace == screen.places[row.row] }, "chose \(screen.chosenPlace ?? "nothing")")
            // Back pops.
            try await click(CGPoint(x: 40, y: 47 + 22), browser)
            #expect(await waitFor { navigation.viewControllers.count == 1 && table.window == nil }, "popped")
            // An alert's OK answers it.
            try await click(screen.alertButton, in: host, browser)
            #expect(await waitFor { screen.presentedViewController is UIAlertController })
            try await Task.sleep(for: .milliseconds(700))
            // Two buttons side by side at the card's foot: OK on the right.
            let alert = try #require(screen.presentedViewController)
            @MainActor func controls(_ view: UIView) -> [UIControl] { ((view as? UIControl).map { [$0] } ?? []) + view.subviews.flatMap(controls) }
            let ok = try #require(controls(alert.view).max { $0.convert($0.bounds, to: nil).midX < $1.convert($1.bounds, to: nil).midX })
            try await click(ok, in: host, browser)
            #expect(await waitFor { screen.alertAnswer != nil })
            #expect(screen.alertAnswer == "ok")
            #expect(await waitFor { screen.presentedViewController == nil })
        }
    }
}
