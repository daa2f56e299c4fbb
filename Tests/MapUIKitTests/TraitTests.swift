import Foundation
@testable import MapUIKit
import Testing

/// The UIKit edges map code touches: appearance, the safe area, the status bar, the responder
/// chain and key-value observation.
@MainActor
@Suite("Traits")
struct TraitTests {
    final class WatchingView: UIView {
        var changes: [UIUserInterfaceStyle] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            changes.append(traitCollection.userInterfaceStyle)
        }
    }

    @Test func overrideUserInterfaceStyleReachesSubviewsThatInherit() {
        let root = UIWindow(), inheriting = WatchingView(), fixed = WatchingView()
        fixed.overrideUserInterfaceStyle = .light
        root.addSubview(inheriting)
        root.addSubview(fixed)
        #expect(inheriting.traitCollection.userInterfaceStyle == .light)
        root.overrideUserInterfaceStyle = .dark
        #expect(inheriting.changes == [.dark] && fixed.changes.isEmpty)
        root.setScreenUserInterfaceStyle(.light)
        #expect(inheriting.changes == [.dark], "the override wins over the window")
        root.overrideUserInterfaceStyle = .unspecified
        #expect(inheriting.changes == [.dark, .light])
        let controller = UIViewController()
        controller.overrideUserInterfaceStyle = .dark
        #expect(controller.traitCollection.userInterfaceStyle == .dark && controller.preferredStatusBarStyle == .default)
    }

    @Test func aSubviewsSafeAreaIsWhatOfItsParentsReachesIt() {
        let root = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let child = UIView(frame: CGRect(x: 0, y: 20, width: 400, height: 700))
        root.addSubview(child)
        root.setScreenSafeAreaInsets(UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 27, left: 0, bottom: 0, right: 0))
    }

    @Test func limitSafeAreaInsetsClampedIntoTenThousandPoints() {
        let root = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        root.setScreenSafeAreaInsets(UIEdgeInsets(top: .nan, left: -5, bottom: 1e9, right: .infinity))
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 10_000, right: 0))
    }

    @Test func theResponderChainRunsUpTheSuperviews() {
        let root = UIView(), child = UIView()
        root.addSubview(child)
        #expect(child.next === root && root.next == nil && !child.becomeFirstResponder())
        #expect(child.isKind(of: UIResponder.self) && child.accessibilityElementsHidden == false)
    }

    final class Observed: KeyValueObservable {
        let keyValueObservers = KeyValueObservers()
        var value = 0 {
            willSet { keyValueObservers.willChange(\Observed.value) }
            didSet { keyValueObservers.didChange(\Observed.value) }
        }
    }

    @Test func keyValueObservationReportsAsAskedUntilReleased() {
        let object = Observed()
        var seen: [String] = []
        var observation: NSKeyValueObservation? = object.observe(\.value, options: [.initial, .old, .new]) { _, change in
            seen.append("\(change.oldValue.map(String.init) ?? "-")>\(change.newValue.map(String.init) ?? "-")")
        }
        object.value = 1
        object.value = 2
        #expect(seen == ["->0", "0>1", "1>2"])
        _ = observation
        observation = nil
        object.value = 3
        #expect(seen.count == 3, "a released observation hears nothing")
        #expect(!object.keyValueObservers.isObserved(\Observed.value))
    }
}
