import Foundation
import MapUIKit
import Testing

/// Controls through the touch dispatcher: events, states, actions.
@MainActor
@Suite struct ControlTests {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))

    func tap(_ dispatcher: TouchDispatcher, at point: CGPoint, id: Int = 1, at time: TimeInterval) {
        dispatcher.send(id: id, phase: .began, location: point, timestamp: time)
        dispatcher.send(id: id, phase: .ended, location: point, timestamp: time + 0.05)
    }

    @Test func rule48ControlsSendTheirEventsInUIKitsOrder() {
        var events: [String] = []
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Go") { action in
            events.append("primary from \(action.sender is UIButton ? "button" : "?")")
        })
        button.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
        button.addAction(UIAction { _ in events.append("up inside") }, for: .touchUpInside)
        button.addAction(UIAction { _ in events.append("up outside") }, for: .touchUpOutside)
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 44)
        root.addSubview(button)
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 50, y: 30), timestamp: 1)
        #expect(button.isHighlighted && button.state == .highlighted)
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 50, y: 30), timestamp: 1.1)
        #expect(!button.isHighlighted)
        #expect(events == ["down", "up inside", "primary from button"])
        events.removeAll()
        // Dragged far away and lifted: touch up outside (70 points of slop count as inside).
        dispatcher.send(id: 2, phase: .began, location: CGPoint(x: 50, y: 30), timestamp: 2)
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 50, y: 100), timestamp: 2.1)
        #expect(button.isHighlighted, "still inside within the slop")
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 250, y: 250), timestamp: 2.2)
        #expect(!button.isHighlighted)
        dispatcher.send(id: 2, phase: .ended, location: CGPoint(x: 250, y: 250), timestamp: 2.3)
        #expect(events == ["down", "up outside"])
    }

    @Test func aDisabledControlTakesNoAction() {
        var ran = 0
        let button = UIButton(type: .system, primaryAction: UIAction { _ in ran += 1 })
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        button.isEnabled = false
        root.addSubview(button)
        tap(TouchDispatcher(root: root), at: CGPoint(x: 20, y: 20), at: 1)
        #expect(ran == 0)
        #expect(button.state == .disabled)
    }

    @Test func aSwitchTogglesAndSendsValueChanged() {
        let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        #expect(toggle.frame.size == CGSize(width: 51, height: 31))
        var values: [Bool] = []
        toggle.addAction(UIAction { action in values.append((action.sender as? UISwitch)?.isOn ?? false) }, for: .valueChanged)
        root.addSubview(toggle)
        let dispatcher = TouchDispatcher(root: root)
        tap(dispatcher, at: CGPoint(x: 40, y: 30), at: 1)
        tap(dispatcher, at: CGPoint(x: 40, y: 30), id: 2, at: 2)
        #expect(values == [true, false])
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn && values.count == 2, "setting it sends nothing")
    }

    @Test func actionsCanBeRemovedByIdentifier() {
        var ran = 0
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        let action = UIAction(identifier: UIAction.Identifier("count")) { _ in ran += 1 }
        button.addAction(action, for: .touchUpInside)
        root.addSubview(button)
        let dispatcher = TouchDispatcher(root: root)
        tap(dispatcher, at: CGPoint(x: 20, y: 20), at: 1)
        button.removeAction(identifiedBy: UIAction.Identifier("count"), for: .touchUpInside)
        tap(dispatcher, at: CGPoint(x: 20, y: 20), id: 2, at: 2)
        #expect(ran == 1)
        #expect(button.allControlEvents.isEmpty)
    }

    @Test func rule47ASingleTapRecognizerAboveAControlLeavesTheControlItsTap() {
        var buttonTaps = 0, backgroundTaps = 0
        let button = UIButton(type: .system, primaryAction: UIAction { _ in buttonTaps += 1 })
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        root.addSubview(button)
        root.addGestureRecognizer(UITapGestureRecognizer { _ in backgroundTaps += 1 })
        let dispatcher = TouchDispatcher(root: root)
        tap(dispatcher, at: CGPoint(x: 20, y: 20), at: 1)
        #expect(buttonTaps == 1 && backgroundTaps == 0)
        tap(dispatcher, at: CGPoint(x: 200, y: 200), id: 2, at: 2)
        #expect(buttonTaps == 1 && backgroundTaps == 1)
    }
}

/// The other controls: segmented control, slider, stepper, activity indicator.
@MainActor
@Suite struct MoreControlTests {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))

    func tap(_ dispatcher: TouchDispatcher, at point: CGPoint, id: Int, at time: TimeInterval) {
        dispatcher.send(id: id, phase: .began, location: point, timestamp: time)
        dispatcher.send(id: id, phase: .ended, location: point, timestamp: time + 0.05)
    }

    @Test func aSegmentedControlSelectsTheTappedSegment() {
        var picked: [Int] = []
        let segments = UISegmentedControl(items: ["A", "B", "C"])
        segments.frame = CGRect(x: 0, y: 0, width: 304, height: 32)
        segments.addAction(UIAction { action in picked.append((action.sender as? UISegmentedControl)?.selectedSegmentIndex ?? -9) }, for: .valueChanged)
        root.addSubview(segments)
        #expect(segments.numberOfSegments == 3 && segments.selectedSegmentIndex == UISegmentedControl.noSegment)
        let dispatcher = TouchDispatcher(root: root)
        tap(dispatcher, at: CGPoint(x: 250, y: 16), id: 1, at: 1)
        tap(dispatcher, at: CGPoint(x: 250, y: 16), id: 2, at: 2)
        segments.setEnabled(false, forSegmentAt: 0)
        tap(dispatcher, at: CGPoint(x: 20, y: 16), id: 3, at: 3)
        #expect(picked == [2], "a second tap on the selected segment and a tap on a disabled one send nothing")
        segments.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(segments.selectedSegmentIndex == 3 && segments.titleForSegment(at: 0) == "Z")
        segments.removeSegment(at: 3, animated: false)
        #expect(segments.selectedSegmentIndex == UISegmentedControl.noSegment)
        segments.selectedSegmentIndex = 99
        #expect(segments.selectedSegmentIndex == UISegmentedControl.noSegment, "out of range is no segment")
    }

    @Test func aSliderFollowsTheThumbWithinItsRange() {
        var values: [Float] = []
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
        slider.minimumValue = 0
        slider.maximumValue = 200
        slider.value = 50
        slider.addAction(UIAction { action in values.append((action.sender as? UISlider)?.value ?? -1) }, for: .valueChanged)
        root.addSubview(slider)
        // The track runs from 14 to 214: the thumb is at 14 + 50 / 200 × 200 = 64.
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 64, y: 15), timestamp: 1)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 114, y: 15), timestamp: 1.1)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 900, y: 15), timestamp: 1.2)
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 900, y: 15), timestamp: 1.3)
        #expect(values == [100, 200])
        // A touch on the track away from the thumb moves nothing.
        dispatcher.send(id: 2, phase: .began, location: CGPoint(x: 20, y: 15), timestamp: 2)
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 30, y: 15), timestamp: 2.1)
        dispatcher.send(id: 2, phase: .ended, location: CGPoint(x: 30, y: 15), timestamp: 2.2)
        #expect(slider.value == 200)
        slider.value = .nan
        #expect(slider.value == 0)
    }

    @Test func aStepperStepsWithinItsLimits() {
        let stepper = UIStepper()
        stepper.maximumValue = 2
        var values: [Double] = []
        stepper.addAction(UIAction { action in values.append((action.sender as? UIStepper)?.value ?? -1) }, for: .valueChanged)
        root.addSubview(stepper)
        let dispatcher = TouchDispatcher(root: root)
        for (index, x) in [80.0, 80, 80, 10].enumerated() { tap(dispatcher, at: CGPoint(x: x, y: 16), id: index, at: Double(index)) }
        #expect(values == [1, 2, 1], "the plus half does nothing at the maximum")
        stepper.wraps = true
        tap(dispatcher, at: CGPoint(x: 80, y: 16), id: 10, at: 10)
        tap(dispatcher, at: CGPoint(x: 80, y: 16), id: 11, at: 11)
        #expect(stepper.value == 0, "wrapped past the maximum")
        stepper.stepValue = -1
        #expect(stepper.stepValue == 1)
    }

    @Test func anActivityIndicatorShowsOnlyWhileAnimating() {
        let spinner = UIActivityIndicatorView(style: .large)
        #expect(spinner.isHidden && !spinner.isAnimating)
        #expect(spinner.intrinsicContentSize == CGSize(width: 37, height: 37))
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)
        spinner.stopAnimating()
        #expect(spinner.isHidden)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
    }
}
