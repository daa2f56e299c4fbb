// Guide topic: "Tile layers": GMSURLTileLayer built from a URL constructor closure, a
// GMSSyncTileLayer subclass, z-index, opacity, fading and clearing the tile cache.
import OpenMaps

/// The URL of a tile of the transit overlay, or nil where the overlay has none (below zoom 17,
/// where the basemap's own lines are enough). Called for each tile the map needs.
func transitTileURL(x: UInt, y: UInt, zoom: UInt) -> URL? {
  guard zoom >= 17 else { return nil }
  return URL(string: "https://tiles.example.com/transit/\(zoom)/\(x)/\(y).png")
}

/// A grid laid over the map, one tile at a time. The SDK calls `tileFor(x:y:zoom:)` off the
/// main thread, so the layer keeps only immutable state.
final class GridTileLayer: GMSSyncTileLayer {
  private let tile: UIImage
  private let zooms: ClosedRange<UInt>

  init(tile: UIImage, zooms: ClosedRange<UInt>) {
    self.tile = tile
    self.zooms = zooms
    super.init()
  }

  override func tileFor(x: UInt, y: UInt, zoom: UInt) -> UIImage? {
    // kGMSTileLayerNoTile: nothing here, and no need to ask again.
    zooms.contains(zoom) ? tile : kGMSTileLayerNoTile
  }
}

/// Helsinki with a transit overlay fetched by URL and a grid drawn by the app.
class TransitTilesViewController: UIViewController {
  private(set) var mapView: GMSMapView!
  private(set) var transitLayer: GMSURLTileLayer!
  private(set) var gridLayer: GridTileLayer!

  override func loadView() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 60.1699, longitude: 24.9384, zoom: 15)
    let mapView = GMSMapView(options: options)
    self.mapView = mapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    let urls: GMSTileURLConstructor = { x, y, zoom in
      transitTileURL(x: x, y: y, zoom: zoom)
    }
    transitLayer = GMSURLTileLayer(urlConstructor: urls)
    transitLayer.userAgent = "OpenMapsSnippets/1.0"
    transitLayer.zIndex = 2
    transitLayer.opacity = 0.8
    transitLayer.fadeIn = true
    transitLayer.map = mapView

    gridLayer = GridTileLayer(tile: makeGridTile(), zooms: 10...18)
    gridLayer.tileSize = 512
    gridLayer.zIndex = 1
    gridLayer.opacity = 0.5
    gridLayer.map = mapView
  }

  /// Fetches the transit tiles again, say after the timetable changed.
  func reloadTransit() {
    transitLayer.clearTileCache()
  }

  func hideGrid() {
    gridLayer.map = nil
  }

  private func makeGridTile() -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 256, height: 256))
    return renderer.image { context in
      context.cgContext.setStrokeColor(UIColor.systemPurple.cgColor)
      context.cgContext.setLineWidth(2)
      context.stroke(CGRect(x: 1, y: 1, width: 254, height: 254))
    }
  }
}
