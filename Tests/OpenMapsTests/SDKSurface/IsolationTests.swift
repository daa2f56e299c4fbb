import Foundation
@testable import OpenMaps
import Testing

/// Model objects have no actor, as Swift imports the SDK: app code makes and edits them
/// anywhere (docs/limits.md, "Threads").
@Suite("Isolation")
struct IsolationTests {
    /// Runs off the main actor: a nonisolated synchronous test runs on Swift's shared threads.
    @Test func modelObjectsAreMadeAndEditedWithoutAnActor() {
        let path = GMSMutablePath()
        path.add(CLLocationCoordinate2D(latitude: 1, longitude: 2))
        path.addLatitude(3, longitude: 4)
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 1, longitude: 2))
        marker.title = "made off the main actor"
        marker.rotation = 30
        let line = GMSPolyline(path: path)
        line.spans = [GMSStyleSpan(style: .gradient(from: .red, to: .blue))]
        let circle = GMSCircle(position: marker.position, radius: 10)
        let camera = GMSCameraPosition(latitude: 1, longitude: 2, zoom: 3)
        let update = GMSCameraUpdate.setCamera(camera)
        let bounds = GMSCoordinateBounds(path: path)
        let options = GMSMapViewOptions()
        options.camera = camera
        options.mapID = GMSMapID(identifier: "mine")
        let layer = GMSURLTileLayer(urlConstructor: { x, y, zoom in URL(string: "http://tiles.invalid/\(zoom)/\(x)/\(y).png") })
        layer.zIndex = 2
        #expect(marker.title == "made off the main actor" && line.path?.count() == 2 && circle.radius == 10)
        #expect(bounds.isValid && update.description.isEmpty == false && layer.zIndex == 2 && options.mapID != nil)
    }

    /// Returns once the main queue has run everything queued on it before this call.
    private func mainQueueDrained() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }
    }

    @MainActor
    @Test func anOffMainChangeIsLoggedAndReachesTheMap() async throws {
        let map = GMSMapView(options: GMSMapViewOptions(frame: CGRect(x: 0, y: 0, width: 300, height: 300), camera: nil))
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 0, longitude: 0))
        marker.map = map
        let before = MainThread.offMainChangeCount
        let carried = MainThread.Carried(marker)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                carried.value.map = nil
                done.resume()
            }
        }
        #expect(MainThread.offMainChangeCount > before)
        await mainQueueDrained()
        #expect(!map.scene.markers.store.all.contains { $0 === marker })
    }

    @MainActor
    @Test func aLateJoinFromAnotherThreadDoesNotUndoALaterRemoval() async throws {
        let map = GMSMapView(options: GMSMapViewOptions(frame: CGRect(x: 0, y: 0, width: 300, height: 300), camera: nil))
        let marker = GMSMarker()
        let carried = MainThread.Carried(marker)
        let mapRef = MainThread.Carried(map)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                carried.value.map = mapRef.value  // queued for the main actor
                done.resume()
            }
        }
        marker.map = nil  // on the main actor, before the queued join runs
        await mainQueueDrained()
        #expect(marker.map == nil && !map.scene.markers.store.all.contains { $0 === marker }, "the stale join is dropped")
    }
}
