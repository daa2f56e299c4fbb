import Foundation
@testable import MapGeometry
import OpenMaps
import Testing

/// CoreLocation's location manager over the simulated device (each test has a device of its own).
@MainActor
@Suite("Location manager")
struct LocationManagerTests {
    final class Recorder: CLLocationManagerDelegate {
        var events: [String] = []
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            events += locations.map { "location \($0.coordinate.latitude)" }
        }
        func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
            events.append("error \((error as? CLError)?.code.rawValue ?? -1)")
        }
        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            events.append("authorization \(manager.authorizationStatus.rawValue)")
        }
    }

    /// Lets the manager's deliveries (main-actor tasks) run.
    private func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    @Test func authorizationIsAskedOnceAndAnsweredLater() async {
        let device = SimulatedLocation()
        let manager = CLLocationManager(device: device)
        let recorder = Recorder()
        manager.delegate = recorder
        await settle()
        #expect(recorder.events == ["authorization 0"], "told once after it is made")
        manager.requestWhenInUseAuthorization()
        #expect(manager.authorizationStatus == .notDetermined, "the answer comes later")
        await settle()
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(recorder.events == ["authorization 0", "authorization 4"])
        manager.requestAlwaysAuthorization()
        await settle()
        #expect(manager.authorizationStatus == .authorizedWhenInUse, "asked only the first time")
    }

    @Test func updatesReportTheCurrentLocationThenEachNewOneBeyondTheFilter() async {
        let device = SimulatedLocation()
        device.authorizationStatus = .authorizedWhenInUse
        device.location = CLLocation(latitude: 1, longitude: 0)
        let manager = CLLocationManager(device: device)
        let recorder = Recorder()
        manager.delegate = recorder
        manager.distanceFilter = 1_000
        manager.startUpdatingLocation()
        await settle()
        device.location = CLLocation(latitude: 1.001, longitude: 0)  // about 111 m: filtered
        device.location = CLLocation(latitude: 2, longitude: 0)
        manager.stopUpdatingLocation()
        device.location = CLLocation(latitude: 3, longitude: 0)
        await settle()
        #expect(recorder.events == ["authorization 4", "location 1.0", "location 2.0"])
        #expect(manager.location?.coordinate.latitude == 3)
    }

    @Test func aDeniedAppGetsAnErrorAndNoLocation() async {
        let device = SimulatedLocation()
        device.answerToRequests = .denied
        device.location = CLLocation(latitude: 1, longitude: 0)
        let manager = CLLocationManager(device: device)
        let recorder = Recorder()
        manager.delegate = recorder
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
        await settle()
        #expect(manager.location == nil && manager.authorizationStatus == .denied)
        #expect(recorder.events.contains("error 1") && !recorder.events.contains { $0.hasPrefix("location") })
    }

    @Test func requestLocationWaitsForAFixThenFails() async throws {
        let device = SimulatedLocation()
        device.authorizationStatus = .authorizedAlways
        let manager = CLLocationManager(device: device)
        let recorder = Recorder()
        manager.delegate = recorder
        manager.requestLocationTimeout = 600  // a busy machine's main actor may be slow to come back
        manager.requestLocation()
        await settle()
        device.location = CLLocation(latitude: 7, longitude: 0)
        #expect(recorder.events.suffix(1) == ["location 7.0"], "a fix that comes while it waits is the answer")
        device.location = nil
        manager.requestLocationTimeout = 0.05
        manager.requestLocation()
        for _ in 0..<200 where recorder.events.last != "error 0" { try await Task.sleep(for: .milliseconds(10)) }
        #expect(recorder.events.suffix(1) == ["error 0"], "none within the wait is an error")
        #expect(CLError.denied ~= CLError(.denied) as Error && (CLError(.network) as NSError).domain == kCLErrorDomain)
    }

    @Test func limitRequestLocationTimeoutWithinTenMinutes() {
        #expect(CLLocationManager.usableTimeout(.nan) == 10 && CLLocationManager.usableTimeout(-5) == 0)
        #expect(CLLocationManager.usableTimeout(.infinity) == 600 && CLLocationManager.usableTimeout(3) == 3)
    }

    @Test func aMapHostsLocationIsTheDevicesLocation() {
        let map = GMSMapView()
        let host = GMSMapViewHost(mapView: map)
        let fix = CLLocation(latitude: 48.85, longitude: 2.35)
        host.setMyLocation(fix)
        #expect(map.myLocation === fix && SimulatedLocation.shared.location === fix)
    }
}
