import Foundation
import MapDrawing
import MapGeometry
import Testing

@testable import Basemap

/// Placing measures a label's text only when the label could fit (its box, with the largest
/// text, reaches the view), and draws its sprite from the layout it measured: the labels and
/// their pixels are those of measuring and laying out every text.
@MainActor
@Suite("Label measuring")
struct LabelMeasuringTests {
    /// Dense central Helsinki: the zoom-15 tile's own square, under a zoom-14 data tile that
    /// offers four times the area's labels.
    static let denseTile: Viewport = {
        let n = Double(1 << 15), x = 18_654.5, y = 9_484.5
        let center = CLLocationCoordinate2D(latitude: atan(sinh(Double.pi * (1 - 2 * y / n))) * 180 / Double.pi, longitude: x / n * 360 - 180)
        return Viewport(target: center, zoom: 15, width: 256, height: 256)
    }()

    @Test func limitLabelTextBoxIsClampedToTheLargestTextSize() {
        let placer = LabelPlacer()
        // A font far larger than labels use: its one line is taller than the limit.
        let huge = Font(families: ["Roboto"], size: 120)
        let laidOutHuge = TextLayout(text: "Wg", style: TextStyle(font: huge, maximumLines: 1), width: 200).size
        #expect(laidOutHuge.height > LabelPlacer.maximumTextSize.height)
        let size = placer.size("Wg", slot: placer.measuringSlot(for: huge))
        #expect(size.height == LabelPlacer.maximumTextSize.height && size.width <= LabelPlacer.maximumTextSize.width)
        let slot = placer.measuringSlot(for: LabelPlacer.poiFont)
        // Real names are far inside it, measured as they are.
        let name = "Kansallismuseo"
        let laidOut = TextLayout(text: name, style: TextStyle(font: LabelPlacer.poiFont, maximumLines: 1), width: 200).size
        #expect(placer.size(name, slot: slot) == laidOut)
        #expect(laidOut.width < LabelPlacer.maximumTextSize.width / 2)
    }

    /// A map draws its labels' sprites ahead (while its tiles render): drawing then makes none
    /// and gives the pixels of drawing alone.
    @Test(arguments: [1.0, 2.0]) func spritesMadeAheadAreTheOnesDrawnAndTheSamePixels(scale: Double) {
        let tiles = BasemapTiles(), viewport = Self.denseTile
        let ahead = LabelPlacer(), alone = LabelPlacer()
        let placed = ahead.labels(for: viewport, tiles: tiles)
        #expect(placed.count > 10)
        ahead.makeSprites(for: placed, style: tiles.style, scale: scale)
        let made = ahead.sprites.count, icons = ahead.iconSprites.count
        #expect(made > 10 && icons > 0)
        let drawnAhead = Canvas(size: CGSize(width: 256, height: 256), scale: scale)
        ahead.draw(placed, style: tiles.style, in: drawnAhead)
        #expect(ahead.sprites.count == made && ahead.iconSprites.count == icons, "drawing made no sprite")
        let drawnAlone = Canvas(size: CGSize(width: 256, height: 256), scale: scale)
        alone.draw(alone.labels(for: viewport, tiles: tiles), style: tiles.style, in: drawnAlone)
        let same = drawnAhead.bitmap.withUnsafeBytes { a in drawnAlone.bitmap.withUnsafeBytes { b in a.count == b.count && a.elementsEqual(b) } }
        #expect(same)
    }

    @Test func labelsThatCannotReachTheViewArePlacedWithoutMeasuringTheirTextAndTheSameLabelsArePlaced() {
        let tiles = BasemapTiles(), viewport = Self.denseTile
        let lazy = LabelPlacer()
        let placed = lazy.labels(for: viewport, tiles: tiles)
        // A placer that measures every candidate placing reaches.
        let eager = LabelPlacer()
        eager.measuresEveryCandidate = true
        let reference = eager.labels(for: viewport, tiles: tiles)
        #expect(placed.count > 10)
        #expect(placed.count == reference.count)
        for (a, b) in zip(placed, reference) {
            #expect(a.text == b.text && a.box == b.box && a.kind == b.kind, "\(a.text)")
        }
        // Most of the data tile's labels lie beyond the view's reach.
        #expect(lazy.measuredCount * 2 < eager.measuredCount, "\(lazy.measuredCount) of \(eager.measuredCount)")
    }

    /// A right-to-left name is aligned right within the width it is laid out in: its sprite
    /// still shows it, from its left, the same from the layout measured (200 points wide) as
    /// from one laid out afresh (300).
    @Test func aRightToLeftLabelsSpriteShowsItsTextFromEitherLayout() throws {
        let name = "القاهرة الجديدة"
        let measuring = LabelPlacer()
        let slot = measuring.measuringSlot(for: LabelPlacer.placeFont)
        _ = measuring.size(name, slot: slot)
        let measured = TextLayout(text: name, style: TextStyle(font: LabelPlacer.placeFont, maximumLines: 1), width: 200)
        #expect(measured.linesOffset > 0 && measured.lineCount == 1 && !measured.isTruncated)
        measuring.placedLayouts[LabelPlacer.SlotText(slot: slot, text: name)] = measured
        let reused = measuring.sprite(name, LabelPlacer.placeFont, .black, scale: 2).bitmap
        let fresh = LabelPlacer().sprite(name, LabelPlacer.placeFont, .black, scale: 2).bitmap
        #expect(reused.width == fresh.width && reused.height == fresh.height)
        let same = reused.withUnsafeBytes { a in fresh.withUnsafeBytes { b in a.elementsEqual(b) } }
        #expect(same)
        // Dark text pixels, not only the halo's white.
        var dark = 0
        for y in 0..<fresh.height {
            for x in 0..<fresh.width {
                if let pixel = fresh.pixel(x: x, y: y), pixel >> 24 > 0x80, pixel & 0xFF < 0x40 { dark += 1 }
            }
        }
        #expect(dark > 20)
    }

    @Test func aLabelsSpriteFromTheLayoutPlacingMeasuredIsTheSpriteLaidOutAfresh() {
        let tiles = BasemapTiles(), viewport = Self.denseTile
        let placer = LabelPlacer()
        let placed = placer.labels(for: viewport, tiles: tiles)
        #expect(!placer.placedLayouts.isEmpty)
        let reused = Canvas(size: CGSize(width: 256, height: 256), scale: 2)
        placer.draw(placed, style: tiles.style, in: reused)
        // The same labels drawn by a placer that keeps no layouts: every text laid out again.
        let afresh = LabelPlacer()
        _ = afresh.labels(for: viewport, tiles: tiles)
        afresh.placedLayouts.removeAll()
        let fresh = Canvas(size: CGSize(width: 256, height: 256), scale: 2)
        afresh.draw(placed, style: tiles.style, in: fresh)
        let same = reused.bitmap.withUnsafeBytes { a in fresh.bitmap.withUnsafeBytes { b in a.elementsEqual(b) } }
        #expect(same)
        // Not a blank picture: the labels are drawn.
        #expect(reused.bitmap.withUnsafeBytes { $0.contains { $0 != 0 } })
    }
}
