import Foundation
import MapDrawing

/// A rectangular view in a tree of views, as UIKit's `UIView`: geometry, appearance,
/// layout (frames, autoresizing masks and Auto Layout constraints), hit testing and custom
/// drawing. OpenMaps draws views to pixels for screens, info windows and marker icons.
@preconcurrency @MainActor
open class UIView: UIResponder {
    /// How a view lays out its content when its bounds differ from the content's size.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// The size a view reports when it has no intrinsic size on an axis.
    nonisolated public static let noIntrinsicMetric: CGFloat = -1

    /// Options for `animate(withDuration:delay:options:animations:completion:)`.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    }

    /// The class of layer a view of this class makes; subclasses return their own.
    open class var layerClass: CALayer.Type { CALayer.self }

    private let storedLayer: CALayer

    /// The layer holding the view's drawing attributes.
    open var layer: CALayer { storedLayer }

    private var storedBounds: CGRect
    private var storedCenter: CGPoint
    private var needsLayout = true

    /// The parent view, if any.
    public private(set) weak var superview: UIView?
    /// The next responder: the view controller whose root view this is, else the superview.
    open override var next: UIResponder? { viewController ?? superview }

    /// The view controller whose root view this is.
    weak var viewController: UIViewController?
    /// The child views, back to front.
    public private(set) var subviews: [UIView] = []

    /// The gesture recognizers attached to the view (nil when none, as in UIKit).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { recognizer.view = nil }
            attachedRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    private var attachedRecognizers: [UIGestureRecognizer] = []

    /// Attaches a gesture recognizer (taking it from any view it was on).
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard !attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a gesture recognizer.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    /// The view's Auto Layout state: constraints, guides, priorities, margins (and the engine
    /// on a root view).
    let autoLayout = ViewAutoLayout()

    /// Where the view's baselines are for Auto Layout (at the bottom; labels override).
    var layoutBaselines: LayoutBaselines { .bottom }

    /// The clock views in this tree animate on (a map sets it on views it shows).
    package weak var animationClock: ViewAnimationClock?

    /// Counts visual changes to this view (not its subviews); see ``hierarchyRevision``.
    package private(set) var revision = 0

    /// A view with a frame in its superview's coordinates.
    public init(frame: CGRect) {
        storedBounds = CGRect(origin: .zero, size: frame.size)
        storedCenter = CGPoint(x: frame.midX, y: frame.midY)
        storedLayer = Self.layerClass.init()
        isOpaque = Self.isOpaqueByDefault
        super.init()
        storedLayer.owner = self
    }

    /// Whether views of the class start opaque (UIKit's labels and image views do not).
    class var isOpaqueByDefault: Bool { true }

    /// Whether the view handles its own taps, so single-tap recognizers above it leave them to
    /// it: enabled controls (UIKit's rule since iOS 6), and views whose taps UIKit handles with
    /// recognizers of their own (editable text views, pickers).
    var takesItsOwnTaps: Bool { false }

    /// A view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates: with a transform, the smallest
    /// rectangle holding the transformed bounds (UIKit calls it undefined then; setting it
    /// then only moves the centre).
    public var frame: CGRect {
        get {
            let untransformed = CGRect(
                x: storedCenter.x - storedBounds.width / 2, y: storedCenter.y - storedBounds.height / 2,
                width: storedBounds.width, height: storedBounds.height)
            guard !storedTransform.isIdentity else { return untransformed }
            let size = storedBounds.size
            return CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
                .applying(storedTransform).offsetBy(dx: storedCenter.x, dy: storedCenter.y)
        }
        set {
            guard storedTransform.isIdentity else {
                center = CGPoint(x: newValue.midX, y: newValue.midY)
                return
            }
            AnimationRecorder.willChange(self)
            let oldSize = storedBounds.size
            let sizeChanged = newValue.size != oldSize
            let moved = newValue != frame
            storedBounds.size = newValue.size
            storedCenter = CGPoint(x: newValue.midX, y: newValue.midY)
            if sizeChanged {
                setNeedsLayout()
                resizeSubviews(from: oldSize)
            }
            if moved { frameMayMatterToConstraints() }
            noteVisualChange()
        }
    }

    /// The view's rectangle in its own coordinates.
    public var bounds: CGRect {
        get { storedBounds }
        set {
            AnimationRecorder.willChange(self)
            let oldSize = storedBounds.size
            let sizeChanged = newValue.size != oldSize
            storedBounds = newValue
            if sizeChanged {
                setNeedsLayout()
                resizeSubviews(from: oldSize)
                frameMayMatterToConstraints()
            }
            noteVisualChange()
        }
    }

    /// How the view is scaled, rotated or moved about its centre when drawn, hit and
    /// converted (the identity). Non-finite or non-invertible transforms are refused with a
    /// warning (docs/limits.md).
    public var transform: CGAffineTransform {
        get { storedTransform }
        set {
            guard newValue.isFinite, newValue.a * newValue.d - newValue.b * newValue.c != 0 else {
                LayoutEngine.logger.warning("view transform not finite or not invertible; ignored")
                return
            }
            guard newValue != storedTransform else { return }
            AnimationRecorder.willChange(self)
            storedTransform = newValue
            frameMayMatterToConstraints()
            noteVisualChange()
        }
    }
    private var storedTransform = CGAffineTransform.identity

    /// A point in the superview's coordinates in this view's (through the transform).
    func pointFromSuperview(_ point: CGPoint) -> CGPoint {
        guard !storedTransform.isIdentity else {
            let frame = self.frame
            return CGPoint(x: point.x - frame.minX + storedBounds.minX, y: point.y - frame.minY + storedBounds.minY)
        }
        let local = CGPoint(x: point.x - storedCenter.x, y: point.y - storedCenter.y).applying(storedTransform.inverted())
        return CGPoint(
            x: local.x + storedBounds.width / 2 + storedBounds.minX, y: local.y + storedBounds.height / 2 + storedBounds.minY)
    }

    /// A point in this view's coordinates in its superview's (through the transform).
    func pointToSuperview(_ point: CGPoint) -> CGPoint {
        guard !storedTransform.isIdentity else {
            let frame = self.frame
            return CGPoint(x: point.x - storedBounds.minX + frame.minX, y: point.y - storedBounds.minY + frame.minY)
        }
        let centred = CGPoint(
            x: point.x - storedBounds.minX - storedBounds.width / 2, y: point.y - storedBounds.minY - storedBounds.height / 2)
        let moved = centred.applying(storedTransform)
        return CGPoint(x: moved.x + storedCenter.x, y: moved.y + storedCenter.y)
    }

    /// The centre of the frame in the superview's coordinates.
    public var center: CGPoint {
        get { storedCenter }
        set {
            AnimationRecorder.willChange(self)
            let moved = newValue != storedCenter
            storedCenter = newValue
            if moved { frameMayMatterToConstraints() }
            noteVisualChange()
        }
    }

    // MARK: Appearance

    /// The appearance the view and its subviews take, whatever the window's
    /// (`.unspecified`: inherit). A change calls `traitCollectionDidChange(_:)` where it shows.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet {
            guard oldValue != overrideUserInterfaceStyle else { return }
            let before = overrideUserInterfaceStyle
            overrideUserInterfaceStyle = oldValue
            let previous = appearances()
            overrideUserInterfaceStyle = before
            appearanceMayHaveChanged(from: previous)
        }
    }

    /// Called when the view's traits (its light or dark appearance) changed.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Called when the view's safe area changed.
    open func safeAreaInsetsDidChange() {}

    /// Whether assistive technologies skip the view's contents (false by default).
    open var accessibilityElementsHidden = false
    /// The identifier UI tests find the view by (kept: no assistive technology reads it here).
    open var accessibilityIdentifier: String?
    /// What assistive technologies say the view is (kept).
    open var accessibilityLabel: String?
    /// What assistive technologies say the view does (kept).
    open var accessibilityHint: String?
    /// The view's value as assistive technologies read it (kept).
    open var accessibilityValue: String?
    /// Whether the view is one element for assistive technologies (kept; false by default).
    open var isAccessibilityElement = false

    /// The window the view is in: the root of its hierarchy when that is a window, else nil.
    open var window: UIWindow? { rootView as? UIWindow }

    /// The window this view is in, which records the first responder.
    override var firstResponderWindow: UIWindow? { window }

    /// The background colour, or nil for none. A dynamic colour follows the view's
    /// appearance when drawn.
    public var backgroundColor: UIColor? {
        get {
            if let dynamic = dynamicBackground, dynamic.cgColor == layer.backgroundColor { return dynamic.color }
            return layer.backgroundColor.map(UIColor.init(cgColor:))
        }
        set {
            AnimationRecorder.willChange(self)
            layer.backgroundColor = newValue?.cgColor
            dynamicBackground = newValue.map { ($0, layer.backgroundColor) }
        }
    }

    /// The colour last set as background, with the layer colour it gave (the layer's colour
    /// wins once set on its own).
    private var dynamicBackground: (color: UIColor, cgColor: CGColor?)?

    /// The background as drawn now: the view's colour resolved for its appearance, unless the
    /// layer's was set since.
    var drawnBackgroundColor: Color? {
        if let dynamic = dynamicBackground, dynamic.cgColor == layer.backgroundColor { return dynamic.color.color }
        return layer.backgroundColor?.color
    }

    /// Opacity of the view and its subviews, 0...1.
    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            AnimationRecorder.willChange(self)
            layer.opacity = newValue.isFinite ? Float(min(max(newValue, 0), 1)) : 1
        }
    }

    /// Whether the view and its subviews are hidden.
    public var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard newValue != layer.isHidden else { return }
            layer.isHidden = newValue
            (superview as? UIStackView)?.arrangedSubviewVisibilityChanged()
        }
    }

    /// Whether subviews are clipped to the bounds.
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    private var storedTintColor: UIColor?

    /// The tint for template images; inherited from the superview, system blue at the root.
    public var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            storedTintColor = newValue
            noteVisualChange()
            tintColorDidChange()
        }
    }

    /// Called when the tint colour changed.
    open func tintColorDidChange() {}

    /// How content is laid out in the bounds.
    public var contentMode: ContentMode = .scaleToFill { didSet { noteVisualChange() } }
    /// An integer to find the view by.
    public var tag = 0
    /// Whether the view and its subviews take touches (hit testing skips them when false).
    public var isUserInteractionEnabled = true
    /// Whether the view is fully opaque (a drawing hint only).
    public var isOpaque = true

    // MARK: Hit testing

    /// Whether a point in the view's coordinates is inside it (its bounds, by default).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The deepest view under a point (in this view's coordinates) that takes touches, as
    /// UIKit finds it: nil when this view is hidden, nearly transparent (alpha 0.01 or less),
    /// not interactive or does not contain the point; else the front-most subview's answer,
    /// else this view.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.pointFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    // MARK: Hierarchy

    /// Adds a view on top of the others, removing it from its former superview.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// The deepest a view hierarchy goes (docs/limits.md): a view is not added where it, or a
    /// view under it, would be more than this many views down from its root. An OpenMaps limit
    /// (UIKit has none): drawing, hit testing and layout walk the tree recursively, and a phone's
    /// screens are a few dozen views deep.
    nonisolated public static let maximumDepth = 256

    /// How many views down from its root this view is (a root is 1).
    private var depth: Int {
        var count = 1
        var current = superview
        while let view = current {
            count += 1
            current = view.superview
        }
        return count
    }

    /// How many views deep the subtree from this view goes (a view without subviews is 1).
    private var subtreeHeight: Int {
        1 + subviews.reduce(0) { max($0, $1.subtreeHeight) }
    }

    /// Inserts a view at an index in the subviews (clamped into range); not where the hierarchy
    /// would grow deeper than ``maximumDepth`` (logged).
    public func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        guard depth + view.subtreeHeight <= UIView.maximumDepth else {
            LayoutEngine.logger.warning("a view not added: the hierarchy would be deeper than \(UIView.maximumDepth) views")
            return
        }
        // A view moved within its window keeps first responder status.
        let window = view.firstResponderWindow
        view.detachFromSuperview(resigning: window == nil || window !== firstResponderWindow)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.autoLayout.engine = nil
        if view.autoLayout.subtreeUsesConstraints {
            var ancestor: UIView? = self
            while let current = ancestor, !current.autoLayout.subtreeUsesConstraints {
                current.autoLayout.subtreeUsesConstraints = true
                ancestor = current.superview
            }
        }
        if autoLayout.subtreeUsesConstraints { layoutEngineInputChanged() }
        setNeedsLayout()
        noteVisualChange()
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        detachFromSuperview(resigning: true)
    }

    /// Leaves the superview; first responder status below the view ends when `resigning`.
    private func detachFromSuperview(resigning: Bool) {
        guard let parent = superview else { return }
        if resigning { resignFirstResponderLeaving() }
        if parent.autoLayout.subtreeUsesConstraints { deactivateConstraintsLeaving(from: parent) }
        parent.subviews.removeAll { $0 === self }
        (parent as? UIStackView)?.arrangedSubviewLeft(self)
        superview = nil
        parent.setNeedsLayout()
        parent.noteVisualChange()
    }

    /// Moves a subview to the front.
    public func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
        noteVisualChange()
    }

    /// Moves a subview to the back.
    public func sendSubviewToBack(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
        noteVisualChange()
    }

    /// Whether the view is this view or one of its descendants' ancestors.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view in this subtree (self included) with a tag.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Layout and sizing

    /// Override to update constraints before layout; UIKit's contract is to call super last.
    open func updateConstraints() {
        autoLayout.needsUpdateConstraints = false
    }

    /// Whether views of the class must be laid out with constraints (false).
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The margins (8 points on each side unless set).
    open var layoutMargins: UIEdgeInsets {
        get { autoLayout.layoutMargins }
        set {
            let usable = UIEdgeInsets(
                top: newValue.top.isFinite ? newValue.top : 0, left: newValue.left.isFinite ? newValue.left : 0,
                bottom: newValue.bottom.isFinite ? newValue.bottom : 0, right: newValue.right.isFinite ? newValue.right : 0)
            guard usable != autoLayout.layoutMargins else { return }
            autoLayout.layoutMargins = usable
            layoutMarginsDidChange()
            layoutEngineInputChanged()
        }
    }

    /// The margins by leading and trailing edge (left to right here).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let margins = layoutMargins
            return NSDirectionalEdgeInsets(top: margins.top, leading: margins.left, bottom: margins.bottom, trailing: margins.right)
        }
        set {
            layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    /// Whether the margins are measured from the safe area (true) or the bounds.
    open var insetsLayoutMarginsFromSafeArea: Bool {
        get { autoLayout.insetsLayoutMarginsFromSafeArea }
        set {
            autoLayout.insetsLayoutMarginsFromSafeArea = newValue
            layoutEngineInputChanged()
        }
    }

    /// Called when the layout margins changed.
    open func layoutMarginsDidChange() {}

    /// Override to position subviews; called before the view is drawn when layout is needed.
    open func layoutSubviews() {}

    /// Asks for `layoutSubviews()` before the next drawing.
    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Runs any pending layout now: the tree's constraints are solved, then
    /// `layoutSubviews()` runs in each view that needs it, top down (again, a few times at
    /// most, while that changes constraints).
    public func layoutIfNeeded() {
        let root = rootView
        for _ in 0..<Self.maximumLayoutPasses {
            if root.autoLayout.subtreeUsesConstraints {
                root.updateConstraintsIfNeeded()
                let engine = root.autoLayout.engine ?? LayoutEngine(root: root)
                root.autoLayout.engine = engine
                if engine.isDirty {
                    engine.update()
                    engine.applyFrames()
                }
            }
            root.layoutSubviewsIfNeeded()
            guard root.autoLayout.engine?.isDirty == true else { return }
        }
    }

    /// How many times one `layoutIfNeeded()` solves and lays out again while layout changes
    /// constraints.
    static let maximumLayoutPasses = 4

    /// Whether `layoutSubviews()` is due (package: the layout pass reads it).
    var isLayoutNeeded: Bool { needsLayout }

    private func layoutSubviewsIfNeeded() {
        if needsLayout {
            needsLayout = false
            viewController?.viewWillLayoutSubviews()
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for subview in subviews { subview.layoutSubviewsIfNeeded() }
    }

    /// The size that best fits a given size; by default the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits` of its current size, keeping the origin.
    public func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: fitted)
    }

    /// The content's natural size, or `noIntrinsicMetric` on axes without one.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    // MARK: Drawing

    /// Override to draw custom content with `UIGraphicsGetCurrentContext()`, in bounds
    /// coordinates. The default draws nothing.
    open func draw(_ rect: CGRect) {}

    /// Marks the content as changed, so the view is drawn again.
    public func setNeedsDisplay() {
        noteVisualChange()
    }

    /// Records a change to what the view shows.
    func noteVisualChange() {
        revision &+= 1
    }

    /// Changes whenever this view or anything below it changes what it shows.
    package var hierarchyRevision: Int {
        subviews.reduce(revision &* 31 &+ subviews.count) { $0 &* 31 &+ $1.hierarchyRevision }
    }

    /// Draws the view hierarchy into the current graphics context at `rect`.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext(), rect.isFinite, bounds.width > 0, bounds.height > 0 else {
            return false
        }
        context.canvas.withSavedState {
            context.canvas.translate(x: rect.minX, y: rect.minY)
            context.canvas.scale(x: rect.width / bounds.width, y: rect.height / bounds.height)
            render(in: context.canvas)
        }
        return true
    }
}
