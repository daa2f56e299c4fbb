import Foundation

/// The view a presentation puts over its window: a dimming layer and the presented
/// controller's view, placed for its style, sliding or fading on the host's clock.
@MainActor
final class PresentationContainerView: UIView, FrameAnimating {
    enum Phase { case showing, shown, hiding }

    /// How the presented view sits.
    enum Placement { case sheet, fullScreen, centred, bottom }

    let presented: UIViewController
    weak var presenting: UIViewController?
    let placement: Placement
    /// Whether the presenter's screen goes away underneath (`.fullScreen`), and gets its
    /// disappear and appear callbacks; the `over...` styles keep it.
    let coversPresenter: Bool
    private(set) var phase = Phase.showing
    private let dimming = UIView()
    private var start: TimeInterval?
    private var animated = false
    private var completions: [() -> Void] = []

    /// How long a sheet slides; alerts fade in a little faster.
    static let duration: TimeInterval = 0.35

    init(presented: UIViewController, presenting: UIViewController) {
        self.presented = presented
        self.presenting = presenting
        coversPresenter = !(presented is UIAlertController) && [.fullScreen, .currentContext].contains(presented.modalPresentationStyle)
        if let alert = presented as? UIAlertController {
            placement = alert.preferredStyle == .alert ? .centred : .bottom
        } else {
            switch presented.modalPresentationStyle {
            case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext, .custom, .blurOverFullScreen: placement = .fullScreen
            default: placement = .sheet
            }
        }
        super.init(frame: .zero)
        dimming.backgroundColor = UIColor(white: 0, alpha: placement == .fullScreen ? 0 : (placement == .sheet ? 0.3 : 0.2))
        dimming.frame = bounds
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(dimming)
        dimming.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.dimmingTapped() })
    }

    required init?(coder: NSCoder) { nil }

    override class var isOpaqueByDefault: Bool { false }

    /// Where the presented view rests.
    private var restingFrame: CGRect {
        let safe = safeAreaInsets
        let view = presented.view!
        switch placement {
        case .fullScreen: return bounds
        case .sheet: return CGRect(x: 0, y: safe.top + 10, width: bounds.width, height: max(0, bounds.height - safe.top - 10))
        case .centred:
            let size = view.sizeThatFits(CGSize(width: 270, height: 0))
            let height = min(size.height, bounds.height - safe.top - safe.bottom - 20)
            return CGRect(x: (bounds.width - 270) / 2, y: (bounds.height - height) / 2, width: 270, height: max(0, height))
        case .bottom:
            let width = bounds.width - 16
            let size = view.sizeThatFits(CGSize(width: width, height: 0))
            let height = min(size.height, bounds.height - safe.top - safe.bottom - 8)
            return CGRect(x: 8, y: bounds.height - max(safe.bottom, 8) - height, width: width, height: max(0, height))
        }
    }

    /// Where it starts (and ends when hidden): below the screen, or in place for a fade.
    private var hiddenFrame: CGRect {
        var frame = restingFrame
        if placement != .centred { frame.origin.y = bounds.maxY }
        return frame
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard start == nil else { return }
        presented.view.frame = phase == .shown ? restingFrame : (animated ? hiddenFrame : restingFrame)
    }

    func show(animated: Bool, completion: (() -> Void)?) {
        let view = presented.view!
        view.autoresizingMask = []
        if placement == .sheet {
            view.layer.cornerRadius = 10
            view.clipsToBounds = true
        }
        addSubview(view)
        self.animated = animated
        if let completion { completions.append(completion) }
        presented.viewWillAppear(animated)
        if coversPresenter { presenting?.viewWillDisappear(animated) }
        layoutIfNeeded()
        view.frame = animated ? hiddenFrame : restingFrame
        if placement == .centred { view.alpha = animated ? 0 : 1 }
        dimming.alpha = animated ? 0 : 1
        if !animated { finish() }
    }

    func hide(animated: Bool, completion: @escaping () -> Void) {
        // A second dismissal while one runs waits for it; a dismissal while showing first
        // lets the showing end, as UIKit completes the presentation.
        if phase == .hiding {
            completions.append(completion)
            return
        }
        if phase == .showing { finish() }
        phase = .hiding
        start = nil
        self.animated = animated
        completions.append(completion)
        presented.viewWillDisappear(animated)
        if coversPresenter { presenting?.viewWillAppear(animated) }
        if !animated { finish() }
    }

    private func finish() {
        start = nil
        let completions = self.completions
        self.completions = []
        switch phase {
        case .showing:
            presented.view.frame = restingFrame
            presented.view.alpha = 1
            dimming.alpha = 1
            // Still being presented inside viewDidAppear, as in UIKit.
            presented.viewDidAppear(animated)
            if coversPresenter { presenting?.viewDidDisappear(animated) }
            phase = .shown
            (presented as? UIAlertController)?.didShow()
        case .hiding:
            presented.view.removeFromSuperview()
            removeFromSuperview()
            presented.viewDidDisappear(animated)
            if coversPresenter { presenting?.viewDidAppear(animated) }
        case .shown:
            break
        }
        for completion in completions { completion() }
    }

    private func dimmingTapped() {
        guard phase == .shown else { return }
        (presented as? UIAlertController)?.outsideTapped()
    }

    // MARK: Frames

    var wantsFrames: Bool { phase != .shown && animated }
    var isSettling: Bool { wantsFrames }

    func advanceFrame(to time: TimeInterval) {
        guard let start else {
            self.start = time
            return
        }
        let t = min(max((time - start) / Self.duration, 0), 1)
        let eased = CGFloat(1 - pow(1 - t, 3))
        let shown = phase == .showing ? eased : 1 - eased
        let from = hiddenFrame, to = restingFrame
        presented.view.frame = CGRect(
            x: from.minX + (to.minX - from.minX) * shown, y: from.minY + (to.minY - from.minY) * shown, width: to.width, height: to.height)
        if placement == .centred { presented.view.alpha = shown }
        dimming.alpha = shown
        if t >= 1 { finish() }
    }
}
