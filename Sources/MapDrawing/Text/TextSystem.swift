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
    /// A thread's Pango context and the font descriptions made on it.
    private final class ThreadState {
        let context: OpaquePointer
        /// Descriptions by font, made once: making one costs more than shaping a short label.
        var descriptions: [Font: OpaquePointer] = [:]
        init(context: OpaquePointer) { self.context = context }
        // The thread's dictionary lets go of its state when the thread ends.
        deinit {
            for description in descriptions.values { pango_font_description_free(description) }
        }
    }

    private static let key = "OpenMaps.MapDrawing.PangoContext"
    /// The most font descriptions a thread keeps; past it they are all freed and made again
    /// as asked for (a page of text uses a handful).
    static let describedFontsLimit = 256

    /// The calling thread's state, made on first use.
    private static var state: ThreadState {
        let dictionary = Thread.current.threadDictionary
        if let state = dictionary[key] as? ThreadState { return state }
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
        let state = ThreadState(context: context)
        dictionary[key] = state
        return state
    }

    /// The calling thread's context and its Pango font description of a font, which the
    /// thread keeps (the caller does not free it; a layout copies what it is given).
    static func contextAndDescription(for font: Font) -> (context: OpaquePointer, description: OpaquePointer) {
        let state = state
        if let description = state.descriptions[font] { return (state.context, description) }
        if state.descriptions.count >= describedFontsLimit {
            for description in state.descriptions.values { pango_font_description_free(description) }
            state.descriptions.removeAll(keepingCapacity: true)
        }
        let description = makeDescription(for: font)
        state.descriptions[font] = description
        return (state.context, description)
    }

    /// How many font descriptions the calling thread keeps now.
    static var describedFontsCount: Int { state.descriptions.count }

    /// A new Pango font description for a font; the caller frees it.
    private static func makeDescription(for font: Font) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.familyList)
        pango_font_description_set_absolute_size(description, font.size * Double(openmaps_pango_scale))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(clamping: Int(saturating: font.weight.value.rounded()))))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }
}
