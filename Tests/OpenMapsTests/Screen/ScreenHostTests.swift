import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// A screen written as for iOS: a map under the safe area, controls over it, through
/// `ScreenHost`'s UIKit touch delivery.
@MainActor
@Suite struct ScreenHostTests {
    final class Taps: NSObject, GMSMapViewDelegate {
        var mapTaps = 0
        var longPresses = 0
        func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { mapTaps += 1 }
        func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) { longPresses += 1 }
    }

    /// A map full screen with a button pinned over its top-right corner and a switch at the
    /// bottom, laid out with constraints.
    final class MapScreen: UIViewController {
        let mapView = GMSMapView(options: {
            let options = GMSMapViewOptions()
            options.camera = GMSCameraPosition(latitude: 60.1699, longitude: 24.9384, zoom: 12)
            return options
        }())
        var buttonTaps = 0
        lazy var button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Locate") { [unowned self] _ in
            buttonTaps += 1
        })
        let toggle = UISwitch()

        override func viewDidLoad() {
            super.viewDidLoad()
            for subview in [mapView, button, toggle] as [UIView] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            NSLayoutConstraint.activate([
                mapView.topAnchor.constraint(equalTo: view.topAnchor),
                mapView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                mapView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                mapView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                button.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 12),
                button.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                toggle.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16),
                toggle.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            ])
        }
    }

    @Test func rule45ATapOnAButtonOverTheMapRunsItsActionAndNeverReachesTheMap() {
        let screen = MapScreen()
        let taps = Taps()
        screen.mapView.delegate = taps
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        let buttonFrame = screen.button.convert(screen.button.bounds, to: nil)
        #expect(abs(buttonFrame.minY - (47 + 12)) < 0.01)
        #expect(abs(buttonFrame.maxX - (390 - 16)) < 0.01)
        host.tap(at: CGPoint(x: buttonFrame.midX, y: buttonFrame.midY), id: 1, wait: 1)
        #expect(screen.buttonTaps == 1)
        #expect(taps.mapTaps == 0)
        host.tap(at: CGPoint(x: 200, y: 400), id: 2, wait: 1)
        #expect(taps.mapTaps == 1, "the map gets the rest")
        #expect(screen.buttonTaps == 1)
        let toggleFrame = screen.toggle.convert(screen.toggle.bounds, to: nil)
        host.tap(at: CGPoint(x: toggleFrame.midX, y: toggleFrame.midY), id: 3, wait: 1)
        #expect(screen.toggle.isOn)
        #expect(taps.mapTaps == 1)
    }

    @Test func rule46APanStartingOnTheMapPansIt() {
        let screen = MapScreen()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        let before = screen.mapView.camera.target
        var time = host.time + 0.1
        host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 200, y: 500), timestamp: time))
        for step in 1...10 {
            time += 1.0 / 60
            host.send(MapTouch(id: 1, phase: .moved, location: CGPoint(x: 200 - CGFloat(step) * 10, y: 500), timestamp: time))
        }
        host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 100, y: 500), timestamp: time + 0.3))
        host.runUntilIdle()
        let after = screen.mapView.camera.target
        #expect(after.longitude > before.longitude + 0.001, "dragged left, the map moves east")
        // A drag that starts on the button does not pan the map.
        let moved = screen.mapView.camera.target
        let buttonFrame = screen.button.convert(screen.button.bounds, to: nil)
        time = host.time + 0.1
        host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: buttonFrame.midX, y: buttonFrame.midY), timestamp: time))
        host.send(MapTouch(id: 2, phase: .moved, location: CGPoint(x: buttonFrame.midX - 150, y: 400), timestamp: time + 0.1))
        host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: buttonFrame.midX - 150, y: 400), timestamp: time + 0.2))
        host.runUntilIdle()
        #expect(screen.mapView.camera.target.longitude == moved.longitude)
        #expect(screen.buttonTaps == 0, "lifted far outside: touch up outside")
    }

    /// A details screen: a scroll view taller than the phone with a map 300 points tall near
    /// its top.
    final class DetailsScreen: UIViewController {
        let scrollView = UIScrollView()
        let mapView = GMSMapView(options: {
            let options = GMSMapViewOptions()
            options.camera = GMSCameraPosition(latitude: 60.1699, longitude: 24.9384, zoom: 12)
            options.frame = CGRect(x: 0, y: 100, width: 390, height: 300)
            return options
        }())

        override func loadView() {
            scrollView.contentSize = CGSize(width: 390, height: 2_000)
            scrollView.addSubview(mapView)
            view = scrollView
        }
    }

    /// Drags a finger up from (200, 350) by 150 points, slowly enough not to fling.
    private func dragUp(_ host: ScreenHost, id: Int) {
        var time = host.time + 0.1
        host.send(MapTouch(id: id, phase: .began, location: CGPoint(x: 200, y: 350), timestamp: time))
        for step in 1...15 {
            time += 1.0 / 60
            host.send(MapTouch(id: id, phase: .moved, location: CGPoint(x: 200, y: 350 - CGFloat(step) * 10), timestamp: time))
        }
        host.send(MapTouch(id: id, phase: .ended, location: CGPoint(x: 200, y: 200), timestamp: time + 0.3))
        host.runUntilIdle()
    }

    /// Rule 82: a map in a scroll view keeps the pans that start on it (the SDK's
    /// `consumesGesturesInView`, on by default); off, or with the map's scroll gestures off, or
    /// with the map's own recognizers removed, the scroll view scrolls.
    @Test func rule82AMapInAScrollViewKeepsItsPans() {
        let screen = DetailsScreen()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        #expect(screen.mapView.gestureRecognizers?.count == 1, "the map's blocking recognizer")
        let start = screen.mapView.camera.target
        let top = screen.scrollView.contentOffset
        dragUp(host, id: 1)
        #expect(screen.mapView.camera.target.latitude < start.latitude - 0.001, "dragged up, the map shows what lies south")
        #expect(screen.scrollView.contentOffset == top, "the scroll view stays")
        // Scroll gestures off: the pan is nobody's on the map, so the scroll view scrolls.
        screen.mapView.settings.scrollGestures = false
        dragUp(host, id: 2)
        #expect(screen.scrollView.contentOffset.y > top.y + 50, "\(screen.scrollView.contentOffset)")
        screen.scrollView.contentOffset = top
        screen.mapView.settings.scrollGestures = true
        // Not consumed: the scroll view takes the pan.
        screen.mapView.settings.consumesGesturesInView = false
        dragUp(host, id: 3)
        #expect(screen.scrollView.contentOffset.y > top.y + 50)
        screen.scrollView.contentOffset = top
        screen.mapView.settings.consumesGesturesInView = true
        // The map's own recognizers removed (as apps do to let a parent scroll).
        for recognizer in screen.mapView.gestureRecognizers ?? [] { screen.mapView.removeGestureRecognizer(recognizer) }
        dragUp(host, id: 4)
        #expect(screen.scrollView.contentOffset.y > top.y + 50)
    }

    /// Rule 82: a tap recognizer of the map's superview does not fire for taps on the map
    /// (they are the map's, as with the SDK); one added to the map itself does.
    @Test func rule82TheMapsTapsAreItsOwnAndItsRecognizers() {
        let screen = DetailsScreen()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        var outerTaps = 0, mapTaps = 0
        screen.scrollView.addGestureRecognizer(UITapGestureRecognizer { _ in outerTaps += 1 })
        screen.mapView.addGestureRecognizer(UITapGestureRecognizer { _ in mapTaps += 1 })
        host.tap(at: CGPoint(x: 200, y: 250), id: 1, wait: 1)
        #expect(mapTaps == 1)
        #expect(outerTaps == 0)
        host.tap(at: CGPoint(x: 200, y: 600), id: 2, wait: 1)
        #expect(outerTaps == 1, "below the map the scroll view's recognizer fires")
    }

    @Test func gestureRecognizersOverTheMapTakeTheirGestures() {
        let screen = MapScreen()
        let taps = Taps()
        screen.mapView.delegate = taps
        let badge = UIView(frame: CGRect(x: 20, y: 300, width: 80, height: 80))
        var badgeTaps = 0
        badge.addGestureRecognizer(UITapGestureRecognizer { _ in badgeTaps += 1 })
        screen.view.addSubview(badge)
        let host = ScreenHost(rootViewController: screen)
        host.tap(at: CGPoint(x: 60, y: 340), id: 1, wait: 1)
        #expect(badgeTaps == 1)
        #expect(taps.mapTaps == 0)
        // A long press on the map is still the map's.
        let time = host.time + 0.1
        host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 250, y: 600), timestamp: time))
        host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 250, y: 600), timestamp: time + 0.8))
        host.advance(by: 1)
        #expect(taps.longPresses == 1)
    }

    @Test func aScreenDrawsTheMapUnderItsControls() {
        let screen = MapScreen()
        let host = ScreenHost(rootViewController: screen)
        host.runUntilIdle()
        let frame = host.renderFrame()
        #expect(frame.width == 780 && frame.height == 1688)
        let buttonFrame = screen.button.convert(screen.button.bounds, to: nil)
        // The button's blue fill is drawn over the map.
        let pixel = frame.color(x: Int(buttonFrame.minX * 2) + 6, y: Int(buttonFrame.midY * 2))
        #expect((pixel?.blue ?? 0) > 0.8 && (pixel?.red ?? 1) < 0.25, "\(String(describing: pixel))")
        // And the map around it.
        let map = frame.color(x: 20, y: 1200)
        #expect(map != nil && map != frame.color(x: Int(buttonFrame.minX * 2) + 6, y: Int(buttonFrame.midY * 2)))
    }

    @Test func limitScreenSizeOutOfRangeIsAPhone() {
        let host = ScreenHost(rootView: UIView(), size: CGSize(width: CGFloat.nan, height: 10))
        #expect(host.rootView.bounds.size == ScreenHost.phoneSize)
        let huge = ScreenHost(rootView: UIView(), size: CGSize(width: 100_000, height: 10))
        #expect(huge.rootView.bounds.size == ScreenHost.phoneSize)
        huge.resize(to: CGSize(width: -1, height: 5))
        #expect(huge.rootView.bounds.size == ScreenHost.phoneSize)
        huge.resize(to: CGSize(width: 844, height: 390))
        #expect(huge.rootView.bounds.size == CGSize(width: 844, height: 390))
    }

    @Test func limitScreenTouchesWithNonFiniteValuesAreDropped() {
        let screen = MapScreen()
        let host = ScreenHost(rootViewController: screen)
        let before = screen.mapView.camera.target
        host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: CGFloat.nan, y: 100), timestamp: 0.1))
        host.send(MapTouch(id: 1, phase: .moved, location: CGPoint(x: 100, y: CGFloat.infinity), timestamp: .nan))
        host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 100, y: 100), timestamp: .infinity))
        host.advance(to: .infinity)
        #expect(host.runUntilIdle(limit: .nan) || true)
        #expect(screen.mapView.camera.target.latitude == before.latitude)
        #expect(host.time.isFinite)
    }

    @Test func limitScreenClockJumpsAreNotReplayedFrameByFrame() {
        let host = ScreenHost(rootView: UIView())
        host.send(MapTouch(id: 1, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: 1.7e9))
        let start = Date()
        host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: 10, y: 10), timestamp: 1.7e9 + 0.1))
        host.advance(by: 1)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(host.time >= 1.7e9)
    }

    @Test func aSpinnerTurnsOnTheScreensClock() {
        let root = UIView()
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.startAnimating()
        root.addSubview(spinner)
        let host = ScreenHost(rootView: root)
        host.advance(by: 0.5)
        let first = host.renderFrame()
        host.advance(by: 0.25)
        #expect(!GoldenSame.equal(first, host.renderFrame()))
    }
}
