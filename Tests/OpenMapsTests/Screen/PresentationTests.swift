import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// Modal presentation and alerts on a hosted screen.
@MainActor
@Suite struct PresentationTests {
    final class Screen: UIViewController {
        var log: [String] = []
        override func viewWillDisappear(_ animated: Bool) { log.append("screen.willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("screen.didDisappear") }
    }

    final class Sheet: UIViewController {
        var log: [String] = []
        override func viewWillAppear(_ animated: Bool) { log.append("sheet.willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.append("sheet.didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.append("sheet.willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("sheet.didDisappear") }
    }

    @Test func rule55ASheetSlidesUpBelowTheStatusBarAndGoesAway() {
        let screen = Screen(), sheet = Sheet()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        var completed = 0
        screen.present(sheet, animated: true) { completed += 1 }
        #expect(screen.presentedViewController === sheet)
        #expect(sheet.presentingViewController === screen)
        #expect(sheet.isBeingPresented)
        #expect(host.runUntilIdle())
        #expect(completed == 1)
        #expect(sheet.view.frame == CGRect(x: 0, y: 47 + 10, width: 390, height: 844 - 57))
        #expect(sheet.log == ["sheet.willAppear", "sheet.didAppear"])
        #expect(screen.log.isEmpty, "a sheet leaves the screen under it appearing")
        sheet.dismiss(animated: true) { completed += 1 }
        #expect(host.runUntilIdle())
        #expect(completed == 2)
        #expect(screen.presentedViewController == nil)
        #expect(sheet.viewIfLoaded?.superview == nil)
        #expect(sheet.log.suffix(2) == ["sheet.willDisappear", "sheet.didDisappear"])
    }

    @Test func rule55AFullScreenPresentationCoversTheScreen() {
        let screen = Screen(), cover = Sheet()
        cover.modalPresentationStyle = .fullScreen
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        screen.present(cover, animated: false)
        #expect(cover.view.frame == host.rootView.bounds)
        #expect(screen.log == ["screen.willDisappear", "screen.didDisappear"])
        // A second presentation from the same controller is refused, as UIKit does.
        screen.present(Sheet(), animated: false)
        #expect(screen.presentedViewController === cover)
    }

    @Test func rule56AnAlertsButtonDismissesItThenRunsTheHandler() {
        let screen = Screen()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        var chosen: [String] = []
        let alert = UIAlertController(title: "Drop a pin?", message: "A marker goes at the map's centre.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
        alert.addAction(UIAlertAction(title: "Drop", style: .default) { action in
            chosen.append(action.title ?? "?")
            #expect(screen.presentedViewController == nil, "the handler runs after the alert is gone")
        })
        screen.present(alert, animated: true)
        host.runUntilIdle()
        let card = alert.view.frame
        #expect(card.width == 270 && abs(card.midX - 195) < 0.5 && abs(card.midY - 422) < 0.5)
        // Two buttons side by side: Drop at the right half of the bottom row, Cancel on the left.
        host.tap(at: CGPoint(x: card.minX + 200, y: card.maxY - 22))
        host.runUntilIdle()
        #expect(chosen == ["Drop"])
        #expect(alert.viewIfLoaded?.superview == nil)
    }

    @Test func anAlertsTextFieldTakesTheKeys() {
        let screen = Screen()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        var typed: String?
        let alert = UIAlertController(title: "Search", message: nil, preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Place" }
        alert.addAction(UIAlertAction(title: "Go", style: .default) { [unowned alert] _ in typed = alert.textFields?.first?.text })
        screen.present(alert, animated: true)
        host.runUntilIdle()
        #expect(alert.textFields?.first?.isFirstResponder == true)
        host.typeText("Kamppi")
        let card = alert.view.frame
        host.tap(at: CGPoint(x: card.midX, y: card.maxY - 22))
        host.runUntilIdle()
        #expect(typed == "Kamppi")
    }

    @Test func aTapOutsideAnActionSheetIsItsCancel() {
        let screen = Screen()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        var chosen: [String] = []
        let sheet = UIAlertController(title: nil, message: "Map type", preferredStyle: .actionSheet)
        for name in ["Normal", "Hybrid"] { sheet.addAction(UIAlertAction(title: name, style: .default) { _ in chosen.append(name) }) }
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("Cancel") })
        screen.present(sheet, animated: true)
        host.runUntilIdle()
        #expect(abs(sheet.view.frame.maxY - (844 - 34)) < 0.01)
        host.tap(at: CGPoint(x: 195, y: 200))
        host.runUntilIdle()
        #expect(chosen == ["Cancel"])
    }

    @Test func dismissingTwiceRunsEachCompletionOnce() {
        let screen = Screen(), sheet = Sheet()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        screen.present(sheet, animated: false)
        var completions = 0
        sheet.dismiss(animated: true) { completions += 1 }
        sheet.dismiss(animated: true) { completions += 1 }
        host.runUntilIdle()
        #expect(completions == 2)
        #expect(sheet.log.filter { $0 == "sheet.willDisappear" }.count == 1)
    }

    @Test func aDismissalDuringThePresentationLetsItFinishFirst() {
        let screen = Screen(), sheet = Sheet()
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        var presented = false
        screen.present(sheet, animated: true) { presented = true }
        host.advance(by: 0.05)
        sheet.dismiss(animated: true)
        host.runUntilIdle()
        #expect(presented)
        #expect(sheet.log == ["sheet.willAppear", "sheet.didAppear", "sheet.willDisappear", "sheet.didDisappear"])
        #expect(screen.presentedViewController == nil)
    }

    @Test func overFullScreenKeepsTheScreenUnderneath() {
        let screen = Screen(), cover = Sheet()
        cover.modalPresentationStyle = .overFullScreen
        let host = ScreenHost(rootViewController: screen)
        host.advance(by: 0.1)
        screen.present(cover, animated: false)
        #expect(screen.log.isEmpty)
        #expect(cover.view.frame == host.rootView.bounds)
    }

    @Test func limitAlertActionsAreBounded() {
        let alert = UIAlertController(title: "Many", message: nil, preferredStyle: .alert)
        for index in 0..<(UIAlertController.maximumActions + 3) { alert.addAction(UIAlertAction(title: "\(index)", style: .default)) }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        #expect(alert.actions.count == UIAlertController.maximumActions)
        let two = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
        two.addAction(UIAlertAction(title: "A", style: .cancel))
        two.addAction(UIAlertAction(title: "B", style: .cancel))
        #expect(two.actions.count == 1, "one cancel action")
    }
}

/// Alerts and action sheets drawn like iOS 17, in light and dark. Re-record with
/// `OPENMAPS_RECORD_GOLDENS=1 swift test --filter AlertGoldenTests`.
@MainActor
@Suite struct AlertGoldenTests {
    func screen(_ style: UIUserInterfaceStyle, _ make: () -> UIAlertController) -> UIImage {
        let screen = UIViewController()
        screen.loadViewIfNeeded()
        screen.view.backgroundColor = .systemTeal
        let host = ScreenHost(rootViewController: screen, size: CGSize(width: 390, height: 500), safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        host.userInterfaceStyle = style
        host.advance(by: 0.1)
        screen.present(make(), animated: false)
        host.runUntilIdle()
        return host.snapshot()
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func alertsAndSheetsInLightAndDark(_ style: UIUserInterfaceStyle) {
        let alert = screen(style) {
            let alert = UIAlertController(title: "Drop a pin?", message: "A marker goes at the map's centre.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Drop", style: .default))
            return alert
        }
        let stacked = screen(style) {
            let alert = UIAlertController(title: "Search", message: "Where to?", preferredStyle: .alert)
            alert.addTextField { $0.placeholder = "Place" }
            alert.addAction(UIAlertAction(title: "Go", style: .default))
            alert.addAction(UIAlertAction(title: "Delete history", style: .destructive))
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            return alert
        }
        let sheet = screen(style) {
            let sheet = UIAlertController(title: "Map type", message: "Choose how the map looks", preferredStyle: .actionSheet)
            for name in ["Normal", "Satellite", "Hybrid"] { sheet.addAction(UIAlertAction(title: name, style: .default)) }
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            return sheet
        }
        let board = UIView(frame: CGRect(x: 0, y: 0, width: 390 * 3, height: 500))
        for (index, image) in [alert, stacked, sheet].enumerated() {
            let view = UIImageView(image: image)
            view.frame = CGRect(x: CGFloat(index) * 390, y: 0, width: 390, height: 500)
            board.addSubview(view)
        }
        let name = style == .dark ? "alerts-dark" : "alerts-light"
        let result = GoldenImage.check(board.renderedImage(scale: 1).bitmap, named: name)
        #expect(result.passed, "\(result.message)")
    }
}
