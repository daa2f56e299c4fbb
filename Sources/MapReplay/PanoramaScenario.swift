import Foundation
import MapDrawing
import OpenMaps

/// A replay scenario of a panorama view (an OpenMaps addition to the replay contract,
/// `docs/replay.md`): panoramas registered from images, where the view starts, and the steps a
/// person and the app take. A scenario with a top-level `"panorama"` is one of these.
public struct PanoramaScenario {
    /// A panorama to register: an image file, or a generated test pattern of a size.
    struct Image {
        var id: String
        var position: CLLocationCoordinate2D
        var heading: Double
        var links: [(heading: Double, id: String)]
        var size: CGSize?
        var file: String?
    }

    /// Where the view goes first.
    enum Move {
        case toID(String)
        case near(CLLocationCoordinate2D, radius: UInt)
    }

    struct CameraSpec {
        var heading: Double?, pitch: Double?, zoom: Double?, fov: Double?
    }

    enum Step {
        case tap(CGPoint)
        case pan(from: CGPoint, to: CGPoint, duration: Double)
        case pinch(center: CGPoint, scale: Double, duration: Double)
        case touches([Scenario.RawTouch])
        case wait(Double)
        case move(Move)
        case camera(CameraSpec)
        case linksHidden(Bool)

        var virtualSeconds: Double {
            switch self {
            case .tap: return Scenario.Step.Timing.tap
            case .pan(_, _, let duration), .pinch(_, _, let duration): return duration + Scenario.Step.Timing.rest
            case .touches(let touches): return touches.map(\.t).max() ?? 0
            case .wait(let seconds): return seconds
            case .move, .camera, .linksHidden: return 0
            }
        }
    }

    /// The most panoramas a scenario registers.
    public static let maximumImages = 64
    /// The largest generated test image, in pixels a side (width; the height is half).
    public static let maximumImageWidth = 8_192
    /// The most pixels a scenario's images may hold together: two of the largest (256 MB
    /// decoded). Sixty-four of the largest would take 8 GB.
    public static let maximumTotalPixels = 2 * 8_192 * 4_096

    var size: CGSize
    var camera = CameraSpec()
    var images: [Image] = []
    var start: Move?
    var steps: [Step] = []
}

extension PanoramaScenario {
    /// Parses the `"panorama"` object and the steps of a panorama scenario.
    init(_ panorama: FieldReader, steps: [JSONValue]) throws {
        try panorama.only(["size", "camera", "images", "start"])
        size = try panorama.size("size")
        if panorama.has("camera") { camera = try PanoramaScenario.camera(try panorama.object("camera")) }
        let items = try panorama.array("images")
        guard items.count <= PanoramaScenario.maximumImages else {
            throw ScenarioError("panorama.images has more than \(PanoramaScenario.maximumImages) images")
        }
        var totalPixels = 0.0
        for (index, value) in items.enumerated() {
            let r = try FieldReader(value, path: "panorama.images[\(index)]")
            try r.only(["id", "position", "heading", "links", "size", "file"])
            var links: [(Double, String)] = []
            if r.has("links") {
                for (n, link) in try r.array("links").enumerated() {
                    let l = try FieldReader(link, path: "panorama.images[\(index)].links[\(n)]")
                    try l.only(["heading", "id"])
                    links.append((try l.number("heading"), try l.string("id")))
                }
            }
            var image = Image(
                id: try r.string("id"), position: try Scenario.coordinate(try r.value("position"), "\(r.path).position", step: nil),
                heading: try r.optionalNumber("heading") ?? 0, links: links)
            let pixels: Double
            if r.has("file") {
                let file = try r.string("file")
                guard let loaded = UIImage(contentsOfFile: file) else {
                    throw ScenarioError("\(r.path).file \"\(file)\" is not a readable PNG or JPEG file (of at most \(UIImage.maximumFileBytes >> 20) MB)")
                }
                image.file = file
                pixels = Double(loaded.bitmap.width) * Double(loaded.bitmap.height)
            } else {
                let size = try r.size("size")
                guard size.width <= CGFloat(PanoramaScenario.maximumImageWidth), size.height <= size.width else {
                    throw ScenarioError("\(r.path).size is past \(PanoramaScenario.maximumImageWidth) x \(PanoramaScenario.maximumImageWidth / 2)")
                }
                image.size = size
                pixels = Double(size.width.rounded(.up)) * Double(size.height.rounded(.up))
            }
            totalPixels += pixels
            guard totalPixels <= Double(PanoramaScenario.maximumTotalPixels) else {
                throw ScenarioError("\(r.path): the images together pass \(PanoramaScenario.maximumTotalPixels) pixels (two of 8192 x 4096)")
            }
            guard !image.id.isEmpty else { throw ScenarioError("\(r.path).id is empty") }
            images.append(image)
        }
        if panorama.has("start") { start = try PanoramaScenario.move(try panorama.object("start"), step: nil) }
        guard steps.count <= ScenarioLimits.maximumSteps else { throw ScenarioError("steps has more than \(ScenarioLimits.maximumSteps) steps") }
        var total = 0.0
        for (index, value) in steps.enumerated() {
            let step = try PanoramaScenario.step(value, index: index)
            total += step.virtualSeconds
            guard total <= ScenarioLimits.maximumScenarioSeconds else {
                throw ScenarioError(step: index, "the steps last more than \(Int(ScenarioLimits.maximumScenarioSeconds)) virtual seconds")
            }
            self.steps.append(step)
        }
    }

    private static func camera(_ r: FieldReader) throws -> CameraSpec {
        try r.only(["heading", "pitch", "zoom", "fov"])
        return CameraSpec(
            heading: try r.optionalNumber("heading"), pitch: try r.optionalNumber("pitch"), zoom: try r.optionalNumber("zoom"),
            fov: try r.optionalNumber("fov"))
    }

    private static func move(_ r: FieldReader, step: Int?) throws -> Move {
        try r.only(["moveTo", "moveNear", "radius"])
        if r.has("moveTo") { return .toID(try r.string("moveTo")) }
        let radius = try r.optionalNumber("radius") ?? 50
        guard radius >= 0, radius <= 100_000 else { throw r.fail("\(r.path).radius must be within 0...100000 metres") }
        return .near(try Scenario.coordinate(try r.value("moveNear"), "\(r.path).moveNear", step: step), radius: UInt(radius))
    }

    private static func step(_ value: JSONValue, index: Int) throws -> Step {
        let r = try FieldReader(value, path: "steps[\(index)]", step: index)
        guard r.fields.count == 1, let kind = r.fields.keys.first, let body = r.fields[kind] else {
            throw ScenarioError(step: index, "a step has exactly one kind")
        }
        switch kind {
        case "tap":
            return .tap(try Scenario.point(body, "steps[\(index)].tap", step: index))
        case "pan":
            let p = try FieldReader(body, path: "steps[\(index)].pan", step: index)
            try p.only(["from", "to", "duration"])
            return .pan(
                from: try Scenario.point(try p.value("from"), "\(p.path).from", step: index),
                to: try Scenario.point(try p.value("to"), "\(p.path).to", step: index), duration: try p.duration("duration", default: 0.3))
        case "pinch":
            let p = try FieldReader(body, path: "steps[\(index)].pinch", step: index)
            try p.only(["center", "scale", "duration"])
            return .pinch(
                center: try Scenario.point(try p.value("center"), "\(p.path).center", step: index), scale: try p.positive("scale"),
                duration: try p.duration("duration", default: 0.3))
        case "touches":
            return .touches(try Scenario.touches(body, index: index))
        case "wait":
            let w = try FieldReader(.object(["wait": body]), path: "steps[\(index)]", step: index)
            return .wait(try w.duration("wait", default: 0))
        case "panorama":
            let p = try FieldReader(body, path: "steps[\(index)].panorama", step: index)
            if p.has("camera") {
                try p.only(["camera"])
                return .camera(try camera(try p.object("camera")))
            }
            if p.has("linksHidden") {
                try p.only(["linksHidden"])
                return .linksHidden(try p.bool("linksHidden"))
            }
            return .move(try move(p, step: index))
        default:
            throw ScenarioError(step: index, "unknown panorama step \"\(kind)\" (tap, pan, pinch, touches, wait, panorama)")
        }
    }
}
