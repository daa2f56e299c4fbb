import Foundation
import MapDrawing

/// What a pin image's glyph shows: text, an image, or a coloured dot.
public final class GMSPinImageGlyph: NSObject, Sendable {
    /// The glyph's text, when it is text.
    public let text: String?
    /// The text's colour, when it is text.
    public let textColor: UIColor?
    /// The glyph's image, when it is an image.
    public let image: UIImage?
    /// The dot's colour, when it is a dot.
    public let glyphColor: UIColor?

    private init(text: String?, textColor: UIColor?, image: UIImage?, glyphColor: UIColor?) {
        self.text = text
        self.textColor = textColor
        self.image = image
        self.glyphColor = glyphColor
        super.init()
    }

    /// Text in a colour (a few characters fit the pin's head).
    public convenience init(text: String, textColor: UIColor) {
        self.init(text: text, textColor: textColor, image: nil, glyphColor: nil)
    }

    /// An image, fitted into the pin's head.
    public convenience init(image: UIImage) {
        self.init(text: nil, textColor: nil, image: image, glyphColor: nil)
    }

    /// A dot in a colour.
    public convenience init(glyphColor: UIColor) {
        self.init(text: nil, textColor: nil, image: nil, glyphColor: glyphColor)
    }
}

/// How a pin image looks: its glyph, fill and border. Nil values take the default pin's.
public final class GMSPinImageOptions: NSObject {
    /// The glyph in the pin's head (nil: the default dot).
    public var glyph: GMSPinImageGlyph?
    /// The pin's fill (nil: Google's marker red).
    public var backgroundColor: UIColor?
    /// The pin's border (nil: a darker shade of the fill).
    public var borderColor: UIColor?

    public override init() {
        super.init()
    }
}

/// The pin of an advanced marker, as an image at the main screen's scale: the default pin's
/// shape in the options' colours, with its glyph.
public final class GMSPinImage: UIImage, @unchecked Sendable {
    /// The longest glyph text drawn (longer text is cut).
    static let maximumGlyphCharacters = 8

    /// A pin drawn from options.
    public init(options: GMSPinImageOptions) {
        let scale = UIScreen.defaultScale
        let canvas = Canvas(size: DefaultMarkerIcon.size, scale: scale)
        GMSPinImage.draw(options, in: canvas)
        super.init(bitmap: canvas.bitmap, scale: canvas.scale, renderingMode: .alwaysOriginal)
    }

    /// The part of a glyph's text a pin shows: its first characters, and no more than 64
    /// Unicode scalars (one character may hold any number of combining marks).
    static func shownText(_ text: String) -> String {
        let scalars = String(String.UnicodeScalarView(text.unicodeScalars.prefix(64)))
        return String(scalars.prefix(maximumGlyphCharacters))
    }

    private static func draw(_ options: GMSPinImageOptions, in canvas: Canvas) {
        let size = DefaultMarkerIcon.size
        let fill = options.backgroundColor?.color ?? DefaultMarkerIcon.defaultColor
        let border = options.borderColor?.color ?? fill.darkened(by: 0.32).withAlpha(fill.alpha)
        canvas.fill(DefaultMarkerIcon.outline, with: fill)
        canvas.stroke(DefaultMarkerIcon.outline, with: border, style: StrokeStyle(width: 1, join: .round))
        let head = CGPoint(x: size.width / 2, y: size.width / 2)
        let glyph = options.glyph
        if let text = glyph?.text, !text.isEmpty {
            let style = TextStyle(
                font: Font(size: 11, weight: .bold), color: glyph?.textColor?.color ?? .black, alignment: .center,
                maximumLines: 1)
            let layout = TextLayout(text: shownText(text), style: style, width: size.width - 6)
            // Centred within the head: the layout is as wide as the head less its insets.
            layout.draw(in: canvas, at: CGPoint(x: 3, y: head.y - layout.size.height / 2))
        } else if let image = glyph?.image, image.size.width > 0, image.size.height > 0 {
            let side = 15.0
            let fit = min(side / image.size.width, side / image.size.height)
            let w = image.size.width * fit, h = image.size.height * fit
            canvas.draw(image.bitmap, in: CGRect(x: head.x - w / 2, y: head.y - h / 2, width: w, height: h))
        } else {
            let dot = 4.5
            let color = glyph?.glyphColor?.color ?? fill.darkened(by: 0.6).withAlpha(fill.alpha)
            canvas.fill(.ellipse(in: CGRect(x: head.x - dot, y: head.y - dot, width: dot * 2, height: dot * 2)), with: color)
        }
    }
}
