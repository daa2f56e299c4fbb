import ConstraintSolver
import Foundation
import OpenMaps
import OpenMapsUtils
import Testing

/// Fuzzing targets of the utility library and the constraint solver: GeoJSON, KML and KMZ,
/// heatmaps, and constraint systems, each from its corpus and then mutations of it.
@MainActor
@Suite("Fuzzing the libraries", .serialized)
struct FuzzLibrariesSuite {
    static let fixtures = FuzzingSuite.root.appendingPathComponent("Tests/OpenMapsUtilsTests/Fixtures")

    private func check(_ report: Fuzzer.Report) {
        #expect(report.overBudget == 0, "\(report)")
        #expect(report.cases > 0, "\(report)")
        #expect(FuzzingSuite.peakBytes < 3 * 1_024 * 1_048_576, "the test process stays bounded")
    }

    @Test func fuzzGeoJSON() async {
        var corpus = FuzzingSuite.files(in: Self.fixtures, ending: ".geojson")
        corpus += [
            #"{"type":"GeometryCollection","geometries":[{"type":"MultiPolygon","coordinates":[[[[1,2],[3,4],[5,6],[1,2]]]]},{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}]}"#,
            #"{"type":"Feature","id":7,"bbox":[1,2,3,4],"properties":{"a":[1,{"b":null}],"c":true},"geometry":{"type":"MultiLineString","coordinates":[[[1,2],[3,4]]]}}"#,
        ].map { [UInt8]($0.utf8) }
        let report = await Fuzzer.run("geojson", corpus: corpus, budget: 5) { bytes in
            let parser = GMUGeoJSONParser(data: Data(bytes))
            parser.parse()
            return parser.parseError == nil
        }
        check(report)
    }

    @Test func fuzzKMLAndKMZ() async {
        var corpus = FuzzingSuite.files(in: Self.fixtures, ending: ".kml") + FuzzingSuite.files(in: Self.fixtures, ending: ".kmz")
        corpus.append([UInt8](#"<?xml version="1.0"?><kml><Document><Style id="s"><LineStyle><color>ff0000ff</color></LineStyle></Style><Placemark><MultiGeometry><Point><coordinates>1,2</coordinates></Point><Polygon><outerBoundaryIs><LinearRing><coordinates>1,2 3,4 5,6 1,2</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry></Placemark><GroundOverlay><LatLonBox><north>2</north><south>1</south><east>2</east><west>1</west></LatLonBox></GroundOverlay></Document></kml>"#.utf8))
        let report = await Fuzzer.run("kml", corpus: corpus, budget: 5) { bytes in
            let parser = GMUKMLParser(data: Data(bytes))
            parser.parse()
            return parser.parseError == nil
        }
        check(report)
    }

    /// Points from the bytes, eight bytes a number (NaN, infinities and huge values come up),
    /// then tiles at addresses from the bytes too.
    @Test func fuzzHeatmaps() async {
        func numbers(_ values: [Double]) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bitPattern) { Array($0) } } }
        let corpus = [
            numbers([60.17, 24.94, 1, 60.18, 24.95, 3, 60.16, 24.93, 0.5]),
            numbers([.nan, 1e308, -1e30, 90, 180, .infinity, -90, -180, 1]),
        ]
        let report = await Fuzzer.run("heatmap", corpus: corpus, budget: 5) { bytes in
            var values: [Double] = []
            var index = 0
            while index + 8 <= bytes.count, values.count < 3_000 {
                values.append(Double(bitPattern: bytes[index..<(index + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) }))
                index += 8
            }
            guard values.count >= 3 else { return false }
            let layer = GMUHeatmapTileLayer()
            layer.radius = UInt(values[0].magnitude.isFinite ? min(values[0].magnitude, 1_000) : 20)
            layer.weightedData = stride(from: 0, to: values.count - 2, by: 3).map { at in
                GMUWeightedLatLng(coordinate: CLLocationCoordinate2D(latitude: values[at], longitude: values[at + 1]), intensity: Float(values[at + 2]))
            }
            layer.map = nil
            for (at, zoom) in [(0, UInt(3)), (1, 10), (2, 21)] {
                let x = UInt(truncatingIfNeeded: values[at].bitPattern) % (1 << zoom), y = UInt(truncatingIfNeeded: values[at].bitPattern >> 7) % (1 << zoom)
                _ = layer.tileFor(x: x, y: y, zoom: zoom)
            }
            _ = layer.tileFor(x: .max, y: .max, zoom: .max)
            return true
        }
        check(report)
    }

    /// Constraint systems from the bytes: each step adds, removes or suggests, on eight
    /// variables, with coefficients and constants from a table of ordinary and extreme values.
    @Test func fuzzConstraintSystems() async {
        let corpus: [[UInt8]] = [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
            [3, 0, 9, 9, 9, 1, 1, 7, 2, 200, 250, 33, 17, 4, 128, 64, 99, 5],
            Array(repeating: 0x41, count: 64),
        ]
        let numbers: [Double] = [0, 1, -1, 2, 0.5, 10, -100, 320, 1e6, -1e9, 1e-9, 1e12, .nan, .infinity, 1e300, -1e300]
        let strengths = [Strength.required, Strength.strong, Strength.medium, Strength.weak, .nan, -1, 1e9]
        let report = await Fuzzer.run("solver", corpus: corpus, budget: 5) { bytes in
            let solver = Solver()
            let variables = (0..<8).map { Variable("v\($0)") }
            var added: [Constraint] = []
            var index = 0
            func next() -> Int {
                defer { index += 1 }
                return index < bytes.count ? Int(bytes[index]) : 0
            }
            while index < bytes.count, index < 2_000 {
                let operation = next() % 4
                switch operation {
                case 0, 1:
                    let terms = (0..<(1 + next() % 3)).map { _ in Term(variables[next() % 8], numbers[next() % numbers.count]) }
                    let relation: Constraint.Relation = [.lessThanOrEqual, .equal, .greaterThanOrEqual][next() % 3]
                    let constraint = Constraint(Expression(terms, constant: numbers[next() % numbers.count]), relation, strength: strengths[next() % strengths.count])
                    if (try? solver.addConstraint(constraint)) != nil { added.append(constraint) }
                case 2:
                    if !added.isEmpty { try? solver.removeConstraint(added.remove(at: next() % added.count)) }
                default:
                    let variable = variables[next() % 8]
                    if !solver.hasEditVariable(variable) { try? solver.addEditVariable(variable, strength: Strength.strong) }
                    try? solver.suggestValue(numbers[next() % numbers.count], for: variable)
                }
            }
            for variable in variables { _ = solver.value(of: variable) }
            return !added.isEmpty
        }
        check(report)
    }
}
