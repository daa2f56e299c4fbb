import Foundation
import MapDrawing
import MapGeometry

extension LabelPlacer {
    /// A place label's font by its class: countries bold, cities larger, neighbourhoods
    /// smaller (measured and drawn alike).
    static func font(forPlaceClass klass: String) -> Font {
        switch klass {
        case "country": return countryFont
        case "city": return cityFont
        case "town", "village", "island": return placeFont
        default: return neighbourhoodFont
        }
    }

    /// A place label's font and colour by its class: neighbourhoods and the like grey.
    static func placeLook(_ klass: String, style: BasemapStyle) -> (Font, Color) {
        let font = Self.font(forPlaceClass: klass)
        return (font, font == neighbourhoodFont ? style.roadText : style.placeText)
    }

    /// Draws placed labels: place names with a white halo, POIs as a coloured disc and name.
    /// Each text with its halo is drawn once into a sprite and reused while it stays placed.
    public func draw(_ labels: [PlacedLabel], style: BasemapStyle, in canvas: Canvas) {
        halo = style.labelHalo
        for label in labels {
            let (text, icon) = sprites(of: label, style: style, scale: canvas.scale)
            switch label.kind {
            case .place:
                guard let text else { continue }
                canvas.draw(text.bitmap, in: CGRect(x: label.anchor.x - text.size.width / 2, y: label.anchor.y - text.size.height / 2, width: text.size.width, height: text.size.height), interpolation: .fast)
            case .road:
                guard let text else { continue }
                drawTurned(text, around: label.anchor, by: label.angle, in: canvas)
            case .poi:
                guard let box = label.icon else { continue }
                if let icon { canvas.draw(icon, in: box, interpolation: .fast) }
                guard let text else { continue }
                canvas.draw(text.bitmap, in: CGRect(x: box.maxX + 1, y: label.anchor.y - text.size.height / 2, width: text.size.width, height: text.size.height), interpolation: .fast)
            }
        }
    }

    /// Draws the sprites of placed labels ahead of drawing the labels, as ``draw(_:style:in:)``
    /// will at `scale`: it needs no canvas, so a map does it while its tiles render.
    public func makeSprites(for labels: [PlacedLabel], style: BasemapStyle, scale: Double) {
        halo = style.labelHalo
        for label in labels { _ = sprites(of: label, style: style, scale: scale) }
    }

    /// A placed label's text sprite and POI icon, as drawn (nil where none is drawn).
    private func sprites(of label: PlacedLabel, style: BasemapStyle, scale: Double) -> (text: (bitmap: Bitmap, size: CGSize)?, icon: Bitmap?) {
        switch label.kind {
        case .place:
            let (font, color) = LabelPlacer.placeLook(label.category ?? "", style: style)
            return (sprite(label.text, font, color, scale: scale), nil)
        case .road:
            return (sprite(label.text, LabelPlacer.roadFont, style.roadText, scale: scale), nil)
        case .poi:
            guard label.icon != nil else { return (nil, nil) }
            let color = style.poiIcon ?? LabelPlacer.color(for: label.category ?? "")
            let icon = style.showPOIIcons ? iconSprite(color, glyph: POIGlyph(category: label.category ?? ""), scale: scale) : nil
            guard style.showPOIText else { return (nil, icon) }
            let textColor = style.poiText ?? (style.poiTextIsLighter ? color.lightened(by: 0.35) : color.darkened(by: 0.25))
            return (sprite(label.text, LabelPlacer.poiFont, textColor, scale: scale), icon)
        }
    }

    /// Draws a sprite centred on a point and turned. Turned off the axes, it is sampled
    /// bilinearly by the projective sampler: cairo composites a turned image through a turned
    /// clip a span at a time, several times slower, and the sprite's rim is clear (its halo's
    /// margin), so no clip is needed. Along the axes cairo draws it, copying whole pixels
    /// where they fall on whole pixels.
    private func drawTurned(_ sprite: (bitmap: Bitmap, size: CGSize), around anchor: CGPoint, by angle: Double, in canvas: Canvas) {
        let bitmap = sprite.bitmap
        guard !bitmap.isEmpty, angle.isFinite else { return }
        let cosine = cos(angle), sine = sin(angle)
        guard abs(cosine) > 1e-9, abs(sine) > 1e-9 else {
            canvas.withSavedState {
                canvas.translate(x: anchor.x, y: anchor.y)
                canvas.rotate(by: angle)
                canvas.draw(bitmap, in: CGRect(x: -sprite.size.width / 2, y: -sprite.size.height / 2, width: sprite.size.width, height: sprite.size.height))
            }
            return
        }
        // Sprite pixels -> points: scaled to the sprite's size, centred on the origin, turned, moved to the anchor.
        let sx = sprite.size.width / Double(bitmap.width), sy = sprite.size.height / Double(bitmap.height)
        let cx = -sprite.size.width / 2, cy = -sprite.size.height / 2
        let transform = ProjectiveTransform.affine(
            a: cosine * sx, b: sine * sx, c: -sine * sy, d: cosine * sy,
            tx: anchor.x + cosine * cx - sine * cy, ty: anchor.y + sine * cx + cosine * cy)
        canvas.draw(bitmap, part: CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height), transform: transform)
    }

    /// What a label sprite is drawn from.
    struct SpriteKey: Hashable {
        let text: String
        let font: Font
        let color: Color
        let halo: Color
        let scale: Double
    }


    /// A label's text with its halo, drawn once at a scale (2 points of margin for the halo).
    func sprite(_ text: String, _ font: Font, _ color: Color, scale: Double) -> (bitmap: Bitmap, size: CGSize) {
        let key = SpriteKey(text: text, font: font, color: color, halo: halo, scale: scale)
        if let sprite = sprites[key] { return sprite }
        if sprites.count > 2_000 { sprites.removeAll() }
        // The layout placing measured, where it is the one drawn: one whole line (the same
        // line at 300 points as at the 200 it was measured at).
        let measured = measuredSlot(of: font).flatMap { placedLayouts[SlotText(slot: $0, text: text)] }
        let layout =
            if let measured, measured.lineCount == 1, !measured.isTruncated { measured } else {
                TextLayout(text: text, style: TextStyle(font: font, color: color, maximumLines: 1), width: 300)
            }
        let size = CGSize(width: layout.size.width + 4, height: layout.size.height + 4)
        let canvas = Canvas(size: size, scale: scale)
        // The text at the sprite's left, wherever its layout aligned it (a right-to-left name
        // is aligned right within the width it was laid out in).
        let origin = CGPoint(x: 2 - layout.linesOffset, y: 2)
        drawHalo(layout, at: origin, in: canvas)
        layout.draw(in: canvas, at: origin, color: color)
        let sprite = (canvas.bitmap, size)
        sprites[key] = sprite
        return sprite
    }


    struct IconKey: Hashable {
        let color: Color
        let glyph: POIGlyph
        let scale: Double
    }

    /// A POI icon (a disc in the category's colour, ringed in white, with the category's
    /// glyph in white), drawn once per colour and glyph.
    private func iconSprite(_ color: Color, glyph: POIGlyph, scale: Double) -> Bitmap {
        let key = IconKey(color: color, glyph: glyph, scale: scale)
        if let sprite = iconSprites[key] { return sprite }
        if iconSprites.count > 256 { iconSprites.removeAll() }
        let size = LabelPlacer.poiIcon
        let canvas = Canvas(size: CGSize(width: size, height: size), scale: scale)
        let icon = CGRect(x: 0, y: 0, width: size, height: size)
        canvas.fill(.ellipse(in: icon), with: .white)
        canvas.fill(.ellipse(in: icon.insetBy(dx: 1.5, dy: 1.5)), with: color)
        let shapes = glyph.paths(in: icon.insetBy(dx: 4, dy: 4))
        canvas.fill(shapes.fill, with: .white)
        canvas.stroke(shapes.stroke, with: .white, style: StrokeStyle(width: shapes.width, cap: .round, join: .round))
        iconSprites[key] = canvas.bitmap
        return canvas.bitmap
    }


    /// A halo: the text drawn around itself (glyph-cached, cheaper than stroking outlines).
    func drawHalo(_ layout: TextLayout, at origin: CGPoint, in canvas: Canvas) {
        for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1), (-0.7, -0.7), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7)] {
            layout.draw(in: canvas, at: CGPoint(x: origin.x + dx, y: origin.y + dy), color: halo)
        }
    }

    /// Google's POI colours by category.
    static func color(for category: String) -> Color {
        switch category {
        case "restaurant", "fast_food", "cafe", "bar", "beer": return Color(rgb: 0xF28B36)
        case "shop", "grocery": return Color(rgb: 0x4B77D1)
        case "lodging": return Color(rgb: 0xE46CA8)
        case "museum", "art_gallery", "attraction", "monument", "theatre", "cinema", "zoo": return Color(rgb: 0x12A5A5)
        case "park", "stadium": return Color(rgb: 0x34A853)
        case "school", "college", "library", "town_hall", "police", "post", "place_of_worship", "bank", "office": return Color(rgb: 0x7B8794)
        case "hospital", "pharmacy", "doctor": return Color(rgb: 0xEA4335)
        case "railway", "bus", "ferry", "airport": return Color(rgb: 0x5C6BC0)
        default: return Color(rgb: 0x8E8E93)
        }
    }
}
