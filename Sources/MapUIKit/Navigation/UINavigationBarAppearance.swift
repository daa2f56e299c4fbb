import Foundation
import MapDrawing

/// A bar's background and shadow, as UIKit's `UIBarAppearance`.
@preconcurrency @MainActor
open class UIBarAppearance: NSObject {
    /// The background colour (nil: none; the default background is iOS's bar material).
    open var backgroundColor: UIColor?
    /// An image drawn over the background colour, stretched to the bar.
    open var backgroundImage: UIImage?
    /// The hairline under the bar (nil: none).
    open var shadowColor: UIColor?

    /// The default look: iOS 17's translucent bar material and a hairline.
    public override init() {
        super.init()
        configureWithDefaultBackground()
    }

    /// A copy of another appearance.
    public init(barAppearance: UIBarAppearance) {
        backgroundColor = barAppearance.backgroundColor
        backgroundImage = barAppearance.backgroundImage
        shadowColor = barAppearance.shadowColor
        super.init()
    }

    /// iOS 17's translucent bar material with a hairline.
    open func configureWithDefaultBackground() {
        backgroundColor = UIBarAppearance.barMaterial
        backgroundImage = nil
        shadowColor = UIBarAppearance.hairline
    }

    /// An opaque background (`.systemBackground`) with a hairline.
    open func configureWithOpaqueBackground() {
        backgroundColor = .systemBackground
        backgroundImage = nil
        shadowColor = UIBarAppearance.hairline
    }

    /// No background and no hairline: content shows through.
    open func configureWithTransparentBackground() {
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = nil
    }

    /// Draws a bar's background in the current context: the tint (else the background
    /// colour), the background image, and the hairline on the edge that meets the content.
    func drawBar(in bounds: CGRect, tint: UIColor?, hairlineAtTop: Bool) {
        guard let canvas = UIGraphicsGetCurrentContext()?.canvas else { return }
        if let color = tint ?? backgroundColor { canvas.fill(.rect(bounds), with: color.color) }
        backgroundImage?.draw(in: bounds)
        if let shadowColor {
            let hairline = 1 / max(UIScreen.defaultScale, 1)
            let y = hairlineAtTop ? bounds.minY : bounds.maxY - hairline
            canvas.fill(.rect(CGRect(x: bounds.minX, y: y, width: bounds.width, height: hairline)), with: shadowColor.color)
        }
    }

    /// iOS's chrome material as a colour: light grey or near black, nearly opaque.
    static let barMaterial = UIColor { traits in
        traits.userInterfaceStyle == .dark
            ? UIColor(red: 0.11, green: 0.11, blue: 0.12, alpha: 0.94) : UIColor(red: 0.976, green: 0.976, blue: 0.976, alpha: 0.94)
    }
    /// The bar's hairline: black at 30%, white at 15% in dark.
    static let hairline = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.15) : UIColor(white: 0, alpha: 0.3)
    }
}

/// A navigation bar's look, as UIKit's `UINavigationBarAppearance`: the bar's background and
/// the title's attributes (`.font`, `.foregroundColor`).
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// The title's attributes.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

    public override init() {
        super.init()
    }

    public override init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        if let navigation = barAppearance as? UINavigationBarAppearance {
            titleTextAttributes = navigation.titleTextAttributes
            largeTitleTextAttributes = navigation.largeTitleTextAttributes
        }
    }

    /// A copy.
    open func copy() -> UINavigationBarAppearance { UINavigationBarAppearance(barAppearance: self) }
}
