import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Marker behaviour")
struct MarkerBehaviourTests {
    @Test func positionChangesAnimateBriefly() throws {
        let map = MapHarness()
        let marker = map.addMarker("a", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
        let start = try #require(map.host.iconCenter(of: marker))
        marker.position = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.1)
        #expect(marker.position.longitude == -0.1)
        #expect(map.host.iconCenter(of: marker) == start)
        map.host.advance(by: 0.1)
        let midway = try #require(map.host.iconCenter(of: marker))
        #expect(midway.x > start.x)
        map.settle()
        let end = try #require(map.host.iconCenter(of: marker))
        #expect(abs(end.x - map.mapView.projection.point(for: marker.position).x) < 1e-9)
        #expect(end.x > midway.x)
        #expect(map.host.time < 0.3)
    }

    @Test func transactionDurationSetsTheMove() throws {
        let map = MapHarness()
        let marker = map.addMarker("a", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        marker.position = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.1)
        marker.rotation = 90
        CATransaction.commit()
        map.host.advance(by: 1.5)
        #expect(!map.host.isIdle)
        map.settle()
        #expect(map.host.time >= 2 && map.host.time < 2.1)
        CATransaction.begin()
        CATransaction.setAnimationDuration(0)
        marker.position = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127)
        CATransaction.commit()
        #expect(map.host.isIdle)
    }

    @Test func nonFinitePositionIsIgnored() {
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 1, longitude: 2))
        marker.position = CLLocationCoordinate2D(latitude: .nan, longitude: 0)
        marker.rotation = .infinity
        #expect(marker.position == CLLocationCoordinate2D(latitude: 1, longitude: 2))
        #expect(marker.rotation == 0)
    }

    @Test func dragFollowsTheFingerAtOnce() throws {
        let map = MapHarness()
        let marker = map.addMarker("d", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
        marker.isDraggable = true
        let start = try #require(map.host.iconCenter(of: marker))
        map.host.send(MapTouch(id: 1, phase: .began, location: start, timestamp: 0))
        map.host.send(MapTouch(id: 1, phase: .moved, location: CGPoint(x: start.x + 50, y: start.y), timestamp: 0.8))
        let moved = try #require(map.host.iconCenter(of: marker))
        #expect(abs(moved.x - start.x - 50) < 1e-6)
        map.host.send(MapTouch(id: 1, phase: .ended, location: CGPoint(x: start.x + 50, y: start.y), timestamp: 0.9))
        #expect(map.delegate.events == ["didBeginDragging:d", "didDrag:d", "didEndDragging:d"])
    }

    @Test func removingAMarkerDuringItsOwnCallbackIsSafe() {
        final class Remover: GMSMapViewDelegate {
            func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
                marker.map = nil
                return false
            }
        }
        let map = MapHarness()
        let remover = Remover()
        map.mapView.delegate = remover
        let marker = map.addMarker("gone", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.1))
        map.tap(map.point(of: marker))
        map.settle()
        #expect(marker.map == nil && map.mapView.selectedMarker == nil)
    }

    @Test func iconViewIsDrawnAndTracked() throws {
        let map = MapHarness()
        let marker = map.addMarker("v", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        view.backgroundColor = .red
        marker.iconView = view
        marker.groundAnchor = CGPoint(x: 0.5, y: 0.5)
        let centre = try #require(map.host.iconCenter(of: marker))
        let first = map.host.renderFrame(scale: 1)
        #expect(first.color(x: Int(centre.x), y: Int(centre.y)) == .init(red: 1, green: 0, blue: 0))
        view.backgroundColor = .blue
        let second = map.host.renderFrame(scale: 1)
        #expect(second.color(x: Int(centre.x), y: Int(centre.y)) == .init(red: 0, green: 0, blue: 1))
        marker.tracksViewChanges = false
        view.backgroundColor = .green
        let third = map.host.renderFrame(scale: 1)
        #expect(third.color(x: Int(centre.x), y: Int(centre.y)) == .init(red: 0, green: 0, blue: 1))
    }

    @Test func viewAnimationsRunOnTheMapsClock() {
        let map = MapHarness()
        let marker = map.addMarker("v", at: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
        let glow = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let icon = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        icon.addSubview(glow)
        marker.iconView = icon
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: {
            glow.alpha = 0
            glow.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        }, completion: { finished = $0 })
        #expect(glow.alpha == 1 && glow.frame.minX == 0 && finished == nil)
        map.host.advance(by: 0.5)
        #expect(glow.alpha > 0.2 && glow.alpha < 0.8)
        #expect(glow.frame.minX > 2 && glow.frame.minX < 8)
        map.settle()
        #expect(glow.alpha == 0 && glow.frame.minX == 10 && finished == true)
        #expect(map.host.time >= 1)
    }
}
