import Foundation
import MapDrawing
import OpenMaps
import OpenMapsTesting
import Testing

/// Toolbars under a navigation controller, zooming scroll views and view transforms, on a
/// hosted phone screen (390 x 844, status bar 47, home indicator 34).
@MainActor
@Suite struct ToolbarZoomAndTransformTests {
    /// A page that pins a view to the bottom of its safe area.
    final class Page: UIViewController {
        let pinned = UIView()
        override func viewDidLoad() {
            super.viewDidLoad()
            pinned.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(pinned)
            NSLayoutConstraint.activate([
                pinned.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
                pinned.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                pinned.widthAnchor.constraint(equalToConstant: 10),
                pinned.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
    }

    // MARK: Rule 63: toolbars

    @Test func rule63AToolbarShowsTheTopControllersItemsAboveTheHomeIndicator() {
        var tapped: [String] = []
        let page = Page()
        let share = UIBarButtonItem(systemItem: .action, primaryAction: UIAction { _ in tapped.append("share") })
        let trash = UIBarButtonItem(systemItem: .trash, primaryAction: UIAction { _ in tapped.append("trash") })
        page.toolbarItems = [share, .flexibleSpace(), trash]
        let navigation = UINavigationController(rootViewController: page)
        #expect(navigation.isToolbarHidden, "hidden until the app shows it")
        let host = ScreenHost(rootViewController: navigation)
        host.rootView.layoutIfNeeded()
        #expect(navigation.toolbar.isHidden)
        #expect(page.view.safeAreaInsets.bottom == 34)
        navigation.setToolbarHidden(false, animated: false)
        host.rootView.layoutIfNeeded()
        // A 49-point row above the home indicator; the background runs under it.
        #expect(navigation.toolbar.frame == CGRect(x: 0, y: 844 - 34 - 49, width: 390, height: 49 + 34))
        #expect(page.view.safeAreaInsets.bottom == 83)
        #expect(page.pinned.frame.maxY == 761)
        // The flexible space pushes the second item to the trailing margin.
        let buttons = navigation.toolbar.subviews.filter { $0 is UIButton }
        #expect(buttons.count == 2)
        #expect(buttons.first.map { $0.frame.minX } == 16)
        #expect(buttons.last.map { abs($0.frame.maxX - (390 - 16)) < 0.01 } == true)
        host.tap(at: CGPoint(x: 390 - 16 - 10, y: 844 - 34 - 24))
        host.tap(at: CGPoint(x: 16 + 10, y: 844 - 34 - 24))
        #expect(tapped == ["trash", "share"])
    }

    @Test func rule63ThePushedControllersItemsReplaceTheToolbarsAndHidesBottomBarWhenPushedHidesIt() {
        let first = Page(), second = Page(), third = Page()
        first.toolbarItems = [UIBarButtonItem(title: "One")]
        second.toolbarItems = [UIBarButtonItem(title: "Two"), UIBarButtonItem(title: "Three")]
        third.hidesBottomBarWhenPushed = true
        let navigation = UINavigationController(rootViewController: first)
        navigation.isToolbarHidden = false
        let host = ScreenHost(rootViewController: navigation)
        host.rootView.layoutIfNeeded()
        #expect(navigation.toolbar.items?.map(\.title) == ["One"])
        navigation.pushViewController(second, animated: false)
        #expect(navigation.toolbar.items?.map(\.title) == ["Two", "Three"])
        second.setToolbarItems([UIBarButtonItem(title: "Four")], animated: true)
        #expect(navigation.toolbar.items?.map(\.title) == ["Four"])
        navigation.pushViewController(third, animated: false)
        host.rootView.layoutIfNeeded()
        #expect(navigation.toolbar.isHidden)
        #expect(third.view.safeAreaInsets.bottom == 34)
        #expect(!navigation.isToolbarHidden, "the setting stays; the pushed controller hides the bar")
        navigation.popViewController(animated: false)
        host.rootView.layoutIfNeeded()
        #expect(!navigation.toolbar.isHidden)
        #expect(second.view.safeAreaInsets.bottom == 83)
    }

    @Test func rule63TheToolbarIsTransparentOverContentAtItsBottomEdgeAndMaterialOverContentBelow() {
        final class ListPage: UIViewController {
            let scroll = UIScrollView()
            override func loadView() {
                scroll.contentSize = CGSize(width: 390, height: 3_000)
                view = scroll
            }
        }
        let page = ListPage()
        page.toolbarItems = [UIBarButtonItem(title: "Edit")]
        let navigation = UINavigationController(rootViewController: page)
        navigation.isToolbarHidden = false
        let host = ScreenHost(rootViewController: navigation)
        func pixelAboveHomeIndicator() -> Color? { host.renderFrame().color(x: 400, y: (844 - 34 - 4) * 2) }
        host.rootView.layoutIfNeeded()
        // Content goes on below: iOS's bar material (light grey).
        let material = pixelAboveHomeIndicator()
        #expect(material.map { $0.red > 0.95 && $0.red < 0.99 } == true, "\(String(describing: material))")
        page.scroll.setContentOffset(CGPoint(x: 0, y: 3_000 - 844 + page.scroll.adjustedContentInset.bottom), animated: false)
        host.rootView.layoutIfNeeded()
        // At the bottom edge the bar is transparent: the system background (white) shows.
        let edge = pixelAboveHomeIndicator()
        #expect(edge.map { $0.red > 0.99 } == true, "\(String(describing: edge))")
    }

    // MARK: Rule 64: zooming scroll views

    /// A scroll view whose 600 x 400 image view zooms, logging the delegate's calls.
    final class Zoomer: NSObject, UIScrollViewDelegate {
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        var log: [String] = []
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { image }
        func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { log.append("willBegin") }
        func scrollViewDidZoom(_ scrollView: UIScrollView) {
            if log.last != "didZoom" { log.append("didZoom") }
        }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
            log.append("didEnd(\((scale * 100).rounded() / 100))")
        }
    }

    func zoomScreen() -> (ScreenHost, UIScrollView, Zoomer) {
        let zoomer = Zoomer()
        let scroll = UIScrollView(frame: CGRect(x: 45, y: 200, width: 300, height: 300))
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.delegate = zoomer
        scroll.addSubview(zoomer.image)
        scroll.contentSize = zoomer.image.bounds.size
        scroll.minimumZoomScale = 0.5
        scroll.maximumZoomScale = 4
        let root = UIView()
        root.addSubview(scroll)
        return (ScreenHost(rootView: root), scroll, zoomer)
    }

    @Test func rule64APinchZoomsTheDelegatesViewAboutTheFingers() throws {
        let (host, scroll, zoomer) = zoomScreen()
        #expect(scroll.pinchGestureRecognizer != nil)
        // The image point under the fingers' centre (the scroll view's middle).
        let centre = CGPoint(x: 45 + 150, y: 200 + 150)
        let before = zoomer.image.convert(centre, from: host.rootView)
        host.pinch(about: centre, scale: 2)
        #expect(host.runUntilIdle())
        #expect(abs(scroll.zoomScale - 2) < 0.05, "\(scroll.zoomScale)")
        #expect(abs(zoomer.image.transform.a - scroll.zoomScale) < 1e-9)
        #expect(abs(scroll.contentSize.width - 600 * scroll.zoomScale) < 1e-6)
        #expect(abs(zoomer.image.frame.minX) < 1e-9 && abs(zoomer.image.frame.minY) < 1e-9, "the view's top left stays at the origin")
        let after = zoomer.image.convert(centre, from: host.rootView)
        #expect(abs(after.x - before.x) < 1 && abs(after.y - before.y) < 1, "\(before) stays under the fingers: \(after)")
        #expect(zoomer.log.first == "willBegin")
        #expect(zoomer.log.last?.hasPrefix("didEnd(") == true)
        #expect(zoomer.log.contains("didZoom"))
        // A subview of the zoomed view is hit where it is drawn.
        let spot = UIView(frame: CGRect(x: before.x - 5, y: before.y - 5, width: 10, height: 10))
        zoomer.image.addSubview(spot)
        #expect(host.rootView.hitTest(CGPoint(x: centre.x + 15, y: centre.y + 15), with: nil) === zoomer.image)
        #expect(host.rootView.hitTest(CGPoint(x: centre.x + 8, y: centre.y + 8), with: nil) === spot, "10 points scaled to ~20")
    }

    @Test func rule64APinchPastALimitStretchesThenSpringsBack() {
        let (host, scroll, zoomer) = zoomScreen()
        host.pinch(about: CGPoint(x: 195, y: 350), scale: 8, duration: 0.3)
        #expect(scroll.zoomScale > 4, "stretched past the maximum while pinching")
        #expect(scroll.zoomScale < 8)
        #expect(scroll.isZoomBouncing)
        #expect(host.runUntilIdle())
        #expect(scroll.zoomScale == 4)
        #expect(!scroll.isZoomBouncing)
        #expect(zoomer.log.last == "didEnd(4.0)")
        // Without bouncing the pinch stops at the limit.
        scroll.bouncesZoom = false
        host.pinch(about: CGPoint(x: 195, y: 350), scale: 0.1, duration: 0.3)
        #expect(scroll.zoomScale == 0.5)
    }

    @Test func rule64ZoomScaleSetZoomScaleAndZoomToRectStayInTheLimits() {
        let (host, scroll, zoomer) = zoomScreen()
        scroll.zoomScale = 10
        #expect(scroll.zoomScale == 4)
        #expect(scroll.contentSize == CGSize(width: 2_400, height: 1_600))
        scroll.setZoomScale(1, animated: true)
        #expect(scroll.zoomScale == 4, "animated: moves on the clock")
        #expect(host.runUntilIdle())
        #expect(scroll.zoomScale == 1)
        zoomer.log = []
        // A 100 x 100 rectangle of the image fills the 300-point view: scale 3, centred on it.
        scroll.zoom(to: CGRect(x: 200, y: 100, width: 100, height: 100), animated: false)
        #expect(scroll.zoomScale == 3)
        #expect(scroll.contentOffset == CGPoint(x: 250 * 3 - 150, y: 150 * 3 - 150))
        #expect(zoomer.log == ["willBegin", "didZoom", "didEnd(3.0)"])
        // One scale: no pinch recognizer, as in UIKit.
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 1
        #expect(scroll.pinchGestureRecognizer == nil)
        scroll.maximumZoomScale = .nan
        #expect(scroll.maximumZoomScale == 1, "refused")
    }

    @Test func rule64ABrowsersPinchZoomsTheScrollViewUnderThePointer() {
        let (host, scroll, zoomer) = zoomScreen()
        host.scrollWheel(at: CGPoint(x: 195, y: 350), delta: -100 * log(2), pinch: true)
        #expect(abs(scroll.zoomScale - 2) < 1e-9)
        host.scrollWheel(at: CGPoint(x: 195, y: 350), delta: 10_000, pinch: true)
        #expect(scroll.zoomScale == 0.5, "clamped to the limits")
        #expect(zoomer.log.last == "didEnd(0.5)")
    }

    // MARK: Rule 65: view transforms

    @Test func rule65ATransformScalesAboutTheCentreForFrameHitTestingConversionAndDrawing() {
        let root = UIView()
        let square = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        square.backgroundColor = .red
        root.addSubview(square)
        let host = ScreenHost(rootView: root)
        square.transform = CGAffineTransform(scaleX: 3, y: 3)
        #expect(square.frame == CGRect(x: 80, y: 80, width: 60, height: 60))
        #expect(square.bounds.size == CGSize(width: 20, height: 20), "bounds keep their size")
        #expect(root.hitTest(CGPoint(x: 85, y: 85), with: nil) === square)
        #expect(square.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 80, y: 80))
        #expect(square.convert(CGPoint(x: 80, y: 80), from: root) == .zero)
        let frame = host.renderFrame()
        #expect(frame.color(x: 84 * 2, y: 84 * 2).map { $0.red > 0.9 && $0.green < 0.3 } == true)
        #expect(frame.color(x: 76 * 2, y: 76 * 2).map { $0.green > 0.9 || $0.alpha < 0.1 } == true, "outside: not red")
        // A quarter turn maps the top left to the top right.
        square.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let corner = square.convert(CGPoint.zero, to: root)
        #expect(abs(corner.x - 120) < 1e-9 && abs(corner.y - 100) < 1e-9)
        square.transform = CGAffineTransform(scaleX: 0, y: 1)
        #expect(abs(square.transform.a) < 1e-9 && abs(square.transform.b - 1) < 1e-9, "a transform that cannot be undone is refused")
    }

    @Test func rule65TransformsAnimateThroughScaleAndRotation() {
        let root = UIView()
        let square = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        root.addSubview(square)
        let host = ScreenHost(rootView: root)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            square.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 3, y: 3)
        }
        host.advance(by: 0.5)
        let t = square.transform
        let scale = hypot(t.a, t.b), angle = atan2(t.b, t.a)
        #expect(abs(scale - 2) < 0.1, "half-way scale \(scale)")
        #expect(abs(angle - .pi / 4) < 0.1, "half-way angle \(angle)")
        #expect(host.runUntilIdle())
        #expect(abs(square.transform.b - 3) < 1e-9)
        square.transform = .identity
        #expect(square.frame == CGRect(x: 100, y: 100, width: 20, height: 20))
    }

    @Test func rule65CGAffineTransformComposesAsCoreGraphics() {
        let move = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)) == CGPoint(x: 22, y: 2), "move, then scale")
        #expect(CGPoint(x: 1, y: 1).applying(move.scaledBy(x: 2, y: 2)) == CGPoint(x: 12, y: 2), "scale, then move")
        let both = move.scaledBy(x: 2, y: 3).rotated(by: 0.3)
        let back = CGPoint(x: 5, y: -7).applying(both).applying(both.inverted())
        #expect(abs(back.x - 5) < 1e-9 && abs(back.y + 7) < 1e-9)
        #expect(CGAffineTransform(scaleX: 0, y: 0).inverted() == CGAffineTransform(scaleX: 0, y: 0), "singular: unchanged")
        #expect(CGAffineTransform.identity.isIdentity && !scale.isIdentity)
        #expect(CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2)).size.width.rounded() == 20)
        #expect(CGSize(width: 10, height: 20).applying(scale) == CGSize(width: 20, height: 40))
    }

    // MARK: Hit testing in scrolled content

    @Test func rule53ATapInScrolledContentHitsWhatIsDrawnThere() {
        var taps = 0
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 400))
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentSize = CGSize(width: 390, height: 2_000)
        let button = UIButton(type: .system)
        button.setTitle("Far down", for: .normal)
        button.frame = CGRect(x: 100, y: 1_000, width: 190, height: 44)
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        scroll.addSubview(button)
        let root = UIView()
        root.addSubview(scroll)
        let host = ScreenHost(rootView: root)
        scroll.contentOffset = CGPoint(x: 0, y: 900)
        // The button is drawn at y = 100 + 1,000 − 900 = 200 on the screen.
        host.tap(at: CGPoint(x: 195, y: 222))
        #expect(taps == 1)
        #expect(root.hitTest(CGPoint(x: 195, y: 222), with: nil) === button)
    }

    // MARK: Limits

    @Test func limitViewTransformsAndZoomScalesThatAreNotFiniteAreRefused() {
        let (host, scroll, zoomer) = zoomScreen()
        zoomer.image.transform = CGAffineTransform(scaleX: .infinity, y: 1)
        #expect(zoomer.image.transform.isIdentity)
        zoomer.image.transform = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
        #expect(zoomer.image.transform.isIdentity, "not invertible")
        scroll.minimumZoomScale = -1
        #expect(scroll.minimumZoomScale == 0.5)
        scroll.maximumZoomScale = .infinity
        #expect(scroll.maximumZoomScale == 4)
        scroll.setZoomScale(.nan, animated: false)
        #expect(scroll.zoomScale == 1)
        scroll.zoom(to: CGRect(x: 0, y: 0, width: 0, height: 10), animated: false)
        #expect(scroll.zoomScale == 1)
        host.scrollWheel(at: CGPoint(x: 195, y: 350), delta: -1e300, pinch: true)
        #expect(scroll.zoomScale == 4, "a huge pinch is clamped, then the scale to its limit")
        let toolbar = UIToolbar()
        toolbar.items = [UIBarButtonItem.fixedSpace(.nan), UIBarButtonItem(title: "A")]
        toolbar.frame = CGRect(x: 0, y: 0, width: 390, height: 49)
        toolbar.layoutIfNeeded()
        #expect(toolbar.subviews.first.map { $0.frame.minX == 16 + 8 } == true, "a non-finite fixed space is 0 wide")
    }
}
