import Foundation
import MapGeometry
import Testing

@testable import Geocoding

/// The geocoder's indexes answer exactly as a pass over every ring and every place does.
@Suite("Geocoder indexes")
struct GeocoderIndexTests {
    static let pack: GeocoderPack? = SharedGeocoder.bundledPackURL.flatMap { url in
        (try? Data(contentsOf: url, options: .mappedIfSafe)).flatMap { try? GeocoderPack(data: $0) }
    }

    /// A seeded stream of numbers in 0..<1.
    struct Seeded {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// Points to test areas with: random ones, ones a hair from ring vertices and edges, ones
    /// on the grid's lines and on vertices themselves.
    static func probes(_ areas: [GeocoderPack.Area], count: Int) -> [(Double, Double)] {
        var random = Seeded(state: 99)
        var points: [(Double, Double)] = []
        for _ in 0..<count { points.append((random.next() * 180 - 90, random.next() * 360 - 180)) }
        let vertices = areas.flatMap { $0.rings.flatMap { $0 } }
        guard !vertices.isEmpty else { return points }
        for _ in 0..<count {
            let index = min(Int(random.next() * Double(vertices.count)), vertices.count - 1)
            let (lat, lon) = vertices[index]
            let next = vertices[min(index + 1, vertices.count - 1)]
            let t = random.next()
            switch Int(random.next() * 5) {
            case 0: points.append((lat, lon))
            case 1: points.append((lat + (random.next() - 0.5) * 1e-6, lon + (random.next() - 0.5) * 1e-6))
            case 2: points.append((lat + (next.0 - lat) * t, lon + (next.1 - lon) * t))
            case 3: points.append(((lat * 4).rounded() / 4, lon + (random.next() - 0.5) * 0.5))
            default: points.append((lat + (random.next() - 0.5) * 0.5, (lon * 4).rounded() / 4))
            }
        }
        return points.filter { $0.0 >= -90 && $0.0 <= 90 && $0.1 >= -180 && $0.1 <= 180 }
    }

    @Test func theAreaGridFindsTheFirstAreaEveryRingGives() throws {
        let pack = try #require(Self.pack)
        for (name, areas, count) in [("countries", pack.countryAreas, 10_000), ("admin-1 areas", pack.adminAreas, 4_000)] {
            let grid = AreaGrid(areas: areas)
            var mismatches = 0, inside = 0
            for (lat, lon) in Self.probes(areas, count: count) {
                let c = CLLocationCoordinate2D(latitude: lat, longitude: lon)
                let expected = ReverseGeocoder.area(containing: c, in: areas.indices.lazy.map { areas[$0] })
                let found = grid.first(latitude: lat, longitude: lon)
                if found.map({ areas[$0].id }) != expected?.id || (found.map({ areas[$0].name }) ?? nil) != (expected?.name ?? nil) {
                    mismatches += 1
                }
                if found != nil { inside += 1 }
            }
            #expect(mismatches == 0, "\(name)")
            #expect(inside > count / 2, "\(name): the probes reach inside areas")
        }
    }

    @Test func theAreaGridKeepsTableOrderWhereAreasOverlap() {
        let square: [(Double, Double)] = [(0, 0), (0, 1), (1, 1), (1, 0)]
        func area(_ id: String, _ rings: [[(Double, Double)]]) -> GeocoderPack.Area {
            var area = GeocoderPack.Area(
                country: 0, name: id, rings: rings, box: (0, 0, 1, 1), ringLatitudes: rings.map { _ in (0, 1) })
            area.id = id
            return area
        }
        let hole: [(Double, Double)] = [(0.4, 0.4), (0.4, 0.6), (0.6, 0.6), (0.6, 0.4)]
        let grid = AreaGrid(areas: [area("with hole", [square, hole]), area("under", [square])])
        #expect(grid.first(latitude: 0.1, longitude: 0.1) == 0)
        #expect(grid.first(latitude: 0.5, longitude: 0.5) == 1, "the hole shows the area under it")
        #expect(grid.first(latitude: 0.1, longitude: 0.1) { $0 != 0 } == 1, "areas refused are passed over")
        #expect(grid.first(latitude: 2, longitude: 2) == nil)
        #expect(grid.first(latitude: .nan, longitude: 0) == nil)
    }

    @Test func theNearestPlacesThroughTheTreeAreThoseOfEveryPlace() throws {
        let pack = try #require(Self.pack)
        let latitudes = pack.places.map(\.latitude), longitudes = pack.places.map(\.longitude)
        // Searched from the root, and from seeds.
        let trees = [PlaceTree(latitudes: latitudes, longitudes: longitudes), PlaceTree(latitudes: latitudes, longitudes: longitudes, seeded: true)]
        let units = zip(latitudes, longitudes).map { PlaceTree.unit($0, $1) }
        var random = Seeded(state: 5)
        for round in 0..<400 {
            let lat = asin(random.next() * 2 - 1) * 180 / .pi, lon = random.next() * 360 - 180
            let q = PlaceTree.unit(lat, lon)
            let squared = units.map { ($0.0 - q.0) * ($0.0 - q.0) + ($0.1 - q.1) * ($0.1 - q.1) + ($0.2 - q.2) * ($0.2 - q.2) }
            let maxChord = round % 2 == 0 ? Double.infinity : 0.02
            let accept: (Int) -> Bool = round % 3 == 0 ? { $0 % 2 == 0 } : { _ in true }
            // Of places equally near, the first in the pack comes first.
            var expected: [Int] = []
            for index in squared.indices where accept(index) && squared[index] < maxChord * maxChord {
                guard expected.count < 4 || (squared[index], index) < (squared[expected[3]], expected[3]) else { continue }
                expected.insert(index, at: expected.firstIndex { (squared[index], index) < (squared[$0], $0) } ?? expected.count)
                if expected.count > 4 { expected.removeLast() }
            }
            for tree in trees {
                let four = tree.nearest(4, latitude: lat, longitude: lon, maxChord: maxChord, accept: accept)
                #expect(four.map(\.index) == Array(expected.prefix(4)))
                let one = tree.nearest(latitude: lat, longitude: lon, maxChord: maxChord, accept: accept)
                #expect(one?.index == expected.first)
            }
        }
    }

    /// docs/behaviour.md rule 26: of places equally near, the first in the data is the nearest,
    /// however the tree is cut.
    @Test func rule26OfPlacesEquallyNearTheFirstInTheDataIsTheNearest() {
        let same = [Double](repeating: 60.17, count: 50), sameLongitudes = [Double](repeating: 24.94, count: 50)
        for count in [1, 2, 17, 50] {
          for seeded in [false, true] {
            let tied = PlaceTree(latitudes: Array(same.prefix(count)), longitudes: Array(sameLongitudes.prefix(count)), seeded: seeded)
            #expect(tied.nearest(latitude: 60, longitude: 25)?.index == 0)
            #expect(tied.nearest(3, latitude: 60, longitude: 25) { _ in true }.map(\.index) == Array(0..<min(3, count)))
            #expect(tied.nearest(latitude: 60, longitude: 25) { $0 > 4 }?.index == (count > 5 ? 5 : nil))
          }
        }
    }

    @Test func theFirstResultAloneIsTheFirstOfAllResults() throws {
        let pack = try #require(Self.pack)
        let geocoder = ReverseGeocoder(pack: pack)
        var random = Seeded(state: 17)
        var points = (0..<3_000).map { _ in CLLocationCoordinate2D(latitude: random.next() * 140 - 60, longitude: random.next() * 360 - 180) }
        // And where the streets are.
        points += (0..<300).map { _ in CLLocationCoordinate2D(latitude: 60.15 + random.next() * 0.05, longitude: 24.9 + random.next() * 0.1) }
        for point in points {
            let all = try geocoder.reverseGeocode(point)
            #expect(try geocoder.reverseGeocode(point, maximumResults: 1) == Array(all.prefix(1)))
            #expect(try geocoder.reverseGeocode(point, maximumResults: 2) == Array(all.prefix(2)))
        }
    }

    /// A coordinate in a cell of the open-ocean mask is inside no country and has no place
    /// within the open-ocean chord: the mask answers what the searches would.
    @Test func theOpenOceanMaskHoldsOnlyPointsTheSearchesFindInOpenOcean() throws {
        let pack = try #require(Self.pack)
        let countries = AreaGrid(areas: pack.countryAreas)
        let places = PlaceTree(latitudes: pack.places.map(\.latitude), longitudes: pack.places.map(\.longitude))
        let mask = OpenOceanMask(countries: countries, places: places, chord: ReverseGeocoder.openOceanChord, parts: 2)
        // Most of the ocean, none of the land: about 71% of the Earth is water.
        #expect(mask.openOceanCells > 20_000 && mask.openOceanCells < 45_000, "\(mask.openOceanCells) of 64,800 cells")
        var random = Seeded(state: 41)
        var checked = 0
        for row in 0..<OpenOceanMask.rows {
            for column in 0..<OpenOceanMask.columns {
                let south = Double(row) - 90, west = Double(column) - 180
                // The cell's corners, edges and inside, and a hair inside its corners.
                var probes = [(south, west), (south + 1, west + 1), (south + 0.5, west + 0.5), (south + 1e-9, west + 1e-9), (south + 1 - 1e-9, west + 1 - 1e-9)]
                probes += (0..<2).map { _ in (south + random.next(), west + random.next()) }
                for (lat, lon) in probes where lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180 {
                    guard mask.contains(latitude: lat, longitude: lon) else { continue }
                    checked += 1
                    #expect(countries.first(latitude: lat, longitude: lon) == nil, "\(lat),\(lon) is in a country")
                    #expect(places.nearest(latitude: lat, longitude: lon, maxChord: ReverseGeocoder.openOceanChord) == nil, "\(lat),\(lon) has a place near")
                }
            }
        }
        #expect(checked > 100_000)
    }

    @Test func aPlaceOrACountryTakesItsCellsOutOfTheOpenOceanMask() {
        let island: [(Double, Double)] = [(10.1, 150.1), (10.1, 150.2), (10.2, 150.2), (10.2, 150.1)]
        let country = GeocoderPack.Area(country: 0, name: nil, rings: [island], box: (10.1, 150.1, 10.2, 150.2), ringLatitudes: [(10.1, 10.2)])
        let countries = AreaGrid(areas: [country])
        let places = PlaceTree(latitudes: [-20.5], longitudes: [-120.5])
        let mask = OpenOceanMask(countries: countries, places: places, chord: ReverseGeocoder.openOceanChord)
        #expect(!mask.contains(latitude: 10.9, longitude: 150.9), "the island's cell")
        #expect(mask.contains(latitude: 10.5, longitude: 152.5), "the cell beside it")
        #expect(!mask.contains(latitude: -20.5, longitude: -120.5), "the place's cell")
        #expect(!mask.contains(latitude: -22.5, longitude: -120.5), "within 300 km of the place (222 km)")
        #expect(!mask.contains(latitude: -23.5, longitude: -120.5), "its centre is 334 km away, its northern edge 278 km")
        #expect(mask.contains(latitude: -25.5, longitude: -120.5), "well beyond it (556 km)")
        #expect(!mask.contains(latitude: .nan, longitude: 0))
        // Everything else is open ocean: a world without land.
        let empty = OpenOceanMask(countries: AreaGrid(areas: []), places: PlaceTree(latitudes: [], longitudes: []), chord: ReverseGeocoder.openOceanChord)
        #expect(empty.openOceanCells == OpenOceanMask.rows * OpenOceanMask.columns)
        #expect(empty.contains(latitude: 90, longitude: 180) && empty.contains(latitude: -90, longitude: -180))
    }

    /// Numbers written plainly are read without the full parse, to the same double.
    @Test func aPlainDecimalIsReadToTheDoubleAFullParseGives() {
        var random = Seeded(state: 8)
        var read = 0
        for _ in 0..<200_000 {
            var text = random.next() < 0.5 ? "-" : ""
            let whole = Int(random.next() * 12), fraction = Int(random.next() * 12)
            for _ in 0..<whole { text += String(Int(random.next() * 10)) }
            if random.next() < 0.8 { text += "." }
            for _ in 0..<fraction { text += String(Int(random.next() * 10)) }
            let plain = Array(text.utf8).withUnsafeBufferPointer { GeocodeBatch.plainDecimal($0) }
            if let plain {
                read += 1
                #expect(plain.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
        #expect(read > 100_000, "most are read plainly")
        for text in ["-0", "-0.0", "0.000000000000001", "999999999999999", "89.999999", "-179.999999", "0.1", "5.", ".5", "-", "1e5", "1234567890123456"] {
            let plain = Array(text.utf8).withUnsafeBufferPointer { GeocodeBatch.plainDecimal($0) }
            #expect(plain == nil || plain?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func aLineIsReadFromItsBytesAsItsTextIsRead() {
        var random = Seeded(state: 3)
        let pieces = ["", " ", "\t", "-", "+", "1", "60.1687", "24.9505", "1e2", "0x1p3", "nan", "inf", ",", ",", "  ", ".", "5.", "e", "é", "\u{00A0}", "١"]
        for _ in 0..<20_000 {
            var line = ""
            for _ in 0..<Int(random.next() * 7) { line += pieces[min(Int(random.next() * Double(pieces.count)), pieces.count - 1)] }
            let fromBytes = Array(line.utf8).withUnsafeBufferPointer { GeocodeBatch.coordinate($0) }
            let fromText = GeocodeBatch.coordinate(line)
            #expect(fromBytes?.latitude.bitPattern == fromText?.latitude.bitPattern, "\(line)")
            #expect(fromBytes?.longitude.bitPattern == fromText?.longitude.bitPattern, "\(line)")
        }
    }
}
