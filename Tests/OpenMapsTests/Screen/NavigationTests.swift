import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// Navigation controllers on a hosted screen: the stack, the slides, the bar and its items.
@MainActor
@Suite struct NavigationTests {
    /// A controller that logs its appearance callbacks.
    final class Page: UIViewController {
        let name: String
        var log: Log
        let pinned = UIView()

        @MainActor final class Log {
            var lines: [String] = []
        }

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
            super.init()
            title = name
        }

        required init() {
            name = "?"
            log = Log()
            super.init()
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            pinned.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(pinned)
            NSLayoutConstraint.activate([
                pinned.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                pinned.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                pinned.widthAnchor.constraint(equalToConstant: 10),
                pinned.heightAnchor.constraint(equalToConstant: 10),
            ])
        }

        override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name).willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name).didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name).willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name).didDisappear") }
    }

    @Test func rule54APushSlidesInUIKitsOrderAndTheBackButtonPops() {
        let log = Page.Log()
        let first = Page("Maps", log: log), second = Page("Detail", log: log)
        let navigation = UINavigationController(rootViewController: first)
        let host = ScreenHost(rootViewController: navigation)
        host.advance(by: 0.1)
        #expect(log.lines == ["Maps.willAppear", "Maps.didAppear"])
        #expect(first.navigationController === navigation)
        log.lines = []
        navigation.pushViewController(second, animated: true)
        #expect(log.lines == ["Maps.willDisappear", "Detail.willAppear"])
        #expect(navigation.topViewController === second)
        host.advance(by: 0.1)
        let midway = second.view.frame.minX
        #expect(midway > 0 && midway < 390, "sliding in (\(midway))")
        #expect(host.runUntilIdle())
        #expect(log.lines == ["Maps.willDisappear", "Detail.willAppear", "Maps.didDisappear", "Detail.didAppear"])
        #expect(second.view.frame.minX == 0)
        #expect(first.viewIfLoaded?.superview == nil, "the covered view leaves the screen")
        // The back button, at the bar's left, pops.
        log.lines = []
        host.tap(at: CGPoint(x: 30, y: 47 + 22))
        #expect(host.runUntilIdle())
        #expect(navigation.viewControllers == [first])
        #expect(log.lines == ["Detail.willDisappear", "Maps.willAppear", "Detail.didDisappear", "Maps.didAppear"])
        #expect(second.parent == nil)
    }

    @Test func rule54TheSafeAreaStartsBelowTheBar() {
        let page = Page("Maps", log: Page.Log())
        let navigation = UINavigationController(rootViewController: page)
        let host = ScreenHost(rootViewController: navigation)
        host.rootView.layoutIfNeeded()
        #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 390, height: 47 + 44))
        #expect(page.view.safeAreaInsets.top == 91)
        #expect(page.pinned.frame.minY == 91)
        navigation.navigationBar.prefersLargeTitles = true
        host.rootView.layoutIfNeeded()
        #expect(abs(page.pinned.frame.minY - (91 + 52)) < 0.01)
        navigation.setNavigationBarHidden(true, animated: false)
        host.rootView.layoutIfNeeded()
        #expect(page.pinned.frame.minY == 47)
    }

    @Test func barButtonItemsRunTheirActions() {
        let page = Page("Maps", log: Page.Log())
        var senders: [String] = []
        page.navigationItem.rightBarButtonItems = [
            UIBarButtonItem(primaryAction: UIAction(title: "Clear") { action in
                senders.append((action.sender as? UIBarButtonItem)?.title ?? "?")
            }),
            UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in senders.append("add") }),
        ]
        let host = ScreenHost(rootViewController: UINavigationController(rootViewController: page))
        host.rootView.layoutIfNeeded()
        // The first right item sits at the right margin; the add button to its left.
        host.tap(at: CGPoint(x: 390 - 16 - 10, y: 47 + 22))
        #expect(senders == ["Clear"])
        host.tap(at: CGPoint(x: 390 - 16 - 60, y: 47 + 22), id: 2)
        #expect(senders == ["Clear", "add"])
    }

    /// A controller that logs its containment calls.
    final class Child: UIViewController {
        var log: [String] = []
        override func willMove(toParent parent: UIViewController?) { log.append(parent == nil ? "willMove(nil)" : "willMove") }
        override func didMove(toParent parent: UIViewController?) { log.append(parent == nil ? "didMove(nil)" : "didMove") }
        override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear moving:\(isMovingFromParent)") }
    }

    @Test func containmentCallsComeInUIKitsOrder() {
        let root = Child(), pushed = Child()
        let navigation = UINavigationController(rootViewController: root)
        #expect(root.log == ["willMove", "didMove"], "the root is a child at once")
        let host = ScreenHost(rootViewController: navigation)
        host.advance(by: 0.1)
        navigation.pushViewController(pushed, animated: true)
        #expect(pushed.log == ["willMove"], "didMove when the slide ends")
        host.runUntilIdle()
        #expect(pushed.log == ["willMove", "didMove"])
        pushed.log = []
        navigation.popViewController(animated: true)
        #expect(pushed.log == ["willMove(nil)", "willDisappear moving:true"], "told as the pop begins")
        host.runUntilIdle()
        #expect(pushed.log.last == "didMove(nil)")
        #expect(!pushed.isMovingFromParent)
    }

    @Test func replacingTheTopRemovesTheOldTop() {
        let first = Child(), second = Child(), third = Child()
        let navigation = UINavigationController(rootViewController: first)
        let host = ScreenHost(rootViewController: navigation)
        host.advance(by: 0.1)
        navigation.pushViewController(second, animated: false)
        navigation.setViewControllers([first, third], animated: true)
        host.runUntilIdle()
        #expect(second.parent == nil)
        #expect(second.navigationController == nil)
        #expect(third.parent === navigation)
        #expect(second.viewIfLoaded?.superview == nil)
    }

    @Test func aPushDuringAPushFinishesTheFirst() {
        let first = Child(), second = Child(), third = Child()
        let navigation = UINavigationController(rootViewController: first)
        let host = ScreenHost(rootViewController: navigation)
        host.advance(by: 0.1)
        navigation.pushViewController(second, animated: true)
        navigation.pushViewController(third, animated: true)
        #expect(second.log.contains("didMove"), "the first push ended before the second began")
        host.runUntilIdle()
        #expect(navigation.viewControllers == [first, second, third])
        #expect(second.viewIfLoaded?.superview == nil)
        #expect(third.view.frame.minX == 0)
    }

    @Test func limitNavigationStackDepthIsBounded() {
        let navigation = UINavigationController(rootViewController: Page("0", log: Page.Log()))
        for index in 1...(UINavigationController.maximumDepth + 5) { navigation.pushViewController(Page("\(index)", log: Page.Log()), animated: false) }
        #expect(navigation.viewControllers.count == UINavigationController.maximumDepth)
    }
}

/// Navigation bars drawn like iOS 17, in light and dark. Re-record with
/// `OPENMAPS_RECORD_GOLDENS=1 swift test --filter NavigationBarGoldenTests` and review the
/// images in `__Goldens__`.
@MainActor
@Suite struct NavigationBarGoldenTests {
    /// Three bars stacked: a pushed screen with a back button and items over a scrolled list
    /// (the standard look), the root over a map-like view (transparent at the edge), and a
    /// large title.
    func bars(_ style: UIUserInterfaceStyle) -> UIImage {
        func screen(_ configure: (UINavigationController) -> Void) -> UIImage {
            let root = UIViewController()
            root.title = "Samples"
            let navigation = UINavigationController(rootViewController: root)
            configure(navigation)
            let host = ScreenHost(rootViewController: navigation, size: CGSize(width: 390, height: 150))
            host.userInterfaceStyle = style
            host.runUntilIdle()
            return host.snapshot()
        }
        let pushed = screen { navigation in
            let detail = UIViewController()
            detail.title = "Markers"
            detail.navigationItem.rightBarButtonItems = [
                UIBarButtonItem(title: "Clear", primaryAction: UIAction { _ in }),
                UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in }),
            ]
            let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 150))
            list.contentSize = CGSize(width: 390, height: 1_000)
            list.backgroundColor = .systemGroupedBackground
            list.contentOffset = CGPoint(x: 0, y: 40)
            detail.view.addSubview(list)
            navigation.pushViewController(detail, animated: false)
        }
        let edge = screen { navigation in
            navigation.topViewController?.view.backgroundColor = .systemTeal
            navigation.topViewController?.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { _ in })
        }
        let large = screen { navigation in
            navigation.navigationBar.prefersLargeTitles = true
            let opaque = UINavigationBarAppearance()
            opaque.configureWithOpaqueBackground()
            navigation.navigationBar.scrollEdgeAppearance = opaque
        }
        let sheet = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 450))
        for (index, image) in [pushed, edge, large].enumerated() {
            let view = UIImageView(image: image)
            view.frame = CGRect(x: 0, y: CGFloat(index) * 150, width: 390, height: 150)
            sheet.addSubview(view)
        }
        return sheet.renderedImage(scale: 2)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func navigationBarsInLightAndDark(_ style: UIUserInterfaceStyle) {
        let name = style == .dark ? "navigation-bars-dark" : "navigation-bars-light"
        let result = GoldenImage.check(bars(style).bitmap, named: name)
        #expect(result.passed, "\(result.message)")
    }
}
