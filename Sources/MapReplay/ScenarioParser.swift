import Basemap
import Foundation
import MapDrawing
import OpenMaps

extension Scenario {
    /// Parses and checks a scenario.
    public init(json data: Data) throws {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw ScenarioError("malformed JSON: \(error.localizedDescription)")
        }
        let top = try FieldReader(root, path: "scenario")
        if top.has("panorama") {
            // A panorama view's scenario (an OpenMaps addition): no map.
            try top.only(["panorama", "steps"])
            let panorama = try PanoramaScenario(try top.object("panorama"), steps: top.has("steps") ? try top.array("steps") : [])
            self.panorama = panorama
            size = panorama.size
            camera = CameraSpec(latitude: 0, longitude: 0, zoom: 0)
            return
        }
        try top.only(["map", "delegate", "markers", "overlays", "steps", "panorama", "clustering"])
        let map = try top.object("map")
        try map.only([
            "size", "camera", "padding", "minZoom", "maxZoom", "settings", "myLocationEnabled", "myLocation", "mapType",
            "mapStyle", "mbtiles", "tileLayers",
        ])
        size = try map.size("size")
        let camera = try map.object("camera")
        try camera.only(["latitude", "longitude", "zoom", "bearing", "viewingAngle"])
        self.camera = CameraSpec(
            latitude: try camera.number("latitude"), longitude: try camera.number("longitude"), zoom: try camera.number("zoom"),
            bearing: try camera.optionalNumber("bearing"), viewingAngle: try camera.optionalNumber("viewingAngle"))
        if map.has("padding") { padding = try Scenario.padding(try map.object("padding")) }
        minZoom = try map.optionalNumber("minZoom").map(Float.init)
        maxZoom = try map.optionalNumber("maxZoom").map(Float.init)
        if map.has("settings") { settings = try Scenario.settings(try map.object("settings")) }
        myLocationEnabled = try map.optionalBool("myLocationEnabled")
        if map.has("myLocation") { myLocation = try Scenario.coordinate(try map.value("myLocation"), "map.myLocation", step: nil) }
        if map.has("mapType") { mapType = try Scenario.mapType(try map.string("mapType"), step: nil) }
        if map.has("mapStyle") { mapStyle = try Scenario.style(try map.value("mapStyle"), step: nil) }
        if map.has("mbtiles") {
            let path = try map.string("mbtiles")
            do {
                _ = try MBTilesReader(path: path)
            } catch {
                throw ScenarioError("map.mbtiles: \(error)")
            }
            mbtiles = path
        }
        if map.has("tileLayers") {
            let layers = try map.array("tileLayers")
            guard layers.count <= ScenarioLimits.maximumTileLayers else {
                throw ScenarioError("scenario.map.tileLayers has more than \(ScenarioLimits.maximumTileLayers) layers")
            }
            for (index, value) in layers.enumerated() {
                tileLayers.append(try Scenario.tileLayer(value, path: "scenario.map.tileLayers[\(index)]"))
            }
        }
        if top.has("delegate") { delegate = try Scenario.delegate(try top.object("delegate")) }
        var ids = Set<String>()
        if top.has("markers") {
            let items = try top.array("markers")
            guard items.count <= ScenarioLimits.maximumMarkers else {
                throw ScenarioError("markers has more than \(ScenarioLimits.maximumMarkers) markers")
            }
            for (index, value) in items.enumerated() {
                let marker = try Scenario.marker(value, path: "markers[\(index)]", step: nil)
                guard ids.insert(marker.id).inserted else { throw ScenarioError("markers[\(index)]: duplicate id \"\(marker.id)\"") }
                markers.append(marker)
            }
        }
        var overlayIDs = Set<String>()
        if top.has("overlays") {
            let items = try top.array("overlays")
            guard items.count <= ScenarioLimits.maximumMarkers else {
                throw ScenarioError("overlays has more than \(ScenarioLimits.maximumMarkers) overlays")
            }
            for (index, value) in items.enumerated() {
                let overlay = try Scenario.overlay(value, path: "overlays[\(index)]", step: nil)
                guard overlayIDs.insert(overlay.id).inserted else { throw ScenarioError("overlays[\(index)]: duplicate id \"\(overlay.id)\"") }
                overlays.append(overlay)
            }
        }
        if top.has("clustering") { clustering = try Scenario.clustering(try top.object("clustering")) }
        let items = try top.array("steps")
        guard items.count <= ScenarioLimits.maximumSteps else {
            throw ScenarioError("steps has more than \(ScenarioLimits.maximumSteps) steps")
        }
        var seconds = 0.0
        var added = markers.count + overlays.count
        for (index, value) in items.enumerated() {
            let step = try Scenario.step(value, index: index, ids: &ids)
            seconds += step.virtualSeconds
            guard seconds <= ScenarioLimits.maximumScenarioSeconds else {
                throw ScenarioError(
                    step: index, "the steps run longer than \(Int(ScenarioLimits.maximumScenarioSeconds)) seconds of virtual time in all")
            }
            if case .addMarker = step { added += 1 } else if case .addOverlay = step { added += 1 }
            guard added <= 2 * ScenarioLimits.maximumMarkers else {
                throw ScenarioError(step: index, "the scenario adds more than \(2 * ScenarioLimits.maximumMarkers) markers and overlays")
            }
            steps.append(step)
        }
        if let select = delegate.selectOnPOITap, !ids.contains(select) {
            throw ScenarioError("delegate.didTapPOIWithPlaceID.select: no marker \"\(select)\"")
        }
    }

    // MARK: Parts

    /// A coordinate on the world: latitude within ±90, longitude within ±180.
    static func worldCoordinate(_ value: JSONValue, _ what: String) throws -> CLLocationCoordinate2D {
        let c = try coordinate(value, what, step: nil)
        guard abs(c.latitude) <= 90, abs(c.longitude) <= 180 else {
            throw ScenarioError("\(what) must have a latitude within -90 ... 90 and a longitude within -180 ... 180")
        }
        return c
    }

    /// The clustering set-up (an OpenMaps addition).
    static func clustering(_ r: FieldReader) throws -> ClusteringSpec {
        try r.only(["algorithm", "items", "seededItems", "renderer", "didTapCluster"])
        var spec = ClusteringSpec()
        if let name = try r.optionalString("algorithm") {
            guard let algorithm = ClusteringSpec.Algorithm(rawValue: name) else {
                let names = ClusteringSpec.Algorithm.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw r.fail("clustering.algorithm must be one of \(names)")
            }
            spec.algorithm = algorithm
        }
        var ids = Set<String>()
        if r.has("items") {
            let items = try r.array("items")
            guard items.count <= ScenarioLimits.maximumClusterItems else {
                throw r.fail("clustering.items has more than \(ScenarioLimits.maximumClusterItems) items")
            }
            for (index, value) in items.enumerated() {
                let path = "clustering.items[\(index)]"
                let item = try FieldReader(value, path: path)
                try item.only(["id", "position", "title", "snippet"])
                let parsed = ClusteringSpec.Item(
                    id: try item.string("id"), position: try worldCoordinate(try item.value("position"), "\(path).position"),
                    title: try item.optionalString("title"), snippet: try item.optionalString("snippet"))
                guard ids.insert(parsed.id).inserted else { throw r.fail("\(path): duplicate id \"\(parsed.id)\"") }
                spec.items.append(parsed)
            }
        }
        if r.has("seededItems") {
            let seeded = try r.object("seededItems")
            try seeded.only(["count", "seed", "center", "spread"])
            let count = try seeded.number("count")
            guard count == count.rounded(), count >= 0, count + Double(spec.items.count) <= Double(ScenarioLimits.maximumClusterItems) else {
                throw r.fail("clustering.seededItems.count must be a whole number, with the listed items at most \(ScenarioLimits.maximumClusterItems)")
            }
            let seed = try seeded.optionalNumber("seed") ?? 1
            guard seed == seed.rounded(), seed >= 0, seed < 9e15 else { throw r.fail("clustering.seededItems.seed must be a whole number from 0") }
            let spread = try seeded.optionalNumber("spread") ?? 0.1
            guard spread.isFinite, spread > 0, spread <= 90 else { throw r.fail("clustering.seededItems.spread must be within 0 ... 90 degrees, above 0") }
            let center = try worldCoordinate(try seeded.value("center"), "clustering.seededItems.center")
            spec.items += ClusteringSpec.Seeded(count: Int(count), seed: UInt64(seed), center: center, spread: spread).items
        }
        if r.has("renderer") {
            let renderer = try r.object("renderer")
            try renderer.only(["animates", "reusesMarkers", "minimumClusterSize", "maximumClusterZoom"])
            spec.animates = try renderer.optionalBool("animates") ?? true
            spec.reusesMarkers = try renderer.optionalBool("reusesMarkers") ?? false
            for key in ["minimumClusterSize", "maximumClusterZoom"] {
                guard let value = try renderer.optionalNumber(key) else { continue }
                guard value == value.rounded(), value >= 0, value <= 1e9 else { throw r.fail("clustering.renderer.\(key) must be a whole number from 0") }
                if key == "minimumClusterSize" { spec.minimumClusterSize = UInt(value) } else { spec.maximumClusterZoom = UInt(value) }
            }
        }
        if r.has("didTapCluster") { spec.didTapCluster = try answer(try r.value("didTapCluster"), "clustering.didTapCluster") }
        return spec
    }

    static func tileLayer(_ value: JSONValue, path: String) throws -> TileLayerSpec {
        let reader = try FieldReader(value, path: path)
        try reader.only(["urlTemplate", "zIndex", "opacity", "tileSize", "fadeIn"])
        let template = try reader.string("urlTemplate")
        guard template.utf8.count <= ScenarioLimits.maximumURLTemplateBytes else {
            throw reader.fail("\(path).urlTemplate is longer than \(ScenarioLimits.maximumURLTemplateBytes) bytes")
        }
        var spec = TileLayerSpec(urlTemplate: template)
        guard let sample = spec.url(x: 0, y: 0, zoom: 0), ["http", "https"].contains(sample.scheme?.lowercased() ?? ""),
            ["{z}", "{x}", "{y}"].allSatisfy(spec.urlTemplate.contains)
        else {
            throw reader.fail("\(path).urlTemplate must be an http(s) URL with {z}, {x} and {y}")
        }
        if let zIndex = try reader.optionalNumber("zIndex") {
            guard let value = Int32(exactly: zIndex.rounded()) else { throw reader.fail("\(path).zIndex is out of range") }
            spec.zIndex = value
        }
        if let opacity = try reader.optionalNumber("opacity") {
            guard (0...1).contains(opacity) else { throw reader.fail("\(path).opacity must be within 0...1") }
            spec.opacity = Float(opacity)
        }
        if let size = try reader.optionalNumber("tileSize") {
            guard (64...2048).contains(size) else { throw reader.fail("\(path).tileSize must be within 64...2048") }
            spec.tileSize = Int(size)
        }
        spec.fadeIn = try reader.optionalBool("fadeIn") ?? true
        return spec
    }

    /// A step's raw touches.
    static func touches(_ body: JSONValue, index: Int) throws -> [RawTouch] {
        guard case .array(let items) = body else { throw ScenarioError(step: index, "touches must be an array") }
        guard items.count <= ScenarioLimits.maximumItems else { throw ScenarioError(step: index, "touches has more than \(ScenarioLimits.maximumItems) touches") }
        return try items.enumerated().map { offset, item in
            let r = try FieldReader(item, path: "touches[\(offset)]", step: index)
            try r.only(["t", "id", "phase", "x", "y"])
            let t = try r.number("t")
            guard t >= 0 else { throw r.fail("touches[\(offset)].t must not be negative") }
            guard t <= ScenarioLimits.maximumStepSeconds else {
                throw r.fail("touches[\(offset)].t must be at most \(Int(ScenarioLimits.maximumStepSeconds)) seconds (the longest step)")
            }
            let id = try r.number("id")
            guard id == id.rounded(), abs(id) < 1e9 else { throw r.fail("touches[\(offset)].id must be a whole number") }
            guard let phase = MapTouch.Phase(rawValue: try r.string("phase")) else {
                throw r.fail("touches[\(offset)].phase must be began, moved, ended or cancelled")
            }
            return RawTouch(t: t, id: Int(id), phase: phase, location: CGPoint(x: try r.number("x"), y: try r.number("y")))
        }
    }

    static func coordinate(_ value: JSONValue, _ what: String, step: Int?) throws -> CLLocationCoordinate2D {
        let pair = try FieldReader.numbers(value, count: 2, what: what, step: step)
        return CLLocationCoordinate2D(latitude: pair[0], longitude: pair[1])
    }

    static func point(_ value: JSONValue, _ what: String, step: Int?) throws -> CGPoint {
        let pair = try FieldReader.numbers(value, count: 2, what: what, step: step)
        return CGPoint(x: pair[0], y: pair[1])
    }

    static func padding(_ reader: FieldReader) throws -> UIEdgeInsets {
        try reader.only(["top", "left", "bottom", "right"])
        return UIEdgeInsets(
            top: try reader.optionalNumber("top") ?? 0, left: try reader.optionalNumber("left") ?? 0,
            bottom: try reader.optionalNumber("bottom") ?? 0, right: try reader.optionalNumber("right") ?? 0)
    }

    static let settingNames: Set<String> = [
        "scrollGestures", "zoomGestures", "tiltGestures", "rotateGestures", "compassButton", "myLocationButton",
        "allowScrollGesturesDuringRotateOrZoom", "indoorPicker",
    ]

    static func settings(_ reader: FieldReader) throws -> SettingsSpec {
        try reader.only(settingNames)
        var values: [String: Bool] = [:]
        for key in reader.fields.keys { values[key] = try reader.bool(key) }
        return SettingsSpec(values: values)
    }

    static func mapType(_ name: String, step: Int?) throws -> GMSMapViewType {
        let types: [String: GMSMapViewType] = [
            "normal": .normal, "satellite": .satellite, "hybrid": .hybrid, "terrain": .terrain, "none": .none,
        ]
        guard let type = types[name] else { throw ScenarioError(step: step, "unknown mapType \"\(name)\"") }
        return type
    }

    static func style(_ value: JSONValue, step: Int?) throws -> String {
        let text = value.jsonText
        do {
            _ = try GMSMapStyle(jsonString: text)
        } catch {
            throw ScenarioError(step: step, "\(error)")
        }
        return text
    }

    static func answer(_ value: JSONValue, _ what: String) throws -> Answer {
        switch value {
        case .string("default"): return .default
        case .string("handled"): return .handled
        default: throw ScenarioError("\(what) must be \"default\" or \"handled\"")
        }
    }

    static func views(_ reader: FieldReader) throws -> [String: ViewSpec] {
        var views: [String: ViewSpec] = [:]
        for key in reader.fields.keys {
            let view = try reader.object(key)
            try view.only(["size", "text"])
            views[key] = ViewSpec(size: try view.size("size"), text: try view.optionalString("text") ?? "")
        }
        return views
    }

    static func delegate(_ reader: FieldReader) throws -> DelegateSpec {
        try reader.only(["didTapMarker", "markerInfoWindow", "markerInfoContents", "didTapMyLocationButton", "didTapPOIWithPlaceID"])
        var spec = DelegateSpec()
        if reader.has("didTapMarker") {
            let value = try reader.value("didTapMarker")
            if case .object = value {
                let answers = try reader.object("didTapMarker")
                for key in answers.fields.keys {
                    spec.didTapMarker[key] = try answer(try answers.value(key), "delegate.didTapMarker.\(key)")
                }
            } else {
                spec.didTapMarkerDefault = try answer(value, "delegate.didTapMarker")
            }
        }
        if reader.has("markerInfoWindow") { spec.markerInfoWindow = try views(try reader.object("markerInfoWindow")) }
        if reader.has("markerInfoContents") { spec.markerInfoContents = try views(try reader.object("markerInfoContents")) }
        if reader.has("didTapMyLocationButton") {
            spec.didTapMyLocationButton = try answer(try reader.value("didTapMyLocationButton"), "delegate.didTapMyLocationButton")
        }
        if reader.has("didTapPOIWithPlaceID") {
            let poi = try reader.object("didTapPOIWithPlaceID")
            try poi.only(["select"])
            spec.selectOnPOITap = try poi.string("select")
        }
        return spec
    }

    static func marker(_ value: JSONValue, path: String, step: Int?) throws -> MarkerSpec {
        let r = try FieldReader(value, path: path, step: step)
        try r.only([
            "id", "position", "title", "snippet", "icon", "groundAnchor", "infoWindowAnchor", "zIndex", "tappable", "draggable",
            "flat", "rotation", "opacity", "tracksInfoWindowChanges",
        ])
        var spec = MarkerSpec(id: try r.string("id"), position: try coordinate(try r.value("position"), "\(path).position", step: step))
        spec.title = try r.optionalString("title")
        spec.snippet = try r.optionalString("snippet")
        if r.has("icon") {
            let icon = try r.object("icon")
            try icon.only(["size"])
            spec.iconSize = try icon.size("size")
        }
        if r.has("groundAnchor") { spec.groundAnchor = try point(try r.value("groundAnchor"), "\(path).groundAnchor", step: step) }
        if r.has("infoWindowAnchor") {
            spec.infoWindowAnchor = try point(try r.value("infoWindowAnchor"), "\(path).infoWindowAnchor", step: step)
        }
        if let z = try r.optionalNumber("zIndex") {
            guard z == z.rounded(), abs(z) <= Double(Int32.max) else { throw r.fail("\(path).zIndex must be a whole number") }
            spec.zIndex = Int32(z)
        }
        spec.tappable = try r.optionalBool("tappable")
        spec.draggable = try r.optionalBool("draggable")
        spec.flat = try r.optionalBool("flat")
        spec.rotation = try r.optionalNumber("rotation")
        spec.opacity = try r.optionalNumber("opacity")
        spec.tracksInfoWindowChanges = try r.optionalBool("tracksInfoWindowChanges")
        return spec
    }

    static func coordinates(_ value: JSONValue, _ what: String, step: Int?) throws -> [CLLocationCoordinate2D] {
        guard case .array(let items) = value else { throw ScenarioError(step: step, "\(what) must be an array of [latitude, longitude]") }
        guard items.count <= ScenarioLimits.maximumItems else { throw ScenarioError(step: step, "\(what) has more than \(ScenarioLimits.maximumItems) points") }
        return try items.enumerated().map { try coordinate($0.element, "\(what)[\($0.offset)]", step: step) }
    }

    static func color(_ reader: FieldReader, _ key: String) throws -> Color? {
        guard let text = try reader.optionalString(key) else { return nil }
        guard let color = Color(hex: text) else { throw reader.fail("\(reader.path).\(key) must be a colour like \"#ff0000\" or \"#ff000080\"") }
        return color
    }

    static func overlay(_ value: JSONValue, path: String, step: Int?) throws -> OverlaySpec {
        let r = try FieldReader(value, path: path, step: step)
        try r.only([
            "id", "type", "position", "radius", "path", "holes", "bounds", "icon", "tappable", "zIndex", "strokeColor",
            "fillColor", "strokeWidth", "geodesic", "bearing", "opacity",
        ])
        let typeName = try r.string("type")
        guard let kind = OverlaySpec.Kind(rawValue: typeName) else {
            throw r.fail("\(path).type must be circle, polyline, polygon or groundOverlay, not \"\(typeName)\"")
        }
        var spec = OverlaySpec(id: try r.string("id"), kind: kind)
        switch kind {
        case .circle:
            spec.position = try coordinate(try r.value("position"), "\(path).position", step: step)
            spec.radius = try r.positive("radius")
        case .polyline, .polygon:
            spec.path = try coordinates(try r.value("path"), "\(path).path", step: step)
            if kind == .polygon, r.has("holes") {
                spec.holes = try r.array("holes").enumerated().map { try coordinates($0.element, "\(path).holes[\($0.offset)]", step: step) }
            }
        case .groundOverlay:
            let corners = try r.array("bounds")
            guard corners.count == 2 else { throw r.fail("\(path).bounds must be two coordinates") }
            spec.bounds = (try coordinate(corners[0], "\(path).bounds[0]", step: step), try coordinate(corners[1], "\(path).bounds[1]", step: step))
            if r.has("icon") {
                let icon = try r.object("icon")
                try icon.only(["size"])
                spec.iconSize = try icon.size("size")
            }
        }
        spec.tappable = try r.optionalBool("tappable")
        if let z = try r.optionalNumber("zIndex") {
            guard z == z.rounded(), abs(z) <= Double(Int32.max) else { throw r.fail("\(path).zIndex must be a whole number") }
            spec.zIndex = Int32(z)
        }
        spec.strokeColor = try color(r, "strokeColor")
        spec.fillColor = try color(r, "fillColor")
        spec.strokeWidth = try r.optionalNumber("strokeWidth")
        spec.geodesic = try r.optionalBool("geodesic")
        spec.bearing = try r.optionalNumber("bearing")
        spec.opacity = try r.optionalNumber("opacity")
        return spec
    }

    static func target(_ value: JSONValue, index: Int, ids: Set<String>, allowed: Set<String>) throws -> Target {
        if case .object = value {
            let r = try FieldReader(value, path: "target", step: index)
            try r.only(allowed)
            for key in ["marker", "infoWindow"] where r.has(key) {
                let id = try r.string(key)
                guard ids.contains(id) else { throw r.fail("no marker \"\(id)\"") }
                return key == "marker" ? .marker(id) : .infoWindow(id)
            }
            throw r.fail("a target needs \"marker\" or \"infoWindow\"")
        }
        if case .string(let name) = value {
            guard let control = MapControl(rawValue: name) else { throw ScenarioError(step: index, "unknown tap target \"\(name)\"") }
            return .control(control)
        }
        return .point(try point(value, "the point", step: index))
    }

    static func step(_ value: JSONValue, index: Int, ids: inout Set<String>) throws -> Step {
        guard case .object(let fields) = value, fields.count == 1, let (kind, body) = fields.first else {
            throw ScenarioError(step: index, "a step must be an object with exactly one key")
        }
        func reader() throws -> FieldReader { try FieldReader(body, path: kind, step: index) }
        switch kind {
        case "tap": return .tap(try target(body, index: index, ids: ids, allowed: ["marker", "infoWindow"]))
        case "doubleTap": return .doubleTap(try point(body, "doubleTap", step: index))
        case "twoFingerTap": return .twoFingerTap(try point(body, "twoFingerTap", step: index))
        case "longPress": return .longPress(try target(body, index: index, ids: ids, allowed: ["marker", "infoWindow"]))
        case "pan":
            let r = try reader()
            try r.only(["from", "to", "duration", "fling"])
            return .pan(
                from: try point(try r.value("from"), "pan.from", step: index), to: try point(try r.value("to"), "pan.to", step: index),
                duration: try r.duration("duration", default: 0.3), fling: try r.optionalBool("fling") ?? false)
        case "pinch":
            let r = try reader()
            try r.only(["center", "scale", "duration"])
            return .pinch(
                center: try point(try r.value("center"), "pinch.center", step: index), scale: try r.positive("scale"),
                duration: try r.duration("duration", default: 0.3))
        case "rotate":
            let r = try reader()
            try r.only(["center", "degrees", "duration"])
            return .rotate(
                center: try point(try r.value("center"), "rotate.center", step: index), degrees: try r.number("degrees"),
                duration: try r.duration("duration", default: 0.3))
        case "tilt":
            let r = try reader()
            try r.only(["center", "degrees", "duration"])
            return .tilt(
                center: try r.has("center") ? point(try r.value("center"), "tilt.center", step: index) : nil,
                degrees: try r.number("degrees"), duration: try r.duration("duration", default: 0.3))
        case "drag":
            let r = try reader()
            try r.only(["marker", "to", "duration"])
            let id = try r.string("marker")
            guard ids.contains(id) else { throw r.fail("no marker \"\(id)\"") }
            return .drag(marker: id, to: try point(try r.value("to"), "drag.to", step: index), duration: try r.duration("duration", default: 0.5))
        case "touches":
            return .touches(try Scenario.touches(body, index: index))
        case "select":
            if body == .null { return .select(nil) }
            guard case .string(let id) = body else { throw ScenarioError(step: index, "select takes a marker id or null") }
            guard ids.contains(id) else { throw ScenarioError(step: index, "no marker \"\(id)\"") }
            return .select(id)
        case "set":
            let r = try reader()
            try r.only(["marker", "title", "snippet", "position", "tracksInfoWindowChanges", "map"])
            let id = try r.string("marker")
            guard ids.contains(id) else { throw r.fail("no marker \"\(id)\"") }
            var changes = MarkerChanges()
            if let title = r.fields["title"] { changes.title = .some(title == .null ? nil : try r.string("title")) }
            if let snippet = r.fields["snippet"] { changes.snippet = .some(snippet == .null ? nil : try r.string("snippet")) }
            if r.has("position") { changes.position = try coordinate(try r.value("position"), "set.position", step: index) }
            changes.tracksInfoWindowChanges = try r.optionalBool("tracksInfoWindowChanges")
            if let map = r.fields["map"] {
                guard map == .null else { throw r.fail("set.map can only be null (remove the marker)") }
                changes.removeFromMap = true
            }
            return .set(marker: id, changes: changes)
        case "addMarker":
            let spec = try marker(body, path: "addMarker", step: index)
            guard ids.insert(spec.id).inserted else { throw ScenarioError(step: index, "duplicate marker id \"\(spec.id)\"") }
            return .addMarker(spec)
        case "addOverlay":
            return .addOverlay(try overlay(body, path: "addOverlay", step: index))
        case "camera":
            return try cameraStep(try reader(), index: index)
        case "cluster":
            guard body == .bool(true) else { throw ScenarioError(step: index, "cluster must be true") }
            return .cluster
        case "clear":
            guard body == .bool(true) else { throw ScenarioError(step: index, "clear must be true") }
            ids.removeAll()
            return .clear
        case "wait":
            guard case .number(let seconds) = body, seconds.isFinite, seconds > 0 else {
                throw ScenarioError(step: index, "wait must be a number of seconds greater than 0")
            }
            guard seconds <= ScenarioLimits.maximumStepSeconds else {
                throw ScenarioError(step: index, "wait must be at most \(Int(ScenarioLimits.maximumStepSeconds)) seconds")
            }
            return .wait(seconds)
        case "settings": return .settings(try settings(try reader()))
        case "padding": return .padding(try padding(try reader()))
        case "minMaxZoom":
            let pair = try FieldReader.numbers(body, count: 2, what: "minMaxZoom", step: index)
            return .minMaxZoom(Float(pair[0]), Float(pair[1]))
        case "mapStyle": return .mapStyle(try style(body, step: index))
        case "mapType":
            guard case .string(let name) = body else { throw ScenarioError(step: index, "mapType must be a string") }
            return .mapType(try mapType(name, step: index))
        default:
            throw ScenarioError(step: index, "unknown step \"\(kind)\"")
        }
    }

    static func cameraFields(_ r: FieldReader) throws -> CameraSpec {
        try r.only(["latitude", "longitude", "zoom", "bearing", "viewingAngle"])
        return CameraSpec(
            latitude: try r.optionalNumber("latitude"), longitude: try r.optionalNumber("longitude"),
            zoom: try r.optionalNumber("zoom"), bearing: try r.optionalNumber("bearing"),
            viewingAngle: try r.optionalNumber("viewingAngle"))
    }

    static func cameraStep(_ r: FieldReader, index: Int) throws -> Step {
        if r.has("animate") {
            try r.only(["animate", "duration"])
            return .animate(try cameraFields(try r.object("animate")), duration: try r.optionalDuration("duration"))
        }
        if r.has("move") {
            try r.only(["move"])
            return .move(try cameraFields(try r.object("move")))
        }
        if r.has("update") {
            try r.only(["update"])
            let value = try r.value("update")
            switch value {
            case .string("zoomIn"): return .update(.zoomIn)
            case .string("zoomOut"): return .update(.zoomOut)
            case .string(let name): throw r.fail("camera update \"\(name)\" needs arguments: write it as an object")
            case .object(let fields):
                guard fields.count == 1, let (name, argument) = fields.first else { throw r.fail("a camera update object has one key") }
                switch name {
                case "zoomBy", "zoomTo":
                    guard case .number(let n) = argument, n.isFinite else { throw r.fail("\(name) takes a number") }
                    return .update(name == "zoomBy" ? .zoomBy(Float(n)) : .zoomTo(Float(n)))
                case "setTarget":
                    let t = try FieldReader(argument, path: "setTarget", step: index)
                    try t.only(["target", "zoom"])
                    return .update(.setTarget(try coordinate(try t.value("target"), "setTarget.target", step: index), try t.optionalNumber("zoom").map(Float.init)))
                case "scrollBy":
                    let p = try point(argument, "scrollBy", step: index)
                    return .update(.scrollBy(p.x, p.y))
                case "fit":
                    let f = try FieldReader(argument, path: "fit", step: index)
                    try f.only(["bounds", "padding"])
                    let corners = try f.array("bounds")
                    guard corners.count == 2 else { throw f.fail("fit.bounds must be two coordinates") }
                    return .update(.fit(
                        try coordinate(corners[0], "fit.bounds[0]", step: index), try coordinate(corners[1], "fit.bounds[1]", step: index),
                        try f.optionalNumber("padding") ?? 64))
                default:
                    throw r.fail("unknown camera update \"\(name)\"")
                }
            default:
                throw r.fail("camera.update must be a name or an object")
            }
        }
        throw r.fail("a camera step needs \"animate\", \"move\" or \"update\"")
    }
}
