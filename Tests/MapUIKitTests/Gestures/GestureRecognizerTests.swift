import Foundation
import MapUIKit
import Testing

/// Gesture recognizers through the touch dispatcher, with UIKit's states and thresholds.
@MainActor
@Suite struct GestureRecognizerTests {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))

    @Test func aTapIsRecognizedOnLiftAndFailsWhenTheFingerMoves() {
        var states: [UIGestureRecognizer.State] = []
        let tap = UITapGestureRecognizer { states.append($0.state) }
        root.addGestureRecognizer(tap)
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: 1)
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 55, y: 52), timestamp: 1.1)
        #expect(states == [.ended])
        #expect(tap.location(in: root) == CGPoint(x: 55, y: 52))
        #expect(tap.state == .possible, "reset for the next gesture")
        dispatcher.send(id: 2, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: 2)
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 80, y: 50), timestamp: 2.1)
        dispatcher.send(id: 2, phase: .ended, location: CGPoint(x: 80, y: 50), timestamp: 2.2)
        #expect(states == [.ended])
    }

    @Test func aDoubleTapWinsOverASingleTapThatRequiresItToFail() {
        var singles = 0, doubles = 0
        let single = UITapGestureRecognizer { _ in singles += 1 }
        let double = UITapGestureRecognizer { _ in doubles += 1 }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        root.addGestureRecognizer(single)
        root.addGestureRecognizer(double)
        let dispatcher = TouchDispatcher(root: root)
        for (index, time) in [1.0, 1.2].enumerated() {
            dispatcher.send(id: index, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: time)
            dispatcher.send(id: index, phase: .ended, location: CGPoint(x: 50, y: 50), timestamp: time + 0.05)
        }
        dispatcher.advance(to: 2)
        #expect(doubles == 1 && singles == 0)
        dispatcher.send(id: 5, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: 3)
        dispatcher.send(id: 5, phase: .ended, location: CGPoint(x: 50, y: 50), timestamp: 3.05)
        #expect(singles == 0, "the single tap waits for the double tap to fail")
        dispatcher.advance(to: 3.5)
        #expect(singles == 1 && doubles == 1)
    }

    @Test func aPanBeginsAfterTenPointsAndTracksTranslationAndVelocity() {
        var states: [UIGestureRecognizer.State] = []
        var translations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { recognizer in
            states.append(recognizer.state)
            translations.append((recognizer as? UIPanGestureRecognizer)?.translation(in: nil) ?? .zero)
        }
        root.addGestureRecognizer(pan)
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: 1)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 105, y: 100), timestamp: 1.02)
        #expect(states.isEmpty)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 112, y: 100), timestamp: 1.04)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 130, y: 100), timestamp: 1.06)
        #expect(abs(pan.velocity(in: nil).x - 500) < 1, "30 points in the last 0.06 s")
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 130, y: 100), timestamp: 1.08)
        #expect(states == [.began, .changed, .ended])
        #expect(translations.first == CGPoint(x: 12, y: 0))
        #expect(translations.last == CGPoint(x: 30, y: 0))
    }

    @Test func aLongPressBeginsAfterHalfASecond() {
        var states: [UIGestureRecognizer.State] = []
        root.addGestureRecognizer(UILongPressGestureRecognizer { states.append($0.state) })
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: 1)
        dispatcher.advance(to: 1.4)
        #expect(states.isEmpty)
        #expect(dispatcher.nextDeadline == 1.5)
        dispatcher.advance(to: 1.5)
        #expect(states == [.began])
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 140, y: 100), timestamp: 1.6)
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 140, y: 100), timestamp: 1.7)
        #expect(states == [.began, .changed, .ended])
    }

    @Test func aPinchMeasuresTheFingersDistance() {
        var scales: [CGFloat] = []
        root.addGestureRecognizer(UIPinchGestureRecognizer { scales.append(($0 as? UIPinchGestureRecognizer)?.scale ?? 0) })
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: 1)
        dispatcher.send(id: 2, phase: .began, location: CGPoint(x: 200, y: 100), timestamp: 1)
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 250, y: 100), timestamp: 1.1)
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 300, y: 100), timestamp: 1.2)
        dispatcher.send(id: 2, phase: .ended, location: CGPoint(x: 300, y: 100), timestamp: 1.3)
        #expect(scales == [1.5, 2, 2])
    }

    @Test func aRecognizedPanCancelsTheViewsTouches() {
        final class Tracker: UIView {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
        }
        let tracker = Tracker(frame: root.bounds)
        root.addSubview(tracker)
        root.addGestureRecognizer(UIPanGestureRecognizer { _ in })
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: 1)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 12, y: 10), timestamp: 1.1)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 40, y: 10), timestamp: 1.2)
        dispatcher.send(id: 1, phase: .moved, location: CGPoint(x: 60, y: 10), timestamp: 1.3)
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 60, y: 10), timestamp: 1.4)
        #expect(tracker.log == ["began", "moved", "cancelled"])
    }

    @Test func aDelegateCanStopAGesture() {
        final class Refuser: UIGestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        var ran = 0
        let tap = UITapGestureRecognizer { _ in ran += 1 }
        let refuser = Refuser()
        tap.delegate = refuser
        root.addGestureRecognizer(tap)
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: 1)
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 10, y: 10), timestamp: 1.1)
        #expect(ran == 0)
    }

    @Test func aPanAndAPinchDoNotBothBeginOnOneMove() {
        var pans = 0, pinches = 0
        root.addGestureRecognizer(UIPanGestureRecognizer { if $0.state == .began { pans += 1 } })
        root.addGestureRecognizer(UIPinchGestureRecognizer { if $0.state == .began { pinches += 1 } })
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: 1)
        dispatcher.send(id: 2, phase: .began, location: CGPoint(x: 200, y: 100), timestamp: 1)
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 220, y: 100), timestamp: 1.1)
        #expect(pans + pinches == 1)
    }

    @Test func aDelayedBeganReachesTheViewBeforeItsEnd() {
        var events: [String] = []
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        button.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
        button.addAction(UIAction { _ in events.append("up") }, for: .touchUpInside)
        root.addSubview(button)
        let press = UILongPressGestureRecognizer { _ in }
        press.delaysTouchesBegan = true
        root.addGestureRecognizer(press)
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 20, y: 20), timestamp: 1)
        #expect(events.isEmpty)
        dispatcher.send(id: 1, phase: .ended, location: CGPoint(x: 20, y: 20), timestamp: 1.1)
        #expect(events == ["down", "up"])
    }

    @Test func aRotationMeasuresTheFingersTurn() {
        var rotations: [CGFloat] = []
        root.addGestureRecognizer(UIRotationGestureRecognizer { rotations.append(($0 as? UIRotationGestureRecognizer)?.rotation ?? 0) })
        let dispatcher = TouchDispatcher(root: root)
        dispatcher.send(id: 1, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: 1)
        dispatcher.send(id: 2, phase: .began, location: CGPoint(x: 200, y: 100), timestamp: 1)
        // A quarter turn clockwise on screen, in two steps.
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 100 + 100 * cos(CGFloat.pi / 4), y: 100 + 100 * sin(CGFloat.pi / 4)), timestamp: 1.1)
        dispatcher.send(id: 2, phase: .moved, location: CGPoint(x: 100, y: 200), timestamp: 1.2)
        dispatcher.send(id: 2, phase: .ended, location: CGPoint(x: 100, y: 200), timestamp: 1.3)
        #expect(rotations.count == 3)
        #expect(abs(rotations[0] - .pi / 4) < 1e-9 && abs(rotations[1] - .pi / 2) < 1e-9)
    }

    @Test func aSwipeIsAQuickStraightStrokeTheAllowedWay() {
        var swipes = 0
        let swipe = UISwipeGestureRecognizer { if $0.state == .ended { swipes += 1 } }
        swipe.direction = [.left, .up]
        root.addGestureRecognizer(swipe)
        let dispatcher = TouchDispatcher(root: root)
        func stroke(_ id: Int, to end: CGPoint, seconds: TimeInterval, at time: TimeInterval) {
            let start = CGPoint(x: 150, y: 150)
            dispatcher.send(id: id, phase: .began, location: start, timestamp: time)
            for step in 1...4 {
                let t = CGFloat(step) / 4
                let point = CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
                dispatcher.send(id: id, phase: .moved, location: point, timestamp: time + seconds * Double(t))
            }
            dispatcher.send(id: id, phase: .ended, location: end, timestamp: time + seconds + 0.01)
        }
        stroke(1, to: CGPoint(x: 60, y: 150), seconds: 0.2, at: 1)
        #expect(swipes == 1, "left")
        stroke(2, to: CGPoint(x: 150, y: 60), seconds: 0.2, at: 2)
        #expect(swipes == 2, "up")
        stroke(3, to: CGPoint(x: 240, y: 150), seconds: 0.2, at: 3)
        #expect(swipes == 2, "right is not allowed")
        stroke(4, to: CGPoint(x: 60, y: 150), seconds: 1.5, at: 4)
        #expect(swipes == 2, "too slow")
        stroke(5, to: CGPoint(x: 60, y: 60), seconds: 0.2, at: 6)
        #expect(swipes == 2, "diagonal strays")
    }
}
