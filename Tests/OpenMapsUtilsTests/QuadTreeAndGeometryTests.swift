import Foundation
import OpenMapsTesting
import OpenMapsUtils
import Testing

/// The point quadtree and the geometry helpers, as the library has them.
@Suite struct QuadTreeAndGeometryTests {
    final class Spot: NSObject, GQTPointQuadTreeItem {
        let at: GQTPoint
        let name: Int
        init(_ x: Double, _ y: Double, _ name: Int = 0) {
            at = GQTPoint(x: x, y: y)
            self.name = name
        }
        func point() -> GQTPoint { at }
    }

    @Test func rule71AQuadTreeFindsItemsInsideABoxEdgesIncluded() {
        let tree: GQTPointQuadTree = GQTPointQuadTree(bounds: GQTBounds(minX: -1, minY: -1, maxX: 1, maxY: 1))
        #expect(tree.add(Spot(0.5, 0.5)))
        #expect(tree.add(Spot(1, 1)), "the bounds' edges are inside")
        #expect(!tree.add(Spot(1.01, 0)), "outside")
        #expect(!tree.add(nil))
        #expect(!tree.add(Spot(.nan, 0)))
        #expect(tree.count() == 2)
        #expect(tree.search(with: GQTBounds(minX: 0.5, minY: 0.5, maxX: 1, maxY: 1)).count == 2)
        #expect(tree.search(with: GQTBounds(minX: 0.6, minY: 0.6, maxX: 0.9, maxY: 0.9)).isEmpty)
        tree.clear()
        #expect(tree.count() == 0)
        #expect(GQTPointQuadTree(bounds: GQTBounds(minX: 1, minY: 0, maxX: -1, maxY: 1)) == nil, "inverted bounds")
    }

    @Test func rule71AQuadTreeSplitsPast64AndKeepsEveryItemFindable() {
        let tree = GQTPointQuadTree()
        var random = SeededGenerator(seed: 5)
        let spots = (0..<5_000).map { Spot(Double.random(in: -1...1, using: &random), Double.random(in: -1...1, using: &random), $0) }
        for spot in spots { tree.add(spot) }
        #expect(tree.count() == 5_000)
        let box = GQTBounds(minX: -0.3, minY: 0.1, maxX: 0.45, maxY: 0.8)
        let found = Set(tree.items(in: box).compactMap { ($0 as? Spot)?.name })
        let expected = Set(spots.filter { $0.at.x >= -0.3 && $0.at.x <= 0.45 && $0.at.y >= 0.1 && $0.at.y <= 0.8 }.map(\.name))
        #expect(found == expected)
        // Removal finds the item by isEqual, once.
        #expect(tree.remove(spots[17]))
        #expect(!tree.remove(spots[17]))
        #expect(tree.count() == 4_999)
    }

    @Test func rule71AQuadTreeSearchesTopRightTopLeftBottomRightBottomLeft() {
        let tree = GQTPointQuadTree()
        // 65 items split the root; one more in each quarter.
        for index in 0..<65 { tree.add(Spot(-0.5, -0.5, 1_000 + index)) }
        tree.add(Spot(0.5, 0.5, 1))
        tree.add(Spot(-0.5, 0.5, 2))
        tree.add(Spot(0.5, -0.5, 3))
        let order = tree.items(in: GQTBounds(minX: -1, minY: -1, maxX: 1, maxY: 1)).compactMap { ($0 as? Spot)?.name }
        #expect(Array(order.prefix(3)) == [1, 2, 3])
        #expect(order.count == 68)
    }

    @Test func limitQuadTreeItemsAtOnePointStopSplittingAtDepth30() {
        let tree = GQTPointQuadTree()
        for index in 0..<2_000 { tree.add(Spot(0.25, 0.25, index)) }
        #expect(tree.count() == 2_000)
        #expect(tree.search(with: GQTBounds(minX: 0.25, minY: 0.25, maxX: 0.25, maxY: 0.25)).count == 2_000)
    }

    @Test func rule71CoordinateDistanceHeadingOffsetAndInterpolationAreSpherical() {
        let origin = CLLocationCoordinate2D(latitude: 0, longitude: 0)
        let east = CLLocationCoordinate2D(latitude: 0, longitude: 1)
        #expect(abs(origin.distance(to: east) - kGMSEarthRadius * .pi / 180) < 1e-6)
        #expect(abs(origin.heading(to: east) - 90) < 1e-9)
        #expect(abs(east.heading(to: origin) - 270) < 1e-9, "in 0..<360")
        let moved = origin.offset(distance: kGMSEarthRadius * .pi / 2, heading: 0)
        #expect(abs(moved.latitude - 90) < 1e-9)
        let halfway = origin.interpolate(to: CLLocationCoordinate2D(latitude: 0, longitude: 90), fraction: 0.5)
        #expect(abs(halfway.longitude - 45) < 1e-9 && abs(halfway.latitude) < 1e-9)
        let across = CLLocationCoordinate2D(latitude: 0, longitude: 179).interpolate(to: CLLocationCoordinate2D(latitude: 0, longitude: -179), fraction: 0.5)
        #expect(abs(abs(across.longitude) - 180) < 1e-9, "the short way, over the antimeridian")
    }

    @Test func rule71PathAreaIsTheSphericalAreaAndItsSignIsTheDirection() {
        // An octant of the sphere: an eighth of its surface.
        let octant = [
            CLLocationCoordinate2D(latitude: 0, longitude: 0), CLLocationCoordinate2D(latitude: 0, longitude: 90),
            CLLocationCoordinate2D(latitude: 90, longitude: 0),
        ].gmsMutablePath
        let eighth = 4 * Double.pi * kGMSEarthRadius * kGMSEarthRadius / 8
        #expect(abs(octant.area() - eighth) / eighth < 1e-9)
        #expect(octant.signedArea() > 0, "counter-clockwise")
        let clockwise = [
            CLLocationCoordinate2D(latitude: 90, longitude: 0), CLLocationCoordinate2D(latitude: 0, longitude: 90),
            CLLocationCoordinate2D(latitude: 0, longitude: 0),
        ].gmsMutablePath
        #expect(clockwise.signedArea() < 0)
        #expect(abs(octant.area(radius: 1) - Double.pi / 2) < 1e-9)
        #expect([CLLocationCoordinate2D(latitude: 1, longitude: 1), CLLocationCoordinate2D(latitude: 2, longitude: 2)].gmsMutablePath.area() == 0)
        let polygon = GMSPolygon(path: octant)
        #expect(polygon.area().map { abs($0 - eighth) / eighth < 1e-9 } == true)
        #expect(GMSPolygon().area() == nil)
    }

    @Test func rule71ContainmentAndOnPathTestsFollowGeodesicOrRhumbLines() {
        let square = [
            CLLocationCoordinate2D(latitude: 0, longitude: 0), CLLocationCoordinate2D(latitude: 0, longitude: 10),
            CLLocationCoordinate2D(latitude: 10, longitude: 10), CLLocationCoordinate2D(latitude: 10, longitude: 0),
        ].gmsMutablePath
        #expect(square.contains(coordinate: CLLocationCoordinate2D(latitude: 5, longitude: 5), geodesic: true))
        #expect(!square.contains(coordinate: CLLocationCoordinate2D(latitude: 15, longitude: 5), geodesic: false))
        // Along the top edge a great circle bulges north of the rhumb line at 10°.
        let top = CLLocationCoordinate2D(latitude: 10.03, longitude: 5)
        #expect(square.contains(coordinate: top, geodesic: true))
        #expect(!square.contains(coordinate: top, geodesic: false))
        let line = [CLLocationCoordinate2D(latitude: 0, longitude: 0), CLLocationCoordinate2D(latitude: 0, longitude: 10)].gmsMutablePath
        #expect(line.isOnPath(coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 5), geodesic: true))
        #expect(!line.isOnPath(coordinate: CLLocationCoordinate2D(latitude: 0.01, longitude: 5), geodesic: true))
        #expect(line.isOnPath(coordinate: CLLocationCoordinate2D(latitude: 0.01, longitude: 5), geodesic: true, tolerance: 2_000))
        #expect(GMSPath.defaultToleranceInMeters == 0.1)
        let polyline = GMSPolyline(path: line)
        #expect(polyline.isOnPolyline(coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 3)))
        #expect(!GMSPolyline().isOnPolyline(coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 3)))
        let polygon = GMSPolygon(path: square)
        #expect(polygon.contains(coordinate: CLLocationCoordinate2D(latitude: 5, longitude: 5)))
    }

    @Test func rule71MapPointsProjectLikeGMSProjectAndGoTheShortWay() {
        let helsinki = CLLocationCoordinate2D(latitude: 60.17, longitude: 24.94)
        let back = helsinki.mapPoint.location
        #expect(abs(back.latitude - 60.17) < 1e-9 && abs(back.longitude - 24.94) < 1e-9)
        let west = CLLocationCoordinate2D(latitude: 0, longitude: 170).mapPoint
        let east = CLLocationCoordinate2D(latitude: 0, longitude: -170).mapPoint
        #expect(abs(west.distance(to: east) - 20.0 / 180) < 1e-12, "across the antimeridian")
        let middle = MapPoint.interpolate(from: west, to: east, fraction: 0.5).location
        #expect(abs(abs(middle.longitude) - 180) < 1e-9)
        let quarter = MapPoint.interpolate(
            from: CLLocationCoordinate2D(latitude: 0, longitude: 0).mapPoint, to: CLLocationCoordinate2D(latitude: 0, longitude: 40).mapPoint,
            fraction: 0.25
        ).location
        #expect(abs(quarter.longitude - 10) < 1e-9)
    }
}
