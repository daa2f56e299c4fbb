import Foundation
import OpenMaps
import OpenMapsTesting
import Testing

/// Pickers and scroll views on a hosted screen, moving on the screen's clock.
@MainActor
@Suite struct PickerAndScrollTests {
    /// A picker of map types and zooms.
    final class Choices: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
        let types = ["Normal", "Satellite", "Hybrid", "Terrain", "None"]
        var picked: [String] = []
        func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
            component == 0 ? types.count : 21
        }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            component == 0 ? types[row] : "z\(row)"
        }
        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
            picked.append("\(component):\(row)")
        }
    }

    func pickerScreen() -> (ScreenHost, UIPickerView, Choices) {
        let choices = Choices()
        let picker = UIPickerView()
        picker.dataSource = choices
        picker.delegate = choices
        let root = UIView()
        root.addSubview(picker)
        picker.frame = CGRect(x: 35, y: 300, width: 320, height: 216)
        return (ScreenHost(rootView: root), picker, choices)
    }

    @Test func rule52APickerSettlesOnARowThenTellsTheDelegate() {
        let (host, picker, choices) = pickerScreen()
        #expect(picker.numberOfComponents == 2)
        #expect(picker.numberOfRows(inComponent: 1) == 21)
        #expect(picker.selectedRow(inComponent: 0) == 0)
        // A slow drag up by three rows on the first wheel.
        let x = picker.frame.minX + 80
        host.drag(from: CGPoint(x: x, y: picker.frame.midY), to: CGPoint(x: x, y: picker.frame.midY - 96), duration: 2, id: 1)
        #expect(choices.picked.isEmpty, "told only at rest")
        #expect(!host.isIdle)
        #expect(host.runUntilIdle())
        #expect(picker.selectedRow(inComponent: 0) == 3)
        #expect(choices.picked == ["0:3"])
        // A tap on the row below the band brings it to the middle.
        let start = host.time + 0.1
        let below = CGPoint(x: x, y: picker.frame.midY + 32)
        host.send(MapTouch(id: 2, phase: .began, location: below, timestamp: start))
        host.send(MapTouch(id: 2, phase: .ended, location: below, timestamp: start + 0.05))
        host.runUntilIdle()
        #expect(picker.selectedRow(inComponent: 0) == 4)
        #expect(choices.picked == ["0:3", "0:4"])
        // Past the end the wheel stays on the last row.
        host.drag(from: CGPoint(x: x, y: picker.frame.midY), to: CGPoint(x: x, y: picker.frame.minY), id: 3)
        host.runUntilIdle()
        #expect(picker.selectedRow(inComponent: 0) == 4)
    }

    @Test func rule52SelectingARowFromCodeDoesNotTell() {
        let (host, picker, choices) = pickerScreen()
        picker.selectRow(12, inComponent: 1, animated: true)
        #expect(picker.selectedRow(inComponent: 1) == 12)
        host.runUntilIdle()
        picker.selectRow(99, inComponent: 1, animated: false)
        #expect(picker.selectedRow(inComponent: 1) == 20, "clamped into the rows")
        #expect(picker.selectedRow(inComponent: 7) == -1)
        #expect(choices.picked.isEmpty)
        picker.reloadAllComponents()
        #expect(picker.selectedRow(inComponent: 1) == 20, "a reload keeps the selection")
    }

    final class HugePicker: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
        func numberOfComponents(in pickerView: UIPickerView) -> Int { 1_000 }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { Int.max }
        func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { .nan }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { "\(row)" }
    }

    @Test func limitPickerComponentsAndRowsAreClamped() {
        let source = HugePicker()
        let picker = UIPickerView()
        picker.dataSource = source
        picker.delegate = source
        #expect(picker.numberOfComponents == UIPickerView.maximumComponents)
        #expect(picker.numberOfRows(inComponent: 0) == UIPickerView.maximumRows)
        #expect(picker.rowSize(forComponent: 0).height == 32)
        picker.selectRow(UIPickerView.maximumRows - 1, inComponent: 3, animated: false)
        _ = picker.renderedImage(scale: 1)
    }

    // MARK: Scroll views

    final class ScrollLog: NSObject, UIScrollViewDelegate {
        var calls: [String] = []
        var target: CGPoint?
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            calls.append("willEndDragging")
            if let target { targetContentOffset.pointee = target }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            calls.append("didEndDragging(\(decelerate))")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
    }

    func scrollScreen() -> (ScreenHost, UIScrollView, ScrollLog) {
        let log = ScrollLog()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 400))
        scroll.contentSize = CGSize(width: 390, height: 2_000)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.delegate = log
        let root = UIView()
        root.addSubview(scroll)
        return (ScreenHost(rootView: root), scroll, log)
    }

    @Test func rule53AScrollViewFollowsTheFingerAndCoasts() {
        let (host, scroll, log) = scrollScreen()
        // A slow drag: the content follows the finger, less the pan's 10-point start.
        host.drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 200, y: 200), duration: 4, id: 1)
        #expect(abs(scroll.contentOffset.y - 190) < 1)
        host.runUntilIdle()
        #expect(log.calls.prefix(2) == ["willBeginDragging", "willEndDragging"])
        // A flick: the content keeps moving, then rests.
        log.calls = []
        let before = scroll.contentOffset.y
        host.drag(from: CGPoint(x: 200, y: 450), to: CGPoint(x: 200, y: 250), duration: 0.1, id: 2)
        let released = scroll.contentOffset.y
        #expect(scroll.isDecelerating)
        #expect(!host.isIdle)
        #expect(host.runUntilIdle())
        #expect(scroll.contentOffset.y > released + 100, "it coasts (\(before) → \(released) → \(scroll.contentOffset.y))")
        #expect(
            log.calls == ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating", "didEndDecelerating"])
    }

    @Test func rule53PastAnEdgeItStretchesAndSpringsBack() {
        let (host, scroll, log) = scrollScreen()
        host.drag(from: CGPoint(x: 200, y: 150), to: CGPoint(x: 200, y: 450), duration: 3, id: 1)
        // Pulled 290 points past the top, it moves (1 − 1 / (290 × 0.55 / 400 + 1)) × 400.
        let expected = (1 - 1 / (290 * 0.55 / 400 + 1)) * 400
        #expect(abs(-scroll.contentOffset.y - expected) < 1)
        host.runUntilIdle()
        #expect(scroll.contentOffset.y == 0)
        #expect(log.calls.last == "didEndDecelerating")
        scroll.bounces = false
        host.drag(from: CGPoint(x: 200, y: 150), to: CGPoint(x: 200, y: 450), duration: 3, id: 2)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func rule53TheDelegateCanChooseWhereAFlickRests() {
        let (host, scroll, log) = scrollScreen()
        log.target = CGPoint(x: 0, y: 600)
        host.drag(from: CGPoint(x: 200, y: 450), to: CGPoint(x: 200, y: 250), duration: 0.1, id: 1)
        host.runUntilIdle()
        #expect(scroll.contentOffset.y == 600)
        scroll.setContentOffset(CGPoint(x: 0, y: 1_000), animated: true)
        host.runUntilIdle()
        #expect(scroll.contentOffset.y == 1_000)
        #expect(log.calls.last == "didEndScrollingAnimation")
        scroll.scrollRectToVisible(CGRect(x: 0, y: 1_900, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 1_550)
    }

    @Test func aButtonInAScrollViewLosesItsTouchWhenTheContentScrolls() {
        let (host, scroll, _) = scrollScreen()
        var taps = 0
        let button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Go") { _ in taps += 1 })
        button.frame = CGRect(x: 100, y: 100, width: 190, height: 200)
        scroll.addSubview(button)
        host.drag(from: CGPoint(x: 200, y: 350), to: CGPoint(x: 200, y: 250), id: 1)
        host.runUntilIdle()
        #expect(taps == 0)
        #expect(scroll.contentOffset.y > 0)
    }

    @Test func pagingMovesOnePageTheWayTheFingerWent() {
        let (host, scroll, _) = scrollScreen()
        scroll.isPagingEnabled = true
        host.drag(from: CGPoint(x: 200, y: 450), to: CGPoint(x: 200, y: 150), duration: 0.1, id: 1)
        host.runUntilIdle()
        #expect(scroll.contentOffset.y == 400, "a fast flick moves one page, not several")
        host.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 300), duration: 2, id: 2)
        host.runUntilIdle()
        #expect(scroll.contentOffset.y == 400, "a slow short drag returns to the nearest page")
    }

    @Test func aFingerStopsACoastingScrollView() {
        let (host, scroll, log) = scrollScreen()
        host.drag(from: CGPoint(x: 200, y: 450), to: CGPoint(x: 200, y: 250), duration: 0.1, id: 1)
        host.advance(by: 0.1)
        #expect(scroll.isDecelerating)
        host.send(MapTouch(id: 2, phase: .began, location: CGPoint(x: 200, y: 300), timestamp: host.time + 0.01))
        #expect(!scroll.isDecelerating)
        let caught = scroll.contentOffset.y
        host.send(MapTouch(id: 2, phase: .ended, location: CGPoint(x: 200, y: 300), timestamp: host.time + 0.05))
        host.runUntilIdle()
        #expect(scroll.contentOffset.y == caught)
        #expect(log.calls.last == "didEndDecelerating")
    }

    @Test func aPickerInAScrollViewSpinsItsWheel() {
        let (host, scroll, _) = scrollScreen()
        let choices = Choices()
        let picker = UIPickerView()
        picker.dataSource = choices
        picker.delegate = choices
        picker.frame = CGRect(x: 35, y: 50, width: 320, height: 216)
        scroll.addSubview(picker)
        let x: CGFloat = 35 + 80, middle: CGFloat = 100 + 50 + 108
        host.drag(from: CGPoint(x: x, y: middle), to: CGPoint(x: x, y: middle - 80), duration: 2, id: 1)
        host.runUntilIdle()
        #expect(scroll.contentOffset.y == 0, "the picker's own pan took the drag")
        #expect(picker.selectedRow(inComponent: 0) > 0)
    }
}
