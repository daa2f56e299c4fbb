import Foundation
import OpenMapsTesting
import OpenMapsUtils

/// A cluster item of the tests', with a name.
final class POIItem: NSObject, GMUClusterItem {
    let position: CLLocationCoordinate2D
    let name: String

    init(position: CLLocationCoordinate2D, name: String) {
        self.position = position
        self.name = name
    }
}

/// A cluster item declaring only its position, as the library allows.
final class BareItem: NSObject, GMUClusterItem {
    var position: CLLocationCoordinate2D
    init(_ position: CLLocationCoordinate2D) { self.position = position }
}

/// Items around a few centres over Finland and a scatter over the world, in a fixed order.
func seededItems(count: Int, seed: UInt64) -> [POIItem] {
    var random = SeededGenerator(seed: seed)
    let centres = [(60.17, 24.94), (61.50, 23.76), (65.01, 25.47), (60.45, 22.27), (62.89, 27.68)]
    return (0..<count).map { index in
        let coordinate: CLLocationCoordinate2D
        if index % 5 == 4 {
            coordinate = CLLocationCoordinate2D(
                latitude: Double.random(in: -70...70, using: &random), longitude: Double.random(in: -180..<180, using: &random))
        } else {
            let centre = centres[Int.random(in: 0..<centres.count, using: &random)]
            coordinate = CLLocationCoordinate2D(
                latitude: centre.0 + Double.random(in: -0.6...0.6, using: &random),
                longitude: centre.1 + Double.random(in: -1.2...1.2, using: &random))
        }
        return POIItem(position: coordinate, name: "item \(index)")
    }
}
