import Foundation

/// A view whose content is larger than itself and scrolls, as UIKit's `UIScrollView`: the
/// content offset is the bounds' origin, subviews are content. A drag scrolls it (its
/// `panGestureRecognizer`), pulled past an edge it stretches like a rubber band and springs
/// back; a flick keeps it moving and slows at `decelerationRate` a millisecond. With a
/// delegate's `viewForZooming(in:)` and a zoom range, a pinch zooms that view about the
/// fingers (see UIScrollView+Zooming.swift).
@preconcurrency @MainActor
open class UIScrollView: UIView, FrameAnimating, UIGestureRecognizerDelegate {
    /// How fast a flick slows: the share of speed kept each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's usual rate, 0.998.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// A quick stop, 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// How safe areas add to the content inset.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
    }

    /// Whether a drag hides the keyboard (kept: there is no on-screen keyboard).
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// The scroll indicators' colours (kept; indicators are not drawn yet).
    public enum IndicatorStyle: Int, Sendable {
        case `default`, black, white
    }

    /// The point of the content at the view's top left.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.isFinite, newValue != bounds.origin else { return }
            bounds = CGRect(origin: newValue, size: bounds.size)
            barsMayChangeAppearance()
            delegate?.scrollViewDidScroll(self)
        }
    }
    /// The content's size (zero: nothing scrolls).
    open var contentSize: CGSize = .zero {
        didSet { if !contentSize.isFinite || contentSize.width < 0 || contentSize.height < 0 { contentSize = oldValue } }
    }
    /// Space around the content.
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            if contentInset != oldValue {
                adjustedContentInsetDidChange()
                delegate?.scrollViewDidChangeAdjustedContentInset(self)
            }
        }
    }
    /// How the safe area adds to the content inset (`.automatic`).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// The delegate.
    open weak var delegate: UIScrollViewDelegate?
    /// Whether dragging scrolls (true).
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether the content stretches past its edges (true).
    open var bounces = true
    /// Whether the content stretches vertically even when it fits (false).
    open var alwaysBounceVertical = false
    /// Whether the content stretches horizontally even when it fits (false).
    open var alwaysBounceHorizontal = false
    /// Whether a drag scrolls along one axis only (false).
    open var isDirectionalLockEnabled = false
    /// Whether the content stops at multiples of the bounds (false).
    open var isPagingEnabled = false
    /// How fast a flick slows (`.normal`).
    open var decelerationRate: DecelerationRate = .normal
    /// Whether touches in content wait to see whether a drag begins (kept; true).
    open var delaysContentTouches = true
    /// Whether content touches are cancelled when a drag begins (true).
    open var canCancelContentTouches = true
    /// Whether a status bar tap scrolls to the top (kept; true).
    open var scrollsToTop = true
    /// Whether the vertical indicator shows while scrolling (kept; true).
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while scrolling (kept; true).
    open var showsHorizontalScrollIndicator = true
    /// The indicators' style (kept).
    open var indicatorStyle: IndicatorStyle = .default
    /// Whether a drag hides the keyboard (kept).
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// The smallest zoom (1); non-finite or non-positive values are refused.
    open var minimumZoomScale: CGFloat = 1 {
        didSet {
            if !minimumZoomScale.isFinite || minimumZoomScale <= 0 { minimumZoomScale = oldValue }
            zoomRangeChanged()
        }
    }
    /// The largest zoom (1); non-finite or non-positive values are refused.
    open var maximumZoomScale: CGFloat = 1 {
        didSet {
            if !maximumZoomScale.isFinite || maximumZoomScale <= 0 { maximumZoomScale = oldValue }
            zoomRangeChanged()
        }
    }
    /// The zoom: the zooming view's scale (1). Setting it zooms at once about the centre.
    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }
    /// Whether a pinch past the zoom limits stretches and springs back (true).
    open var bouncesZoom = true
    /// The recognizer whose pinches zoom the content: nil while the zoom range is one scale.
    public internal(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?
    /// Whether a pinch is zooming the content.
    public internal(set) var isZooming = false
    /// Whether the zoom is springing back into its limits.
    public var isZoomBouncing: Bool {
        if case .zooming(_, _, _, _, _, true) = motion { return true }
        return false
    }

    var currentZoomScale: CGFloat = 1
    /// The zooming view's point that stays under the fingers during a pinch, and the scale
    /// the pinch started from.
    var pinchAnchor: (point: CGPoint, scale: CGFloat)?

    /// The recognizer whose drags scroll the content.
    public private(set) lazy var panGestureRecognizer: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            self.handlePan(pan)
        }
        return pan
    }()

    /// Whether a finger is down on the content.
    public var isTracking: Bool { panGestureRecognizer.state == .began || panGestureRecognizer.state == .changed || isDragging }
    /// Whether the content is being dragged.
    public private(set) var isDragging = false
    /// Whether the content moves on after a drag.
    public var isDecelerating: Bool {
        if case .decelerating = motion { return true }
        if case .animating(_, _, _, _, .bounceBack) = motion { return true }
        return false
    }

    enum AnimationKind { case bounceBack, scrolling, settling }

    enum Motion {
        /// A flick: speed in points a millisecond, slowing by the deceleration rate.
        case decelerating(from: CGPoint, velocity: CGPoint, start: TimeInterval?)
        /// A move to a target over a duration, easing out.
        case animating(from: CGPoint, to: CGPoint, duration: TimeInterval, start: TimeInterval?, AnimationKind)
        /// A zoom to a scale and offset over 0.3 s, easing out; `bounce` when springing back.
        case zooming(from: (scale: CGFloat, offset: CGPoint), to: (scale: CGFloat, offset: CGPoint), duration: TimeInterval, start: TimeInterval?, view: UIView?, bounce: Bool)
    }

    var motion: Motion?
    private var dragStart = CGPoint.zero
    private var lockedAxis: Int?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.delegate = self
        addGestureRecognizer(panGestureRecognizer)
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; always nil.
    public required init?(coder: NSCoder) { nil }

    // MARK: Insets and limits

    /// The content inset plus the safe area, as `contentInsetAdjustmentBehavior` says.
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        var inset = contentInset
        let addVertical: Bool, addHorizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never:
            return inset
        case .always:
            addVertical = true
            addHorizontal = true
        case .automatic, .scrollableAxes:
            addVertical = contentSize.height > bounds.height || alwaysBounceVertical || contentInsetAdjustmentBehavior == .automatic
            addHorizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
        }
        if addVertical {
            inset.top += safe.top
            inset.bottom += safe.bottom
        }
        if addHorizontal {
            inset.left += safe.left
            inset.right += safe.right
        }
        return inset
    }

    /// A navigation bar above looks different over content at its top edge: its container
    /// lays it out again.
    private func barsMayChangeAppearance() {
        var ancestor = superview
        while let view = ancestor {
            if let container = view as? NavigationContainerView {
                container.setNeedsLayout()
                return
            }
            ancestor = view.superview
        }
    }

    /// Called when the adjusted content inset changed.
    open func adjustedContentInsetDidChange() {}

    /// The adjusted inset at the last layout, to follow its changes.
    private var laidOutInset: UIEdgeInsets?

    /// Content resting at its top (or leading) edge stays there when the adjusted inset
    /// changes (a navigation bar comes over it), as UIKit keeps it: a table in a navigation
    /// controller starts with its first row under the bar, not behind it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let inset = adjustedContentInset
        let previous = laidOutInset ?? .zero
        laidOutInset = inset
        guard inset != previous, motion == nil, !isDragging else { return }
        var offset = contentOffset
        if abs(offset.y + previous.top) < 0.5 { offset.y = -inset.top }
        if abs(offset.x + previous.left) < 0.5 { offset.x = -inset.left }
        if offset != contentOffset {
            contentOffset = offset
            adjustedContentInsetDidChange()
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
        }
    }

    /// The smallest and largest content offsets at rest.
    private var offsetLimits: (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset
        let low = CGPoint(x: -inset.left, y: -inset.top)
        let high = CGPoint(
            x: max(low.x, contentSize.width + inset.right - bounds.width),
            y: max(low.y, contentSize.height + inset.bottom - bounds.height))
        return (low, high)
    }

    func clamped(_ offset: CGPoint) -> CGPoint {
        let (low, high) = offsetLimits
        return CGPoint(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
    }

    private var scrollsHorizontally: Bool {
        let inset = adjustedContentInset
        return alwaysBounceHorizontal || contentSize.width + inset.left + inset.right > bounds.width
    }

    private var scrollsVertically: Bool {
        let inset = adjustedContentInset
        return alwaysBounceVertical || contentSize.height + inset.top + inset.bottom > bounds.height
    }

    // MARK: Scrolling

    /// Scrolls to an offset, at once or over 0.3 s.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.isFinite else { return }
        motion = nil
        if animated, contentOffset != self.contentOffset {
            motion = .animating(from: self.contentOffset, to: contentOffset, duration: 0.3, start: nil, .scrolling)
        } else {
            self.contentOffset = contentOffset
        }
    }

    /// Zooms to a scale (clamped to the limits), keeping the middle of what shows in the
    /// middle, at once or over 0.3 s.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        let target = clampedZoomScale(scale)
        guard delegate?.viewForZooming(in: self) != nil else {
            currentZoomScale = target
            return
        }
        let middle = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let point = CGPoint(x: (contentOffset.x + middle.x) / currentZoomScale, y: (contentOffset.y + middle.y) / currentZoomScale)
        let offset = clamped(offset(keeping: point, at: middle, scale: target), atScale: target)
        zoom(toScale: target, offset: offset, animated: animated)
    }

    /// Zooms so a rectangle of the zooming view (in its own coordinates) fills what shows,
    /// as far as the limits allow, centred, at once or over 0.3 s.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.isFinite, rect.width > 0, rect.height > 0, bounds.width > 0, bounds.height > 0 else { return }
        let target = clampedZoomScale(min(bounds.width / rect.width, bounds.height / rect.height))
        let middle = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let offset = clamped(offset(keeping: CGPoint(x: rect.midX, y: rect.midY), at: middle, scale: target), atScale: target)
        zoom(toScale: target, offset: offset, animated: animated)
    }

    /// Scrolls by a mouse wheel's or trackpad's delta (points, positive down), within the
    /// content's limits, stopping any coasting; whether it scrolled.
    @discardableResult
    package func scrollByWheel(dx: CGFloat, dy: CGFloat) -> Bool {
        guard isScrollEnabled, dx.isFinite, dy.isFinite else { return false }
        let target = clamped(CGPoint(
            x: scrollsHorizontally ? contentOffset.x + dx : contentOffset.x, y: scrollsVertically ? contentOffset.y + dy : contentOffset.y))
        guard target != contentOffset else { return false }
        motion = nil
        contentOffset = target
        return true
    }

    /// Scrolls just enough to show a rectangle of the content.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.isFinite else { return }
        let inset = adjustedContentInset
        var offset = contentOffset
        let visibleWidth = bounds.width - inset.left - inset.right, visibleHeight = bounds.height - inset.top - inset.bottom
        if rect.maxX > offset.x + inset.left + visibleWidth { offset.x = rect.maxX - visibleWidth - inset.left }
        if rect.minX < offset.x + inset.left { offset.x = rect.minX - inset.left }
        if rect.maxY > offset.y + inset.top + visibleHeight { offset.y = rect.maxY - visibleHeight - inset.top }
        if rect.minY < offset.y + inset.top { offset.y = rect.minY - inset.top }
        setContentOffset(clamped(offset), animated: animated)
    }

    /// A pinch and the pan recognize together, as in UIKit (the pinch moves the content).
    open func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        let pair = [gestureRecognizer, otherGestureRecognizer]
        return pair.contains { $0 === panGestureRecognizer } && pair.contains { $0 === pinchGestureRecognizer }
    }

    /// A finger coming down on moving content stops it where it is, as in UIKit.
    open func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        if gestureRecognizer === panGestureRecognizer, isDecelerating {
            let offset = contentOffset
            motion = nil
            if clamped(offset) != offset {
                motion = .animating(from: offset, to: clamped(offset), duration: 0.4, start: nil, .bounceBack)
            } else {
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
        return true
    }

    /// Shows the scroll indicators briefly (kept: indicators are not drawn yet).
    open func flashScrollIndicators() {}

    // MARK: Dragging

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            motion = nil
            // The content follows the finger from here: it does not jump by the distance the
            // pan needed to begin (UIKit's 10 points), but a finger that got further before
            // the pan began (one long move) takes the content the rest of the way at once.
            let translation = pan.translation(in: self)
            let distance = hypot(translation.x, translation.y)
            let beyond = distance > Self.panSlop ? (distance - Self.panSlop) / distance : 0
            let excess = CGPoint(x: translation.x * beyond, y: translation.y * beyond)
            dragStart = CGPoint(x: contentOffset.x + translation.x - excess.x, y: contentOffset.y + translation.y - excess.y)
            isDragging = true
            lockedAxis = nil
            if isDirectionalLockEnabled, scrollsHorizontally, scrollsVertically {
                lockedAxis = abs(translation.x) >= abs(translation.y) ? 0 : 1
            }
            delegate?.scrollViewWillBeginDragging(self)
            if beyond > 0 { drag(by: translation) }
        case .changed:
            // A pinch moves the content itself, keeping its point under the fingers.
            guard !isZooming else { return }
            drag(by: pan.translation(in: self))
        case .ended, .cancelled, .failed:
            guard isDragging else { return }
            guard !isZooming, pinchAnchor == nil, !isZoomBouncing else {
                isDragging = false
                delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
                return
            }
            let speed = pan.state == .ended ? pan.velocity(in: self) : .zero
            endDrag(velocity: CGPoint(
                x: scrollsHorizontally && lockedAxis != 1 ? -speed.x / 1000 : 0,
                y: scrollsVertically && lockedAxis != 0 ? -speed.y / 1000 : 0))
        default:
            break
        }
    }

    /// How far a finger moves before a drag begins (UIKit's hysteresis).
    static let panSlop: CGFloat = 10

    private func drag(by translation: CGPoint) {
        guard translation.isFinite else { return }
        var proposed = dragStart
        if scrollsHorizontally, lockedAxis != 1 { proposed.x -= translation.x }
        if scrollsVertically, lockedAxis != 0 { proposed.y -= translation.y }
        contentOffset = bounces ? rubberBanded(proposed) : clamped(proposed)
    }

    /// Past an edge the content follows the finger less and less: UIKit's rubber band,
    /// `(1 − 1 / (d × 0.55 / size + 1)) × size` for a pull of `d`.
    func rubberBanded(_ offset: CGPoint) -> CGPoint {
        let (low, high) = offsetLimits
        func band(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ size: CGFloat) -> CGFloat {
            guard size > 0 else { return min(max(value, low), high) }
            func stretch(_ over: CGFloat) -> CGFloat { (1 - 1 / (over * 0.55 / size + 1)) * size }
            if value < low { return low - stretch(low - value) }
            if value > high { return high + stretch(value - high) }
            return value
        }
        return CGPoint(x: band(offset.x, low.x, high.x, bounds.width), y: band(offset.y, low.y, high.y, bounds.height))
    }

    private func endDrag(velocity: CGPoint) {
        isDragging = false
        let rate = min(max(decelerationRate.rawValue, 0.5), 0.9999)
        let current = contentOffset
        let inRange = clamped(current) == current
        var natural = current
        if inRange {
            // Where a flick comes to rest: speed / (1 − rate) points on.
            natural = CGPoint(x: current.x + velocity.x * rate / (1 - rate), y: current.y + velocity.y * rate / (1 - rate))
            if isPagingEnabled, bounds.width > 0, bounds.height > 0 {
                // At most one page on, the way the finger went (the nearest page when slow).
                func page(_ position: CGFloat, _ speed: CGFloat, _ size: CGFloat) -> CGFloat {
                    if abs(speed) < 0.3 { return (position / size).rounded() * size }
                    let base = (position / size).rounded(.down)
                    return (speed > 0 ? base + 1 : base) * size
                }
                natural = CGPoint(
                    x: page(current.x, velocity.x, bounds.width), y: page(current.y, velocity.y, bounds.height))
            }
            natural = clamped(natural)
        }
        var target = natural
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: pointer)
        }
        if !target.isFinite { target = natural }
        if !inRange {
            motion = .animating(from: current, to: clamped(current), duration: 0.4, start: nil, .bounceBack)
        } else if target != natural || isPagingEnabled {
            motion = target == current ? nil : .animating(from: current, to: clamped(target), duration: 0.35, start: nil, .settling)
        } else if hypot(velocity.x, velocity.y) > Self.restingSpeed {
            motion = .decelerating(from: current, velocity: velocity, start: nil)
        }
        let decelerates = motion != nil
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        if decelerates { delegate?.scrollViewWillBeginDecelerating(self) }
    }

    /// The speed below which content is at rest, in points a millisecond.
    private static let restingSpeed: CGFloat = 0.01

    // MARK: Frames

    package var wantsFrames: Bool { motion != nil }
    package var isSettling: Bool { motion != nil }

    package func advanceFrame(to time: TimeInterval) {
        guard let motion, time.isFinite else { return }
        switch motion {
        case .decelerating(let from, let velocity, let start):
            guard let start else {
                self.motion = .decelerating(from: from, velocity: velocity, start: time)
                return
            }
            let rate = Double(min(max(decelerationRate.rawValue, 0.5), 0.9999))
            let milliseconds = (time - start) * 1000
            let kept = pow(rate, milliseconds)
            let travelled = (1 - kept) * rate / (1 - rate)
            let proposed = CGPoint(x: from.x + velocity.x * travelled, y: from.y + velocity.y * travelled)
            let stopped = clamped(proposed)
            contentOffset = stopped
            // At rest once slow, or against an edge.
            if hypot(velocity.x, velocity.y) * kept < Self.restingSpeed || stopped != proposed {
                self.motion = nil
                delegate?.scrollViewDidEndDecelerating(self)
            }
        case .animating(let from, let to, let duration, let start, let kind):
            guard let start else {
                self.motion = .animating(from: from, to: to, duration: duration, start: time, kind)
                return
            }
            let t = duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
            let eased = 1 - pow(1 - t, 3)
            contentOffset = CGPoint(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased)
            guard t >= 1 else { return }
            self.motion = nil
            switch kind {
            case .scrolling: delegate?.scrollViewDidEndScrollingAnimation(self)
            case .bounceBack, .settling: delegate?.scrollViewDidEndDecelerating(self)
            }
        case .zooming(let from, let to, let duration, let start, let view, let bounce):
            guard let start else {
                self.motion = .zooming(from: from, to: to, duration: duration, start: time, view: view, bounce: bounce)
                return
            }
            let t = duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
            let eased = CGFloat(1 - pow(1 - t, 3))
            applyZoom(
                from.scale + (to.scale - from.scale) * eased,
                offset: CGPoint(x: from.offset.x + (to.offset.x - from.offset.x) * eased, y: from.offset.y + (to.offset.y - from.offset.y) * eased))
            guard t >= 1 else { return }
            self.motion = nil
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
        }
    }
}
