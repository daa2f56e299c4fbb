import CCairo
import Foundation
import MapGeometry

/// The Pango context every layout on a thread shares, set up so that text renders the same
/// on every machine of a kind: grey antialiasing, no hinting, unhinted metrics, unrounded
/// glyph positions and a fixed language, whatever the system's fontconfig defaults say.
///
/// Pango objects are not thread-safe, so each thread gets its own context (Pango's default
/// cairo font map is per-thread too).
enum TextSystem {
    private final class ContextBox {
        let context: OpaquePointer
        init(context: OpaquePointer) { self.context = context }
    }

    private static let key = "OpenMaps.MapDrawing.PangoContext"

    /// The calling thread's Pango context.
    static var context: OpaquePointer {
        let dictionary = Thread.current.threadDictionary
        if let box = dictionary[key] as? ContextBox { return box.context }
        let fontMap = pango_cairo_font_map_get_default()
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string("en-us"))
        dictionary[key] = ContextBox(context: context)
        return context
    }

    /// A new Pango font description for a font; the caller frees it.
    static func makeDescription(for font: Font) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.familyList)
        pango_font_description_set_absolute_size(description, font.size * Double(openmaps_pango_scale))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(clamping: Int(saturating: font.weight.value.rounded()))))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }
}
