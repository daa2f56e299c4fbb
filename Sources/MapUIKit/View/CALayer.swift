import Foundation

/// The drawing attributes behind a view, as Core Animation's `CALayer`: background,
/// corner radius, border, shadow, opacity and masking. Each view has exactly one.
@preconcurrency @MainActor
open class CALayer: NSObject {
    weak var owner: UIView?

    nonisolated public required override init() {
        super.init()
    }

    /// The fill behind the content, or nil for none.
    public var backgroundColor: CGColor? { didSet { changed() } }
    /// Radius of the rounded corners of the background, border and (with masking) content.
    public var cornerRadius: CGFloat = 0 { didSet { changed() } }
    /// Width of the border drawn inside the bounds, above the content.
    public var borderWidth: CGFloat = 0 { didSet { changed() } }
    /// Colour of the border (opaque black by default).
    public var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) { didSet { changed() } }
    /// Colour of the shadow (opaque black by default).
    public var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) { didSet { changed() } }
    /// Opacity of the shadow, 0 (the default: no shadow) to 1.
    public var shadowOpacity: Float = 0 { didSet { changed() } }
    /// Offset of the shadow ((0, -3) by default, as in Core Animation).
    public var shadowOffset = CGSize(width: 0, height: -3) { didSet { changed() } }
    /// Blur radius of the shadow (3 by default).
    public var shadowRadius: CGFloat = 3 { didSet { changed() } }
    /// Whether content and sublayers are clipped to the (rounded) bounds.
    public var masksToBounds = false { didSet { changed() } }
    /// Opacity of the layer and everything in it, 0...1.
    open var opacity: Float = 1 { didSet { changed() } }
    /// Whether the layer is hidden.
    public var isHidden = false { didSet { changed() } }

    // MARK: Animations

    /// The explicit animations added, by key.
    private var addedAnimations: [(key: String, animation: CAAnimation)] = []

    /// Adds an animation under a key (replacing one of the same key). Layers whose values are
    /// a map's camera (`GMSMapLayer`) run them; other layers keep them without moving.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let name = key ?? "animation-\(ObjectIdentifier(anim).hashValue)"
        addedAnimations.removeAll { $0.key == name }
        addedAnimations.append((name, anim))
    }

    /// The animation added under a key.
    open func animation(forKey key: String) -> CAAnimation? {
        addedAnimations.last { $0.key == key }?.animation
    }

    /// The keys of the animations added, in order (nil for none).
    open func animationKeys() -> [String]? {
        addedAnimations.isEmpty ? nil : addedAnimations.map(\.key)
    }

    /// Removes the animation of a key.
    open func removeAnimation(forKey key: String) {
        addedAnimations.removeAll { $0.key == key }
    }

    /// Removes every animation.
    open func removeAllAnimations() {
        addedAnimations.removeAll()
    }

    /// The layer's bounds (its view's bounds).
    public var bounds: CGRect { owner?.bounds ?? .zero }
    /// The layer's frame (its view's frame).
    public var frame: CGRect { owner?.frame ?? .zero }

    /// Draws the layer and its sublayers (the view hierarchy) into a context.
    public func render(in context: CGContext) {
        owner?.render(in: context.canvas)
    }

    private func changed() {
        owner?.noteVisualChange()
    }
}
