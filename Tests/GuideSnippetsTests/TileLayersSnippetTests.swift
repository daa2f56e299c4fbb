import OpenMaps
import OpenMapsTesting
import Testing

@MainActor
@Suite("Guide: tile layers")
struct TileLayersSnippetTests {
  private func helsinki() -> TransitTilesViewController {
    let controller = TransitTilesViewController()
    controller.loadViewIfNeeded()
    controller.mapView.mapType = .none
    return controller
  }

  @Test("The URL constructor names each tile by zoom, x and y, and gives nil where there is none")
  func urlConstructor() {
    #expect(transitTileURL(x: 3, y: 5, zoom: 17)?.absoluteString == "https://tiles.example.com/transit/17/3/5.png")
    #expect(transitTileURL(x: 3, y: 5, zoom: 16) == nil)
  }

  @Test("Tile layers join the map, stacked by zIndex")
  func layersJoinTheMap() {
    let controller = helsinki()
    #expect(controller.transitLayer.map === controller.mapView)
    #expect(controller.gridLayer.map === controller.mapView)
    #expect(controller.gridLayer.zIndex < controller.transitLayer.zIndex)
    #expect(controller.transitLayer.opacity == 0.8 && controller.transitLayer.fadeIn)
    #expect(controller.gridLayer.tileSize == 512)
  }

  @Test("A sync tile layer makes tiles off the main thread; kGMSTileLayerNoTile where it has none")
  func syncTileLayerOffTheMainThread() async {
    let answers = await Task.detached { () -> (Bool, Bool) in
      let layer = GridTileLayer(tile: GMSMarker.markerImage(with: .purple), zooms: 10...18)
      let inside = layer.tileFor(x: 0, y: 0, zoom: 12)
      let outside = layer.tileFor(x: 0, y: 0, zoom: 5)
      return (inside != nil && inside !== kGMSTileLayerNoTile, outside === kGMSTileLayerNoTile)
    }.value
    #expect(answers.0, "a tile inside the zoom range")
    #expect(answers.1, "no tile outside it")
  }

  @Test("A map with tile layers settles once their tiles are in")
  func mapSettlesWithTileLayers() async {
    let controller = helsinki()
    let driver = drive(controller.mapView)
    let idle = await driver.host.runUntilIdleAwaitingTiles(limit: 5)
    #expect(idle)
  }

  @Test("clearTileCache asks again; setting map to nil removes a layer")
  func clearingAndRemoving() async {
    let controller = helsinki()
    let driver = drive(controller.mapView)
    await driver.host.runUntilIdleAwaitingTiles(limit: 5)
    controller.reloadTransit()
    controller.hideGrid()
    #expect(controller.gridLayer.map == nil)
    #expect(await driver.host.runUntilIdleAwaitingTiles(limit: 5))
  }
}
