import Foundation
import MapTestSupport
import OpenMaps
import OpenMapsTesting
import Testing

/// The wheel, Core Animation on a map's layer and transactions, and apps launched from their
/// delegates.
@MainActor
@Suite struct WheelAnimationAndAppTests {
    /// The camera's callbacks, runs of `didChange` folded (tile callbacks left out).
    func cameraEvents(_ recorder: DelegateRecorder) -> [String] {
        recorder.events.filter { $0.hasPrefix("willMove") || $0 == "didChange" || $0 == "idle" }.reduce(into: []) { result, event in
            if event == "didChange" && result.last == "didChange" { return }
            result.append(event)
        }
    }

    func hosted(zoom: Float = 14) -> (GMSMapViewHost, DelegateRecorder) {
        let map = makeMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: zoom))
        let recorder = DelegateRecorder()
        map.delegate = recorder
        let host = GMSMapViewHost(mapView: map)
        host.advance(by: 0.1)
        recorder.clear()
        return (host, recorder)
    }

    @Test func rule58AWheelZoomsInProportionAboutThePointerEasedAndNeverSaturates() {
        let (host, recorder) = hosted()
        let pointer = CGPoint(x: 300, y: 100)
        let under = host.mapView.projection.coordinate(for: pointer)
        // Three notches a frame apart: three levels in, the point under the pointer kept.
        for _ in 0..<3 {
            host.scrollWheel(at: pointer, delta: -100)
            host.advance(by: 1.0 / 60)
        }
        #expect(host.mapView.camera.zoom < 17, "eased, not at once")
        host.runUntilIdle()
        #expect(abs(host.mapView.camera.zoom - 17) < 0.01)
        let after = host.mapView.projection.point(for: under)
        #expect(hypot(after.x - pointer.x, after.y - pointer.y) < 1)
        #expect(cameraEvents(recorder) == ["willMove(true)", "didChange", "idle"])
        // A fast spin of 27 notches zooms out as far as it adds up to (the zoom range's end).
        for _ in 0..<27 { host.scrollWheel(at: pointer, delta: 100) }
        host.runUntilIdle()
        #expect(host.mapView.camera.zoom == host.mapView.minZoom)
        // A trackpad pinch: fingers spread twice as far zoom one level in.
        host.scrollWheel(at: pointer, delta: -100 * log(2), pinch: true)
        host.runUntilIdle()
        #expect(abs(host.mapView.camera.zoom - (host.mapView.minZoom + 1)) < 0.01)
        // Zoom gestures off: the wheel does nothing.
        host.mapView.settings.zoomGestures = false
        let zoom = host.mapView.camera.zoom
        host.scrollWheel(at: pointer, delta: -300)
        host.runUntilIdle()
        #expect(host.mapView.camera.zoom == zoom)
    }

    @Test func rule59ATransactionCompletionRunsWhenItsAnimationsEndNotAtCommit() {
        let (host, _) = hosted()
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94))
        marker.map = host.mapView
        host.advance(by: 0.5)
        var completed = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { completed += 1 }
        marker.position = CLLocationCoordinate2D(latitude: 60.18, longitude: 24.95)
        CATransaction.commit()
        #expect(completed == 0)
        host.advance(by: 0.5)
        #expect(completed == 0, "the marker is still moving")
        host.advance(by: 0.6)
        #expect(completed == 1)
        // With nothing animated, the completion runs on the next frame.
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed += 1 }
        CATransaction.commit()
        #expect(completed == 1)
        host.advance(by: 1.0 / 60)
        #expect(completed == 2)
    }

    @Test func limitCATransactionDepthIsBounded() {
        var ran = 0
        for _ in 0..<(CATransaction.maximumDepth + 10) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran += 1 }
        }
        for _ in 0..<(CATransaction.maximumDepth + 10) { CATransaction.commit() }
        let (host, _) = hosted()
        host.advance(by: 1.0 / 60)
        #expect(ran == CATransaction.maximumDepth)
        CATransaction.commit()  // unbalanced: nothing happens
    }

    @Test func rule59BMapLayerAnimationsMoveTheCameraOnItsClock() {
        let (host, recorder) = hosted(zoom: 10)
        final class Told: CAAnimationDelegate {
            var lines: [String] = []
            func animationDidStart(_ anim: CAAnimation) { lines.append("start") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { lines.append("stop \(flag)") }
        }
        let told = Told()
        let zoom = CABasicAnimation(keyPath: kGMSLayerCameraZoomLevelKey)
        zoom.duration = 1
        zoom.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        zoom.toValue = 12
        zoom.delegate = told
        host.mapView.layer.add(zoom, forKey: kGMSLayerCameraZoomLevelKey)
        let bearing = CAKeyframeAnimation(keyPath: kGMSLayerCameraBearingKey)
        bearing.duration = 2
        bearing.values = [0, 90, 0]
        host.mapView.layer.add(bearing, forKey: kGMSLayerCameraBearingKey)
        host.advance(by: 0.5)
        #expect(abs(host.mapView.camera.zoom - 11) < 0.05, "halfway, eased: \(host.mapView.camera.zoom)")
        #expect(abs(host.mapView.camera.bearing - 45) < 2)
        host.advance(by: 0.6)
        #expect(host.mapView.camera.zoom == 12)
        #expect(abs(host.mapView.camera.bearing - 81) < 2, "past the middle keyframe: \(host.mapView.camera.bearing)")
        host.runUntilIdle()
        #expect(host.mapView.camera.bearing < 0.001 || host.mapView.camera.bearing > 359.999)
        #expect(told.lines == ["start", "stop true"])
        #expect(cameraEvents(recorder) == ["willMove(false)", "didChange", "idle"])
        #expect(host.mapView.layer.animationKeys()?.contains(kGMSLayerCameraZoomLevelKey) == true)
        #expect(CAMediaTimingFunction(name: .linear).progress(at: 0.3) == 0.3)
        #expect(abs(CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.5) - 0.5) < 1e-6)
    }

    @Test func rule60AnAppLaunchesFromItsDelegatesInUIKitsOrder() {
        final class Log { var lines: [String] = [] }
        let log = Log()
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var log: Log?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                log?.lines.append("didFinishLaunching")
                return true
            }
            func application(
                _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                options: UIScene.ConnectionOptions
            ) -> UISceneConfiguration {
                log?.lines.append("configurationForConnecting")
                let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
                configuration.delegateClass = SceneDelegate.self
                return configuration
            }
            func applicationDidBecomeActive(_ application: UIApplication) { log?.lines.append("applicationDidBecomeActive") }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var log: Log?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                log?.lines.append("willConnectTo")
                guard let scene = scene as? UIWindowScene else { return }
                window = UIWindow(windowScene: scene)
                let list = UIViewController()
                list.title = "Samples"
                window?.rootViewController = UINavigationController(rootViewController: list)
                window?.makeKeyAndVisible()
            }
            func sceneWillEnterForeground(_ scene: UIScene) { log?.lines.append("sceneWillEnterForeground") }
            func sceneDidBecomeActive(_ scene: UIScene) { log?.lines.append("sceneDidBecomeActive") }
        }
        let app = AppDelegate()
        app.log = log
        let scene = SceneDelegate()
        scene.log = log
        let root = UIApplication.shared.launch(delegate: app, sceneDelegate: scene)
        #expect(log.lines == [
            "didFinishLaunching", "configurationForConnecting", "willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive",
            "applicationDidBecomeActive",
        ])
        let navigation = try? #require(root as? UINavigationController)
        #expect(navigation?.topViewController?.title == "Samples")
        #expect(scene.window?.isKeyWindow == true)
        #expect(UIApplication.shared.applicationState == .active)
        // The window's root goes on a screen as any controller does.
        if let root {
            let host = ScreenHost(rootViewController: root)
            host.advance(by: 0.1)
            #expect((root as? UINavigationController)?.navigationBar.frame.height == CGFloat(47 + 44))
        }
    }
}
