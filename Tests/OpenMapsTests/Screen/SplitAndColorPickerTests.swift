import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// A split view controller collapsed on a phone, and the colour picker.
@MainActor
@Suite struct SplitAndColorPickerTests {
    final class List: UIViewController, UISplitViewControllerDelegate {
        var collapseSecondary = true
        func splitViewController(
            _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
            onto primaryViewController: UIViewController
        ) -> Bool { collapseSecondary }
    }

    @Test func rule62ASplitCollapsesOnAPhoneAndShowsDetailsOnItsStack() {
        let list = List()
        list.title = "Samples"
        let navigation = UINavigationController(rootViewController: list)
        let split = UISplitViewController()
        split.delegate = list
        split.preferredDisplayMode = .oneBesideSecondary
        split.viewControllers = [navigation, UIViewController()]
        let host = ScreenHost(rootViewController: split)
        host.advance(by: 0.1)
        #expect(split.isCollapsed)
        // The delegate dropped the secondary: the list alone shows.
        #expect(navigation.viewControllers.count == 1)
        #expect(list.splitViewController === split)
        // A detail in its own navigation controller goes on the collapsed stack.
        let detail = UIViewController()
        detail.title = "Markers"
        list.showDetailViewController(UINavigationController(rootViewController: detail), sender: list)
        host.runUntilIdle()
        #expect(navigation.topViewController === detail)
        #expect(navigation.navigationBar.topItem?.title == "Markers")
        // Without the delegate dropping it, the secondary is pushed when the split collapses.
        let other = List()
        other.collapseSecondary = false
        let secondNavigation = UINavigationController(rootViewController: UIViewController())
        let second = UISplitViewController(style: .unspecified)
        second.delegate = other
        let shownSecondary = UIViewController()
        second.viewControllers = [secondNavigation, shownSecondary]
        _ = ScreenHost(rootViewController: second)
        second.loadViewIfNeeded()
        #expect(secondNavigation.topViewController === shownSecondary)
    }

    @Test func rule62BAColumnSplitWrapsItsColumnsInANavigationController() {
        let split = UISplitViewController(style: .doubleColumn)
        let primary = UIViewController(), secondary = UIViewController()
        split.setViewController(primary, for: .primary)
        split.setViewController(secondary, for: .secondary)
        let host = ScreenHost(rootViewController: split)
        host.advance(by: 0.1)
        #expect(primary.navigationController?.viewControllers.first === primary)
        #expect(primary.navigationController?.topViewController === secondary, "the secondary column is on top, as UIKit proposes")
    }

    @Test func rule62CTheColourPickerSelectsATappedSwatchAndCloses() {
        final class Chooser: UIViewController, UIColorPickerViewControllerDelegate {
            var chosen: [UIColor] = []
            var finished = false
            func colorPickerViewController(_ viewController: UIColorPickerViewController, didSelect color: UIColor, continuously: Bool) {
                chosen.append(color)
            }
            func colorPickerViewControllerDidFinish(_ viewController: UIColorPickerViewController) { finished = true }
        }
        let chooser = Chooser()
        let host = ScreenHost(rootViewController: chooser)
        host.advance(by: 0.1)
        let picker = UIColorPickerViewController()
        picker.selectedColor = .systemBlue
        picker.supportsAlpha = false
        picker.delegate = chooser
        chooser.present(picker, animated: false)
        host.runUntilIdle()
        // The top left swatch is white; the first column's second row a deep red.
        let grid = picker.view.subviews.first { $0.bounds.width > 300 && $0.bounds.height > 200 }
        #expect(grid != nil)
        if let grid {
            let cell = grid.bounds.width / 12
            host.tap(grid, at: CGPoint(x: cell / 2, y: cell * 1.5))
        }
        #expect(chooser.chosen.count == 1)
        let red = picker.selectedColor.color
        #expect(red.red > red.green && red.red > red.blue && red.alpha == 1)
        // The close button dismisses it and tells the delegate.
        let close = picker.view.subviews.compactMap { $0 as? UIButton }.first
        if let close { host.tap(close) }
        host.runUntilIdle()
        #expect(chooser.finished)
        #expect(chooser.presentedViewController == nil)
    }
}
